import type { ActorHost } from '../actors/actorHost.js';
import { mergeTickRows, type TickRows } from '../actors/tickRows.js';
import type { LiveDelivery } from './liveDelivery.js';
import type { LiveDeliveries } from './liveDeliveries.js';

/**
 * The first-attempt shortcut's writes (firstAttemptShortcut.ts): the rows of the deliveries whose
 * first attempt succeeded in one turn of the event loop go to the host as one `commit` group, one
 * group per burst of answers rather than one per delivery. Once it committed, those deliveries
 * leave memory (`live.finish`) and `changed` is called once for the group.
 *
 * An UPDATE of existing rows has no constraint to break, so a group the host cannot store is not
 * expected; if it happens, its deliveries leave memory with the error, stay `scheduled`, and
 * recovery sends them again: at-least-once.
 */
export interface SucceededCommits {
  /** Queues `entry`'s rows for this turn's group. */
  add(entry: LiveDelivery, rows: TickRows): void;
}

export function createSucceededCommits(options: { actors: Pick<ActorHost, 'commit'>; live: LiveDeliveries; changed(): void }): SucceededCommits {
  const { live } = options;
  let group: { entries: LiveDelivery[]; rows: TickRows } | null = null;

  function open(): { entries: LiveDelivery[]; rows: TickRows } {
    const current: { entries: LiveDelivery[]; rows: TickRows } = { entries: [], rows: {} };
    setImmediate(() => {
      group = null;
      options.actors.commit(current.rows).then(
        () => {
          for (const done of current.entries) live.finish(done, false);
          options.changed();
        },
        (error: Error) => current.entries.forEach((done) => live.leave(done, error)),
      );
    });
    return current;
  }

  return {
    add(entry, rows) {
      group ??= open();
      group.entries.push(entry);
      mergeTickRows(group.rows, rows);
    },
  };
}
