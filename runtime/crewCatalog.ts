import type { CrewStatusRepository } from '../storage/repositories/crewStatus.js';
import type { Clock } from './clock.js';
import { crewIds, crews, type CrewDefinition, type CrewId } from '../crews/index.js';

export const crewStatuses = ['available', 'unavailable', 'maintenance'] as const;
export type CrewStatus = (typeof crewStatuses)[number];

export interface CrewState {
  crew: CrewDefinition;
  status: CrewStatus;
  estimatedAvailability: string | null;
}

/**
 * The crews with their operator-set status. Status rows are read at most every `refreshMs`,
 * so listing crews costs no database read per request; a change on this node applies at once.
 */
export function createCrewCatalog(deps: { crewStatus: CrewStatusRepository; clock: Clock; refreshMs?: number }): CrewCatalog {
  const refreshMs = deps.refreshMs ?? 5_000;
  let overrides = new Map<string, { status: CrewStatus; estimatedAvailability: string | null }>();
  let loadedAt = -Infinity;

  let states: CrewState[] = crewIds.map(stateOf);
  let signature = '';

  async function refresh(): Promise<void> {
    const rows = await deps.crewStatus.list();
    overrides = new Map(rows.map((row) => [row.crew_id, { status: row.status as CrewStatus, estimatedAvailability: row.estimated_availability }]));
    loadedAt = deps.clock.now().getTime();
    // Keep the same array while nothing changed, so callers can memoise what they derive from it.
    const next = crewIds.map(stateOf);
    const nextSignature = JSON.stringify(next.map((state) => [state.status, state.estimatedAvailability]));
    if (nextSignature !== signature) {
      states = next;
      signature = nextSignature;
    }
  }

  // One read at a time: concurrent callers that find the statuses stale share it.
  let refreshing: Promise<void> | undefined;
  async function fresh(): Promise<void> {
    if (deps.clock.now().getTime() - loadedAt < refreshMs) return;
    refreshing ??= refresh().finally(() => (refreshing = undefined));
    await refreshing;
  }

  function stateOf(id: CrewId): CrewState {
    const override = overrides.get(id);
    return { crew: crews[id], status: override?.status ?? 'available', estimatedAvailability: override?.estimatedAvailability ?? null };
  }

  return {
    /** Every crew id, in the spec's order. */
    ids: crewIds,
    /** A crew's definition (stages, agents, timing), whatever its status. */
    definition(id: CrewId): CrewDefinition {
      return crews[id];
    },
    /** The crews with their status; the same array object until a status changes. */
    async list(): Promise<readonly CrewState[]> {
      await fresh();
      return states;
    },
    async get(id: CrewId): Promise<CrewState> {
      await fresh();
      return stateOf(id);
    },
    /** Another process changed a status (scale-out): the next read goes to the database. */
    invalidate(): void {
      loadedAt = -Infinity;
    },
    async setStatus(id: CrewId, status: CrewStatus, estimatedAvailability: string | null): Promise<CrewState> {
      await deps.crewStatus.set({
        crew_id: id,
        status,
        estimated_availability: status === 'available' ? null : estimatedAvailability,
        updated_at: deps.clock.now().toISOString(),
      });
      await refresh();
      return stateOf(id);
    },
  };
}

export interface CrewCatalog {
  /** Every crew id, in the spec's order. */
  ids: typeof crewIds;
  /** A crew's definition (stages, agents, timing), whatever its status. */
  definition(id: CrewId): CrewDefinition;
  /** The crews with their status; the same array object until a status changes. */
  list(): Promise<readonly CrewState[]>;
  get(id: CrewId): Promise<CrewState>;
  /** Another process changed a status (scale-out): the next read goes to the database. */
  invalidate(): void;
  setStatus(id: CrewId, status: CrewStatus, estimatedAvailability: string | null): Promise<CrewState>;
}
