import test, { type ExecutionContext } from 'ava';
import { startServer, type TestServer } from '../../../helpers/server.js';
import { startReceiver } from '../../../helpers/webhookReceiver.js';
import { until } from '../../../helpers/until.js';
import { refreshMarginMs } from '../../../../runtime/tools/oauth/refreshOnce.js';
import { startOAuthToolServer, type OAuthToolServer } from '../fixtures/oauthToolServer.js';

const publicUrl = 'http://crewd.test';
const context = { agentName: 'ResearchAgent', outcomeId: 'out_oauth' };

/** crewd and a protected MCP server; nothing connected yet. */
async function setup(t: ExecutionContext, env: Record<string, string> = {}, ttlSeconds = 3600) {
  const tools = await startOAuthToolServer({ tokenTtlSeconds: ttlSeconds });
  const server = await startServer({ CREWD_PUBLIC_URL: publicUrl, ...env }, { tools: { oauthRefresh: { retry: { retries: 3, minTimeoutMs: 20 }, pollMs: 20 } } });
  t.teardown(async () => {
    await server.close();
    await tools.close();
  });
  return { tools, server };
}

/**
 * The user's side of the flow over HTTP: connect, open the authorization_url (the authorization
 * server redirects to crewd's public callback with a code), and land on the callback (reached
 * at the test server's own address: CREWD_PUBLIC_URL stands for a proxy in front of it).
 */
async function connectWithOAuth(t: ExecutionContext, server: TestServer, tools: OAuthToolServer, name = 'protected') {
  const connect = await server.call('POST', `/api/mcp/connect?workspace_id=${server.workspaceId}`, {
    body: { server_type: 'custom', server_name: name, auth: 'oauth', oauth: { client_id: 'crewd-test-client' }, params: { url: tools.url } },
  });
  t.is(connect.status, 202, JSON.stringify(connect.body));
  t.is(connect.body.status, 'auth_required');
  const authorizationUrl = new URL(connect.body.authorization_url);
  t.true(authorizationUrl.href.startsWith(tools.issuer));
  t.is(authorizationUrl.searchParams.get('code_challenge_method'), 'S256');
  t.is(authorizationUrl.searchParams.get('resource'), tools.url);
  t.is(authorizationUrl.searchParams.get('scope'), 'tools');
  t.is(authorizationUrl.searchParams.get('redirect_uri'), `${publicUrl}/api/mcp/oauth/callback`);
  // Until the user comes back, the connection lists as waiting for them, with the URL to open.
  const waiting = await connectionOf(server, connect.body.connection_id);
  t.like(waiting, { connection_status: 'error', status_detail: { reason: 'auth_required' }, authorization_url: connect.body.authorization_url });
  const consent = await fetch(authorizationUrl, { redirect: 'manual' });
  t.is(consent.status, 302);
  const back = new URL(consent.headers.get('location')!);
  t.is(back.origin, publicUrl);
  const callbackPath = back.pathname + back.search;
  const callback = await server.call('GET', callbackPath, { key: null, headers: { accept: 'application/json' } });
  return { connectionId: connect.body.connection_id as string, callback, callbackPath };
}

async function connectionOf(server: TestServer, id: string) {
  const list = await server.call('GET', `/api/mcp/connections?workspace_id=${server.workspaceId}`);
  return (list.body.connections as Array<Record<string, any>>).find((c) => c.id === id)!;
}

test.serial('connect with auth oauth: the code + PKCE flow over HTTP ends connected and the tools work; the callback is single use', async (t) => {
  const { tools, server } = await setup(t);
  const { connectionId, callback, callbackPath } = await connectWithOAuth(t, server, tools);
  t.is(callback.status, 200, JSON.stringify(callback.body));
  t.deepEqual(callback.body, { status: 'connected', connection_id: connectionId });
  t.deepEqual(tools.grants, ['authorization_code']);

  const connection = await connectionOf(server, connectionId);
  t.is(connection.connection_status, 'active');
  t.deepEqual(connection.available_tools.map((tool: { name: string }) => tool.name).sort(), ['echo', 'long', 'lookup']);
  const result = await server.runtime.tools.service.call(server.workspaceId, 'protected__echo', { text: 'hello' }, context);
  t.false(result.isError, result.content);
  t.is(result.content, 'echo: hello');

  // The tokens are sealed at rest: no token text in the stored row.
  const row = await server.runtime.repos.oauthCredentials.get(`tool_connection:${connectionId}`);
  t.is(row!.status, 'authorized');
  t.false(row!.tokens!.includes('eyJ'));
  t.is(row!.auth_state, null);

  // The same callback again (a replayed link) is refused before any token request.
  const replay = await server.call('GET', callbackPath, { key: null, headers: { accept: 'application/json' } });
  t.is(replay.status, 400);
  t.is(replay.body.error.code, 'invalid_oauth_state');
  t.deepEqual(tools.grants, ['authorization_code']);
});

