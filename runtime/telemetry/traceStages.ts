import { SpanKind, SpanStatusCode, trace, type Context, type Span } from '@opentelemetry/api';
import type { AgentStepInput, AgentStepResult, AgentToolExchange, AgentToolsInput } from '../../machines/agent.js';
import type { ActiveTracing } from './createTracing.js';
import { crewdAttributes, genAi, genAiOperation } from './genAiAttributes.js';
import { failSpan, failSpanWith } from './spanStatus.js';
import { contextOf } from './traceContext.js';

/** What a stage span needs of its outcome: its stored trace context, crew and stages (the live actor's context). */
export interface OutcomeTraceView {
  workspaceId: string;
  crew: string;
  stages: ReadonlyArray<{ name: string; agent: string }>;
  traceparent?: string | null;
}

/** The stage runner's parts that run stages (runtime/outcomes/stageRunner.ts), structurally. */
export interface StageSteps {
  modelStep(input: AgentStepInput, signal: AbortSignal): Promise<AgentStepResult>;
  callTools(input: AgentToolsInput, signal: AbortSignal): Promise<AgentToolExchange[]>;
  forget(outcomeId: string): void;
}

interface OpenStage {
  key: string;
  span: Span;
  context: Context;
}

export interface TraceStagesOptions {
  /** The outcome's trace view; undefined when it is not live here (its steps then start a new trace). */
  outcomeOf(outcomeId: string): OutcomeTraceView | undefined;
  /** `gen_ai.provider.name` and `gen_ai.request.model` of the stages' model. */
  model: { provider: string; name: string };
}

/**
 * The stage runner with one `invoke_agent <agent>` span per agent stage (per attempt, and per
 * revision), a child of the outcome's trace. A stage spans several steps (model step, tool calls,
 * model step ...), so its span stays open between them and ends when the stage's final step
 * answers, with ERROR when the stage failed. Model and tool calls made inside a step run with the
 * stage's context in `scope`, which makes them its children. A stage resumed on another process
 * (restore, lease take-over) gets a new stage span in the same trace.
 * With tracing off, `runner` itself is returned.
 */
export function traceStages<R extends StageSteps>(runner: R, active: ActiveTracing | undefined, options: TraceStagesOptions): R {
  if (!active) return runner;
  const { tracer, scope } = active;
  // One stage runs at a time per outcome.
  const open = new Map<string, OpenStage>();

  function stage(outcomeId: string, stepKey: string, attempt: number, stageIndex: number | undefined, agentName: string | undefined): OpenStage {
    const key = `${stepKey}@${attempt}`;
    const current = open.get(outcomeId);
    if (current?.key === key) return current;
    // The outcome moved on without the last step answering here (a failed agent loop): close it.
    current?.span.end();
    const view = options.outcomeOf(outcomeId);
    const stageRef = stageIndex !== undefined ? view?.stages[stageIndex] : view?.stages.find((entry) => entry.agent === agentName);
    const agent = agentName ?? stageRef?.agent ?? 'unknown';
    const span = tracer.startSpan(
      `${genAiOperation.invokeAgent} ${agent}`,
      {
        kind: SpanKind.INTERNAL,
        attributes: {
          [genAi.operationName]: genAiOperation.invokeAgent,
          [genAi.providerName]: options.model.provider,
          [genAi.requestModel]: options.model.name,
          [genAi.agentName]: agent,
          [genAi.agentId]: `${view?.crew ?? 'unknown'}.${agent}`,
          // One conversation per outcome: every stage of it shares the outcome's id.
          [genAi.conversationId]: outcomeId,
          [crewdAttributes.outcomeId]: outcomeId,
          [crewdAttributes.stepKey]: stepKey,
          [crewdAttributes.attempt]: attempt,
          ...(view ? { [crewdAttributes.workspaceId]: view.workspaceId, [crewdAttributes.crew]: view.crew } : {}),
          ...(stageRef ? { [crewdAttributes.stage]: stageRef.name } : {}),
        },
      },
      contextOf(view?.traceparent),
    );
    const opened = { key, span, context: trace.setSpan(contextOf(view?.traceparent), span) };
    open.set(outcomeId, opened);
    return opened;
  }

  function close(outcomeId: string, opened: OpenStage): void {
    opened.span.end();
    if (open.get(outcomeId) === opened) open.delete(outcomeId);
  }

  return {
    ...runner,
    async modelStep(input: AgentStepInput, signal: AbortSignal): Promise<AgentStepResult> {
      const opened = stage(input.outcomeId, input.stepKey, input.attempt, input.stageIndex, undefined);
      let result: AgentStepResult;
      try {
        result = await scope.run(opened.context, () => runner.modelStep(input, signal));
      } catch (error) {
        failSpanWith(opened.span, error, signal);
        close(input.outcomeId, opened);
        throw error;
      }
      if (result.kind === 'failed') {
        failSpan(opened.span, result.error.code, result.error.message);
        close(input.outcomeId, opened);
      } else if (result.kind === 'final') {
        opened.span.setStatus({ code: SpanStatusCode.OK });
        close(input.outcomeId, opened);
      }
      return result;
    },
    async callTools(input: AgentToolsInput, signal: AbortSignal): Promise<AgentToolExchange[]> {
      const opened = stage(input.outcomeId, input.stepKey, input.attempt, undefined, input.agent);
      try {
        return await scope.run(opened.context, () => runner.callTools(input, signal));
      } catch (error) {
        failSpanWith(opened.span, error, signal);
        close(input.outcomeId, opened);
        throw error;
      }
    },
    forget(outcomeId: string): void {
      // At rest, cancelled or taken over by another process: a stage still open here ends now.
      const opened = open.get(outcomeId);
      if (opened) close(outcomeId, opened);
      runner.forget(outcomeId);
    },
  };
}
