import { createHash } from 'node:crypto';

/** Longest tool name the model APIs accept (OpenAI: ^[a-zA-Z0-9_-]{1,64}$). */
export const maxModelToolNameLength = 64;

function sanitize(part: string): string {
  return part.replace(/[^A-Za-z0-9_-]/g, '_');
}

/**
 * The name a model sees for `tool` of server `serverName`: `<server_name>__<tool>`, restricted to
 * the characters model APIs accept. A longer name is cut and ends with an 8-character hash of the
 * full name, so it stays stable across restarts and two long names stay apart.
 */
export function modelToolName(serverName: string, tool: string): string {
  const full = `${sanitize(serverName)}__${sanitize(tool)}`;
  if (full.length <= maxModelToolNameLength) return full;
  const hash = createHash('sha256').update(`${serverName}\u0000${tool}`).digest('hex').slice(0, 8);
  return `${full.slice(0, maxModelToolNameLength - 9)}_${hash}`;
}

/** Model names that appear more than once in `names` (refused at connect time). */
export function duplicateNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) duplicates.add(name);
    seen.add(name);
  }
  return [...duplicates];
}
