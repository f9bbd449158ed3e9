import fs from 'node:fs';
import Router from '@koa/router';
import Koa from 'koa';

/**
 * The denominator of the HTTP benchmark: bare Koa + @koa/router answering the same body crewd
 * answered (read from `<body file>`, the bytes of crewd's own GET /v1/crews) behind an in-memory
 * bearer check (a Map from token to its workspace) and the three X-RateLimit-* headers from an
 * in-memory fixed-window count per workspace. Run as its own process:
 * `tsx bench/baseline.ts <port> <token> <body file>`.
 */
const [port, token, bodyFile] = process.argv.slice(2);
const app = new Koa();
const router = new Router();
const body = fs.readFileSync(bodyFile!, 'utf8');
const keys = new Map([[token!, { workspace: 'bench', limit: 1_000_000_000 }]]);
const windows = new Map<string, { start: number; used: number }>();
const bearer = /^Bearer[ \t]+(\S+)[ \t]*$/i;

router.get('/v1/crews', (ctx) => {
  const match = bearer.exec(ctx.get('Authorization'));
  const key = match ? keys.get(match[1]!) : undefined;
  if (!key) {
    ctx.status = 401;
    return;
  }
  const now = Date.now();
  let window = windows.get(key.workspace);
  if (!window || now - window.start >= 60_000) windows.set(key.workspace, (window = { start: now, used: 0 }));
  window.used += 1;
  ctx.set('X-RateLimit-Limit', String(key.limit));
  ctx.set('X-RateLimit-Remaining', String(Math.max(0, key.limit - window.used)));
  ctx.set('X-RateLimit-Reset', String(Math.ceil((window.start + 60_000) / 1000)));
  ctx.type = 'application/json';
  ctx.body = body;
});
app.use(router.routes());
app.listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
