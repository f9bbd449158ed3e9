import { createHash } from 'node:crypto';
import { Client, StreamableHTTPClientTransport, type OAuthClientProvider } from '@modelcontextprotocol/client';
import test, { type ExecutionContext } from 'ava';
import { createPostgresDatabase, postgresTest } from '../helpers/postgres.js';
import { startServer, type TestServer } from '../helpers/server.js';

type Structured = Record<string, any>;
const redirectUrl = 'http://127.0.0.1:9/callback';
const verifier = 'crewd-test-verifier-0123456789-abcdefghijklmnopqrstuvwxyz';
const challenge = createHash('sha256').update(verifier).digest('base64url');
const clients = JSON.stringify([{ client_id: 'ide-test', client_name: 'Test IDE', redirect_uris: [redirectUrl] }]);

/** The client side of the flow as an IDE keeps it: in memory, the browser step left to the test. */
function memoryProvider(clientId: string) {
  const state: { tokens?: Structured; verifier?: string; authorizationUrl?: URL; discovery?: unknown } = {};
  const provider: OAuthClientProvider = {
    get redirectUrl() {
      return redirectUrl;
    },
    get clientMetadata() {
      return { client_name: 'Test IDE', redirect_uris: [redirectUrl], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' };
    },
    clientInformation: () => ({ client_id: clientId }),
    tokens: () => state.tokens as never,
    saveTokens: (tokens) => void (state.tokens = tokens as Structured),
    redirectToAuthorization: (url) => void (state.authorizationUrl = url),
    saveCodeVerifier: (verifier) => void (state.verifier = verifier),
    codeVerifier: () => state.verifier!,
    ...({ saveDiscoveryState: (value: unknown) => void (state.discovery = value), discoveryState: () => state.discovery } as object),
  };
  return { provider, state };
}

/** The key holder's browser: opens the consent page, signs in with `key`, ticks `scopes`, answers; the redirect. */
async function consent(authorizationUrl: URL, key: string, scopes: string[], decision = 'allow'): Promise<URL> {
  const page = await fetch(authorizationUrl, { redirect: 'manual' });
  const html = await page.text();
  if (page.status !== 200) throw new Error(`authorize answered ${page.status}: ${html}`);
  const consentId = /name="consent" value="([^"]+)"/.exec(html)![1]!;
  const form = new URLSearchParams({ consent: consentId, api_key: key, decision });
  for (const scope of scopes) form.append('scope', scope);
  const answered = await fetch(new URL('/oauth/consent', authorizationUrl), { method: 'POST', body: form, redirect: 'manual' });
  if (answered.status !== 302) throw new Error(`consent answered ${answered.status}: ${await answered.text()}`);
  return new URL(answered.headers.get('location')!);
}

async function authorized(t: ExecutionContext, server: TestServer, scopes: string[]) {
  const { provider, state } = memoryProvider('ide-test');
  const first = new Client({ name: 'test-ide', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } } as never);
  const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { authProvider: provider });
  await t.throwsAsync(() => first.connect(transport), undefined, 'without a token the client is sent to authorize');
  t.teardown(() => first.close());
  const authorizationUrl = state.authorizationUrl!;
  const back = await consent(authorizationUrl, server.key, scopes);
  await transport.finishAuth(back.searchParams.get('code')!);
  const client = new Client({ name: 'test-ide', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } } as never);
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { authProvider: provider }));
  t.teardown(() => client.close());
  return { client, state, authorizationUrl, back };
}

