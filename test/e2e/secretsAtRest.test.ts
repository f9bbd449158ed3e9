import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import test, { type ExecutionContext } from 'ava';
import { startChatFixture, teamId, tokens } from '../fixtures/chatTeam.js';
import { startGithubServer } from '../plugins/fixtures/githubServer.js';
import { createPostgresDatabase, postgresTest } from '../helpers/postgres.js';
import { startServer, tempDir, type TestServer } from '../helpers/server.js';
import { startHttpToolServer } from '../runtime/tools/fixtures/httpToolServer.js';
import { builtInPlugins } from '../../plugins/index.js';

/**
 * Every file of the data directory, and a pg_dump of the database, searched for each secret in
 * clear text (and as hex, for SQLite blobs). The secrets key file is left out only because it IS
 * the key: it holds nothing else.
 */
function leaks(dataDir: string, databaseUrl: string | undefined, secrets: string[]): string[] {
  const found: string[] = [];
  const contents: Array<[string, Buffer]> = [];
  for (const name of fs.readdirSync(dataDir)) {
    const file = path.join(dataDir, name);
    if (!fs.statSync(file).isFile() || name === 'secret.key') continue;
    contents.push([name, fs.readFileSync(file)]);
  }
  if (databaseUrl) contents.push(['pg_dump', execFileSync('pg_dump', ['--data-only', databaseUrl], { maxBuffer: 256 * 1024 * 1024 })]);
  for (const secret of secrets) {
    for (const [name, bytes] of contents) {
      if (bytes.includes(secret) || bytes.includes(Buffer.from(secret).toString('hex'))) found.push(`${secret} in ${name}`);
    }
  }
  return found;
}

async function checkpoint(server: TestServer, databaseUrl: string | undefined): Promise<void> {
  if (!databaseUrl) await server.runtime.db.raw('PRAGMA wal_checkpoint(TRUNCATE)');
}

async function scenario(t: ExecutionContext, databaseUrl?: string): Promise<void> {
  const dataDir = tempDir('crewd-secrets-');
  const chat = await startChatFixture();
  const github = await startGithubServer({ token: 'ghp_atrest_integration_token_0123' });
  const mcpToken = 'mcp_atrest_credential_0123456789';
  const tools = await startHttpToolServer({ token: mcpToken });
  const server = await startServer(
    { CREWD_DATA_DIR: dataDir, CREWD_CHAT_API_URL: chat.apiUrl, CREWD_CODE_API_URL: github.url, ...(databaseUrl ? { CREWD_DATABASE_URL: databaseUrl } : {}) },
    { tools: { plugins: builtInPlugins() } },
  );
  t.teardown(async () => {
    await server.close();
    await chat.close();
    await github.close();
    await tools.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const secrets = [server.key];
  const check = async (what: string) => {
    t.deepEqual(leaks(dataDir, databaseUrl, secrets), [], `after ${what}`);
    await checkpoint(server, databaseUrl);
    t.deepEqual(leaks(dataDir, databaseUrl, secrets), [], `after ${what} and a checkpoint`);
  };

  for (const idempotencyKey of [undefined, 'secret-key-1']) {
    const key = await server.call('POST', '/v1/api-keys', { body: { name: `k ${idempotencyKey}`, permissions: ['crews:read'] }, ...(idempotencyKey ? { headers: { 'idempotency-key': idempotencyKey } } : {}) });
    t.is(key.status, 201);
    secrets.push(key.body.secret);
    if (idempotencyKey) t.is((await server.call('POST', '/v1/api-keys', { body: { name: `k ${idempotencyKey}`, permissions: ['crews:read'] }, headers: { 'idempotency-key': idempotencyKey } })).body.secret, key.body.secret);
    await check(`an API key ${idempotencyKey ? 'with' : 'without'} an Idempotency-Key`);

    const webhookSecret = `whsec_atrest_${idempotencyKey ?? 'plain'}_0123456789`;
    secrets.push(webhookSecret);
    const hook = await server.call('POST', '/v1/webhooks', { body: { url: 'https://hooks.example.com/x', events: ['outcome.completed'], secret: webhookSecret }, ...(idempotencyKey ? { headers: { 'idempotency-key': `${idempotencyKey}-wh` } } : {}) });
    t.is(hook.status, 201);
    const rotated = `whsec_atrest_rotated_${idempotencyKey ?? 'plain'}_0123`;
    secrets.push(rotated);
    t.is((await server.call('PATCH', `/v1/webhooks/${hook.body.id}`, { body: { secret: rotated } })).status, 200);
    await check(`a webhook ${idempotencyKey ? 'with' : 'without'} an Idempotency-Key, and its rotation`);
  }

  secrets.push(mcpToken);
  const connect = await server.call('POST', `/api/mcp/connect?workspace_id=${server.workspaceId}`, {
    body: { server_type: 'custom', server_name: 'locked', credentials: { access_token: mcpToken }, params: { url: tools.url } },
    headers: { 'idempotency-key': 'secret-mcp' },
  });
  t.is(connect.status, 201, JSON.stringify(connect.body));
  await check('an MCP connection with credentials');

  secrets.push(tokens.good);
  const configured = await server.call('POST', '/api/chat/integrations/chat/configure', { body: { access_token: tokens.good, team_id: teamId, configuration: { channels: ['C0ENG'] } }, headers: { 'idempotency-key': 'secret-chat' } });
  t.is(configured.status, 200, JSON.stringify(configured.body));
  const ingest = await server.call('POST', '/api/chat/ingest', { body: { token: tokens.good, channel: 'C0ENG', limit: 10 }, headers: { 'idempotency-key': 'secret-ingest' } });
  t.is(ingest.status, 200, JSON.stringify(ingest.body));
  await check('a chat integration and a legacy ingest');

  secrets.push('ghp_atrest_integration_token_0123');
  const integration = await server.call('POST', '/v1/integrations/code/configure', { body: { settings: { owner: 'acme', repo: 'app', token: 'ghp_atrest_integration_token_0123' } }, headers: { 'idempotency-key': 'secret-integration' } });
  t.is(integration.status, 200, JSON.stringify(integration.body));
  await check('an integration token');
}

test.serial('no secret is ever in clear text in a data file (SQLite, before and after a checkpoint)', (t) => scenario(t));
postgresTest('no secret is ever in clear text in a Postgres table (pg_dump)', async (t) => {
  const pg = await createPostgresDatabase();
  t.teardown(() => pg.drop());
  await scenario(t, pg.url);
});
