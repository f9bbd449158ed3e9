import type { Db } from '../db.js';

/** A command forwarded to the process that holds its actor (migration 100). */
export interface ActorCommandRow {
  id: string;
  actor_id: string;
  workspace_id: string | null;
  kind: string;
  /** The command's arguments as JSON text. */
  args: string;
  status: 'pending' | 'running' | 'done';
  requested_by: string;
  claimed_by: string | null;
  /** The stored answer as JSON text once `done`. */
  result: string | null;
  collected: boolean;
  created_at: number;
  done_at: number | null;
}

function fromDb(row: Record<string, unknown>): ActorCommandRow {
  return {
    id: String(row.id),
    actor_id: String(row.actor_id),
    workspace_id: (row.workspace_id as string | null) ?? null,
    kind: String(row.kind),
    args: String(row.args),
    status: String(row.status) as ActorCommandRow['status'],
    requested_by: String(row.requested_by),
    claimed_by: (row.claimed_by as string | null) ?? null,
    result: (row.result as string | null) ?? null,
    collected: Boolean(row.collected),
    created_at: Number(row.created_at),
    done_at: row.done_at === null || row.done_at === undefined ? null : Number(row.done_at),
  };
}

/**
 * The forwarded commands on Postgres (several processes, one database). Claims lock with
 * `FOR UPDATE SKIP LOCKED`, so two processes never claim the same command; a process claims only
 * commands whose actor it holds or could load (at rest, unowned, its lease ended, or no actor row:
 * the command then answers what a local one would, e.g. 404).
 */
export function actorCommandsRepository(db: Db): ActorCommandsRepository {
  return {
    async insert(row: Pick<ActorCommandRow, 'id' | 'actor_id' | 'workspace_id' | 'kind' | 'args' | 'requested_by' | 'created_at'>): Promise<void> {
      await db('actor_commands').insert({ ...row, status: 'pending', collected: false });
    },
    /**
     * The newest command with these exact arguments whose answer nobody collected yet (pending,
     * running, or done after its requester stopped waiting), created at or after `since`: a client
     * that retries after a 503 joins it instead of applying the command twice.
     */
    async findUncollected(actorId: string, kind: string, args: string, since: number): Promise<ActorCommandRow | undefined> {
      const row = await db('actor_commands')
        .where({ actor_id: actorId, kind, args, collected: false })
        .andWhere('created_at', '>=', since)
        .orderBy('created_at', 'desc')
        .first();
      return row ? fromDb(row) : undefined;
    },
    async get(id: string): Promise<ActorCommandRow | undefined> {
      const row = await db('actor_commands').where({ id }).first();
      return row ? fromDb(row) : undefined;
    },
    /**
     * Claims up to `limit` commands `node` may apply: pending ones, and running ones whose claimer
     * stopped before `staleBefore` (it died mid-command), for actors `node` holds or could load at
     * `now`. Oldest first.
     */
    async claim(node: string, now: number, staleBefore: number, limit: number): Promise<ActorCommandRow[]> {
      const result = await db.raw(
        `update actor_commands set status = 'running', claimed_by = ?, claimed_at = ?
         where id in (
           select c.id from actor_commands c left join actors a on a.id = c.actor_id
           where (c.status = 'pending' or (c.status = 'running' and c.claimed_at < ?))
             and (a.id is null or a.owner = ? or a.status <> 'active' or a.owner is null or a.lease_until is null or a.lease_until < ?)
           order by c.created_at, c.id limit ? for update of c skip locked)
         returning *`,
        [node, now, staleBefore, node, now, limit],
      );
      return (result.rows as Array<Record<string, unknown>>).map(fromDb).sort((a, b) => a.created_at - b.created_at || (a.id < b.id ? -1 : 1));
    },
    /** Stores the answer of a command `node` claimed; false when another process claimed it since. */
    async finish(id: string, node: string, result: string, now: number): Promise<boolean> {
      return Number(await db('actor_commands').where({ id, claimed_by: node, status: 'running' }).update({ status: 'done', result, done_at: now })) > 0;
    },
    /** Puts a claimed command back (its actor turned out to be held elsewhere): its owner applies it. */
    async release(id: string, node: string): Promise<void> {
      await db('actor_commands').where({ id, claimed_by: node, status: 'running' }).update({ status: 'pending', claimed_by: null, claimed_at: null });
    },
    /** Marks a command's answer as delivered to a client. */
    async collect(id: string): Promise<void> {
      await db('actor_commands').where({ id }).update({ collected: true });
    },
    /** Deletes commands created before `before` that are done (their answers are no longer asked for). */
    async prune(before: number): Promise<number> {
      return Number(await db('actor_commands').where('created_at', '<', before).andWhere({ status: 'done' }).delete());
    },
  };
}

export interface ActorCommandsRepository {
  insert(row: Pick<ActorCommandRow, 'id' | 'actor_id' | 'workspace_id' | 'kind' | 'args' | 'requested_by' | 'created_at'>): Promise<void>;
  /**
   * The newest command with these exact arguments whose answer nobody collected yet (pending,
   * running, or done after its requester stopped waiting), created at or after `since`: a client
   * that retries after a 503 joins it instead of applying the command twice.
   */
  findUncollected(actorId: string, kind: string, args: string, since: number): Promise<ActorCommandRow | undefined>;
  get(id: string): Promise<ActorCommandRow | undefined>;
  /**
   * Claims up to `limit` commands `node` may apply: pending ones, and running ones whose claimer
   * stopped before `staleBefore` (it died mid-command), for actors `node` holds or could load at
   * `now`. Oldest first.
   */
  claim(node: string, now: number, staleBefore: number, limit: number): Promise<ActorCommandRow[]>;
  /** Stores the answer of a command `node` claimed; false when another process claimed it since. */
  finish(id: string, node: string, result: string, now: number): Promise<boolean>;
  /** Puts a claimed command back (its actor turned out to be held elsewhere): its owner applies it. */
  release(id: string, node: string): Promise<void>;
  /** Marks a command's answer as delivered to a client. */
  collect(id: string): Promise<void>;
  /** Deletes commands created before `before` that are done (their answers are no longer asked for). */
  prune(before: number): Promise<number>;
}
