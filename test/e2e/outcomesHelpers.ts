import type { ExecutionContext } from 'ava';
import { scopes } from '../../runtime/auth/scopes.js';
import { openApiChecker } from '../helpers/openapi.js';
import type { TestServer } from '../helpers/server.js';
import { until } from '../helpers/until.js';

/**
 * Polls an outcome until `done` says so (no timing assertions; the deadline only ends a hang). The
 * pause grows to 200 ms: every `done` of the suite holds for good once it holds.
 */
export async function waitForOutcome(server: TestServer, id: string, done: (body: any) => boolean = (b) => b.status !== 'processing' && b.status !== 'revision_requested', key?: string): Promise<any> {
  return until(async () => {
    const response = await server.call('GET', `/v1/outcomes/${id}`, key ? { key } : {});
    if (response.status !== 200) throw new Error(`GET outcome ${id}: ${response.status} ${JSON.stringify(response.body)}`);
    return done(response.body) ? response.body : undefined;
  }, `outcome ${id} to be done`, { everyMs: 15, maxEveryMs: 200 });
}

/** A second workspace with its own key, plan limits and credits. */
export async function workspaceWithKey(server: TestServer, name: string, options: { credits?: number | null; concurrentOutcomes?: number } = {}) {
  const workspace = await server.runtime.workspaces.create({ name, plan: 'starter', requestsPerMinute: 100_000, ...(options.credits !== undefined ? { credits: options.credits } : {}), ...(options.concurrentOutcomes ? { concurrentOutcomes: options.concurrentOutcomes } : {}) });
  const { secret } = await server.runtime.keys.create({ workspaceId: workspace.id, name: `${name} key`, permissions: [...scopes] });
  return { workspace, key: secret };
}

/** Validates response bodies against the server's own OpenAPI document. */
export async function schemaCheck(server: TestServer) {
  const document = (await server.call('GET', '/v1/openapi.json')).body;
  const check = openApiChecker(document);
  return (t: ExecutionContext, method: string, path: string, response: { status: number; body: unknown }) => check(t, method, path, response.status, response.body);
}

export async function eventsOf(server: TestServer, outcomeId: string) {
  return server.runtime.repos.events.listForOutcome(outcomeId);
}
