import type { Db } from '../db.js';

/**
 * The one key-check row of a database (migration 030): a value sealed with the secrets key of the
 * first process that started on it. Every later process proves it holds the same key by opening it.
 */
export function secretKeyCheckRepository(db: Db): SecretKeyCheckRepository {
  return {
    /** Writes `check` unless a row exists; returns the stored one (this one or an earlier process's). */
    async ensure(check: string, now: string): Promise<string> {
      await db('secret_key_check').insert({ id: 1, check, created_at: now }).onConflict('id').ignore();
      const row = (await db('secret_key_check').where({ id: 1 }).first()) as { check: string } | undefined;
      return row?.check ?? check;
    },
  };
}

export interface SecretKeyCheckRepository {
  /** Writes `check` unless a row exists; returns the stored one (this one or an earlier process's). */
  ensure(check: string, now: string): Promise<string>;
}