test('/mcp is an OAuth protected resource: a 401 points to its metadata, which names crewd as the authorization server', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const refused = await fetch(`${server.url}/mcp`, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }, body: '{}' });
  t.is(refused.status, 401);
  t.is(refused.headers.get('www-authenticate'), `Bearer resource_metadata="${server.url}/.well-known/oauth-protected-resource/mcp"`);
  const resource = (await (await fetch(`${server.url}/.well-known/oauth-protected-resource/mcp`)).json()) as Structured;
  t.is(resource.resource, `${server.url}/mcp`);
  t.deepEqual(resource.authorization_servers, [`${server.url}/`]);
  t.deepEqual((await (await fetch(`${server.url}/.well-known/oauth-protected-resource`)).json()) as Structured, resource);
  const metadata = (await (await fetch(`${server.url}/.well-known/oauth-authorization-server`)).json()) as Structured;
  t.deepEqual(metadata.code_challenge_methods_supported, ['S256']);
  t.true(metadata.client_id_metadata_document_supported);
  t.truthy(metadata.revocation_endpoint);
});

/** The whole flow of an IDE, on the server's database (SQLite, or Postgres below). */
async function ideFlow(t: ExecutionContext, env: Record<string, string>) {
  const server = await startServer({ CREWD_MCP_OAUTH_CLIENTS: clients, ...env });
  t.teardown(() => server.close());
  const { client, state, authorizationUrl, back } = await authorized(t, server, ['crews:read', 'outcomes:read']);
  t.is(authorizationUrl.searchParams.get('code_challenge_method'), 'S256');
  t.is(back.searchParams.get('iss'), `${server.url}/`);
  const tokens = state.tokens!;
  t.regex(tokens.access_token, /^crew_at_/);
  t.is(tokens.scope, 'crews:read outcomes:read');

  t.is(client.getNegotiatedProtocolVersion(), '2026-07-28');
  // Exactly the granted scopes: reading works, deploying needs crews:write which was not granted.
  t.is((await client.listTools()).tools.length, 7); // the five crew tools and the two approval tools
  const listed = await client.callTool({ name: 'list_outcomes', arguments: {} });
  t.falsy(listed.isError);
  const refused = await client.callTool({ name: 'deploy_crew', arguments: { crew: 'writer', brief: 'Write a short article about composting in small city apartments.' } });
  t.true(refused.isError);
  t.regex((refused.content[0] as { text: string }).text, /crews:write/);

  // Only hashes are stored.
  const rows = await server.runtime.db('mcp_oauth_grants').select();
  const stored = JSON.stringify(rows);
  for (const secret of [tokens.access_token, tokens.refresh_token, back.searchParams.get('code')!]) t.false(stored.includes(secret));
  t.true(rows.some((row: Structured) => row.token_hash === createHash('sha256').update(tokens.access_token).digest('hex')));

  // Refresh rotates; the old refresh token a second time revokes the whole authorization.
  const token = (body: Record<string, string>) => fetch(`${server.url}/token`, { method: 'POST', body: new URLSearchParams({ client_id: 'ide-test', ...body }) });
  const refreshed = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
  t.is(refreshed.status, 200);
  const next = (await refreshed.json()) as Structured;
  t.not(next.access_token, tokens.access_token);
  const callWith = (accessToken: string) =>
    fetch(`${server.url}/mcp`, { method: 'POST', headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }) });
  t.is((await callWith(next.access_token)).status, 200);
  const wrongResource = await token({ grant_type: 'refresh_token', refresh_token: next.refresh_token, resource: 'https://elsewhere.example.com/mcp' });
  t.is(wrongResource.status, 400);
  t.is(((await wrongResource.json()) as Structured).error, 'invalid_target');

  // Revocation (RFC 7009): the token is refused at once, and the 401 says why and where to go.
  t.is((await fetch(`${server.url}/revoke`, { method: 'POST', body: new URLSearchParams({ client_id: 'ide-test', token: next.access_token }) })).status, 200);
  const revoked = await callWith(next.access_token);
  t.is(revoked.status, 401);
  t.regex(revoked.headers.get('www-authenticate')!, /error="invalid_token"/);
  t.is(((await revoked.json()) as Structured).error.details.reason, 'access_token_invalid');
  const replay = await token({ grant_type: 'refresh_token', refresh_token: next.refresh_token });
  t.is(replay.status, 400);
}

