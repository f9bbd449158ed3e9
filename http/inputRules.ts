import { errors, type ServiceError } from '../runtime/errors.js';
import { maxRequirementsJson } from '../schemas/common.js';

/**
 * The input rules every JSON body and query string meets before anything else reads it (README
 * "Limits and input rules"): what storage cannot hold or a serializer cannot walk is refused here,
 * with a 400 naming the field, so it never reaches the idempotency fingerprint, the actor host's
 * writes or a database that rejects it (Postgres refuses U+0000 in text and jsonb).
 */
export const inputLimits = {
  /** Deepest nesting of objects and arrays in a body; the body itself is depth 1. */
  maxDepth: 32,
  /** Largest serialized `requirements` object, in UTF-16 code units of its JSON. */
  maxRequirementsJson,
  /** Longest `context` string. */
  maxContextLength: 200_000,
} as const;

export interface InputViolation {
  /** Dotted path of the offending field (`requirements.tone`, `crews.0.brief`); `body` or `query` at the root. */
  field: string;
  reason: 'nul_character' | 'lone_surrogate' | 'too_deep';
}

function join(path: string, key: string | number): string {
  return path === '' ? String(key) : `${path}.${key}`;
}

/** `String.prototype.isWellFormed` (Node 20, ES2024); the project's lib stops at ES2023. */
type WellFormedString = string & { isWellFormed(): boolean };

function badString(value: string): InputViolation['reason'] | null {
  // Both checks are native scans; a JS loop over every character would cost the hot path.
  if (value.includes('\u0000')) return 'nul_character';
  if (!(value as WellFormedString).isWellFormed()) return 'lone_surrogate';
  return null;
}

/**
 * Walks a parsed JSON value once, depth-first, and returns the first violation: a NUL or a lone
 * surrogate in a string or a key, or nesting deeper than `maxDepth`. It never recurses past
 * `maxDepth`, so a body nested thousands deep costs no more than one nested 33 deep.
 */
export function findInputViolation(value: unknown, maxDepth: number = inputLimits.maxDepth, path = '', depth = 0): InputViolation | null {
  if (typeof value === 'string') {
    const reason = badString(value);
    return reason ? { field: path, reason } : null;
  }
  if (typeof value !== 'object' || value === null) return null;
  if (depth >= maxDepth) return { field: path, reason: 'too_deep' };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findInputViolation(value[i], maxDepth, join(path, i), depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const key in value) {
    const keyReason = badString(key);
    if (keyReason) return { field: join(path, key.replace(/\u0000/g, '\\u0000')), reason: keyReason };
    const found = findInputViolation((value as Record<string, unknown>)[key], maxDepth, join(path, key), depth + 1);
    if (found) return found;
  }
  return null;
}

const messages: Record<InputViolation['reason'], (field: string) => string> = {
  nul_character: (field) => `Field '${field}' contains a NUL character (U+0000), which is not accepted.`,
  lone_surrogate: (field) => `Field '${field}' contains a lone UTF-16 surrogate; send well-formed Unicode.`,
  too_deep: (field) => `Field '${field}' is nested deeper than ${inputLimits.maxDepth} levels.`,
};

/** The 400 `invalid_request` for a violation, naming the field (`where` when it is the root). */
export function inputViolationError(violation: InputViolation, where: 'body' | 'query' | 'path'): ServiceError {
  // The path is built from the client's own keys: bounded so a huge key cannot make a huge answer.
  const raw = violation.field === '' ? where : violation.field;
  const field = raw.length > 300 ? `${raw.slice(0, 300)}…` : raw;
  return errors.invalidRequest(messages[violation.reason](field), {
    field,
    reason: violation.reason,
    ...(violation.reason === 'too_deep' ? { max_depth: inputLimits.maxDepth } : {}),
  });
}
