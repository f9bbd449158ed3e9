import type { GroupCommitDeps } from './types.js';
import { writeTick, type TickUnit } from './writeTick.js';

/**
 * Poison isolation: stops an actor whose rows can never be stored, marks its row `error` and
 * writes its definition's `failed()` rows (with their events, published after commit) in a
 * transaction of their own, then tells the definition (`onFailed`). A failure here is reported,
 * never thrown: the host goes on with the other actors.
 */
export async function isolateActor(deps: Pick<GroupCommitDeps, 'db' | 'repos' | 'writers' | 'eventBus' | 'onError' | 'liveActor' | 'release' | 'fence'>, id: string, error: unknown, now: string): Promise<void> {
  const entry = deps.liveActor(id);
  const reason = error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 500) : String(error).slice(0, 500);
  deps.onError(error, `actor ${id} could not be stored; it is stopped and marked failed`);
  if (!entry) return;
  const snapshot = entry.getSnapshot();
  deps.release(id);
  const rows = entry.def.failed?.(snapshot, reason, now) ?? {};
  try {
    const unit: TickUnit = { actorId: id, snapshot: null, rows };
    await deps.db.transaction(async (trx) => {
      // Fenced (another process holds the actor now): its failure is not this copy's to write.
      await writeTick(deps.repos, deps.writers, [unit], trx, deps.fence);
      if (!unit.fenced) await deps.repos.actors.markFailed([id], now, trx);
    });
    if (!unit.fenced) deps.eventBus.publish(rows.events ?? []);
  } catch (failure) {
    deps.onError(failure, `the failure of actor ${id} could not be stored either`);
  }
  entry.def.onFailed?.(id, snapshot);
}
