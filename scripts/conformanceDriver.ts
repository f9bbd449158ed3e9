/**
 * What the MCP conformance suite's client under test does against a running crewd, through its
 * HTTP API as a user does: connects the scenario's server as a custom tool connection with
 * `auth: "oauth"`, follows the authorization URL as the user's browser would (the scenario's
 * authorization server approves at once and redirects to crewd's callback), and has crewd call
 * the connection's first tool, authorizing again when the call asks for a wider scope (step-up).
 * Shared by scripts/conformanceClient.ts (which starts its own crewd) and the test's client
 * (test/helpers/conformanceCommand.ts, against the one crewd of the test file).
 */

/** A pre-registered client, from `MCP_CONFORMANCE_CONTEXT`. */
export interface ConformanceContext {
  client_id?: string;
  client_secret?: string;
}

/** crewd's answer to one tool call: the tool's name, whether it failed, its text. */
export interface ConformanceCall {
  tool: string;
  isError: boolean;
  content: string;
}

export interface ConformanceDrive {
  /** crewd's address and a key of the workspace that connects. */
  base: string;
  key: string;
  workspaceId: string;
  /** The scenario's MCP server (the last argument the suite appends). */
  serverUrl: string;
  /** The tool connection's name; one per scenario when several share a crewd. */
  serverName: string;
  context: ConformanceContext;
  /** Has crewd call the connection's first tool as an agent would; undefined when it lists none. */
  callTool(connectionId: string): Promise<ConformanceCall | undefined>;
  /** Where progress goes (the suite shows the client's stderr when it fails). */
  log(line: string): void;
}

/** Resolves when the connection ended `connected` and its tool answered (after one step-up at most); rejects with the reason otherwise. */
export async function driveScenario(drive: ConformanceDrive): Promise<void> {
  const { base, key, workspaceId, serverUrl, serverName, context, log } = drive;
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const body = {
    server_type: 'custom',
    server_name: serverName,
    auth: 'oauth',
    params: { url: serverUrl },
    ...(context.client_id ? { oauth: { client_id: context.client_id, ...(context.client_secret ? { client_secret: context.client_secret } : {}) } } : {}),
  };
  const connect = await fetch(`${base}/api/mcp/connect?workspace_id=${workspaceId}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const answer = (await connect.json()) as { status?: string; authorization_url?: string; connection_id?: string; error?: unknown };
  log(`connect: HTTP ${connect.status} ${JSON.stringify(answer).slice(0, 500)}`);

  /**
   * The user's browser: the scenario's authorization server approves and redirects to crewd's
   * callback, which may ask for one more consent (scope step-up); at most three rounds. crewd's
   * public URL is https (as behind a TLS proxy): only the redirect's path and query are followed,
   * to crewd's local address.
   */
  async function authorize(first: string): Promise<boolean> {
    let next: string | undefined = first;
    let done = false;
    for (let round = 0; next && round < 3; round += 1) {
      const consent = await fetch(next, { redirect: 'manual' });
      const location = consent.headers.get('location');
      if (!location) throw new Error(`the authorization server answered HTTP ${consent.status} without a redirect`);
      const back = new URL(location);
      const callback = await fetch(`${base}${back.pathname}${back.search}`, { headers: { accept: 'application/json' } });
      const settled = (await callback.json()) as { status?: string; authorization_url?: string };
      log(`callback: HTTP ${callback.status} ${JSON.stringify(settled).slice(0, 500)}`);
      done = callback.status === 200 && settled.status === 'connected';
      next = settled.status === 'auth_required' ? settled.authorization_url : undefined;
    }
    return done;
  }

  const connected = connect.status === 201 || (connect.status === 202 && answer.authorization_url !== undefined && (await authorize(answer.authorization_url)));
  if (!connected) throw new Error('the connection did not end connected');
  const connectionId = answer.connection_id ?? '';
  let result = await drive.callTool(connectionId);
  if (!result) return;
  log(`call ${result.tool}: ${result.isError ? 'error' : 'ok'} ${result.content.slice(0, 200)}`);
  if (!result.isError) return;
  // A step-up (403 insufficient_scope): the connection lists the new authorization URL.
  const list = await fetch(`${base}/api/mcp/connections?workspace_id=${workspaceId}`, { headers });
  const listed = (await list.json()) as { connections: Array<{ id: string; authorization_url?: string }> };
  const url = listed.connections.find((c) => c.id === connectionId)?.authorization_url;
  if (url && (await authorize(url))) {
    result = await drive.callTool(connectionId);
    if (result) log(`call ${result.tool} after step-up: ${result.isError ? 'error' : 'ok'} ${result.content.slice(0, 200)}`);
  }
}
