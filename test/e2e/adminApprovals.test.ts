import fs from 'node:fs';
import test from 'ava';
import { chromium } from 'playwright-core';
import { startServer } from '../helpers/server.js';
import { deploy, waitForAction, waitForSettled } from './approvalsHelpers.js';

const executablePath = '/usr/bin/chromium';
const haveChromium = fs.existsSync(executablePath);
const browserTest = haveChromium || process.env.CI ? test : test.skip;

browserTest('the operator page lists pending approvals and approves and rejects them', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const key = (await server.call('POST', '/v1/api-keys', { body: { name: 'operator', permissions: ['admin:read', 'outcomes:read', 'outcomes:write'] } })).body.secret as string;
  const brief = 'Write a blog post about planning a vegetable garden in raised beds';
  const approved = await deploy(server, { brief, approvals: { before_completion: true } });
  const rejected = await deploy(server, { brief, approvals: { before_completion: true } });
  const one = (await waitForAction(server, approved)).pending_action;
  const two = (await waitForAction(server, rejected)).pending_action;

  const browser = await chromium.launch({ executablePath, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'] });
  t.teardown(() => browser.close());
  const page = await browser.newPage();
  await page.goto(`${server.url}/admin`);
  await page.fill('input[name=key]', key);
  await page.click('button[type=submit]');
  await page.waitForSelector('[data-testid=approval-count]:has-text("2")');
  t.true((await page.textContent(`[data-testid=approval][data-id="${one.id}"]`))!.includes('approve_result'));

  await page.click(`[data-testid=approval][data-id="${one.id}"] [data-testid=approve]`);
  await page.waitForSelector(`[data-testid=approval-message]:has-text("${one.id} approved")`);
  t.is((await waitForSettled(server, approved)).status, 'completed');
  await page.click(`[data-testid=approval][data-id="${two.id}"] [data-testid=reject]`);
  await page.waitForSelector(`[data-testid=approval-message]:has-text("${two.id} rejected")`);
  t.is((await waitForSettled(server, rejected)).error.code, 'rejected_by_reviewer');
  await page.waitForSelector('[data-testid=approval-count]:has-text("0")');
});
