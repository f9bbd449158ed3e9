import { VendorError } from './vendorHttp.js';

/**
 * The object a vendor says it created, checked: a creation answer without it (a redirect a client
 * followed or returned, an empty body, `{}`) is a failure with the reason, never a success
 * without the object (issue 25). `fields` are the ones the integration reports (id, link).
 */
export function createdObject<T extends object>(vendor: string, value: T | null | undefined, fields: Array<keyof T & string>, status?: number): T {
  const missing = value && typeof value === 'object' ? fields.filter((field) => !present(value[field])) : fields;
  if (missing.length > 0) {
    const answer = status === undefined ? '' : ` HTTP ${status}`;
    throw new VendorError('vendor_error', `${vendor} answered${answer} without the created object (no ${missing.join(', ')}); nothing was created`, status, false, undefined);
  }
  return value as T;
}

/** A creation answer's status that is not a creation (2xx other than 200/201, e.g. 202/204, or a 3xx returned as is). */
export function notCreatedStatus(vendor: string, status: number): VendorError | undefined {
  if (status === 200 || status === 201) return undefined;
  return new VendorError('vendor_error', `${vendor} answered HTTP ${status} instead of creating the object${status >= 300 && status < 400 ? ' (a redirect: check base_url and the token)' : ''}; nothing was created`, status, false, undefined);
}

function present(value: unknown): boolean {
  return (typeof value === 'string' && value.length > 0) || (typeof value === 'number' && Number.isFinite(value));
}
