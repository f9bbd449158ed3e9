import type { TestServer } from '../helpers/server.js';
import { teamId, tokens } from '../fixtures/chatTeam.js';
import { until } from '../helpers/until.js';

/** Configures the fixture team in the server's default workspace. */
export async function configure(server: TestServer, configuration: Record<string, unknown> = {}, key?: string) {
  const response = await server.call('POST', '/api/chat/integrations/chat/configure', { body: { access_token: tokens.good, team_id: teamId, configuration }, ...(key ? { key } : {}) });
  if (response.status !== 200) throw new Error(`configure: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** Starts a sync and polls the status until it is no longer running; returns the status. */
export async function syncAndWait(server: TestServer, initial: boolean, key?: string): Promise<any> {
  const started = await server.call('POST', '/api/chat/integrations/chat/sync', { body: { team_id: teamId, initial_sync: initial }, ...(key ? { key } : {}) });
  if (started.status !== 200) throw new Error(`sync: ${started.status} ${JSON.stringify(started.body)}`);
  return waitIdle(server, key);
}

export async function waitIdle(server: TestServer, key?: string): Promise<any> {
  return until(async () => {
    const status = await server.call('GET', `/api/chat/integrations/chat/status?team_id=${teamId}`, key ? { key } : {});
    if (status.status !== 200) throw new Error(`status: ${status.status} ${JSON.stringify(status.body)}`);
    return status.body.running ? undefined : status.body;
  }, 'the chat sync idle');
}

export function countOf(status: any, channelId: string): number {
  return status.channels.find((channel: any) => channel.channel_id === channelId)?.message_count ?? 0;
}
