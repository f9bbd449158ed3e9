import test from 'ava';
import { startServer } from '../helpers/server.js';

test("the configure body's top-level chat fields are the chat plugin's (manifest.configureFields); another integration refuses them naming the field", async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const chat = await server.call('POST', '/v1/integrations/chat/configure', { body: { channel: '#eng', notify_on_completion: true } });
  t.is(chat.status, 200, JSON.stringify(chat.body));
  const listed = await server.call('GET', '/v1/integrations');
  const entry = listed.body.integrations.find((integration: { id: string }) => integration.id === 'chat');
  t.like(entry.settings, { channel: '#eng', notify_on_completion: true });
  const code = await server.call('POST', '/v1/integrations/code/configure', { body: { channel: '#eng' } });
  t.is(code.status, 400);
  t.like(code.body.error, { code: 'invalid_request', message: "Field 'channel' applies to the chat integration only.", details: { field: 'channel', reason: 'unknown_field' } });
});
