import test from 'ava';
import { Ajv } from 'ajv';
import { deliverableSchema } from '../../schemas/deliverables/index.js';
import { createLocalProvider } from '../../models/local/index.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { waitForOutcome } from './outcomesHelpers.js';

/**
 * Issue 26 over HTTP: the result carries the deliverable's data beside the Markdown
 * (`result.metadata.deliverable`, valid against its schema), whether it is grounded or an outline,
 * and what the model could not meet in `unmet_requirements` with the reason.
 */

let server: TestServer;
const validate = new Ajv({ strict: false }).compile(deliverableSchema);

test.before(async () => {
  server = await startServer({}, { modelProvider: createLocalProvider() });
});
test.after.always(async () => {
  await server?.close();
});

async function deployed(crew: string, body: Record<string, unknown>) {
  const response = await server.call('POST', `/v1/crews/${crew}/deploy`, { body });
  if (response.status !== 202 && response.status !== 201 && response.status !== 200) throw new Error(`deploy answered ${response.status}: ${JSON.stringify(response.body)}`);
  return waitForOutcome(server, response.body.outcome_id);
}

test('tickets asked with an estimate unit: data per ticket, and the estimates the material lacks reported unmet', async (t) => {
  const outcome = await deployed('pilot', {
    brief: 'Jira tickets for SMS appointment reminders',
    context: 'Patients get an SMS 24 hours before the appointment. Reception staff need to see who confirmed. Patients can reply C to confirm or R to reschedule (3 pts).',
    requirements: { estimate_unit: 'points' },
  });
  const { metadata, content } = outcome.result;
  t.true(validate(metadata.deliverable), JSON.stringify(validate.errors));
  t.is(metadata.deliverable.kind, 'ticket_set');
  t.is(metadata.draft_kind, 'grounded');
  t.is(metadata.deliverable.data.tickets.length, 3);
  t.deepEqual(metadata.deliverable.data.tickets[2].estimate, { value: 3, unit: 'points' });
  t.true(metadata.unmet_requirements.some((unmet: { requirement: string; reason: string }) => unmet.requirement === 'estimates' && /never guessed/.test(unmet.reason)), JSON.stringify(metadata.unmet_requirements));
  t.regex(content, /\*\*Acceptance criteria\*\*/);
});

test('a meeting summary from a chat export: action items as data with owner, task and due', async (t) => {
  const outcome = await deployed('mind', {
    brief: 'Summarize the dispatch chat and list action items',
    context: 'Maria Lopez  6:30 AM\nVan 7 has a flat tire, the Utrecht route is short one van.\nJan de Vries  6:45 AM\nI will send van 12 to cover Utrecht by Monday.\nMaria Lopez  6:50 AM\nWe decided to move the Amsterdam north stops to van 3.',
  });
  const { metadata } = outcome.result;
  t.true(validate(metadata.deliverable), JSON.stringify(validate.errors));
  t.is(metadata.deliverable.kind, 'meeting_summary');
  const jan = metadata.deliverable.data.action_items.find((item: { owner: string | null }) => item.owner === 'Jan de Vries');
  t.truthy(jan, JSON.stringify(metadata.deliverable.data.action_items));
  t.regex(jan.task, /van 12/);
  t.is(jan.due, 'Monday');
});
