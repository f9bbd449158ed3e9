import test, { type ExecutionContext } from 'ava';
import type { RuntimeOptions } from '../../app/createRuntime.js';
import { createPostgresDatabase, postgresTest } from './postgres.js';
import { sharedServer, startServer, type TestServer } from './server.js';

/** One storage backend the engine's contract runs on. */
export interface Backend {
  name: 'SQLite' | 'Postgres';
  /** Starts the real service on this backend (a fresh SQLite file or a fresh Postgres database, dropped on close). */
  start(env?: Record<string, string>, options?: RuntimeOptions): Promise<TestServer>;
  /**
   * Registers a test for this backend, its title suffixed with the backend's name. On Postgres it
   * is registered through `postgresTest`: skipped visibly where no Postgres answers, a failure in CI.
   */
  test(title: string, body: (t: ExecutionContext) => Promise<void>): void;
  /** A server shared by this backend's tests of the file, started on first use, closed after them. */
  shared(env?: Record<string, string>, options?: RuntimeOptions | (() => RuntimeOptions)): () => Promise<TestServer>;
}

async function startOnPostgres(env: Record<string, string> = {}, options: RuntimeOptions = {}): Promise<TestServer> {
  // A clone of the migrated template: the server's own migration finds nothing left to do.
  const pg = await createPostgresDatabase({ migrated: true });
  let server: TestServer;
  try {
    server = await startServer({ ...env, CREWD_DATABASE_URL: pg.url }, options);
  } catch (error) {
    await pg.drop();
    throw error;
  }
  return {
    ...server,
    async close() {
      await server.close();
      await pg.drop();
    },
  };
}

function backend(name: Backend['name'], start: Backend['start'], register: Backend['test']): Backend {
  return {
    name,
    start,
    test: (title, body) => register(`${title} on ${name}`, body),
    shared: (env = {}, options = {}) => sharedServer(() => start(env, typeof options === 'function' ? options() : options)),
  };
}

/** The two backends: SQLite (default) and Postgres (scale-out). */
export const backends: Backend[] = [
  backend('SQLite', startServer, (title, body) => test(title, body)),
  backend('Postgres', startOnPostgres, postgresTest),
];

/** Defines the same tests once per backend (`define` registers them through `backend.test`). */
export function onEveryBackend(define: (backend: Backend) => void): void {
  for (const each of backends) define(each);
}
