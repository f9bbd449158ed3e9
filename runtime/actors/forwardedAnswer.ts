import type { ActorCommandRow } from '../../storage/repositories/actorCommands.js';
import { ServiceError } from '../errors.js';

/** A stored answer: the command's value, or the error a local command would have thrown. */
export type StoredAnswer =
  | { ok: true; value: unknown }
  | { ok: false; status: number; code: string; message: string; details: Record<string, unknown>; headers: Record<string, string> }
  | { ok: false; internal: string };

/**
 * The answer a forwarded command's failure is stored as (its row's `result`, as JSON): a
 * ServiceError keeps its status, code, message, details and headers, so the requester throws the
 * same error a local command would have; any other error is reported here (`onError`, on the
 * owning process) and kept as its message only.
 */
export function encodeFailure(error: unknown, onError: (error: unknown, message: string) => void): StoredAnswer {
  if (error instanceof ServiceError) return { ok: false, status: error.status, code: error.code, message: error.message, details: error.details, headers: error.headers };
  onError(error, 'a forwarded command failed');
  return { ok: false, internal: error instanceof Error ? error.message : String(error) };
}

/** The requester's side of `encodeFailure`: a done row's value, or the error it stands for (thrown). */
export function decodeAnswer(row: ActorCommandRow): unknown {
  const answer = JSON.parse(row.result ?? '{"ok":false,"internal":"no answer stored"}') as StoredAnswer;
  if (answer.ok) return answer.value;
  if ('internal' in answer) throw new Error(`the forwarded command ${row.kind} of ${row.actor_id} failed on the owning process: ${answer.internal}`);
  throw new ServiceError(answer.status, answer.code, answer.message, answer.details, answer.headers);
}
