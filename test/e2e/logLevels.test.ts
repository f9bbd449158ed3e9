import { onEveryBackend } from '../helpers/backends.js';
import { capturedLogger } from '../helpers/capturedLogger.js';
import { until } from '../helpers/until.js';

// Issue 25 (Must have 11): error level is for what an operator must act on. Stopping the service
// while outcomes run (their last writes fenced or refused by the stopped host) is designed.
onEveryBackend((backend) => {
  backend.test('stopping the service while outcomes run logs nothing at error level', async (t) => {
    const captured = capturedLogger();
    const server = await backend.start({ CREWD_LOCAL_MODEL_DELAY_MS: '30' }, { logger: captured.logger });
    const ids: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const deployed = await server.call('POST', '/v1/crews/writer/deploy', { body: { brief: `Write a short note about bicycle care, part ${i}` } });
      t.is(deployed.status, 201);
      ids.push(deployed.body.outcome_id);
    }
    // Mid-run: every outcome has started its stages (and none has finished).
    await until(async () => {
      const kinds = await Promise.all(ids.map(async (id) => (await server.runtime.repos.events.listForOutcome(id)).map((event) => event.kind)));
      return kinds.every((list) => list.includes('crew.agent_started')) ? true : undefined;
    }, 'every outcome to start');
    await server.close();
    const errors = captured.lines.filter((line) => (line.level as number) >= 50);
    t.deepEqual(errors.map((line) => line.msg), [], 'no error-level line');
  });
});
