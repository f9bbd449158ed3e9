import type { Actor, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
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

/** An actor the host runs, with what it needs to record its transitions. */
export interface LiveActor {
  id: string;
  def: HostedDefinition;
  actor: Actor<AnyStateMachine>;
  createdAt: string;
  last: AnyMachineSnapshot | undefined;
  /** False while a restored actor replays its stored (already durable) snapshot. */
  recording: boolean;
  unsubscribe: () => void;
}

/**
 * Records a live actor's work into the group commit: each emitted spec event becomes an event
 * row of its tick, each transition (while recording) marks it dirty and calls the definition's
 * `onTransition` with the previous snapshot. Returns the unsubscribe function.
 */
export function followActor(entry: LiveActor, commits: Pick<GroupCommit, 'touch' | 'closed'>, onError: (error: unknown, message: string) => void): () => void {
  const { id, def, actor } = entry;
  const onEmitted = actor.on('event', (emitted: EmittedEvent) => {
    const snapshot = actor.getSnapshot();
    commits.touch(id).events.push({
      id: eventId(id, emitted.sequence),
      workspace_id: def.workspaceOf(snapshot) ?? '',
      outcome_id: id,
      sequence: emitted.sequence,
      kind: emitted.event,
      timestamp: emitted.timestamp,
      data: emitted.data,
    });
  });
  const subscription = actor.subscribe({
    next: (snapshot) => {
      if (commits.closed) return;
      const previous = entry.last;
      entry.last = snapshot;
      if (!entry.recording) return;
      commits.touch(id).dirty = true;
      def.onTransition?.(id, snapshot, previous);
    },
    error: (error) => {
      onError(error, `actor ${id} (${def.name}) failed`);
      commits.touch(id).dirty = true;
    },
  });
  return () => {
    onEmitted.unsubscribe();
    subscription.unsubscribe();
  };
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
