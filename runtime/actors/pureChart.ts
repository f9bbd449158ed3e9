import {
  createActor,
  type AnyActorScope,
  type AnyStateMachine,
  type EventFromLogic,
  type ExecutableActionObject,
  type InputFrom,
  type Snapshot,
  type SnapshotFrom,
} from 'xstate';

/** One step of a chart run without a live actor: where it went, and what it asks to be done. */
export interface PureStep<TLogic extends AnyStateMachine> {
  snapshot: SnapshotFrom<TLogic>;
  /** The step's actions, in order, not yet run: the caller executes them (`executeActions`). */
  actions: ExecutableActionObject[];
}

/**
 * A machine's chart as pure steps (xstate's `initialTransition` / `transition`), for actors of
 * which nothing waits inside xstate between steps: no invoked or spawned actor, no delayed event.
 * The host records each step (`MachineHandle.record`) like a live actor's transition.
 *
 * Invariants: every step is synchronous and returns its actions unrun; a step that asks for a
 * built-in action only a live actor can honour (spawning, sending, emitting, cancelling, logging)
 * throws, so a chart that grows one fails loudly instead of losing it. Not reentrant: an action is
 * executed after its step returned, never during it.
 */
export interface PureChart<TLogic extends AnyStateMachine> {
  /** The chart's first step for `input` (its initial state and the eventless moves after it). */
  initial(input: InputFrom<TLogic>): PureStep<TLogic>;
  /** The step `event` makes from `snapshot`. */
  next(snapshot: SnapshotFrom<TLogic>, event: EventFromLogic<TLogic>): PureStep<TLogic>;
  /** A snapshot as `getPersistedSnapshot` stored it (decoded JSON), made steppable again. */
  restore(persisted: Snapshot<unknown>): SnapshotFrom<TLogic>;
}

/**
 * Builds the pure steps of `logic` on ONE inert actor scope, made once. xstate's exported
 * `transition(logic, snapshot, event)` builds such a scope on every call, and building it creates
 * an actor, which computes the machine's whole initial snapshot: about 40 µs per call for the
 * webhook delivery chart, more than the step itself. Here each step only swaps the scope's
 * `actionExecutor` to collect its actions (what xstate's own `transition` does, minus the actor).
 */
export function createPureChart<TLogic extends AnyStateMachine>(typedLogic: TLogic): PureChart<TLogic> {
  const logic: AnyStateMachine = typedLogic;
  // The scope's `self` is never started: nothing can be sent to it, and a chart run this way has no
  // child that could. (Building it computes one initial snapshot without input; a context that
  // needs input makes that one an error snapshot, which is never used.)
  const self = createActor(logic);
  let collected: ExecutableActionObject[] = [];
  const scope: AnyActorScope = {
    self,
    id: '',
    sessionId: '',
    logger: () => {},
    defer: () => {},
    emit: () => {},
    system: self.system,
    stopChild: () => {},
    actionExecutor: (action) => {
      collected.push(action);
    },
  };

  function collect(run: () => SnapshotFrom<AnyStateMachine>): PureStep<AnyStateMachine> {
    collected = [];
    const snapshot = run();
    const actions = collected;
    collected = [];
    for (const action of actions) {
      if (action.type.startsWith('xstate.')) throw new Error(`${logic.id}: a pure step asked for ${action.type}, which needs a live actor`);
    }
    return { snapshot, actions };
  }

  const chart: PureChart<AnyStateMachine> = {
    initial: (input) => collect(() => logic.getInitialSnapshot(scope, input)),
    next: (snapshot, event) => collect(() => logic.transition(snapshot, event, scope)),
    restore: (persisted) => logic.restoreSnapshot(persisted, scope),
  };
  // Every snapshot and event here is `typedLogic`'s own: the one place its types come back.
  return chart as PureChart<TLogic>;
}

/** Runs a step's actions in order, with the implementations the machine was provided with. */
export function executeActions(actions: readonly ExecutableActionObject[]): void {
  for (const action of actions) action.exec?.(action.info, action.params);
}
