import { TaskState, type Task } from '@a2a-js/sdk';
import test from 'ava';
import { startServer } from '../../helpers/server.js';
import { a2aClient, dataOfParts, sendRequest, textOfParts, textPart, userMessage } from './a2aHelpers.js';

const brief = 'Write a blog post about planning a vegetable garden in raised beds';

test('each crew has an agent card at the A2A well-known path, with skills from its capabilities and the bearer scheme', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const card = await server.call('GET', '/a2a/mind/.well-known/agent-card.json', { key: null });
  t.is(card.status, 200);
  t.deepEqual(card.body.supportedInterfaces.map((i: any) => [i.url, i.protocolBinding, i.protocolVersion]), [
    [`${server.url}/a2a/mind`, 'JSONRPC', '1.0'],
    [`${server.url}/a2a/mind`, 'JSONRPC', '0.3'],
  ]);
  t.deepEqual(card.body.skills.map((s: any) => s.id), ['mind.meeting_analysis', 'mind.task_coordination', 'mind.performance_analytics', 'mind.process_optimization']);
  t.like(card.body.securitySchemes.crewd_api_key.httpAuthSecurityScheme, { scheme: 'bearer' });
  t.deepEqual(Object.keys(card.body.securityRequirements[0].schemes), ['crewd_api_key']);
  t.true(card.body.capabilities.streaming);

  const root = await server.call('GET', '/.well-known/agent-card.json', { key: null });
  t.is(root.status, 200);
  t.is(root.body.supportedInterfaces[0].url, `${server.url}/a2a`);
  t.is(root.body.skills.length, 12);
  t.is((await server.call('GET', '/a2a/chef/.well-known/agent-card.json', { key: null })).status, 404);

  // The SDK's client reads the card as an A2A 1.0 card.
  const client = await a2aClient(server.url, server.key, '/a2a/pilot/');
  const parsed = await client.getAgentCard();
  t.is(parsed.name, 'crewd Pilot Crew');
  t.true(parsed.skills.some((skill) => skill.id === 'pilot.prd_generation'));
});

test('a message deploys the crew: the blocking answer is the completed task with the result as its artifact, and tasks/get reads it', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const client = await a2aClient(server.url, server.key);
  const answer = (await client.sendMessage(sendRequest(userMessage([textPart(brief)])))) as Task;
  t.is(answer.status?.state, TaskState.TASK_STATE_COMPLETED, JSON.stringify(answer.status));
  t.regex(answer.id, /^out_/);
  t.is(answer.contextId, answer.id);
  const outcome = await server.call('GET', `/v1/outcomes/${answer.id}`);
  t.is(outcome.body.status, 'completed');
  t.is(outcome.body.crew, 'writer');
  const artifact = answer.artifacts[0]!;
  t.is(textOfParts(artifact.parts), outcome.body.result.content);
  t.deepEqual(dataOfParts(artifact.parts).deliverable, outcome.body.result.metadata.deliverable);
  t.deepEqual(artifact.metadata?.deliverable, outcome.body.result.metadata.deliverable);

  const read = await client.getTask({ tenant: '', id: answer.id });
  t.is(read.status?.state, TaskState.TASK_STATE_COMPLETED);
  t.is(textOfParts(read.artifacts[0]!.parts), outcome.body.result.content);
  t.like(read.metadata, { outcome_id: answer.id, crew: 'writer', outcome_status: 'completed' });
});