test('an IDE connects with authorization code + PKCE: the token carries exactly the granted scopes, is stored hashed, refreshes once, and revocation ends it', (t) => ideFlow(t, {}));

postgresTest('the same OAuth flow on Postgres', async (t) => {
  const pg = await createPostgresDatabase();
  t.teardown(() => pg.drop());
  await ideFlow(t, { CREWD_DATABASE_URL: pg.url });
});

test('the consent page refuses a bad key and scopes the key lacks; a denial and a wrong resource go back to the client as errors; a code is used once', async (t) => {
  const server = await startServer({ CREWD_MCP_OAUTH_CLIENTS: clients });
  t.teardown(() => server.close());
  const { secret: readerKey } = await server.runtime.keys.create({ workspaceId: server.workspaceId, name: 'reader', permissions: ['outcomes:read'] });
  const authorize = (extra: Record<string, string> = {}) =>
    new URL(`${server.url}/authorize?${new URLSearchParams({ response_type: 'code', client_id: 'ide-test', redirect_uri: redirectUrl, code_challenge: challenge, code_challenge_method: 'S256', state: 's1', ...extra })}`);
  await t.throwsAsync(() => consent(authorize(), 'crew_sk_notakey0000000000000000', ['outcomes:read']), { message: /cannot sign in/ });
  await t.throwsAsync(() => consent(authorize(), readerKey, ['outcomes:read', 'crews:write']), { message: /lacks the crews:write permission/ });
  const denied = await consent(authorize(), readerKey, ['outcomes:read'], 'deny');
  t.is(denied.searchParams.get('error'), 'access_denied');
  t.is(denied.searchParams.get('state'), 's1');
  const elsewhere = await fetch(authorize({ resource: 'https://elsewhere.example.com/mcp' }), { redirect: 'manual' });
  t.is(new URL(elsewhere.headers.get('location')!).searchParams.get('error'), 'invalid_target');
  const unknownClient = await fetch(authorize({ client_id: 'nobody' }), { redirect: 'manual' });
  t.is(unknownClient.status, 400);

  // A code is exchanged once, with the verifier of its challenge; a replay revokes what it gave.
  const exchange = (code: string) => fetch(`${server.url}/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'authorization_code', client_id: 'ide-test', code, code_verifier: verifier, redirect_uri: redirectUrl }) });
  const initializeWith = (accessToken: string) =>
    fetch(`${server.url}/mcp`, { method: 'POST', headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }) }).then(async (r) => (await r.text(), r.status));
  const code = (await consent(authorize(), readerKey, ['outcomes:read'])).searchParams.get('code')!;
  const first = await exchange(code);
  t.is(first.status, 200, await first.clone().text());
  const issued = (await first.json()) as Structured;
  t.is(issued.scope, 'outcomes:read');
  t.is(await initializeWith(issued.access_token), 200);
  t.is((await exchange(code)).status, 400);
  t.is(await initializeWith(issued.access_token), 401, 'the replayed code revoked its tokens');

  // A token lives no longer than the key that granted it.
  const { row: otherRow, secret: otherKey } = await server.runtime.keys.create({ workspaceId: server.workspaceId, name: 'other', permissions: ['outcomes:read'] });
  const other = (await (await exchange((await consent(authorize(), otherKey, ['outcomes:read'])).searchParams.get('code')!)).json()) as Structured;
  t.is(await initializeWith(other.access_token), 200);
  await server.runtime.keys.revoke(otherRow.id);
  t.is(await initializeWith(other.access_token), 401);
});

test('a client identified by its Client ID Metadata Document URL gets the consent page', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const { createServer } = await import('node:http');
  const documentServer = createServer((req, res) => {
    const url = `http://127.0.0.1:${(documentServer.address() as { port: number }).port}/client.json`;
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ client_id: url, client_name: 'Metadata IDE', redirect_uris: [redirectUrl] }));
  });
  await new Promise<void>((resolve) => documentServer.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => documentServer.close(() => resolve())));
  const clientId = `http://127.0.0.1:${(documentServer.address() as { port: number }).port}/client.json`;
  const page = await fetch(`${server.url}/authorize?${new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: redirectUrl, code_challenge: challenge, code_challenge_method: 'S256' })}`);
  t.is(page.status, 200);
  t.regex(await page.text(), /Allow <em>Metadata IDE<\/em> to use crewd/);
  const wrongRedirect = await fetch(`${server.url}/authorize?${new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: 'http://evil.example.com/cb', code_challenge: 'x', code_challenge_method: 'S256' })}`, { redirect: 'manual' });
  t.is(wrongRedirect.status, 400);
});

