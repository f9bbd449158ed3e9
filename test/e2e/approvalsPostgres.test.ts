import { createPostgresDatabase, postgresTest } from '../helpers/postgres.js';
import { startServer } from '../helpers/server.js';
import { deploy, waitForAction, waitForSettled } from './approvalsHelpers.js';

// On Postgres the pool reads on other connections than the one committing: the draft an approval
// shows is read only after the tick that stores it (runtime/approvals/approvalSlots.ts `committed`).
postgresTest('on Postgres the approval preview shows the draft the last stage wrote, for each outcome of a burst', async (t) => {
  const pg = await createPostgresDatabase();
  t.teardown(() => pg.drop());
  const server = await startServer({ CREWD_DATABASE_URL: pg.url });
  t.teardown(() => server.close());
  const ids = await Promise.all(
    ['raised vegetable beds', 'composting at home', 'watering in a dry summer', 'saving tomato seeds'].map((topic) =>
      deploy(server, { brief: `Write a blog post about ${topic}`, integrations: { save_to_drive: true }, approvals: { before_integrations: true } }),
    ),
  );
  for (const id of ids) {
    const action = (await waitForAction(server, id)).pending_action;
    t.is(action.kind, 'approve_integrations');
    t.true(action.preview.content.length > 50, `the preview of ${id} holds the draft`);
    t.regex(action.summary, /^Publish "[^"]+" with drive/);
    const decided = await server.call('POST', `/v1/outcomes/${id}/actions/${action.id}`, { body: { decision: 'approve' } });
    t.is(decided.status, 200);
    const done = await waitForSettled(server, id);
    t.is(done.status, 'completed');
    t.is(done.result.content, action.preview.content, 'what was approved is what was published');
  }
});
