import type { Db } from '../db.js';

/**
 * Plan credits of a workspace (`workspaces.credits_remaining`, null = no limit). Taking is a
 * conditional update, so two concurrent deploys can never spend the same credit.
 */
export function creditsRepository(db: Db): CreditsRepository {
  return {
    /** Takes `count` credits inside `trx`; returns false (and changes nothing) when fewer remain. */
    async take(workspaceId: string, count: number, trx: Db = db): Promise<boolean> {
      const updated = await trx('workspaces')
        .where({ id: workspaceId })
        .andWhere((q) => q.whereNull('credits_remaining').orWhere('credits_remaining', '>=', count))
        .update({ credits_remaining: trx.raw('CASE WHEN credits_remaining IS NULL THEN NULL ELSE credits_remaining - ? END', [count]) });
      return Number(updated) === 1;
    },
    async give(workspaceId: string, count: number, trx: Db = db): Promise<void> {
      await trx('workspaces').where({ id: workspaceId }).whereNotNull('credits_remaining').increment('credits_remaining', count);
    },
    async remaining(workspaceId: string, trx: Db = db): Promise<number | null> {
      const row = await trx('workspaces').where({ id: workspaceId }).select('credits_remaining').first();
      return row?.credits_remaining === null || row?.credits_remaining === undefined ? null : Number(row.credits_remaining);
    },
  };
}

export interface CreditsRepository {
  /** Takes `count` credits inside `trx`; returns false (and changes nothing) when fewer remain. */
  take(workspaceId: string, count: number, trx?: Db): Promise<boolean>;
  give(workspaceId: string, count: number, trx?: Db): Promise<void>;
  remaining(workspaceId: string, trx?: Db): Promise<number | null>;
}
