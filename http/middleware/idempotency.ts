import { createHash } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { errors } from '../../runtime/errors.js';
import type { ClaimFence, IdempotencyService, ResourceKind, RunningRequest } from '../../runtime/idempotency/idempotencyService.js';
import type { AppState } from '../context.js';

export interface IdempotencyOptions {
  /**
   * TEST-ONLY fault hook (CREWD_TEST_CRASH_AFTER_CREATE=N, see docs/reliability.md): the process
   * kills itself with SIGKILL once N creating requests committed, each before its answer is stored
   * as final or sent, the exact moment a crash used to make a retry create a second resource. The
   * first N-1 hold their answers until then, so one kill leaves N keys at that moment.
   */
  crashAfterCreate?: number;
  /**
   * TEST-ONLY fault hook (CREWD_TEST_STOP_BEFORE_COMMIT=1, see docs/reliability.md): the process
   * stops itself with SIGSTOP once a creating request stored its prepared answer and is about to
   * commit, the moment a paused holder of a key used to create a second outcome when it woke.
   */
  stopBeforeCommit?: boolean;
  /**
   * TEST-ONLY fault hook (CREWD_TEST_STOP_IN_COMMIT=1): the process stops itself with SIGSTOP
   * inside a creating request's commit transaction, after its credits were taken (it holds the
   * workspace's row lock): a paused process in the worst place for every other process.
   */
  stopInCommit?: boolean;
}

/** The running request of each context that carries an Idempotency-Key (for `prepareAnswer`). */
const runningOf = new WeakMap<Context, RunningRequest>();

/**
 * Called by a creating route just before its command commits, with the answer it will send: the
 * answer is stored (encrypted) naming the resource, so a retry after a crash that came after the
 * commit replays it instead of creating the resource again. Returns the claim's fence, for the
 * command to run in its commit's transaction (undefined without an Idempotency-Key).
 */
export async function prepareAnswer(ctx: Context, resource: { kind: ResourceKind; id: string }, status: number, body: unknown): Promise<ClaimFence | undefined> {
  const running = runningOf.get(ctx);
  if (!running) return undefined;
  const fence = await running.prepare(resource, status, body);
  const hook = stopHooks.get(ctx);
  if (hook === 'before') process.kill(process.pid, 'SIGSTOP');
  if (hook !== 'inside') return fence;
  stopHooks.delete(ctx);
  let stopped = false;
  return (trx) => {
    // Once: a commit retried after the wake-up (its session was ended meanwhile) goes through.
    if (!stopped) process.kill(process.pid, 'SIGSTOP');
    stopped = true;
    return fence(trx);
  };
}

/** Contexts whose process stops itself before or inside the commit (the test-only hooks above). */
const stopHooks = new WeakMap<Context, 'before' | 'inside'>();

/**
 * `Idempotency-Key` on POSTs (runtime/idempotency/idempotencyService.ts holds the contract): the
 * first request with a key runs and its 2xx answer is stored for 24 h; a repeat with the same body
 * gets the stored answer (header `Idempotent-Replayed: true`) and creates nothing. Failed answers
 * are not stored, so a client may retry them with the same key. The body reaching here already
 * passed the input rules (parseBody), so fingerprinting it cannot fail.
 */
export function idempotency(service: IdempotencyService, options: IdempotencyOptions = {}): Middleware<AppState> {
  let createdBeforeCrash = 0;
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
    if (options.stopBeforeCommit || options.stopInCommit) stopHooks.set(ctx, options.stopBeforeCommit ? 'before' : 'inside');
    try {
      await next();
    } catch (error) {
      await decision.abandon();
      throw error;
    }
    if (options.crashAfterCreate && ctx.status === 201) {
      createdBeforeCrash += 1;
      if (createdBeforeCrash >= options.crashAfterCreate) process.kill(process.pid, 'SIGKILL');
      await new Promise(() => undefined); // the answer is never stored nor sent: the kill comes first
    }
    if (ctx.status >= 200 && ctx.status < 300) await decision.finish(ctx.status, ctx.body);
    else await decision.abandon();
  }
}
