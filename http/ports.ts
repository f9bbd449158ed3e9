/**
 * The seams of http/ in one place (issue 28, item 3): what it receives from the composition root
 * (`HttpDeps`, whose storage part is only the read ports the routes use, `HttpReads`) and the
 * declared contracts of the parts app/ wires (the outcome stream, its hubs, the MCP OAuth server).
 * Each contract lives beside the factory that returns it; this file only gathers them.
 */
export type { HttpApp } from './app.js';
export type { HttpDeps, HttpReads } from './deps.js';
export type { McpOAuthGrants } from './mcpOAuth/grants.js';
export type { McpOAuthServer } from './mcpOAuth/server.js';
export type { StreamHubs } from './stream/hubs.js';
export type { OutcomeStream } from './stream/outcomeStream.js';
export type { SseOpener } from './stream/sseStream.js';
export type { Validators } from './validation.js';
