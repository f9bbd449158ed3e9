import type { TestServer } from '../helpers/server.js';
import { until } from '../helpers/until.js';

/** Polls the outcome until it waits for a person, and returns its view. */
export async function waitForAction(server: TestServer, outcomeId: string, key?: string): Promise<any> {
  return until(async () => {
    const view = await server.call('GET', `/v1/outcomes/${outcomeId}`, key ? { key } : {});
    if (view.status !== 200) throw new Error(`GET outcome: ${view.status} ${JSON.stringify(view.body)}`);
    if (view.body.status !== 'processing' && view.body.status !== 'revision_requested') throw new Error(`outcome ${outcomeId} settled as ${view.body.status} without waiting: ${JSON.stringify(view.body.error)}`);
    return view.body.pending_action ? view.body : undefined;
  }, `a pending action on ${outcomeId}`, { maxEveryMs: 200 });
}

/** Polls the outcome until it is completed or failed. */
export async function waitForSettled(server: TestServer, outcomeId: string, key?: string): Promise<any> {
  return until(async () => {
    const view = await server.call('GET', `/v1/outcomes/${outcomeId}`, key ? { key } : {});
    return view.body.status === 'completed' || view.body.status === 'failed' ? view.body : undefined;
  }, `${outcomeId} to settle`, { maxEveryMs: 200 });
}

export async function deploy(server: TestServer, body: Record<string, unknown>, crew = 'writer', key?: string): Promise<string> {
  const answer = await server.call('POST', `/v1/crews/${crew}/deploy`, { body, ...(key ? { key } : {}) });
  if (answer.status !== 201 && answer.status !== 202 && answer.status !== 200) throw new Error(`deploy: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.outcome_id as string;
}
