import type http from 'node:http';

/** What a worker-only process (`crewd serve --no-api`) still answers: its probes and metrics. */
const served = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * Wraps the app's request handler so only probes and metrics reach it; every other path gets a
 * 404 in the spec's error shape naming the role, so a load balancer misrouting to a worker is obvious.
 */
export function probesOnly(handler: http.RequestListener): http.RequestListener {
  return (req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (served.has(path)) return handler(req, res);
    const body = JSON.stringify({ error: { code: 'not_found', message: 'This process runs the worker role only (crewd serve --no-api); send API requests to an API process.', details: { roles: { api: false, worker: true } } } });
    res.writeHead(404, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  };
}
