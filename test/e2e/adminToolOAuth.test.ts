import fs from 'node:fs';
import test from 'ava';
import { chromium } from 'playwright-core';
import { startServer } from '../helpers/server.js';
import { startOAuthToolServer } from '../runtime/tools/fixtures/oauthToolServer.js';

const executablePath = '/usr/bin/chromium';
const browserTest = fs.existsSync(executablePath) || process.env.CI ? test.serial : test.skip;

browserTest('the operator page shows an OAuth connection waiting for its user as error with the reason auth_required', async (t) => {
  const tools = await startOAuthToolServer();
  const server = await startServer({ CREWD_PUBLIC_URL: 'http://crewd.test' });
  t.teardown(async () => {
    await server.close();
    await tools.close();
  });
  const connect = await server.call('POST', `/api/mcp/connect?workspace_id=${server.workspaceId}`, {
    body: { server_type: 'custom', server_name: 'protected', auth: 'oauth', oauth: { client_id: 'crewd-test-client' }, params: { url: tools.url } },
  });
  t.is(connect.status, 202, JSON.stringify(connect.body));
  const admin = await server.call('POST', '/v1/api-keys', { body: { name: 'operator', permissions: ['admin:read', 'integrations:read'] } });
  const browser = await chromium.launch({ executablePath, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  t.teardown(() => browser.close());
  const page = await browser.newPage();
  await page.goto(`${server.url}/admin`);
  await page.fill('input[name=key]', admin.body.secret);
  await page.click('button[type=submit]');

  const connection = `[data-testid=connection][data-id="${connect.body.connection_id}"]`;
  await page.waitForSelector(`${connection}[data-status=error]`);
  t.is(await page.textContent(`${connection} [data-testid=connection-reason]`), '(auth_required)');
});
