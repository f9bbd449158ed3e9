import { createHash } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { errors } from '../../runtime/errors.js';
import type { IdempotencyService, ResourceKind, RunningRequest } from '../../runtime/idempotency/idempotencyService.js';
import type { AppState } from '../context.js';

export interface IdempotencyOptions {
  /**
   * TEST-ONLY fault hook (CREWD_TEST_CRASH_AFTER_CREATE=1, see docs/reliability.md): the process
   * kills itself with SIGKILL after a creating request committed and before its answer is stored
   * as final or sent, the exact moment a crash used to make a retry create a second resource.
   */
  crashAfterCreate?: boolean;
}

/** The running request of each context that carries an Idempotency-Key (for `prepareAnswer`). */
const runningOf = new WeakMap<Context, RunningRequest>();

/**
 * Called by a creating route just before its command commits, with the answer it will send: the
 * answer is stored (encrypted) naming the resource, so a retry after a crash that came after the
 * commit replays it instead of creating the resource again. A no-op without an Idempotency-Key.
 */
export async function prepareAnswer(ctx: Context, resource: { kind: ResourceKind; id: string }, status: number, body: unknown): Promise<void> {
  await runningOf.get(ctx)?.prepare(resource, status, body);
}

/**
 * `Idempotency-Key` on POSTs (runtime/idempotency/idempotencyService.ts holds the contract): the
 * first request with a key runs and its 2xx answer is stored for 24 h; a repeat with the same body
 * gets the stored answer (header `Idempotent-Replayed: true`) and creates nothing. Failed answers
 * are not stored, so a client may retry them with the same key. The body reaching here already
 * passed the input rules (parseBody), so fingerprinting it cannot fail.
 */
export function idempotency(service: IdempotencyService, options: IdempotencyOptions = {}): Middleware<AppState> {
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
    runningOf.set(ctx, decision);
    try {
      await next();
    } catch (error) {
      await decision.abandon();
      throw error;
    }
    if (options.crashAfterCreate && ctx.status === 201) process.kill(process.pid, 'SIGKILL');
    if (ctx.status >= 200 && ctx.status < 300) await decision.finish(ctx.status, ctx.body);
    else await decision.abandon();
  }
}
