import { createHash } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Clock } from '../../runtime/clock.js';
import { ServiceError, errors } from '../../runtime/errors.js';
import type { IdempotencyRepository } from '../../storage/repositories/idempotency.js';
import type { AppState } from '../context.js';

const ttlMs = 24 * 60 * 60 * 1000;

/**
 * `Idempotency-Key` on POSTs (Stripe's contract): the first request with a key runs and its 2xx
 * answer is stored for 24 h; a repeat with the same body gets the stored answer (header
 * `Idempotent-Replayed: true`) and creates nothing; the same key with another body, or while the
 * first is still running, is 409 `idempotency_conflict`. Failed answers are not stored, so a
 * client may retry them with the same key.
 */
export function idempotency(repo: IdempotencyRepository, clock: Clock): Middleware<AppState> {
  return async (ctx, next) => {
    const key = ctx.get('Idempotency-Key');
    if (ctx.method !== 'POST' || !key || !ctx.state.auth) return next();
    if (key.length > 255) throw errors.invalidRequest('Idempotency-Key must be at most 255 characters.', { field: 'Idempotency-Key', reason: 'maxLength' });
    const workspaceId = ctx.state.auth.workspace.id;
    const fingerprint = createHash('sha256')
      .update(`${ctx.method} ${ctx.path}\n${JSON.stringify(ctx.state.body ?? null)}`)
      .digest('hex');
    const now = clock.now();

    let existing = await repo.get(workspaceId, key);
    if (existing && existing.expires_at <= now.toISOString()) {
      await repo.release(workspaceId, key);
      existing = undefined;
    }
    if (!existing) {
      const claimed = await repo.claim({
        workspace_id: workspaceId,
        key,
        fingerprint,
        status: null,
        response: null,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + ttlMs).toISOString(),
      });
      if (!claimed) existing = await repo.get(workspaceId, key);
      else {
        try {
          await next();
        } catch (error) {
          await repo.release(workspaceId, key);
          throw error;
        }
        if (ctx.status >= 200 && ctx.status < 300) await repo.complete(workspaceId, key, ctx.status, JSON.stringify(ctx.body ?? null));
        else await repo.release(workspaceId, key);
        return;
      }
    }
    if (!existing || existing.fingerprint !== fingerprint) {
      throw new ServiceError(409, 'idempotency_conflict', 'This Idempotency-Key was used with a different request.', { idempotency_key: key });
    }
    if (existing.status === null) {
      throw new ServiceError(409, 'idempotency_conflict', 'A request with this Idempotency-Key is still in progress; retry shortly.', { idempotency_key: key, in_progress: true });
    }
    ctx.status = existing.status;
    ctx.body = JSON.parse(existing.response ?? 'null');
    ctx.set('Idempotent-Replayed', 'true');
  };
}
