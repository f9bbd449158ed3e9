import { PassThrough } from 'node:stream';
import { A2A_VERSION_HEADER, SSE_HEADERS, formatSSEErrorEvent, formatSSEEvent } from '@a2a-js/sdk';
import { LegacyJsonRpcTransportHandler } from '@a2a-js/sdk/compat/v0_3/server';
import { VersionNotSupportedError } from '@a2a-js/sdk/errors';
import { JsonRpcTransportHandler, ServerCallContext } from '@a2a-js/sdk/server';
import { crewAgentCard, indexAgentCard } from '../../runtime/a2a/agentCard.js';
import { KeyUser } from '../../runtime/a2a/keyUser.js';
import { OutcomeAgent, signalStateKey } from '../../runtime/a2a/outcomeAgent.js';
import type { CrewId } from '../../crews/index.js';
import type { AuthenticatedKey } from '../../runtime/auth/keyService.js';
import type { AppContext, RequestContext } from '../context.js';
import type { HttpDeps } from '../deps.js';
import { publicBaseOf } from '../routes/mcpDiscovery.js';
import { a2aDepsOf } from './a2aDepsOf.js';

type RpcAnswer = { jsonrpc: string; id: string | number | null; result?: unknown; error?: unknown };
type Transport = { handle(body: string | Record<string, unknown>, context: ServerCallContext): Promise<RpcAnswer | AsyncGenerator<RpcAnswer, void, undefined>> };

/** A comment line this often keeps proxies from closing a quiet stream (EventSource ignores it). */
const keepAliveMs = 15_000;

const isStream = (value: unknown): value is AsyncGenerator<RpcAnswer, void, undefined> => typeof (value as AsyncGenerator | null)?.[Symbol.asyncIterator] === 'function';

/**
 * The answer to one A2A request (./a2aEndpoint.ts routes it here after its key and scope checks):
 * the SDK's JSON-RPC transport of the asked A2A version. Its own module because the
 * A2A SDK and crewd's agent on it (with jose, about 60 modules) load on the first A2A request, not
 * at every start. `live` holds the requests in flight, which shutdown aborts.
 */
export function createA2aAnswer(deps: HttpDeps, live: Set<AbortController>) {
  const a2aDeps = a2aDepsOf(deps);
  // Per request: the card's URLs follow the request's base address, and both are a few objects.
  const transportOf = (crew: CrewId | undefined, base: string): { v1: Transport; legacy: Transport } => {
    const agent = new OutcomeAgent(a2aDeps, crew, async () => {
      const states = await deps.crews.list();
      return crew ? crewAgentCard(states.find((state) => state.crew.id === crew)!, base, deps.version) : indexAgentCard(states, base, deps.version);
    });
    return { v1: new JsonRpcTransportHandler(agent), legacy: new LegacyJsonRpcTransportHandler(agent) };
  };

  /** The request's key already holds the method's scope (./a2aEndpoint.ts checked it). */
  return async (ctx: RequestContext, crew: CrewId | undefined, key: AuthenticatedKey): Promise<void> => {
    const version = ctx.get(A2A_VERSION_HEADER) || '0.3';
    const { v1, legacy } = transportOf(crew, publicBaseOf(deps, ctx as AppContext));
    const aborted = new AbortController();
    live.add(aborted);
    ctx.res.once('close', () => {
      live.delete(aborted);
      aborted.abort();
    });
    ctx.set('A2A-Version', version === '0.3' ? '0.3' : '1.0');
    if (version !== '1.0' && version !== '0.3') {
      ctx.body = { jsonrpc: '2.0', id: null, error: JsonRpcTransportHandler.mapToJSONRPCError(new VersionNotSupportedError(`A2A-Version ${version} is not served; use 1.0 (or 0.3).`)) };
      return;
    }
    const context = new ServerCallContext({ user: new KeyUser(key), requestedVersion: version, state: new Map([[signalStateKey, aborted.signal]]) });
    const body = ctx.state.body;
    // No body is a parse error (-32700); JSON that is not an object is malformed (the SDK's RequestMalformedError, -32602).
    const request = body === undefined ? '' : body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    const answered = await (version === '1.0' ? v1 : legacy).handle(request, context);
    if (!isStream(answered)) {
      ctx.body = answered;
      return;
    }
    await streamAnswers(ctx, answered, (error) => (version === '1.0' ? JsonRpcTransportHandler.mapToJSONRPCError(error) : LegacyJsonRpcTransportHandler.mapToLegacyJSONRPCError(error)), aborted.signal);
  };
}

/**
 * A JSON-RPC stream as Server-Sent Events. The first answer is awaited before anything is sent,
 * so a refusal (unknown task, bad message) is a plain JSON-RPC error, not a stream; a failure
 * later is an `event: error` and the end of the stream.
 */
async function streamAnswers(ctx: RequestContext, answers: AsyncGenerator<RpcAnswer, void, undefined>, mapError: (error: unknown) => unknown, signal: AbortSignal): Promise<void> {
  // The request's JSON-RPC id, echoed on an error answer (the transport checked the request's shape).
  const body = ctx.state.body;
  const id = typeof body === 'object' && body !== null && 'id' in body ? (body.id ?? null) : null;
  let first: IteratorResult<RpcAnswer, void>;
  try {
    first = await answers.next();
  } catch (error) {
    ctx.body = { jsonrpc: '2.0', id, error: mapError(error) };
    return;
  }
  const out = new PassThrough();
  for (const [name, value] of Object.entries(SSE_HEADERS)) ctx.set(name, value);
  ctx.status = 200;
  ctx.body = out;
  const keepAlive = setInterval(() => out.write(': keep-alive\n\n'), keepAliveMs);
  void (async () => {
    try {
      if (!first.done) out.write(formatSSEEvent(first.value));
      for (;;) {
        const next = await answers.next();
        if (next.done || signal.aborted) break;
        out.write(formatSSEEvent(next.value));
      }
    } catch (error) {
      out.write(formatSSEErrorEvent({ jsonrpc: '2.0', id, error: mapError(error) }));
    } finally {
      clearInterval(keepAlive);
      await answers.return(undefined).catch(() => undefined);
      out.end();
    }
  })();
}
