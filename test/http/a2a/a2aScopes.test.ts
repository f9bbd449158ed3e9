import test from 'ava';
import { agentOfPath } from '../../../http/a2a/a2aPaths.js';
import { scopeOfRpc } from '../../../http/a2a/a2aScopes.js';

test('a JSON-RPC method needs the scope of the REST route doing the same thing, in both protocol generations', (t) => {
  t.is(scopeOfRpc({ method: 'SendMessage', params: { message: { parts: [] } } }), 'crews:write');
  t.is(scopeOfRpc({ method: 'message/stream', params: { message: { parts: [] } } }), 'crews:write');
  t.is(scopeOfRpc({ method: 'SendMessage', params: { message: { taskId: 'out_1' } } }), 'outcomes:write');
  t.is(scopeOfRpc({ method: 'message/send', params: { message: { context_id: 'out_1' } } }), 'outcomes:write');
  t.is(scopeOfRpc({ method: 'GetTask' }), 'outcomes:read');
  t.is(scopeOfRpc({ method: 'tasks/resubscribe' }), 'outcomes:read');
  t.is(scopeOfRpc({ method: 'CancelTask' }), 'outcomes:write');
  t.is(scopeOfRpc({ method: 'tasks/pushNotificationConfig/set' }), 'outcomes:write');
  t.is(scopeOfRpc({ method: 'Nope' }), 'any');
  t.is(scopeOfRpc([{ method: 'GetTask' }]), 'any');
  t.is(scopeOfRpc(undefined), 'any');
});

test('the agent of a path: /a2a for every crew, /a2a/{crew} for one, anything else unknown or not an agent', (t) => {
  t.deepEqual(agentOfPath('/a2a'), { crew: undefined });
  t.deepEqual(agentOfPath('/a2a/'), { crew: undefined });
  t.deepEqual(agentOfPath('/a2a/pilot'), { crew: 'pilot' });
  t.deepEqual(agentOfPath('/a2a/pilot/'), { crew: 'pilot' });
  t.deepEqual(agentOfPath('/a2a/chef'), { unknown: 'chef' });
  t.is(agentOfPath('/a2a/pilot/.well-known/agent-card.json'), undefined);
  t.is(agentOfPath('/a2ab'), undefined);
  t.is(agentOfPath('/v1/crews'), undefined);
});