test('a malformed CREWD_MCP_OAUTH_CLIENTS stops the start with the variable named', async (t) => {
  await t.throwsAsync(() => startServer({ CREWD_MCP_OAUTH_CLIENTS: '[{"client_id":"x"}]' }), { message: /CREWD_MCP_OAUTH_CLIENTS: .*entry 0 needs redirect_uris/ });
});

test('bad input to the OAuth endpoints is a 4xx, never a 500', async (t) => {
  const server = await startServer({ CREWD_MCP_OAUTH_CLIENTS: clients });
  t.teardown(() => server.close());
  const probes: Array<[string, string, RequestInit?]> = [
    ['GET', '/token'],
    ['POST', '/token', { body: 'not json', headers: { 'Content-Type': 'application/json' } }],
    ['POST', '/token', { body: new URLSearchParams({ grant_type: 'password' }) }],
    ['POST', '/token', { body: new URLSearchParams({ grant_type: 'authorization_code', client_id: 'ide-test', code: 'crew_ac_nope', code_verifier: verifier }) }],
    ['GET', '/authorize'],
    ['GET', '/authorize?client_id=ide-test&response_type=token'],
    ['POST', '/oauth/consent'],
    ['POST', '/oauth/consent', { body: new URLSearchParams({ consent: 'crew_oc_nope', decision: 'allow' }) }],
    ['POST', '/revoke', { body: new URLSearchParams({ token: 'x' }) }],
    ['DELETE', '/.well-known/oauth-authorization-server'],
  ];
  for (const [method, path, init] of probes) {
    const response = await fetch(`${server.url}${path}`, { method, redirect: 'manual', ...init });
    await response.text();
    t.true(response.status >= 300 && response.status < 500, `${method} ${path} answered ${response.status}`);
  }
});

test('a 2025-11-25 client (SDK 1.x) runs the same flow and opens a session with its token', async (t) => {
  const server = await startServer({ CREWD_MCP_OAUTH_CLIENTS: clients });
  t.teardown(() => server.close());
  const { Client: LegacyClient } = await import('@modelcontextprotocol/sdk/client/index.js');
  const { StreamableHTTPClientTransport: LegacyTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
  const { provider, state } = memoryProvider('ide-test');
  const transport = new LegacyTransport(new URL(`${server.url}/mcp`), { authProvider: provider as never });
  const first = new LegacyClient({ name: 'legacy-ide', version: '1.0.0' });
  await t.throwsAsync(() => first.connect(transport));
  const back = await consent(state.authorizationUrl!, server.key, ['crews:read', 'outcomes:read']);
  await transport.finishAuth(back.searchParams.get('code')!);
  const client = new LegacyClient({ name: 'legacy-ide', version: '1.0.0' });
  const session = new LegacyTransport(new URL(`${server.url}/mcp`), { authProvider: provider as never });
  await client.connect(session);
  t.teardown(() => client.close());
  t.truthy(session.sessionId);
  t.is(client.getServerVersion()?.name, 'crewd');
  const refused = await client.callTool({ name: 'deploy_crew', arguments: { crew: 'writer', brief: 'Write a short article about composting in small city apartments.' } });
  t.true(refused.isError);
  t.regex((refused.content as Array<{ text: string }>)[0]!.text, /crews:write/);
});
