import type { ErrorObject } from 'ajv';

const articles: Record<string, string> = { string: 'a string', integer: 'an integer', number: 'a number', object: 'an object', array: 'an array', boolean: 'a boolean', null: 'null' };

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** The bounds people read without ajv's shouting ("must NOT have fewer than 1 characters"). */
function boundMessage(keyword: string, limit: number): string | undefined {
  switch (keyword) {
    case 'minLength':
      return limit <= 1 ? 'must not be empty' : `must be at least ${plural(limit, 'character')} long`;
    case 'maxLength':
      return `must be at most ${plural(limit, 'character')} long`;
    case 'minItems':
      return limit <= 1 ? 'must not be an empty list' : `must list at least ${plural(limit, 'item')}`;
    case 'maxItems':
      return `must list at most ${plural(limit, 'item')}`;
    case 'minProperties':
      return limit <= 1 ? 'must not be an empty object' : `must have at least ${plural(limit, 'field')}`;
    case 'maxProperties':
      return `must have at most ${plural(limit, 'field')}`;
    default:
      return undefined;
  }
}

/**
 * ajv's message for one error in plain English: its type messages read "must be string" and
 * "must be string,null"; these say "must be a string" and "must be a string or null". Lengths and
 * counts say what is allowed ("must not be empty", "must be at most 200 characters long"), and an
 * enum names its values. Every other message is ajv's own. The one place a schema failure becomes
 * words (REST bodies, queries and paths, integration settings).
 */
export function validationMessage(error: Pick<ErrorObject, 'keyword' | 'params' | 'message'> | undefined): string {
  if (error?.keyword === 'type') {
    const raw = (error.params as { type?: string | string[] }).type;
    const types = (Array.isArray(raw) ? raw : String(raw ?? '').split(',')).filter(Boolean);
    if (types.length > 0) return `must be ${types.map((type) => articles[type] ?? type).join(' or ')}`;
  }
  const limit = (error?.params as { limit?: unknown } | undefined)?.limit;
  if (error && typeof limit === 'number') {
    const bound = boundMessage(error.keyword, limit);
    if (bound) return bound;
  }
  if (error?.keyword === 'enum') {
    const allowed = (error.params as { allowedValues?: unknown[] }).allowedValues;
    if (Array.isArray(allowed) && allowed.length > 0 && allowed.length <= 12) return `must be one of ${allowed.map((value) => JSON.stringify(value)).join(', ')}`;
  }
  return error?.message ?? 'is invalid';
}
