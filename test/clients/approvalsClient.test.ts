import test from 'ava';
import { createCrewdClient, CrewdApiError, unwrap } from '../../clients/typescript/src/index.js';
import { waitForAction, waitForSettled } from '../e2e/approvalsHelpers.js';
import { startServer } from '../helpers/server.js';

test('the typed client lists pending actions, approves one, and gets the 409 of the other decision', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const client = createCrewdClient({ baseUrl: server.url, apiKey: server.key });
  const deployed = unwrap(await client.api.POST('/v1/crews/{crew_id}/deploy', { params: { path: { crew_id: 'writer' } }, body: { brief: 'Write a short article about composting in small city apartments.', approvals: { before_completion: true } } }));
  await waitForAction(server, deployed.outcome_id);
  const pending = [];
  for await (const action of client.actions({ status: 'pending' })) pending.push(action);
  t.is(pending.length, 1);
  t.is(pending[0]!.outcome_id, deployed.outcome_id);
  t.is(pending[0]!.kind, 'approve_result');
  const approved = await client.decide(deployed.outcome_id, pending[0]!.id, { decision: 'approve', comment: 'Fine' });
  t.is(approved.status, 'approved');
  const conflict = await t.throwsAsync(client.decide(deployed.outcome_id, pending[0]!.id, { decision: 'reject' }));
  t.true(conflict instanceof CrewdApiError);
  t.is((conflict as CrewdApiError).code, 'action_already_resolved');
  t.is((await waitForSettled(server, deployed.outcome_id)).status, 'completed');
});
