import type { CrewDefinition, CrewStage } from '../crews/index.js';

/**
 * The model layer's contract. An outcome runs its crew's stages in order; each stage is one agent
 * step loop:
 *
 *   exchanges = []
 *   loop: result = await provider.step(input, tools, exchanges, signal)
 *         if result.kind === 'final' -> the stage's output, stop
 *         else run every call in result.calls (in order), append one ToolExchange per call
 *              (with `turn` = the loop index), and step again
 *
 * The outcome's content is the `content` of its last stage. Providers hold no per-outcome state:
 * everything a step needs is in its arguments, so a restored or retried step is just called again.
 */
export interface ModelProvider {
  /** "local" or "openai"; recorded with the outcome for operators. */
  readonly name: string;
  /**
   * One model step. Rejects with an AbortError when `signal` aborts, and with an error carrying
   * `retryable` (see errors.ts) when the model could not answer.
   */
  step(input: StageInput, tools: ToolDescriptor[], exchanges: ToolExchange[], signal: AbortSignal): Promise<StepResult>;
}

/** Everything one stage of one outcome is given. */
export interface StageInput {
  crew: CrewDefinition;
  stage: CrewStage;
  /** Index of `stage` in `crew.stages`. */
  stageIndex: number;
  brief: string;
  context?: string;
  requirements: Record<string, unknown>;
  /** Texts of the deploy's context documents (the engine resolves names to text where it can). */
  contextDocuments: string[];
  /** Knowledge-base passages retrieved for the brief; may be empty. */
  knowledge: string[];
  /** Outputs of this outcome's earlier stages, in stage order (previous[i] is stage i). */
  previous: StageOutput[];
  /** Set while a revision runs: apply `feedback` and `requirements` to `previousContent`. */
  revision?: RevisionInput;
}

export interface RevisionInput {
  feedback: string;
  requirements: Record<string, unknown>;
  /** The completed outcome's content being revised. */
  previousContent: string;
}

/** A tool the model may call: an MCP tool of the workspace, described as the model sees it. */
export interface ToolDescriptor {
  name: string;
  description: string;
  /** JSON Schema of the arguments object. */
  inputSchema: object;
}

export interface ToolCall {
  /** The model's id for the call; echoed back with the result. */
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}

/** A call the engine ran and what came back; a tool's own failure is a result with isError. */
export interface ToolExchange {
  call: ToolCall;
  result: { content: string; isError: boolean };
  /**
   * Index of the step that asked for the call. Exchanges sharing a turn were asked for together
   * and are replayed to the model as one assistant message; omitted means one shared turn.
   */
  turn?: number;
}

export type StepResult = { kind: 'final'; output: StageOutput } | { kind: 'tool_calls'; calls: ToolCall[] };

export interface StageOutput {
  /** One line, shown as the agent's `output_summary`. */
  summary: string;
  /** The document as it stands after this stage (markdown). */
  content: string;
  /** Structured extras: action_items, decisions, user_stories, tickets, changes ... JSON-safe. */
  data?: Record<string, unknown>;
}
