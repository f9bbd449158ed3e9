import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { chromium } from 'playwright-core';
import { startServer, tempDir } from '../helpers/server.js';
import { until } from '../helpers/until.js';
import { waitForOutcome } from './outcomesHelpers.js';

const executablePath = '/usr/bin/chromium';
const haveChromium = fs.existsSync(executablePath);
// Like adminPage.test.ts: skipped visibly without Chromium locally, a failure in CI.
const browserTest = haveChromium || process.env.CI ? test : test.skip;
const screenshots = tempDir('crewd-shots-');

browserTest('the operator page: the outcomes table fits its card at 1400 and 1920 px, every time is UTC and says so, a cancelled outcome reads "cancelled"', async (t) => {
  const server = await startServer({ CREWD_LOCAL_MODEL_DELAY_MS: '400' });
  t.teardown(() => server.close());
  const admin = await server.call('POST', '/v1/api-keys', { body: { name: 'operator', permissions: ['admin:read'] } });
  // Long briefs (the cell shows the first 12 words, up to 80 characters) and one cancelled outcome.
  const long = 'Write a thorough comparison of heat pumps, gas boilers and district heating for terraced houses in northern cities';
  const done = await server.call('POST', '/v1/crews/writer/deploy', { body: { brief: long } });
  await waitForOutcome(server, done.body.outcome_id);
  const cancelled = await server.call('POST', '/v1/crews/pilot/deploy', { body: { brief: `${long}, then plan the rollout` } });
  t.is((await server.call('POST', `/v1/outcomes/${cancelled.body.outcome_id}/cancel`)).status, 200);

  const browser = await chromium.launch({ executablePath, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'] });
  t.teardown(() => browser.close());
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(`${server.url}/admin`);
  await page.fill('input[name=key]', admin.body.secret);
  await page.click('button[type=submit]');
  const row = `[data-testid=outcome][data-id="${cancelled.body.outcome_id}"]`;
  await page.waitForSelector(`${row}[data-status=cancelled]`);
  t.is((await page.textContent(`${row} .status`))?.trim(), 'cancelled');

  // Times: UTC, labelled in the header, the same instant the API gave.
  t.is(await page.textContent('[data-testid=time-header]'), 'time (UTC)');
  const created = (await server.call('GET', `/v1/outcomes/${done.body.outcome_id}`)).body.created_at as string;
  t.is(await page.textContent(`[data-testid=outcome][data-id="${done.body.outcome_id}"] [data-testid=time]`), created.slice(11, 19));

  for (const width of [1400, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    const sizes = await until(
      () =>
        page.evaluate(`(() => {
          const card = document.querySelector('[data-testid=outcomes]');
          const table = card && card.querySelector('table');
          return table ? { card: card.clientWidth, table: table.getBoundingClientRect().width, scroll: card.scrollWidth } : undefined;
        })()`) as Promise<{ card: number; table: number; scroll: number } | undefined>,
      'the outcomes table',
    );
    await page.screenshot({ path: path.join(screenshots, `operator-page-${width}.png`), fullPage: true });
    t.true(sizes.table <= sizes.card && sizes.scroll <= sizes.card, `at ${width} px the table (${sizes.table} px, scroll ${sizes.scroll}) fits its card (${sizes.card} px)`);
  }
});
