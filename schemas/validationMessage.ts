import type { ErrorObject } from 'ajv';

const articles: Record<string, string> = { string: 'a string', integer: 'an integer', number: 'a number', object: 'an object', array: 'an array', boolean: 'a boolean', null: 'null' };

/**
 * ajv's message for one error in plain English: its type messages read "must be string" and
 * "must be string,null"; these say "must be a string" and "must be a string or null". Every other
 * message is ajv's own. The one place a schema failure becomes words (REST bodies, queries and
 * paths, integration settings).
 */
export function validationMessage(error: Pick<ErrorObject, 'keyword' | 'params' | 'message'> | undefined): string {
  if (error?.keyword === 'type') {
    const raw = (error.params as { type?: string | string[] }).type;
    const types = (Array.isArray(raw) ? raw : String(raw ?? '').split(',')).filter(Boolean);
    if (types.length > 0) return `must be ${types.map((type) => articles[type] ?? type).join(' or ')}`;
  }
  return error?.message ?? 'is invalid';
}
