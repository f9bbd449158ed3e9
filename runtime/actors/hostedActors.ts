import { createActor, fromTransition, type Actor, type AnyActorRef, type AnyStateMachine, type InputFrom, type Snapshot } from 'xstate';
import type { ActorRow } from '../../storage/repositories/actors.js';

/** Makes the host's actors: each a root actor of its own, all of them in ONE xstate system. */
export interface HostedActors {
  /** A new actor of `logic` that will begin from `input`. */
  create<TLogic extends AnyStateMachine>(logic: TLogic, input: InputFrom<TLogic>): Actor<TLogic>;
  /** A stored actor of `logic`: from its persisted snapshot (already durable) or, before its first write, from its input. */
  revive(logic: AnyStateMachine, row: Pick<ActorRow, 'snapshot' | 'input'>): Actor<AnyStateMachine>;
}

/**
 * xstate gives every root actor a system of its own (`createSystem`: 15 closures, two Maps, a
 * WeakMap, a Set and five objects, about 1.9 KB), and the host keeps thousands of outcome actors
 * live, each a root (issue 30 item 4: heap per live outcome). The only way xstate offers into an
 * existing system is the `parent` option, so each actor is made with one inert anchor as its
 * parent and is then made a root again (`_parent`, a public field of `Actor`, cleared at once):
 * it stops with `stop()`, reports its errors and completion to its own observers only, and starts
 * the way a root does. What the actors share is only what a system holds: the session id counter
 * (already global in xstate), the registry of running actors by session id (one Map entry each),
 * `systemId` keys (the host's machines set none) and the delayed-event scheduler (the host's
 * machines schedule none: durable timers live in the store; a root's start re-arms the system's
 * delayed events, so with some scheduled there each start would arm them again).
 * test/runtime/actors/hostedActors.test.ts pins each of these.
 */
export function createHostedActors(): HostedActors {
  // Never started and never sent anything: it only carries the system every hosted actor joins.
  const anchor: AnyActorRef = createActor(fromTransition((state: null) => state, null));
  function rooted<TLogic extends AnyStateMachine>(actor: Actor<TLogic>): Actor<TLogic> {
    actor._parent = undefined;
    return actor;
  }
  return {
    create: (logic, input) => rooted(createActor(logic, { input, parent: anchor })),
    // The stored JSON is the persisted snapshot (or input) of this very machine: decoded, not checked.
    revive: (logic, row) =>
      rooted(row.snapshot ? createActor(logic, { snapshot: row.snapshot as Snapshot<unknown>, parent: anchor }) : createActor(logic, { input: row.input, parent: anchor })),
  };
}
