import type { AppContext } from '../context.js';

/** The Koa request as a web Request for the SDK; the body was parsed by parseBody and goes separately. */
export function webRequestOf(ctx: AppContext, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(ctx.req.headers)) {
    if (value === undefined || name === 'content-length' || name === 'transfer-encoding') continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return new Request(`http://${ctx.host || 'localhost'}${ctx.originalUrl}`, { method: ctx.method, headers, signal });
}

/** Writes the SDK's answer (JSON, or an SSE stream kept open until either side ends it). */
export async function send(ctx: AppContext, response: Response): Promise<void> {
  ctx.respond = false;
  const res = ctx.res;
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  res.writeHead(response.status, headers);
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  const stop = () => void reader.cancel().catch(() => undefined);
  res.once('close', stop);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      res.write(value);
    }
  } catch {
    // the client went away or the stream was cancelled: nothing left to write
  } finally {
    res.off('close', stop);
    res.end();
  }
}

