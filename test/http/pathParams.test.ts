import { onEveryBackend } from '../helpers/backends.js';

// Issue 25: a NUL byte in a path parameter (`DELETE /api/mcp/disconnect/%00`) reached Postgres,
// which refuses NUL in text: a 500. Every path parameter is checked in one place, on both backends.
onEveryBackend((backend) => {
  const started = backend.shared();
  backend.test('a NUL or control character in any path parameter of any route is a 400 naming the parameter', async (t) => {
    const server = await started();
    const document = (await server.call('GET', '/v1/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    let checked = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      if (!path.includes('{')) continue;
      for (const method of Object.keys(operations)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        for (const bad of ['%00', 'abc%00def', '%1F', 'a%0Ab']) {
          const url = path.replace(/\{[^}]+\}/g, bad) + (path.startsWith('/api/mcp') ? `?workspace_id=${server.workspaceId}` : '');
          const response = await server.call(method.toUpperCase(), url, method === 'get' || method === 'delete' ? {} : { body: {} });
          t.is(response.status, 400, `${method.toUpperCase()} ${url}: ${JSON.stringify(response.body)}`);
          t.is(response.body?.error?.code, 'invalid_request', `${method.toUpperCase()} ${url}`);
          t.is(typeof response.body?.error?.details?.field, 'string', `${method.toUpperCase()} ${url} names the parameter`);
          t.true(['nul_character', 'control_character'].includes(response.body?.error?.details?.reason), `${method.toUpperCase()} ${url}: ${response.body?.error?.details?.reason}`);
          checked += 1;
        }
      }
    }
    t.true(checked > 40, `${checked} requests checked`);
  });

  backend.test('a NUL in a query value is a 400 naming it', async (t) => {
    const server = await started();
    for (const url of ['/v1/outcomes?cursor=%00', `/api/mcp/connections/conn_x/calls?workspace_id=${server.workspaceId}&cursor=a%00`, '/api/mcp/connections?workspace_id=%00']) {
      const response = await server.call('GET', url);
      t.is(response.status, 400, `${url}: ${JSON.stringify(response.body)}`);
      t.is(response.body.error.code, 'invalid_request');
    }
  });
});
