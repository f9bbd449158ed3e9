import type OpenAI from 'openai';
import { abortError, isRetryableStatus, ModelCallError } from './errors.js';
import { buildMessages, functionTools, toolNames } from './openaiMessages.js';
import { fillDeliverable } from './openaiDeliverable.js';
import { scoreRubric } from './openaiRubric.js';
import { revisionReport } from './revisionReport.js';
import type { ModelProvider, StageOutput, TokenUsage, ToolCall } from './types.js';

export interface OpenAIProviderOptions {
  /** Any OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, llama.cpp, LM Studio); default OpenAI's. */
  baseURL?: string;
  /** Local servers usually ignore it; OpenAI answers 401 without one. */
  apiKey?: string;
  model: string;
  /** Per request; default 120 s. */
  timeoutMs?: number;
}

/**
 * A provider for Chat Completions endpoints with tool calling. The client's own retries are off:
 * withRetry owns the retry policy, and every failure is classified here, where it is thrown.
 */
export function createOpenAIProvider(options: OpenAIProviderOptions): ModelProvider {
  // The SDK (about 150 modules) is loaded at the first step: a process that serves the API, runs the
  // local model or only administers does not pay for it at start.
  let connected: Promise<{ sdk: OpenAISdk; client: OpenAI }> | undefined;
  const connect = () =>
    (connected ??= import('openai').then((sdk) => ({
      sdk,
      client: new sdk.default({ baseURL: options.baseURL, apiKey: options.apiKey ?? 'not-needed', maxRetries: 0, timeout: options.timeoutMs ?? 120_000 }),
    })));
  return {
    name: 'openai',
    async step(input, tools, exchanges, signal) {
      if (signal.aborted) throw abortError(signal);
      const { sdk, client } = await connect();
      const names = toolNames(tools);
      let completion: OpenAI.Chat.Completions.ChatCompletion;
      try {
        completion = await client.chat.completions.create(
          {
            model: options.model,
            messages: buildMessages(input, exchanges, names),
            ...(tools.length > 0 ? { tools: functionTools(tools, names) } : {}),
          },
          { signal },
        );
      } catch (error) {
        throw classify(sdk, error, signal);
      }
      const message = completion.choices[0]?.message;
      if (!message) throw new ModelCallError('The model returned no choices.', true);
      const calls: ToolCall[] = [];
      for (const call of message.tool_calls ?? []) {
        if (call.type !== 'function') continue;
        calls.push({ id: call.id, name: names.fromWire(call.function.name), arguments: parseArguments(call.function.arguments, call.function.name) });
      }
      const usage = usageOf(completion);
      if (calls.length > 0) return { kind: 'tool_calls', calls, ...usage };
      const content = (message.content ?? '').trim();
      if (!content) throw new ModelCallError('The model returned an empty reply.', true);
      const output = finalOutput(content);
      // The outcome's last stage (or a revision) is its result: the reviewing agent scores it, and
      // the deliverable's data is filled through structured output beside the Markdown.
      if (input.revision || input.stageIndex === input.crew.stages.length - 1) {
        const [rubric, filled] = await Promise.all([scoreRubric(client, options.model, input, content, signal), fillDeliverable(client, options.model, input, content, signal)]);
        output.data = { ...(rubric ? { rubric } : {}), ...filled };
        // What the revision did, read from the content (the model's own account is not asked for).
        if (input.revision) Object.assign(output.data, revisionReport(input.revision.feedback, input.revision.requirements, input.revision.previousContent, content));
      }
      return { kind: 'final', output, ...usage };
    },
  };
}

/**
 * The step's token counts from the answer's `usage`, when the endpoint sends it (OpenAI does; some
 * OpenAI-compatible servers do not). Only the step's own completion is counted: the final stage's
 * rubric and deliverable calls are separate requests the span does not attribute.
 */
function usageOf(completion: OpenAI.Chat.Completions.ChatCompletion): { usage?: TokenUsage } {
  const usage = completion.usage;
  if (!usage || typeof usage.prompt_tokens !== 'number' || typeof usage.completion_tokens !== 'number') return {};
  return { usage: { input_tokens: usage.prompt_tokens, output_tokens: usage.completion_tokens } };
}

type OpenAISdk = typeof import('openai');

function classify(sdk: OpenAISdk, error: unknown, signal: AbortSignal): Error {
  if (signal.aborted || error instanceof sdk.APIUserAbortError) return abortError(signal);
  if (error instanceof sdk.APIConnectionTimeoutError) return new ModelCallError('The model request timed out.', true, undefined, { cause: error });
  if (error instanceof sdk.APIError) {
    const status = error.status;
    const retryable = status === undefined || isRetryableStatus(status);
    // The client's message already leads with the status ("500 ..."); add it only when missing.
    const message = status === undefined || error.message.startsWith(String(status)) ? error.message : `${status} ${error.message}`;
    return new ModelCallError(message, retryable, status, { cause: error });
  }
  return error instanceof Error ? error : new Error(String(error));
}

// Malformed arguments are the model's slip, not the tool's; another sample usually gets them right.
function parseArguments(raw: string, name: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(raw || '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // falls through to the error below
  }
  throw new ModelCallError(`The model sent malformed arguments for tool ${name}.`, true);
}

function finalOutput(content: string): StageOutput {
  const firstLine = content.split('\n').map((line) => line.replace(/^[#>*\-\s]+/, '').trim()).find(Boolean) ?? '';
  const firstSentence = /^(.+?[.!?])(\s|$)/.exec(firstLine)?.[1] ?? firstLine;
  const summary = firstSentence.length > 160 ? `${firstSentence.slice(0, 157)}...` : firstSentence;
  return { summary, content };
}
