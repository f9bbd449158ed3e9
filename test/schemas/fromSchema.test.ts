import test from 'ava';
import { createValidators } from '../../http/validation.js';
import { decisionBody, workspacePatchBody, type DecisionRequest, type WorkspacePatchRequest } from '../../schemas/approvals.js';
import { deployBody, reviseBody, type DeployRequest, type ReviseRequest } from '../../schemas/outcomes.js';
import { connectBody, type ConnectRequest } from '../../schemas/tools.js';

// The request types are FromSchema<typeof schema> (issue 28). tsc checks the `@ts-expect-error`
// lines below: were a type to decay to `unknown` (a part annotated `: JsonSchema`), they would
// stop being errors and the typecheck would fail. The runtime half checks ajv agrees with the type.

test('a body written to its schema-derived type passes that schema', (t) => {
  const validators = createValidators();
  const deploy: DeployRequest = { brief: 'Write about the tides of the North Sea.', context_documents: ['notes'], requirements: { tone: 'dry' }, approvals: { on_expiry: 'approve', expires_in_hours: 2 } };
  const revise: ReviseRequest = { feedback: 'Shorter, please.', priority: 'high' };
  const decision: DecisionRequest = { decision: 'approve', comment: 'ok' };
  const patch: WorkspacePatchRequest = { approvals: null };
  const connect: ConnectRequest = { server_type: 'custom', server_name: 'docs', params: { url: 'https://mcp.example.com', args: ['a'] }, credentials: { token: 't' } };
  t.notThrows(() => validators.body(deployBody)(deploy));
  t.notThrows(() => validators.body(reviseBody)(revise));
  t.notThrows(() => validators.body(decisionBody)(decision));
  t.notThrows(() => validators.body(workspacePatchBody)(patch));
  t.notThrows(() => validators.body(connectBody)(connect));
});

test('what a schema refuses, its derived type refuses too', (t) => {
  const validators = createValidators();
  // @ts-expect-error `brief` is required
  const noBrief: DeployRequest = { context: 'Some context.' };
  // @ts-expect-error `decision` is approve or reject
  const maybe: DecisionRequest = { decision: 'maybe' };
  // @ts-expect-error a strict object has no other fields
  const extra: ReviseRequest = { feedback: 'Shorter.', tone: 'dry' };
  // @ts-expect-error `on_expiry` is reject or approve
  const expiry: DeployRequest = { brief: 'Write about the tides.', approvals: { on_expiry: 'later' } };
  // @ts-expect-error `credentials` are strings
  const credentials: ConnectRequest = { server_type: 'custom', server_name: 'docs', credentials: { token: 1 } };
  t.throws(() => validators.body(deployBody)(noBrief), { message: /brief/ });
  t.throws(() => validators.body(decisionBody)(maybe), { message: /decision/ });
  t.throws(() => validators.body(reviseBody)(extra), { message: /tone/ });
  t.throws(() => validators.body(deployBody)(expiry), { message: /on_expiry/ });
  t.throws(() => validators.body(connectBody)(credentials), { message: /credentials/ });
});
