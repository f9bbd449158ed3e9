import { assign, fromPromise, setup } from 'xstate';

/**
 * One agent working one stage of an outcome (DESIGN section 2):
 *
 *   working -> done | failed
 *   working: thinking <-> calling_tool   (model step, then the tool calls it asked for)
 *
 * Pure: no I/O, no clock reads. The runtime fills two actor slots with `.provide()`:
 * - `modelStep`: one model step for (outcome, step, attempt). It must be idempotent: a restored
 *   snapshot runs it again, so the runtime returns the stored output of a step that already
 *   finished, and stores a final output BEFORE resolving. It resolves `failed` (never rejects)
 *   when the model could not answer after its retries.
 * - `callTools`: runs the calls a step asked for, in order; a tool's own failure is a result with
 *   `isError`, which the model reads on its next step.
 * The loop is bounded by `maxSteps` model steps.
 */

export interface AgentInput {
  outcomeId: string;
  /** Stage index as a string, or the revision id while a revision runs. */
  stepKey: string;
  stageIndex: number;
  stage: string;
  agent: string;
  attempt: number;
  /** Time the agent was started (from the event that started it). */
  at: string;
  maxSteps?: number;
  /**
   * The tool calls of a first model step the outcome already ran (machines/outcomeProcessing.ts):
   * the agent starts at them, turn 0, instead of asking the model again.
   */
  calls?: AgentToolCall[];
}

export interface AgentToolCall {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}

export interface AgentToolExchange {
  call: AgentToolCall;
  result: { content: string; isError: boolean };
  turn: number;
}

export interface AgentFailure {
  code: string;
  message: string;
  retryCount: number;
  lastError: string;
}

/**
 * What a stage's integration flags did (runtime/tools/integrationRunner.ts): entries for
 * `integrations_executed` and the `integration.executed` / `integration.failed` payloads, which the
 * outcome records with its own sequence when the stage completes.
 */
export interface AgentIntegrations {
  executed: Record<string, Record<string, unknown>>;
  events: Array<{ kind: string; data: Record<string, unknown> }>;
}

export type AgentStepResult =
  | { kind: 'final'; summary: string; at: string; integrations?: AgentIntegrations }
  | { kind: 'tool_calls'; calls: AgentToolCall[] }
  | { kind: 'failed'; error: AgentFailure; at: string };

export interface AgentStepInput {
  outcomeId: string;
  stepKey: string;
  stageIndex: number;
  attempt: number;
  turn: number;
  exchanges: AgentToolExchange[];
}

export interface AgentToolsInput {
  outcomeId: string;
  /** With `attempt`, `turn` and a call's index: the call's journal position. */
  stepKey: string;
  attempt: number;
  agent: string;
  turn: number;
  calls: AgentToolCall[];
}

export type AgentOutput = { ok: true; summary: string; at: string; integrations?: AgentIntegrations } | { ok: false; error: AgentFailure; at: string };

export interface AgentContext {
  outcomeId: string;
  stepKey: string;
  stageIndex: number;
  stage: string;
  agent: string;
  attempt: number;
  maxSteps: number;
  turn: number;
  exchanges: AgentToolExchange[];
  calls: AgentToolCall[];
  summary: string | null;
  error: AgentFailure | null;
  at: string;
  /** Set by a final step whose stage ran integration flags. */
  integrations?: AgentIntegrations;
}

export const defaultMaxSteps = 8;

/** What an agent outputs when its stage ended in the given (final or failed) step, as the agent's own `output` would say it. */
export function stepOutput(result: AgentStepResult): AgentOutput {
  if (result.kind === 'final') return { ok: true, summary: result.summary ?? '', at: result.at, ...(result.integrations ? { integrations: result.integrations } : {}) };
  if (result.kind === 'failed') return { ok: false, error: result.error, at: result.at };
  throw new Error('stepOutput was given a step that asked for tools');
}

/** What an agent outputs when its model step rejected (the agent's `onError`), `at` the stage's start. */
export function stepError(error: unknown, at: string): AgentOutput {
  return { ok: false, error: { code: 'internal_error', message: 'The agent step failed unexpectedly.', retryCount: 0, lastError: String((error as Error)?.message ?? error) }, at };
}

