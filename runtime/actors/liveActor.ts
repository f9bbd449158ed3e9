import type { Actor, AnyMachineSnapshot, AnyStateMachine, Observer, Subscription } from 'xstate';
import { eventId } from './eventId.js';
import type { GroupCommit } from './groupCommit.js';
import type { EmittedEvent, HostedDefinition } from './machineDefinition.js';
import { stateValueString } from './stateValueString.js';

/** A live actor for operators. */
export interface LiveActorView {
  id: string;
  machine: string;
  workspace_id: string | null;
  state: string;
  status: string;
  age_seconds: number;
  created_at: string;
}

/**
 * An actor the host runs, with what it needs to record its transitions: it follows the actor
 * (`follow`) and records its work into the group commit. Each emitted spec event becomes an event
 * row of its tick; each transition (while recording) marks it dirty and calls the definition's
 * `onTransition` with the previous snapshot.
 *
 * A class, not a closure per actor, because thousands are live at once: the observer is this
 * object and its methods live on the prototype. Under tsx (esbuild's keepNames) every named
 * closure made per actor (`next: (snapshot) => ...`) also got its own `name` property, which
 * moves the function to dictionary properties; with the bound copies xstate makes of an
 * observer's methods that was about 1 KB per live outcome (docs/benchmarks.md, issue 30).
 */
export class LiveActor implements Observer<AnyMachineSnapshot> {
  last: AnyMachineSnapshot | undefined = undefined;
  private emitted: Subscription | undefined;
  private subscription: Subscription | undefined;

  constructor(
    readonly id: string,
    readonly def: HostedDefinition,
    readonly actor: Actor<AnyStateMachine>,
    readonly createdAt: string,
    /** False while a restored actor replays its stored (already durable) snapshot. */
    public recording: boolean,
    private readonly commits: Pick<GroupCommit, 'touch' | 'closed'>,
    private readonly onError: (error: unknown, message: string) => void,
  ) {}

  /** Starts recording the actor's emitted events and transitions (before `actor.start()`). */
  follow(): void {
    this.emitted = this.actor.on('event', (emitted: EmittedEvent) => this.record(emitted));
    this.subscription = this.actor.subscribe(this);
  }

  /** Stops recording (the actor is dropped). */
  unsubscribe(): void {
    this.emitted?.unsubscribe();
    this.subscription?.unsubscribe();
  }

  next(snapshot: AnyMachineSnapshot): void {
    if (this.commits.closed) return;
    const previous = this.last;
    this.last = snapshot;
    if (!this.recording) return;
    this.commits.touch(this.id).dirty = true;
    this.def.onTransition?.(this.id, snapshot, previous);
  }

  error(error: unknown): void {
    this.onError(error, `actor ${this.id} (${this.def.name}) failed`);
    this.commits.touch(this.id).dirty = true;
  }

  private record(emitted: EmittedEvent): void {
    const snapshot = this.actor.getSnapshot();
    this.commits.touch(this.id).events.push({
      id: eventId(this.id, emitted.sequence),
      workspace_id: this.def.workspaceOf(snapshot) ?? '',
      outcome_id: this.id,
      sequence: emitted.sequence,
      kind: emitted.event,
      timestamp: emitted.timestamp,
      data: emitted.data,
    });
  }
}

/** What operators see of an actor in memory at `now` (ms): live, or run by pure steps. */
export function actorView(id: string, def: HostedDefinition, snapshot: AnyMachineSnapshot, createdAt: string, now: number): LiveActorView {
  return {
    id,
    machine: def.name,
    workspace_id: def.workspaceOf(snapshot),
    state: stateValueString(snapshot.value),
    status: snapshot.status,
    age_seconds: Math.max(0, Math.round((now - Date.parse(createdAt)) / 1000)),
    created_at: createdAt,
  };
}
