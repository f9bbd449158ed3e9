import type { Middleware } from 'koa';
import type { AppState } from '../context.js';
import { agentOfPath } from './a2aPaths.js';

/**
 * The body refusals of the request pipeline (http/middleware/parseBody.ts) in JSON-RPC's words on
 * the A2A endpoints, as the SDK's own server answers them: invalid JSON is a parse error (-32700),
 * a body that is not JSON a content type error (-32005), both with status 200 so a JSON-RPC client
 * reads the error. Mounted before the pipeline, it rewrites only what the pipeline rendered.
 */
export const rpcBodyErrors: Middleware<AppState> = async (ctx, next) => {
  await next();
  if (ctx.method !== 'POST' || !agentOfPath(ctx.path)) return;
  const error = (ctx.body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  const code = error?.code === 'invalid_json' ? -32700 : error?.code === 'unsupported_media_type' ? -32005 : undefined;
  if (code === undefined) return;
  ctx.status = 200;
  ctx.body = { jsonrpc: '2.0', id: null, error: { code, message: String(error!.message) } };
};
