import type { GroupCommitDeps } from './types.js';
import { writeTick } from './writeTick.js';

/**
 * Poison isolation: stops an actor whose rows can never be stored, marks its row `error` and
 * writes its definition's `failed()` rows (with their events, published after commit) in a
 * transaction of their own, then tells the definition (`onFailed`). A failure here is reported,
 * never thrown: the host goes on with the other actors.
 */
export async function isolateActor(deps: Pick<GroupCommitDeps, 'db' | 'repos' | 'eventBus' | 'onError' | 'liveActor' | 'release'>, id: string, error: unknown, now: string): Promise<void> {
  const entry = deps.liveActor(id);
  const reason = error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 500) : String(error).slice(0, 500);
  deps.onError(error, `actor ${id} could not be stored; it is stopped and marked failed`);
  if (!entry) return;
  const snapshot = entry.getSnapshot();
  deps.release(id);
  const rows = entry.def.failed?.(snapshot, reason, now) ?? {};
  try {
    await deps.db.transaction(async (trx) => {
      await deps.repos.actors.markFailed([id], now, trx);
      await writeTick(deps.repos, [{ actorId: id, snapshot: null, rows }], trx);
    });
    deps.eventBus.publish(rows.events ?? []);
  } catch (failure) {
    deps.onError(failure, `the failure of actor ${id} could not be stored either`);
  }
  entry.def.onFailed?.(id, snapshot);
}
