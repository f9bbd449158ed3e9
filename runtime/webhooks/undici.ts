import { createRequire } from 'node:module';
import type * as Undici from 'undici';

// undici (about 110 modules, near 0.1 CPU-s to load) is needed only when a webhook, an MCP server or
// a vendor API is first called, not at every start of the service (each test file, each crewd
// child, each admin command). Its CommonJS build keeps the callers synchronous: the webhook
// sender's dispatch and the guarded fetch's agent are created on first use, as ioredis is in
// runtime/rateLimiter.ts.
const require = createRequire(import.meta.url);

/** The undici package, loaded on the first call. */
export const loadUndici = (): typeof Undici => require('undici');