test.serial('bad input: auth oauth needs a custom URL connection and the public URL; unknown keys stay 400', async (t) => {
  const { tools, server } = await setup(t);
  const connect = (body: Record<string, unknown>) => server.call('POST', `/api/mcp/connect?workspace_id=${server.workspaceId}`, { body });
  const stdio = await connect({ server_type: 'notes', server_name: 'n', auth: 'oauth' });
  t.is(stdio.status, 400);
  t.is(stdio.body.error.details.field, 'auth');
  const wrong = await connect({ server_type: 'custom', server_name: 'x', auth: 'basic', params: { url: tools.url } });
  t.is(wrong.status, 400);
  const unknown = await connect({ server_type: 'custom', server_name: 'x', auth: 'oauth', oauth: { client_id: 'a', extra: 1 }, params: { url: tools.url } });
  t.is(unknown.status, 400);
  const lonely = await connect({ server_type: 'custom', server_name: 'x', oauth: { client_id: 'a' }, params: { url: tools.url } });
  t.is(lonely.status, 400);
  t.is(lonely.body.error.details.field, 'oauth');
  const noState = await server.call('GET', '/api/mcp/oauth/callback?code=abc', { key: null, headers: { accept: 'application/json' } });
  t.is(noState.status, 400);
  t.is(noState.body.error.code, 'invalid_oauth_state');
});

test.serial('a token about to expire is refreshed before the call, once; a network blip on the token endpoint is retried and leaves the connection active', async (t) => {
  // Tokens live just past the refresh margin: due a few seconds after they were issued.
  const ttl = refreshMarginMs / 1000 + 3;
  const { tools, server } = await setup(t, {}, ttl);
  const { connectionId, callback } = await connectWithOAuth(t, server, tools);
  t.is(callback.status, 200, JSON.stringify(callback.body));
  const credentialId = `tool_connection:${connectionId}`;
  const due = async () => {
    const row = await server.runtime.repos.oauthCredentials.get(credentialId);
    return Date.parse(row!.expires_at!) - Date.now() <= refreshMarginMs;
  };
  const accepted = tools.tokensAccepted();
  const before = tools.grants.length;
  tools.failTokenEndpoint(2);
  await until(due, 'the access token to be due for refresh', 20_000);

  const result = await server.runtime.tools.service.call(server.workspaceId, 'protected__echo', { text: 'after refresh' }, context);
  t.false(result.isError, result.content);
  // Two 503s retried with backoff, then one successful refresh; the new token was used.
  t.deepEqual(tools.grants.slice(before, before + 3), ['refresh_token', 'refresh_token', 'refresh_token']);
  t.true(tools.tokensAccepted() > accepted);
  const connection = await connectionOf(server, connectionId);
  t.is(connection.connection_status, 'active');
  t.is(connection.status_detail.reason, null);
});

test.serial('a refused refresh (invalid_grant) moves the connection to error with reason auth_required and writes an event', async (t) => {
  const ttl = refreshMarginMs / 1000 + 3;
  const { tools, server } = await setup(t, {}, ttl);
  const { connectionId, callback } = await connectWithOAuth(t, server, tools);
  t.is(callback.status, 200);
  const credentialId = `tool_connection:${connectionId}`;
  const refreshes = tools.grants.filter((grant) => grant === 'refresh_token').length;
  const secret = 'whsec_tool_oauth_0123456789';
  const receiver = await startReceiver({ secret });
  t.teardown(() => receiver.close());
  const hook = await server.call('POST', '/v1/webhooks', { body: { url: receiver.url, secret, events: ['tool_connection.auth_required'] } });
  t.is(hook.status, 201, JSON.stringify(hook.body));
  tools.refuseRefresh(true);
  await until(async () => Date.parse((await server.runtime.repos.oauthCredentials.get(credentialId))!.expires_at!) - Date.now() <= refreshMarginMs, 'the token to be due', 20_000);

  const result = await server.runtime.tools.service.call(server.workspaceId, 'protected__echo', { text: 'refused' }, context);
  t.true(result.isError);
  const connection = await until(async () => {
    const current = await connectionOf(server, connectionId);
    return current.connection_status === 'error' ? current : undefined;
  }, 'the connection to show the error');
  t.is(connection.status_detail.reason, 'auth_required');
  // The SDK started a new authorization on the server's 401: the user can open it from the list.
  t.true(String(connection.authorization_url).startsWith(tools.issuer));
  t.is(tools.grants.filter((grant) => grant === 'refresh_token').length, refreshes + 1, 'a refusal is not retried');
  const events = await server.runtime.repos.events.listAfterPosition(0, 1000);
  const event = events.find((e) => e.kind === 'tool_connection.auth_required');
  t.truthy(event);
  t.is(event!.data.connection_id, connectionId);
  // A webhook subscribed to it gets it, signed.
  const [arrival] = await receiver.waitFor(1);
  t.true(arrival!.verified);
  t.like(JSON.parse(arrival!.body), { event: 'tool_connection.auth_required', data: { connection_id: connectionId, reason: 'auth_required' } });
});
