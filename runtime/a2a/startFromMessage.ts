import type { Message } from '@a2a-js/sdk';
import { RequestMalformedError, TaskNotFoundError, UnsupportedOperationError } from '@a2a-js/sdk/errors';
import { deployBody, reviseBody } from '../../schemas/outcomes.js';
import { decisionBody } from '../../schemas/approvals.js';
import type { OutcomeRow } from '../../storage/repositories/outcomes.js';
import type { JsonSchema } from '../../schemas/types.js';
import type { DecisionRequest } from '../../schemas/approvals.js';
import type { AuthenticatedKey } from '../auth/keyService.js';
import { isCrewId, type CrewId } from '../../crews/index.js';
import type { DeployRequest, ReviseRequest } from '../../schemas/outcomes.js';
import type { A2aDeps } from './a2aDeps.js';
import { inA2aTerms } from './a2aErrors.js';
import { decisionOf, dataOf, textOf } from './messageIntent.js';
import { isSettled, pendingActionOf, taskStateOf } from './outcomeTask.js';

/** What a message started: the outcome to follow, and when following it may stop. */
export interface Started {
  outcomeId: string;
  /** Whether this row answers the message (the deploy, revision or decision has played out). */
  done(row: OutcomeRow): boolean;
}

/** `value` as the request type its schema describes, or RequestMalformed with the REST 400's words. */
function checked<T>(deps: A2aDeps, schema: JsonSchema, value: unknown, what: string): T {
  const problem = deps.problemOf(schema, value);
  if (problem) throw new RequestMalformedError(`${what}: ${problem}`);
  return value as T;
}

/** A new task: the text is the brief, a data part adds what the deploy route takes. */
async function deploy(deps: A2aDeps, key: AuthenticatedKey, fixedCrew: CrewId | undefined, message: Message): Promise<Started> {
  const { crew: named, ...values } = dataOf(message);
  const crew = fixedCrew ?? (message.metadata?.crew as unknown) ?? named;
  if (typeof crew !== 'string' || !isCrewId(crew)) throw new RequestMalformedError(`Name the crew: metadata.crew must be one of writer, mind, pilot (got ${JSON.stringify(crew ?? null)}); or send to /a2a/{crew}.`);
  const text = textOf(message);
  const body = { ...values, ...(values.brief === undefined && text ? { brief: text } : {}) };
  const request = checked<DeployRequest>(deps, deployBody, body, 'The message is not a deploy (text = brief, data part = POST /v1/crews/{crew}/deploy fields)');
  const deployed = await inA2aTerms(() => deps.engine.deploy(key.workspace, crew, request));
  return { outcomeId: deployed.id, done: (row) => isSettled(taskStateOf(row)) };
}

/** A message to a completed task: a revision, the text being the feedback. */
async function revise(deps: A2aDeps, key: AuthenticatedKey, row: OutcomeRow, message: Message): Promise<Started> {
  const text = textOf(message);
  const values = dataOf(message);
  const body = { ...values, ...(values.feedback === undefined && text ? { feedback: text } : {}) };
  const request = checked<ReviseRequest>(deps, reviseBody, body, 'A message to a completed task asks for a revision (text = feedback)');
  const revision = await inA2aTerms(() => deps.engine.revise(key.workspace, row.id, request));
  // The accepted revision moved the outcome (revision_requested, a new updated_at) before revise()
  // answered; it is over once the outcome settles again, whether the revision completed or failed.
  const moved = (current: OutcomeRow) => current.updated_at !== row.updated_at || current.revision_id === revision.id;
  return { outcomeId: row.id, done: (current) => moved(current) && current.status !== 'revision_requested' && isSettled(taskStateOf(current)) };
}

/** A message to a task in input-required: the decision on its pending action. */
async function decide(deps: A2aDeps, key: AuthenticatedKey, row: OutcomeRow, message: Message): Promise<Started> {
  const action = pendingActionOf(row)!;
  const decision = decisionOf(message);
  if (!decision) throw new RequestMalformedError(`Task ${row.id} waits for approval of "${action.summary ?? action.kind}": answer "approve" or "reject" (a comment may follow), or send a data part {"decision":"approve"|"reject","comment"?,"content"?}.`);
  const request = checked<DecisionRequest>(deps, decisionBody, decision, 'The decision');
  const decide = deps.decide;
  if (!decide) throw new UnsupportedOperationError('Approvals are not available on this server.');
  await inA2aTerms(() => decide(key, row.id, action.id, request));
  return { outcomeId: row.id, done: (current) => pendingActionOf(current)?.id !== action.id && isSettled(taskStateOf(current)) };
}

/**
 * What a message does (docs/a2a.md): without a task id it deploys a crew; to a task in
 * input-required it decides the pending action; to a completed task it asks for a revision. A
 * message to a task still working, or failed, is refused: there is nothing it could change.
 * A task of another workspace, or of another crew's agent, is not found.
 */
export async function startFromMessage(deps: A2aDeps, key: AuthenticatedKey, crew: CrewId | undefined, message: Message | undefined): Promise<Started> {
  if (!message || message.parts.length === 0) throw new RequestMalformedError('Send a message with at least one part: the brief as text.');
  const taskId = message.taskId || message.contextId;
  if (!taskId) return deploy(deps, key, crew, message);
  const row = await deps.outcomes.get(key.workspace.id, taskId);
  if (!row || (crew && row.crew !== crew)) throw new TaskNotFoundError(`Task ${taskId} was not found for this agent in the key's workspace; omit taskId and contextId to start a new task.`);
  if (pendingActionOf(row)) return decide(deps, key, row, message);
  if (row.status === 'completed') return revise(deps, key, row, message);
  throw new UnsupportedOperationError(`Task ${row.id} is ${row.status === 'failed' ? 'failed (retry it with POST /v1/outcomes/{id}/retry)' : 'still working'}; a message can only revise a completed task or answer one in input-required.`);
}
