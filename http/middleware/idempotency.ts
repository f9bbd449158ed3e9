import { createHash } from 'node:crypto';
import type { Middleware } from 'koa';
import { errors } from '../../runtime/errors.js';
import type { IdempotencyService } from '../../runtime/idempotency/idempotencyService.js';
import type { AppState } from '../context.js';

/**
 * `Idempotency-Key` on POSTs (runtime/idempotency/idempotencyService.ts holds the contract): the
 * first request with a key runs and its 2xx answer is stored for 24 h; a repeat with the same body
 * gets the stored answer (header `Idempotent-Replayed: true`) and creates nothing. Failed answers
 * are not stored, so a client may retry them with the same key. The body reaching here already
 * passed the input rules (parseBody), so fingerprinting it cannot fail.
 */
export function idempotency(service: IdempotencyService): Middleware<AppState> {
  // Requests without a key pass straight through (a plain function: no promise of this layer).
  return (ctx, next) => {
    if (ctx.method !== 'POST') return next();
    const key = ctx.get('Idempotency-Key');
    const auth = ctx.state.auth;
    if (!key || !auth) return next();
    return replayOrRun(ctx, next, key, auth.workspace.id);
  };

  async function replayOrRun(ctx: Parameters<Middleware<AppState>>[0], next: () => Promise<unknown>, key: string, workspaceId: string): Promise<void> {
    if (key.length > 255) throw errors.invalidRequest('Idempotency-Key must be at most 255 characters.', { field: 'Idempotency-Key', reason: 'maxLength' });
    const fingerprint = createHash('sha256')
      .update(`${ctx.method} ${ctx.path}\n${JSON.stringify(ctx.state.body ?? null)}`)
      .digest('hex');
    const decision = await service.begin(workspaceId, key, fingerprint);
    if (decision.kind === 'replay') {
      ctx.status = decision.status;
      ctx.body = decision.body;
      ctx.set('Idempotent-Replayed', 'true');
      return;
    }
    try {
      await next();
    } catch (error) {
      await decision.abandon();
      throw error;
    }
    if (ctx.status >= 200 && ctx.status < 300) await decision.finish(ctx.status, ctx.body);
    else await decision.abandon();
  }
}
