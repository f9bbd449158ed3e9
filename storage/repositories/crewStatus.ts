import type { Db } from '../db.js';

export interface CrewStatusRow {
  crew_id: string;
  status: string;
  estimated_availability: string | null;
  updated_at: string;
}

/** Operator overrides of a crew's status; a crew without a row is `available`. */
export function crewStatusRepository(db: Db): CrewStatusRepository {
  return {
    async list(): Promise<CrewStatusRow[]> {
      return db('crew_status').select('*');
    },
    async set(row: CrewStatusRow): Promise<void> {
      await db('crew_status').insert(row).onConflict('crew_id').merge();
    },
  };
}

export interface CrewStatusRepository {
  list(): Promise<CrewStatusRow[]>;
  set(row: CrewStatusRow): Promise<void>;
}
