import { until } from './until.js';

/** The webhook work a process reports on /metrics: the backlog gauge and its live delivery actors. */
async function webhookWork(url: string, key: string): Promise<{ events: number; deliveries: number; live: number }> {
  const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${key}` } });
  if (response.status !== 200) throw new Error(`GET /metrics: ${response.status}`);
  const text = await response.text();
  const gauge = (kind: string) => Number(new RegExp(`^crewd_webhook_backlog\\{kind="${kind}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? NaN);
  let live = 0;
  for (const match of text.matchAll(/^crewd_live_actors\{machine="webhookDelivery",state="[^"]+"\} (\d+)$/gm)) live += Number(match[1]);
  return { events: gauge('events'), deliveries: gauge('deliveries'), live };
}

/**
 * Waits until no webhook attempt can be sent any more by the processes at `urls` (one database):
 * the fan-out read every event, every delivery is finished (succeeded or given up) and none is
 * live in memory. What a receiver has by then is all it will get, so a test can count duplicates
 * without waiting a fixed time for one to show up.
 */
export async function webhooksSettled(urls: string[], key: string, timeoutMs = 180_000): Promise<void> {
  let last: unknown;
  await until(async () => {
    const work = await Promise.all(urls.map((url) => webhookWork(url, key)));
    last = work;
    return work.every((w) => w.events === 0 && w.deliveries === 0 && w.live === 0);
  }, "webhook work to settle", timeoutMs).catch((error: Error) => {
    throw new Error(`${error.message}; last seen ${JSON.stringify(last)}`);
  });
}
