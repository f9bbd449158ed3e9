import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import * as addFormatsModule from 'ajv-formats';
import type { Plugin } from '../../plugins/contract.js';
import { validationMessage } from '../../schemas/validationMessage.js';
import { errors, ServiceError } from '../errors.js';

function settingsError(error: ErrorObject | undefined, integrationId: string): ServiceError {
  const base = (error?.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  let field = base ? `settings.${base}` : 'settings';
  if (error?.keyword === 'additionalProperties') field = `${field}.${(error.params as { additionalProperty: string }).additionalProperty}`;
  if (error?.keyword === 'required') field = `${field}.${(error.params as { missingProperty: string }).missingProperty}`;
  const reason = error?.keyword === 'additionalProperties' ? 'unknown_field' : (error?.keyword ?? 'invalid');
  return errors.invalidRequest(`Field '${field}' ${error?.keyword === 'additionalProperties' ? 'is not a setting of this integration' : validationMessage(error)}.`, {
    field,
    reason,
    integration: integrationId,
  });
}

/**
 * Checks settings against a plugin's JSON Schema (compiled once per plugin). Throws a 400
 * naming the first offending field (`settings.<path>`), with reason `unknown_field` for a
 * property the schema does not know.
 */
export function createSettingsValidator() {
  // Built with the first settings checked, not when the service starts.
  let ajv: Ajv | undefined;
  const ajvOf = (): Ajv => {
    if (!ajv) {
      ajv = new Ajv({ allErrors: false, strict: false });
      // Plugins use `uri` (base_url) and `email`. ajv-formats is CommonJS: the namespace's default is
      // its module.exports, whose own `default` is the typed plugin.
      addFormatsModule.default.default(ajv);
    }
    return ajv;
  };
  const validators = new Map<string, ValidateFunction>();
  return function validateSettings(plugin: Plugin, settings: Record<string, unknown>): void {
    let fn = validators.get(plugin.manifest.id);
    if (!fn) {
      fn = ajvOf().compile(plugin.manifest.settingsSchema);
      validators.set(plugin.manifest.id, fn);
    }
    if (!fn(settings)) throw settingsError(fn.errors?.[0], plugin.manifest.id);
  };
}
