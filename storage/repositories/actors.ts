import type { Db } from '../db.js';
import { insertMany } from '../sql/insertMany.js';
import { parseJson } from '../sql/parseJson.js';

/**
 * A persisted actor: the machine's `getPersistedSnapshot()` as JSON, or (before its first
 * transition) only the input it starts from. `active` actors are restored at start.
 */
export interface ActorRow {
  id: string;
  machine: string;
  version: number;
  workspace_id: string | null;
  status: 'active' | 'idle' | 'error';
  state_value: string;
  snapshot: unknown | null;
  input: unknown | null;
  created_at: string;
  updated_at: string;
}

function fromDb(row: Record<string, unknown>): ActorRow {
  return {
    id: String(row.id),
    machine: String(row.machine),
    version: Number(row.version),
    workspace_id: (row.workspace_id as string | null) ?? null,
    status: String(row.status) as ActorRow['status'],
    state_value: String(row.state_value),
    snapshot: parseJson(row.snapshot, null),
    input: parseJson(row.input, null),
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
  };
}

/** Rows ready to write: snapshot and input already serialized (the host serializes once). */
export type EncodedActorRow = Omit<ActorRow, 'snapshot' | 'input'> & { snapshot: string | null; input: string | null };

const actorColumns = ['id', 'machine', 'version', 'workspace_id', 'status', 'state_value', 'snapshot', 'input', 'created_at', 'updated_at'] as const;

export function actorsRepository(db: Db) {
  return {
    async insert(rows: EncodedActorRow[], trx: Db = db): Promise<void> {
      await insertMany(
        trx,
        'actors',
        actorColumns,
        rows.map((r) => [r.id, r.machine, r.version, r.workspace_id, r.status, r.state_value, r.snapshot, r.input, r.created_at, r.updated_at]),
      );
    },
    /** Multi-row upsert of snapshots; `input` and `created_at` are kept from the first write. */
    async upsertMany(rows: EncodedActorRow[], trx: Db = db): Promise<void> {
      await insertMany(
        trx,
        'actors',
        actorColumns,
        rows.map((r) => [r.id, r.machine, r.version, r.workspace_id, r.status, r.state_value, r.snapshot, r.input, r.created_at, r.updated_at]),
        { keys: ['id'], update: ['version', 'status', 'state_value', 'snapshot', 'updated_at'] },
      );
    },
    /** Marks actors stopped after a failure: never restored, their last stored snapshot kept. */
    async markFailed(ids: string[], at: string, trx: Db = db): Promise<void> {
      if (ids.length === 0) return;
      await trx('actors').whereIn('id', ids).update({ status: 'error', updated_at: at });
    },
    /** Deletes an actor's row (an actor whose subject is gone, e.g. a disconnected chat team). */
    async remove(id: string, trx: Db = db): Promise<void> {
      await trx('actors').where({ id }).delete();
    },
    async get(id: string): Promise<ActorRow | undefined> {
      const row = await db('actors').where({ id }).first();
      return row ? fromDb(row) : undefined;
    },
    async listActive(): Promise<ActorRow[]> {
      return (await db('actors').where({ status: 'active' }).orderBy([{ column: 'created_at' }, { column: 'id' }])).map(fromDb);
    },
    /** Unfinished actors without their snapshots (operator listings). */
    async listActiveSummary(): Promise<Array<Omit<ActorRow, 'snapshot' | 'input'>>> {
      const rows = await db('actors')
        .where({ status: 'active' })
        .select('id', 'machine', 'version', 'workspace_id', 'status', 'state_value', 'created_at', 'updated_at')
        .orderBy([{ column: 'created_at' }, { column: 'id' }]);
      return rows.map((row: Record<string, unknown>) => {
        const { snapshot: _s, input: _i, ...rest } = fromDb({ ...row, snapshot: null, input: null });
        return rest;
      });
    },
  };
}

export type ActorsRepository = ReturnType<typeof actorsRepository>;
