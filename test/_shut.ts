import { startServer } from './helpers/server.js';
import { capturedLogger } from './helpers/capturedLogger.js';
const cap = capturedLogger();
const server = await startServer({ CREWD_LOCAL_MODEL_DELAY_MS: '30', ...(process.env.PG ? { CREWD_DATABASE_URL: process.env.PG } : {}) }, { logger: cap.logger });
const ids = [];
for (let i = 0; i < 6; i++) ids.push((await server.call('POST', '/v1/crews/writer/deploy', { body: { brief: `Write a short note about bicycles number ${i}` } })).body.outcome_id);
await new Promise((r) => setTimeout(r, 150));
await server.close();
for (const l of cap.lines) if ((l.level as number) >= 40) console.log(l.level, l.msg, JSON.stringify(l.err ?? '').slice(0, 200));
