import { enqueueActions, setup } from 'xstate';

/**
 * A batch deploy (DESIGN section 5): every entry has its outcome from the start; an entry whose
 * dependencies all completed is released with their content as context; a failed dependency
 * fails its dependents, transitively (`dependency_failed`).
 *
 *   running -> done (status completed when every entry completed, else failed)
 *
 * Pure. The runtime fills two action slots: `releaseOutcome` (send RELEASE to a held outcome)
 * and `failOutcome` (send DEPENDENCY_FAILED). OUTCOME_SETTLED may arrive twice for the same
 * outcome (a restore reconciles from the database): a settled entry ignores it.
 */

export interface WorkflowEntryInput {
  outcomeId: string;
  crewId: string;
  /** Outcome ids this entry waits for. */
  dependsOn: string[];
}

export interface WorkflowInput {
  workflowId: string;
  workspaceId: string;
  name: string;
  createdAt: string;
  entries: WorkflowEntryInput[];
}

export type WorkflowEntryStatus = 'waiting' | 'running' | 'completed' | 'failed';

export interface WorkflowContext {
  workflowId: string;
  workspaceId: string;
  name: string;
  createdAt: string;
  completedAt: string | null;
  entries: Array<WorkflowEntryInput & { status: WorkflowEntryStatus }>;
}

export type WorkflowEvent = { type: 'OUTCOME_SETTLED'; outcomeId: string; status: 'completed' | 'failed'; at: string };

type Entries = WorkflowContext['entries'];

/** Settles `outcomeId` and works out who can start and who must fail because of it. */
export function settle(entries: Entries, outcomeId: string, status: 'completed' | 'failed') {
  const next = entries.map((entry) => ({ ...entry }));
  const target = next.find((entry) => entry.outcomeId === outcomeId);
  const released: Array<{ outcomeId: string; dependencies: string[] }> = [];
  const failed: Array<{ outcomeId: string; dependency: string }> = [];
  if (!target || target.status === 'completed' || target.status === 'failed') return { entries: next, released, failed, changed: false };
  target.status = status;
  // Failures spread through dependents until nothing changes.
  let spreading = true;
  while (spreading) {
    spreading = false;
    for (const entry of next) {
      if (entry.status !== 'waiting') continue;
      const broken = entry.dependsOn.find((id) => next.find((other) => other.outcomeId === id)?.status === 'failed');
      if (broken) {
        entry.status = 'failed';
        failed.push({ outcomeId: entry.outcomeId, dependency: broken });
        spreading = true;
      }
    }
  }
  for (const entry of next) {
    if (entry.status !== 'waiting') continue;
    if (entry.dependsOn.every((id) => next.find((other) => other.outcomeId === id)?.status === 'completed')) {
      entry.status = 'running';
      released.push({ outcomeId: entry.outcomeId, dependencies: entry.dependsOn });
    }
  }
  return { entries: next, released, failed, changed: true };
}

export const workflowMachine = setup({
  types: {
    input: {} as WorkflowInput,
    context: {} as WorkflowContext,
    events: {} as WorkflowEvent,
  },
  actions: {
    releaseOutcome: (_, _params: { outcomeId: string; dependencies: string[] }) => {},
    failOutcome: (_, _params: { outcomeId: string; dependency: string }) => {},
  },
  guards: {
    allSettled: ({ context }) => context.entries.every((entry) => entry.status === 'completed' || entry.status === 'failed'),
  },
}).createMachine({
  id: 'workflow',
  context: ({ input }) => ({
    workflowId: input.workflowId,
    workspaceId: input.workspaceId,
    name: input.name,
    createdAt: input.createdAt,
    completedAt: null,
    entries: input.entries.map((entry) => ({ ...entry, status: entry.dependsOn.length === 0 ? ('running' as const) : ('waiting' as const) })),
  }),
  initial: 'running',
  states: {
    running: {
      always: { guard: 'allSettled', target: 'done' },
      on: {
        OUTCOME_SETTLED: {
          actions: enqueueActions(({ context, event, enqueue }) => {
            const outcome = settle(context.entries, event.outcomeId, event.status);
            if (!outcome.changed) return;
            const settledAll = outcome.entries.every((entry) => entry.status === 'completed' || entry.status === 'failed');
            enqueue.assign({ entries: outcome.entries, ...(settledAll ? { completedAt: event.at } : {}) });
            for (const failed of outcome.failed) enqueue({ type: 'failOutcome', params: failed });
            for (const released of outcome.released) enqueue({ type: 'releaseOutcome', params: released });
          }),
        },
      },
    },
    done: {},
  },
});

export type WorkflowMachine = typeof workflowMachine;

/** completed when every entry completed; failed when any failed (read from a `done` snapshot). */
export function workflowStatus(value: string, context: WorkflowContext): 'running' | 'completed' | 'failed' {
  if (value !== 'done') return 'running';
  return context.entries.every((entry) => entry.status === 'completed') ? 'completed' : 'failed';
}
