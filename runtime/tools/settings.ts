/** Tuning of the MCP client side (config: CREWD_MCP_*). Tests shorten the waits. */
export interface ToolSettings {
  /** Commands a stdio connection may run (CREWD_MCP_STDIO_ALLOW); empty: none. */
  stdioAllow: readonly string[];
  connectTimeoutMs: number;
  /** How long a tool call may go without an answer or a progress notification (CREWD_MCP_CALL_TIMEOUT_MS). */
  callTimeoutMs: number;
  /** The wall-time limit of one tool call, progress or not (CREWD_TOOL_CALL_TIMEOUT_MS; a connection's `params.call_timeout_ms` wins). */
  callWallTimeoutMs: number;
  /** How often a live remote connection is pinged to notice a server that went away. */
  healthCheckMs: number;
  reconnect: { baseDelayMs: number; maxDelayMs: number; maxAttempts: number };
  /** Tool output kept (for the model and the log) per call; longer output is cut. */
  outputMaxChars: number;
  /** Consecutive timeouts that quarantine one tool, and for how long. */
  quarantineAfterTimeouts: number;
  quarantineMs: number;
  allowPrivateUrls: boolean;
}

export const defaultToolSettings: ToolSettings = {
  stdioAllow: [],
  connectTimeoutMs: 10_000,
  callTimeoutMs: 60_000,
  callWallTimeoutMs: 600_000,
  healthCheckMs: 30_000,
  reconnect: { baseDelayMs: 1_000, maxDelayMs: 30_000, maxAttempts: 8 },
  outputMaxChars: 16_000,
  quarantineAfterTimeouts: 3,
  quarantineMs: 5 * 60_000,
  allowPrivateUrls: false,
};
