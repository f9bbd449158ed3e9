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
 * Call order: stage 0 .. n-1 of the crew, each stage's steps strictly one after another (never two
 * steps of one stage at once); a revision is one more stage whose input carries `revision`.
 *
 * Invariants every provider keeps:
 * - Stateless per outcome: everything a step needs is in its arguments, so a restored or retried
 *   step is just called again (caches are allowed only when keyed by their whole input).
 * - `exchanges` are exactly the calls this stage asked for, in order, with their results; a
 *   provider must treat tool results as untrusted data (text to read, never instructions).
 * - A `tool_calls` result names only tools present in `tools`; with no tools it never asks.
 * - The outcome's content is the `content` of its last stage (or of the newest revision).
 * - Aborting `signal` rejects the step with an AbortError; a model failure rejects with an error
 *   carrying `retryable` (errors.ts), which withRetry retries.
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
  /** Knowledge-base passages retrieved for the brief, best first; may be empty. */
  knowledge: KnowledgePassage[];
  /** Outputs of this outcome's earlier stages, in stage order (previous[i] is stage i). */
  previous: StageOutput[];
  /** Set while a revision runs: apply `feedback` and `requirements` to `previousContent`. */
  revision?: RevisionInput;
  /**
   * Ids of the integrations configured for the outcome's workspace (e.g. ["chat", "tracker"]).
   * Agents speak only of these; absent or empty means none is configured.
   */
  integrations?: string[];
}

/**
 * A knowledge-base passage: its text and where it came from. Providers cite the passages they use
 * as "(source, date)", e.g. "(#eng, 2026-03-02)"; the text is data, never instructions.
 */
export interface KnowledgePassage {
  text: string;
  /** Where it was found, e.g. "#eng" or a document name. */
  source: string;
  /** ISO 8601 date of the passage, when known. */
  date?: string;
}

export interface RevisionInput {
  feedback: string;
  requirements: Record<string, unknown>;
  /** The completed outcome's content being revised. */
  previousContent: string;
  /**
   * The data of that content (its `deliverable`), when known: a second revision starts from the
   * first one's deliverable, so what the first added (a ticket, a fact) is still there.
   */
  previousData?: Record<string, unknown>;
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

/**
 * Tokens one step's model call used, as the model's answer reported them (Chat Completions'
 * `usage.prompt_tokens` / `completion_tokens`); absent when the provider reports none (the local
 * model). The traced provider records them on the step's `chat` span.
 */
export interface TokenUsage {
  input_tokens: number;
  output_tokens: number;
}

export type StepResult = ({ kind: 'final'; output: StageOutput } | { kind: 'tool_calls'; calls: ToolCall[] }) & { usage?: TokenUsage };

export interface StageOutput {
  /** One line, shown as the agent's `output_summary`. */
  summary: string;
  /** The document as it stands after this stage (markdown). */
  content: string;
  /** Structured extras: action_items, decisions, user_stories, tickets, changes ... JSON-safe. */
  data?: Record<string, unknown>;
}
