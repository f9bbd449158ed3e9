import knex from 'knex';

const adminUrl = process.env.CREWD_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Creates a fresh Postgres database for one test file and returns its URL, or null (with the reason)
 * when no Postgres is reachable, so callers can skip with a visible notice.
 */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> } | { url: null; reason: string }> {
  const admin = knex({ client: 'pg', connection: adminUrl, pool: { min: 0, max: 1 }, acquireConnectionTimeout: 3_000 });
  const name = `crewd_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  try {
    await admin.raw(`CREATE DATABASE ${name}`);
  } catch (error) {
    await admin.destroy();
    return { url: null, reason: `no Postgres at ${adminUrl}: ${(error as Error).message}` };
  }
  const url = adminUrl.replace(/\/[^/]*$/, `/${name}`);
  return {
    url,
    async drop() {
      await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.destroy();
    },
  };
}
