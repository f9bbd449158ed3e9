import test from 'ava';
import { createModelProvider } from '../../models/createModelProvider.js';
import { completion, startChatServer } from './chatServer.js';
import { stageInput } from './runCrew.js';

test('the default local model answers offline', async (t) => {
  const provider = createModelProvider({ model: 'local' });
  t.is(provider.name, 'local');
  const result = await provider.step(stageInput('pilot', 0, { brief: 'Build a portal that lets customers download invoices' }), [], [], new AbortController().signal);
  t.true(result.kind === 'final' && result.output.content.includes('As a customer, I want to download invoices'));
});

test('the openai model talks to the configured endpoint', async (t) => {
  const server = await startChatServer(() => completion({ content: 'From the endpoint.' }));
  t.teardown(server.close);
  const provider = createModelProvider({ model: 'openai', openai: { baseURL: server.baseURL, apiKey: 'k', model: 'llama3' }, retry: { retries: 0 } });
  t.is(provider.name, 'openai');
  const result = await provider.step(stageInput('mind', 0, { brief: 'Summarize the meeting' }), [], [], new AbortController().signal);
  t.true(result.kind === 'final' && result.output.content === 'From the endpoint.');
  t.is(server.requests[0]!.model, 'llama3');
});