export const agentMachine = setup({
  types: {
    input: {} as AgentInput,
    context: {} as AgentContext,
    output: {} as AgentOutput,
  },
  actors: {
    modelStep: fromPromise<AgentStepResult, AgentStepInput>(async () => {
      throw new Error('agent actor modelStep is not provided');
    }),
    callTools: fromPromise<AgentToolExchange[], AgentToolsInput>(async () => {
      throw new Error('agent actor callTools is not provided');
    }),
  },
  guards: {
    isFinal: (_, result: AgentStepResult) => result.kind === 'final',
    isFailed: (_, result: AgentStepResult) => result.kind === 'failed',
    stepsLeft: ({ context }) => context.turn + 1 < context.maxSteps,
    resumesWithCalls: ({ context }) => context.calls.length > 0,
  },
}).createMachine({
  id: 'agent',
  // `start` never rests (no persisted snapshot is in it): an agent given the tool calls of its
  // first step goes to them, any other starts thinking.
  initial: 'start',
  context: ({ input }) => ({
    outcomeId: input.outcomeId,
    stepKey: input.stepKey,
    stageIndex: input.stageIndex,
    stage: input.stage,
    agent: input.agent,
    attempt: input.attempt,
    maxSteps: input.maxSteps ?? defaultMaxSteps,
    turn: 0,
    exchanges: [],
    calls: input.calls ?? [],
    summary: null,
    error: null,
    at: input.at,
  }),
  states: {
    start: { always: [{ guard: 'resumesWithCalls', target: 'working.calling_tool' }, { target: 'working' }] },
    working: {
      initial: 'thinking',
      states: {
        thinking: {
          invoke: {
            src: 'modelStep',
            input: ({ context }) => ({
              outcomeId: context.outcomeId,
              stepKey: context.stepKey,
              stageIndex: context.stageIndex,
              attempt: context.attempt,
              turn: context.turn,
              exchanges: context.exchanges,
            }),
            onDone: [
              {
                guard: { type: 'isFinal', params: ({ event }) => event.output },
                target: '#agent.done',
                actions: assign(({ event }) => {
                  const output = event.output as Extract<AgentStepResult, { kind: 'final' }>;
                  return { summary: output.summary, at: output.at, calls: [], ...(output.integrations ? { integrations: output.integrations } : {}) };
                }),
              },
              {
                guard: { type: 'isFailed', params: ({ event }) => event.output },
                target: '#agent.failed',
                actions: assign(({ event }) => {
                  const output = event.output as Extract<AgentStepResult, { kind: 'failed' }>;
                  return { error: output.error, at: output.at };
                }),
              },
              {
                guard: 'stepsLeft',
                target: 'calling_tool',
                actions: assign({ calls: ({ event }) => (event.output as Extract<AgentStepResult, { kind: 'tool_calls' }>).calls }),
              },
              {
                target: '#agent.failed',
                actions: assign(({ context }) => ({
                  error: {
                    code: 'content_generation_failed',
                    message: `The agent used all ${context.maxSteps} steps without a final answer.`,
                    retryCount: 0,
                    lastError: 'step limit reached',
                  },
                })),
              },
            ],
            onError: {
              target: '#agent.failed',
              actions: assign(({ event }) => ({
                error: { code: 'internal_error', message: 'The agent step failed unexpectedly.', retryCount: 0, lastError: String((event.error as Error)?.message ?? event.error) },
              })),
            },
          },
        },
        calling_tool: {
          invoke: {
            src: 'callTools',
            input: ({ context }) => ({ outcomeId: context.outcomeId, stepKey: context.stepKey, attempt: context.attempt, agent: context.agent, turn: context.turn, calls: context.calls }),
            onDone: {
              target: 'thinking',
              actions: assign(({ context, event }) => ({ exchanges: [...context.exchanges, ...event.output], calls: [], turn: context.turn + 1 })),
            },
            onError: {
              target: '#agent.failed',
              actions: assign(({ event }) => ({
                error: { code: 'internal_error', message: 'A tool call failed unexpectedly.', retryCount: 0, lastError: String((event.error as Error)?.message ?? event.error) },
              })),
            },
          },
        },
      },
    },
    done: { type: 'final' },
    failed: { type: 'final' },
  },
  output: ({ context }) =>
    context.error
      ? { ok: false as const, error: context.error, at: context.at }
      : { ok: true as const, summary: context.summary ?? '', at: context.at, ...(context.integrations ? { integrations: context.integrations } : {}) },
});

export type AgentMachine = typeof agentMachine;
