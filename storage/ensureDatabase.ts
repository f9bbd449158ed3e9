import knex from 'knex';

/** The database a Postgres URL names is missing and could not be created; the message says how. */
export class MissingDatabaseError extends Error {
  constructor(
    readonly database: string,
    message: string,
  ) {
    super(message);
    this.name = 'MissingDatabaseError';
  }
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Makes sure the database a Postgres URL names exists: when connecting says it does not (SQLSTATE
 * 3D000), it is created through the server's `postgres` maintenance database if the URL's user may
 * (superuser or CREATEDB); otherwise MissingDatabaseError names the database and the command that
 * creates it. Other connection failures are left to the caller's first query.
 */
export async function ensureDatabase(databaseUrl: string): Promise<'exists' | 'created'> {
  const url = new URL(databaseUrl);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!database) return 'exists';
  const probe = knex({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 1 }, acquireConnectionTimeout: 10_000, log: quiet });
  try {
    await probe.raw('select 1');
    return 'exists';
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') return 'exists';
  } finally {
    await probe.destroy();
  }
  const maintenance = new URL(databaseUrl);
  maintenance.pathname = '/postgres';
  const admin = knex({ client: 'pg', connection: maintenance.toString(), pool: { min: 0, max: 1 }, acquireConnectionTimeout: 10_000, log: quiet });
  try {
    await admin.raw(`create database ${quoteIdent(database)}`);
    return 'created';
  } catch (error) {
    // 42P04: created meanwhile by another process starting on the same URL.
    if ((error as { code?: string }).code === '42P04') return 'exists';
    const user = decodeURIComponent(url.username) || process.env.USER || 'postgres';
    const host = url.hostname || 'localhost';
    const port = url.port || '5432';
    throw new MissingDatabaseError(
      database,
      `database "${database}" does not exist and user "${user}" may not create it (${(error as Error).message}); create it with: createdb -h ${host} -p ${port} -U <a user allowed to create databases> -O ${user} ${database}`,
    );
  } finally {
    await admin.destroy();
  }
}

/** The probes' pool errors are answered above; knex must not print them as plain text. */
const quiet = { warn() {}, error() {}, deprecate() {}, debug() {} };
