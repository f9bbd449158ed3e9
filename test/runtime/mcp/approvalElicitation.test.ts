import test from 'ava';
import { createValidators } from '../../../http/validation.js';
import { approvalElicitation, decisionOfAnswer, pendingActionOf } from '../../../runtime/mcp/approvalElicitation.js';
import type { OutcomeRow } from '../../../storage/repositories/outcomes.js';
import type { JsonSchema } from '../../../schemas/types.js';

const validators = createValidators();
/** The REST layer's own check, as http/routes/mcpCore.ts hands it to the MCP server. */
const deps = {
  problemOf(schema: JsonSchema, value: unknown) {
    try {
      validators.body(schema)(value);
      return undefined;
    } catch (error) {
      return (error as Error).message;
    }
  },
};

const action = { id: 'act_abc123', kind: 'approve_result', summary: 'The blog post is ready to publish.', preview: { content: `# Title\n\n${'word '.repeat(2000)}` } };

test('the question is a form with the decision body of the REST route, showing the content it asks about', (t) => {
  const form = approvalElicitation(action);
  t.is(form.mode, 'form');
  t.deepEqual(form.requestedSchema.required, ['decision']);
  t.deepEqual(Object.keys(form.requestedSchema.properties), ['decision', 'comment', 'content']);
  t.true(form.message.includes('act_abc123'));
  t.true(form.message.includes('# Title'));
  // A long result is cut in the question; the outcome keeps the whole text.
  t.regex(form.message, /more characters; the outcome shows the whole text/);
  // Integrations are approved or not: there is no result to edit.
  t.false('content' in approvalElicitation({ ...action, kind: 'approve_integrations', preview: {} }).requestedSchema.properties);
});

test('accept carries the decision, decline is a reject, cancel decides nothing, a bad form is refused in the REST words', (t) => {
  t.deepEqual(decisionOfAnswer(deps, { action: 'accept', content: { decision: 'approve', comment: 'ok', content: '' } }), { decision: 'approve', comment: 'ok' });
  t.like(decisionOfAnswer(deps, { action: 'decline' }), { decision: 'reject' });
  t.is(decisionOfAnswer(deps, { action: 'cancel' }), undefined);
  t.throws(() => decisionOfAnswer(deps, { action: 'accept', content: { decision: 'maybe' } }), { message: /not a decision: .*decision/ });
  t.throws(() => decisionOfAnswer(deps, { action: 'accept', content: {} }), { message: /decision/ });
});

test('only a processing outcome with a pending action asks', (t) => {
  const row = (status: string, pending: unknown) => ({ status, pending_action: pending }) as OutcomeRow;
  t.is(pendingActionOf(row('processing', action))?.id, 'act_abc123');
  t.is(pendingActionOf(row('completed', action)), undefined);
  t.is(pendingActionOf(row('processing', null)), undefined);
});
