import fs from 'node:fs';

/**
 * Makes the data directory private to this user: created 0700, and an existing one (made by an
 * operator beforehand with the usual 0755) tightened to 0700, since it holds the database, the
 * secrets key and exported documents.
 */
export function privateDataDir(dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dataDir, 0o700);
}
