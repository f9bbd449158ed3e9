export type Flags = Record<string, string | boolean | undefined>;

/** A mistake in the command line; printed without a stack trace, exit code 2. */
export class UsageError extends Error {}

/** `value` as one of `allowed` (the API's own list, so the client's typed request accepts it), else a UsageError naming them. */
export function oneOf<T extends string>(what: string, value: string, allowed: readonly T[]): T {
  const found = allowed.find((candidate) => candidate === value);
  if (found === undefined) throw new UsageError(`${what} takes ${allowed.join(', ')}; got "${value}"`);
  return found;
}
