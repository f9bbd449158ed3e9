import { crewIds } from '../../schemas/crewIds.js';
import { z } from 'zod';
import type { CrewId } from './manifest.js';

/**
 * What the integration runner sends to a flag tool. `content` is the outcome's Markdown so far
 * (at the flag's stage). `flag_value` is the deploy value (`true`, or e.g. the channel name).
 */
export interface IntegrationActionInput {
  outcome_id: string;
  crew: CrewId;
  stage: string;
  flag: string;
  flag_value: boolean | string;
  title: string;
  content: string;
  /** Stable across retries and crash recovery: `<outcome>:<stage>:<attempt>:<integration>`. */
  idempotency_key: string;
}

/**
 * What a flag tool answers in `structuredContent`. Link fields follow the spec's
 * `integrations_executed` entry (`post_url`, `file_url`, `file_id`, ...); `details` becomes
 * `integration.executed`'s `integration.details` (for chat: channel, message_ts, permalink).
 */
export interface IntegrationActionResult {
  status: 'success' | 'failed';
  post_url?: string;
  file_url?: string;
  file_id?: string;
  /** For posts whose stats the vendor can read (spec: `engagement {views, likes, comments}`). */
  engagement?: { views: number | null; likes: number; comments: number };
  details?: Record<string, unknown>;
  /** On an error result: true when a later attempt may succeed. */
  retryable?: boolean;
  error_code?: string;
  /** On a rate-limited error result: how long the vendor asked to wait (its Retry-After). */
  retry_after_ms?: number;
}

/** Helper for plugin authors: the tool answer for a successful integration action. */
export function actionResult(result: IntegrationActionResult) {
  return {
    content: [{ type: 'text' as const, text: JSON.stringify(result) }],
    structuredContent: { ...result },
  };
}

/** Helper for plugin authors: a tool error the model (or the runner) can read. */
export function actionError(message: string, options: { retryable: boolean; code?: string }) {
  const result: IntegrationActionResult = { status: 'failed', retryable: options.retryable, error_code: options.code ?? 'integration_error' };
  return {
    isError: true,
    content: [{ type: 'text' as const, text: message }],
    structuredContent: { ...result },
  };
}

/**
 * The zod schema of `IntegrationActionInput`, for `registerTool(name, { inputSchema })` of a flag
 * tool, so every flag tool validates the runner's input the same way.
 */
export const integrationActionInputSchema = z.object({
  outcome_id: z.string(),
  crew: z.enum(crewIds),
  stage: z.string(),
  flag: z.string(),
  flag_value: z.union([z.boolean(), z.string()]),
  title: z.string(),
  content: z.string(),
  idempotency_key: z.string(),
});
