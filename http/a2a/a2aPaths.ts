import { isCrewId, type CrewId } from '../../crews/index.js';

/** Where crewd's A2A agents live: `/a2a` (every crew) and `/a2a/{crew}` (one crew each). */
export const a2aRoot = '/a2a';

/**
 * The agent a JSON-RPC path addresses: `{crew: undefined}` for `/a2a`, the crew for `/a2a/{crew}`,
 * `{unknown}` for `/a2a/{anything else}`, and undefined for a path that is not an A2A endpoint.
 */
export function agentOfPath(path: string): { crew: CrewId | undefined } | { unknown: string } | undefined {
  const trimmed = path.endsWith('/') && path.length > 1 ? path.slice(0, -1) : path;
  if (trimmed === a2aRoot) return { crew: undefined };
  if (!trimmed.startsWith(`${a2aRoot}/`)) return undefined;
  const rest = trimmed.slice(a2aRoot.length + 1);
  if (rest.includes('/')) return undefined;
  return isCrewId(rest) ? { crew: rest } : { unknown: rest };
}
