import Router from '@koa/router';
import Koa from 'koa';
import { crewIds, crews } from '../runtime/crews/index.js';

/**
 * The denominator of the HTTP benchmark: bare Koa + router answering the same crew list behind an
 * in-memory bearer-token check. Run as its own process: `tsx bench/baseline.ts <port> <token>`.
 */
const [port, token] = process.argv.slice(2);
const app = new Koa();
const router = new Router();
const body = {
  crews: crewIds.map((id) => {
    const crew = crews[id];
    return { id, name: crew.name, description: crew.description, agents: crew.agents, status: 'available', capabilities: crew.capabilities, integrations: crew.integrations };
  }),
};
router.get('/v1/crews', (ctx) => {
  if (ctx.get('Authorization') !== `Bearer ${token}`) {
    ctx.status = 401;
    return;
  }
  ctx.body = body;
});
app.use(router.routes());
app.listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
