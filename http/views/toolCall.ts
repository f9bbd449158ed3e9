import type { ToolCallCursor, ToolCallRow } from '../../storage/repositories/toolCalls.js';

/** Output longer than this is cut in the view (the log keeps what the tool settings allowed). */
export const toolCallOutputMaxChars = 2_000;

/** One logged call as users see it (schemas/toolCalls.ts). */
export function toolCallView(row: ToolCallRow) {
  let input: unknown = row.input;
  try {
    input = JSON.parse(row.input);
  } catch {
    // logged input that was cut is no longer JSON: shown as its text
  }
  const truncated = row.output.length > toolCallOutputMaxChars;
  return {
    id: row.id,
    outcome_id: row.outcome_id,
    connection_id: row.connection_id,
    server_type: row.server_type,
    tool: row.tool_name,
    model_tool_name: row.model_tool_name,
    agent: row.agent_name,
    step: row.step ?? null,
    input,
    output: truncated ? row.output.slice(0, toolCallOutputMaxChars) : row.output,
    output_truncated: truncated,
    duration_ms: row.execution_time_ms,
    success: row.success,
    // Rows logged before the error column: a failed call's output says why.
    error: row.success ? null : (row.error ?? row.output),
    created_at: row.created_at,
  };
}

export function encodeToolCallCursor(row: ToolCallRow): string {
  return Buffer.from(JSON.stringify([row.created_at, row.id])).toString('base64url');
}

/** The cursor's position, or null when it is not one this service gave out. */
export function decodeToolCallCursor(cursor: string): ToolCallCursor | null {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'string' && !Number.isNaN(Date.parse(value[0]))) {
      return { created_at: value[0], id: value[1] };
    }
  } catch {
    // not base64url JSON
  }
  return null;
}
