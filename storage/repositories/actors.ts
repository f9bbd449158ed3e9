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

/** Who holds an actor (Postgres): the owning process, and the epoch its lease was taken at. */
export interface ActorOwnership {
  owner: string | null;
  epoch: number;
}

/** A lease a process takes on the actor rows it inserts or claims. */
export interface LeaseTerms {
  owner: string;
  /** Milliseconds since the Unix epoch until which the lease holds. */
  leaseUntil: number;
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

export function actorsRepository(db: Db): ActorsRepository {
  return {
    /** Inserts new actors; with `lease`, owned by that process from epoch 1. */
    async insert(rows: EncodedActorRow[], trx: Db = db, lease?: LeaseTerms): Promise<void> {
      if (!lease) {
        await insertMany(trx, 'actors', actorColumns, rows.map((r) => [r.id, r.machine, r.version, r.workspace_id, r.status, r.state_value, r.snapshot, r.input, r.created_at, r.updated_at]));
        return;
      }
      await insertMany(
        trx,
        'actors',
        [...actorColumns, 'owner', 'lease_until', 'epoch'],
        rows.map((r) => [r.id, r.machine, r.version, r.workspace_id, r.status, r.state_value, r.snapshot, r.input, r.created_at, r.updated_at, lease.owner, lease.leaseUntil, 1]),
      );
    },
    /**
     * Locks the rows of `ids` for the rest of `trx` and reads who holds them (Postgres): the
     * fencing read of a tick. A takeover (which skips locked rows) cannot interleave with the
     * tick's write; a takeover that committed first is seen. Missing ids are absent from the map.
     */
    async lockOwnership(ids: string[], trx: Db): Promise<Map<string, ActorOwnership>> {
      const owners = new Map<string, ActorOwnership>();
      if (ids.length === 0) return owners;
      const rows = await trx('actors').whereIn('id', ids).orderBy('id').select('id', 'owner', 'epoch').forUpdate();
      for (const row of rows as Array<{ id: string; owner: string | null; epoch: number | string }>) owners.set(row.id, { owner: row.owner, epoch: Number(row.epoch) });
      return owners;
    },
    /**
     * Takes over up to `limit` unfinished actors nobody holds (never owned, released, or whose
     * lease ended before `now`), skipping rows another process has locked; bumps their epoch so
     * the previous owner's writes are refused. Returns the claimed rows, oldest first. Postgres only.
     */
    async claimExpired(lease: LeaseTerms, now: number, limit: number): Promise<Array<ActorRow & ActorOwnership>> {
      const result = await db.raw(
        `update actors set owner = ?, lease_until = ?, epoch = epoch + 1
         where id in (select id from actors where status = 'active' and (owner is null or lease_until is null or lease_until < ?)
                      order by created_at, id limit ? for update skip locked)
         returning *`,
        [lease.owner, lease.leaseUntil, now, limit],
      );
      const rows = (result.rows as Array<Record<string, unknown>>).map((row) => ({ ...fromDb(row), owner: (row.owner as string | null) ?? null, epoch: Number(row.epoch) }));
      return rows.sort((a, b) => (a.created_at === b.created_at ? (a.id < b.id ? -1 : 1) : a.created_at < b.created_at ? -1 : 1));
    },
    /**
     * Claims one actor to load it here: at rest, unowned, expired or already ours. Undefined when
     * another process holds a live lease on it (or it is not stored). Bumps the epoch when the
     * actor changes hands; one this process already owns keeps its epoch, so a claim that races
     * this process's own takeover of the same actor never fences the writes of the live actor
     * that takeover restored. Postgres only.
     */
    async claimOne(id: string, lease: LeaseTerms, now: number): Promise<(ActorRow & ActorOwnership) | undefined> {
      const result = await db.raw(
        `update actors set epoch = case when owner = ? then epoch else epoch + 1 end, owner = ?, lease_until = ?
         where id = ? and (status <> 'active' or owner is null or owner = ? or lease_until is null or lease_until < ?)
         returning *`,
        [lease.owner, lease.owner, lease.leaseUntil, id, lease.owner, now],
      );
      const row = (result.rows as Array<Record<string, unknown>>)[0];
      return row ? { ...fromDb(row), owner: (row.owner as string | null) ?? null, epoch: Number(row.epoch) } : undefined;
    },
    /** Extends every unfinished actor's lease `owner` holds, in one statement; returns how many. */
    async renewLeases(lease: LeaseTerms): Promise<number> {
      return Number(await db('actors').where({ owner: lease.owner, status: 'active' }).update({ lease_until: lease.leaseUntil }));
    },
    /** Gives up every lease of `owner` (clean shutdown): the others take the actors over at once. */
    async releaseLeases(owner: string): Promise<number> {
      return Number(await db('actors').where({ owner }).update({ owner: null, lease_until: null }));
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
    async listActive(machine?: string): Promise<ActorRow[]> {
      // A stored snapshot supersedes the input (restore starts from one or the other): the input
      // is read only for rows without one, which spares a restore of thousands a JSON parse each.
      const rows = await db('actors')
        .where(machine ? { status: 'active', machine } : { status: 'active' })
        .select(...actorColumns.filter((column) => column !== 'input'), db.raw('case when snapshot is null then input end as input'))
        .orderBy([{ column: 'created_at' }, { column: 'id' }]);
      return rows.map(fromDb);
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

export interface ActorsRepository {
  /** Inserts new actors; with `lease`, owned by that process from epoch 1. */
  insert(rows: EncodedActorRow[], trx?: Db, lease?: LeaseTerms): Promise<void>;
  /**
   * Locks the rows of `ids` for the rest of `trx` and reads who holds them (Postgres): the
   * fencing read of a tick. A takeover (which skips locked rows) cannot interleave with the
   * tick's write; a takeover that committed first is seen. Missing ids are absent from the map.
   */
  lockOwnership(ids: string[], trx: Db): Promise<Map<string, ActorOwnership>>;
  /**
   * Takes over up to `limit` unfinished actors nobody holds (never owned, released, or whose
   * lease ended before `now`), skipping rows another process has locked; bumps their epoch so
   * the previous owner's writes are refused. Returns the claimed rows, oldest first. Postgres only.
   */
  claimExpired(lease: LeaseTerms, now: number, limit: number): Promise<Array<ActorRow & ActorOwnership>>;
  /**
   * Claims one actor to load it here: at rest, unowned, expired or already ours. Undefined when
   * another process holds a live lease on it (or it is not stored). Bumps the epoch when the
   * actor changes hands; one this process already owns keeps its epoch, so a claim that races
   * this process's own takeover of the same actor never fences the writes of the live actor
   * that takeover restored. Postgres only.
   */
  claimOne(id: string, lease: LeaseTerms, now: number): Promise<(ActorRow & ActorOwnership) | undefined>;
  /** Extends every unfinished actor's lease `owner` holds, in one statement; returns how many. */
  renewLeases(lease: LeaseTerms): Promise<number>;
  /** Gives up every lease of `owner` (clean shutdown): the others take the actors over at once. */
  releaseLeases(owner: string): Promise<number>;
  /** Multi-row upsert of snapshots; `input` and `created_at` are kept from the first write. */
  upsertMany(rows: EncodedActorRow[], trx?: Db): Promise<void>;
  /** Marks actors stopped after a failure: never restored, their last stored snapshot kept. */
  markFailed(ids: string[], at: string, trx?: Db): Promise<void>;
  /** Deletes an actor's row (an actor whose subject is gone, e.g. a disconnected chat team). */
  remove(id: string, trx?: Db): Promise<void>;
  get(id: string): Promise<ActorRow | undefined>;
  /**
   * Unfinished actors, oldest first; only those of `machine` when it is given. A row with a
   * snapshot comes without its input (null): the snapshot supersedes it.
   */
  listActive(machine?: string): Promise<ActorRow[]>;
  /** Unfinished actors without their snapshots (operator listings). */
  listActiveSummary(): Promise<Array<Omit<ActorRow, 'snapshot' | 'input'>>>;
}
