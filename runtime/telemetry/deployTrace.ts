import { SpanKind } from '@opentelemetry/api';
import type { ActiveTracing } from './createTracing.js';
import { crewdAttributes } from './genAiAttributes.js';
import { failSpanWith } from './spanStatus.js';
import { contextOf, traceparentOf } from './traceContext.js';

/** The span of one outcome's deploy, and the trace context the outcome keeps for all its spans. */
export interface DeployTrace {
  /** Stored in the outcome's context (machines/outcomeTypes.ts) so every process continues this trace. */
  traceparent: string | undefined;
  /** Ends the deploy span; with an error when the deploy was refused or failed. */
  end(error?: unknown): void;
}

export interface DeployedOutcome {
  outcomeId: string;
  workspaceId: string;
  crew: string;
}

/** Starts the trace of one outcome at deploy (`deploy <crew>`), the caller's `traceparent` as parent. */
export type TraceDeploy = (outcome: DeployedOutcome, callerTraceparent: string | undefined) => DeployTrace;

/**
 * One trace per outcome: the deploy span is its root, or a child of the caller's span when the
 * deploy request carried a `traceparent` (the outcome joins the caller's trace). The span ends
 * with the deploy; the stages, model calls, tool calls and webhook attempts that follow are its
 * children, on whichever process runs them. Undefined when tracing is off.
 */
export function deployTracer(active: ActiveTracing | undefined): TraceDeploy | undefined {
  if (!active) return undefined;
  return (outcome, callerTraceparent) => {
    const span = active.tracer.startSpan(
      `deploy ${outcome.crew}`,
      { kind: SpanKind.INTERNAL, attributes: { [crewdAttributes.outcomeId]: outcome.outcomeId, [crewdAttributes.workspaceId]: outcome.workspaceId, [crewdAttributes.crew]: outcome.crew } },
      contextOf(callerTraceparent),
    );
    return {
      traceparent: traceparentOf(span),
      end(error?: unknown) {
        if (error !== undefined) failSpanWith(span, error);
        span.end();
      },
    };
  };
}
