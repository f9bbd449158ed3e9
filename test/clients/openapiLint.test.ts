import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { startServer, tempDir } from '../helpers/server.js';

const run = promisify(execFile);

/**
 * Warnings docs/client.md justifies: probes cannot answer 4xx; the stream answers 101, not 2xx; the
 * OAuth callback answers the browser with a 302 (docs/integrations.md).
 */
const justified = new Set([
  'operation-4xx-response #/paths/~1healthz/get/responses',
  'operation-4xx-response #/paths/~1readyz/get/responses',
  'operation-2xx-response #/paths/~1v1~1outcomes~1{outcome_id}~1stream/get/responses',
  'operation-2xx-response #/paths/~1v1~1integrations~1oauth~1callback/get/responses',
]);

type Problem = { ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> };

test('the served OpenAPI document lints clean with @redocly/cli (0 errors, only the justified warnings)', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const document = (await server.call('GET', '/v1/openapi.json', { key: null })).body;
  const dir = tempDir('crewd-lint-');
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'openapi.json');
  fs.writeFileSync(file, JSON.stringify(document, null, 2));

  let stdout: string;
  try {
    ({ stdout } = await run(process.execPath, ['node_modules/@redocly/cli/bin/cli.js', 'lint', file, '--format=json'], { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' }, maxBuffer: 64 * 1024 * 1024 }));
  } catch (error) {
    stdout = (error as { stdout: string }).stdout; // exit code 1 when there are errors: the report still says which
  }
  const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number }; problems: Problem[] };
  const describe = (p: Problem) => `${p.ruleId} ${p.location[0]?.pointer}`;
  t.deepEqual(report.problems.filter((p) => p.severity === 'error').map((p) => `${describe(p)}: ${p.message}`), []);
  t.deepEqual(report.problems.filter((p) => p.severity !== 'error' && !justified.has(describe(p))).map((p) => `${describe(p)}: ${p.message}`), []);
});

test('every operation has a unique operationId, a tag with a description, examples on its bodies and the error answers its route can give', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const doc = (await server.call('GET', '/v1/openapi.json', { key: null })).body;
  t.truthy(doc.info.license?.name);
  t.true(doc.servers.length > 0);
  const tagNames = new Set(doc.tags.map((tag: { name: string; description?: string }) => (tag.description ? tag.name : '')));
  const ids = new Set<string>();
  for (const [p, item] of Object.entries<Record<string, any>>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      const where = `${method.toUpperCase()} ${p}`;
      t.truthy(op.operationId, where);
      t.false(ids.has(op.operationId), `${where}: duplicate operationId ${op.operationId}`);
      ids.add(op.operationId);
      t.true(tagNames.has(op.tags[0]), `${where}: tag ${op.tags[0]} has no description`);
      for (const media of Object.values<any>(op.requestBody?.content ?? {})) t.not(media.example, undefined, `${where}: request example`);
      // Shared error answers are components: read them through their $ref.
      const answer = (status: string) => {
        const response = op.responses[status];
        return response?.$ref ? doc.components.responses[response.$ref.replace('#/components/responses/', '')] : response;
      };
      for (const status of Object.keys(op.responses)) {
        const response = answer(status);
        t.truthy(response, `${where} ${status}: ${op.responses[status].$ref} resolves`);
        for (const media of Object.values<any>(response.content ?? {})) t.not(media.example, undefined, `${where} ${status}: response example`);
      }
      if (op.security.length) t.truthy(op.responses['401'], `${where}: 401`);
      if (op['x-required-scope'] && op['x-required-scope'] !== 'any') t.truthy(op.responses['403'], `${where}: 403`);
      if (p.includes('{')) t.truthy(op.responses['404'], `${where}: 404`);
      if (op.requestBody) for (const status of ['400', '413', '415']) t.truthy(op.responses[status], `${where}: ${status}`);
      if (method === 'post' && op.security.length) t.truthy(op.responses['409'], `${where}: 409 (Idempotency-Key reuse)`);
      if (!['/healthz', '/readyz'].includes(p)) t.truthy(answer('429')?.headers?.['Retry-After'], `${where}: 429 with Retry-After`);
    }
  }
  // Open objects are explicit, so generated clients accept any keys in them.
  const deploy = doc.paths['/v1/crews/{crew_id}/deploy'].post.requestBody.content['application/json'].schema;
  t.is(deploy.properties.requirements.additionalProperties, true);
  t.is(doc.components.schemas.Error.properties.error.properties.details.additionalProperties, true);
});
