import fs from 'node:fs';
import path from 'node:path';

/** Thrown when another live process serves the same SQLite data directory. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data directory ${dataDir} is in use by another crewd process (pid ${pid}). SQLite serves one process; ` +
        'to run several processes, use Postgres: set CREWD_DATABASE_URL=postgres://... for every one of them.',
    );
    this.name = 'DataDirLockedError';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes `<dataDir>/crewd.lock` for this process: created exclusively with its pid (mode 0600). A
 * lock whose pid is dead (a crash, kill -9) is taken over; a live one refuses with
 * DataDirLockedError. Returns the release function (idempotent; call it on exit).
 */
export function lockDataDir(dataDir: string, pid: number = process.pid): () => void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, 'crewd.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, `${pid}\n`, { flag: 'wx', mode: 0o600 });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, 'utf8').trim() === String(pid)) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder = Number.NaN;
    try {
      holder = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
    } catch {
      continue; // removed between our create and our read: try again
    }
    if (Number.isInteger(holder) && holder > 0 && alive(holder)) throw new DataDirLockedError(dataDir, holder);
    // A stale lock of a dead process: remove it and try to create ours (the exclusive create
    // decides between two processes doing this at once).
    fs.rmSync(file, { force: true });
  }
  throw new Error(`could not take the lock ${file}`);
}
