import cron from 'node-cron';
import type { Logger } from 'pino';
import type { Plugin, PluginJob } from '../../plugins/contract.js';
import type { PluginRegistry } from '../../plugins/registry.js';
import type { IntegrationConfigsRepository } from '../../storage/repositories/integrationConfigs.js';
import type { Clock } from '../clock.js';
import type { PluginHost } from './pluginHost.js';

/** The durable timers the jobs ride on (runtime/scheduler): one node fires each row, rows survive restarts. */
export interface JobTimers {
  register(kind: string, handler: (timer: { key: string; dueAt: string }) => Promise<void>): void;
  schedule(kind: string, key: string, dueAt: Date | string, payload?: unknown): Promise<void>;
}

const timerKind = 'plugin_job';

/** The first minute after `from` (UTC) that the five-field cron `pattern` matches; null past a year. */
export function nextCronRun(pattern: string, from: Date): Date | null {
  const fields = cron.parse(pattern);
  const numbers = (values: Array<number | string>) => new Set(values.map(Number));
  const minutes = numbers(fields.minute);
  const hours = numbers(fields.hour);
  const days = numbers(fields.dayOfMonth);
  const months = numbers(fields.month);
  const weekdays = numbers(fields.dayOfWeek.map((d) => (Number(d) === 7 ? 0 : d)));
  const anyDay = days.size >= 31;
  const anyWeekday = weekdays.size >= 7;
  const at = new Date(from.getTime());
  at.setUTCSeconds(0, 0);
  at.setUTCMinutes(at.getUTCMinutes() + 1);
  const limit = from.getTime() + 366 * 24 * 3600_000;
  while (at.getTime() <= limit) {
    if (!months.has(at.getUTCMonth() + 1)) {
      at.setUTCMonth(at.getUTCMonth() + 1, 1);
      at.setUTCHours(0, 0);
      continue;
    }
    const dayOk = days.has(at.getUTCDate());
    const weekdayOk = weekdays.has(at.getUTCDay());
    // Cron's rule: when both day fields are restricted, either one matching is enough.
    if (!(anyDay || anyWeekday ? dayOk && weekdayOk : dayOk || weekdayOk)) {
      at.setUTCDate(at.getUTCDate() + 1);
      at.setUTCHours(0, 0);
      continue;
    }
    if (!hours.has(at.getUTCHours())) {
      at.setUTCHours(at.getUTCHours() + 1, 0);
      continue;
    }
    if (!minutes.has(at.getUTCMinutes())) {
      at.setUTCMinutes(at.getUTCMinutes() + 1);
      continue;
    }
    return at;
  }
  return null;
}

/**
 * Runs the plugins' declared jobs (contract: `manifest.jobs`) on the durable timers: each job is
 * one timer row `plugin_job/<plugin>:<job>` due at its next cron time (UTC). When it fires, the
 * job runs once for every workspace where the plugin is configured, with that workspace's plugin
 * context; one workspace's failure is logged and does not stop the others. The row is then moved
 * to the next time, so a restart or a second node never runs a tick twice.
 */
export function createPluginJobs(deps: { registry: PluginRegistry; pluginHost: PluginHost; integrationConfigs: IntegrationConfigsRepository; clock: Clock; logger: Logger }): PluginJobs {
  const jobs = new Map<string, { plugin: Plugin; job: PluginJob }>(deps.registry.list().flatMap((plugin) => (plugin.manifest.jobs ?? []).map((job) => [`${plugin.manifest.id}:${job.name}`, { plugin, job }] as [string, { plugin: Plugin; job: PluginJob }])));

  async function runNow(key: string): Promise<{ workspaces: number; failed: number }> {
    const entry = jobs.get(key);
    if (!entry) return { workspaces: 0, failed: 0 };
    const rows = await deps.integrationConfigs.listByIntegration(entry.plugin.manifest.id);
    let failed = 0;
    for (const row of rows) {
      try {
        await entry.job.run(await deps.pluginHost.context(row.workspace_id, entry.plugin.manifest.id));
      } catch (error) {
        failed += 1;
        deps.logger.warn({ err: error, plugin: entry.plugin.manifest.id, job: entry.job.name, workspace_id: row.workspace_id }, 'plugin job failed for a workspace');
      }
    }
    return { workspaces: rows.length, failed };
  }

  return {
    /**
     * Runs every job declared `runAtStart` once now (call after unfinished actors were restored):
     * a tick missed while the service was down is caught up by the job's own bookkeeping.
     */
    async runAtStart(): Promise<void> {
      for (const [key, { job }] of jobs) if (job.runAtStart) await runNow(key);
    },
    /** The declared jobs, `<plugin>:<job>` → schedule. */
    list: () => [...jobs.entries()].map(([key, { job }]) => ({ key, schedule: job.schedule })),
    runNow,
    /** Registers the timer handler and makes sure every job has its next run scheduled. */
    async install(timers: JobTimers): Promise<void> {
      timers.register(timerKind, async ({ key }) => {
        await runNow(key);
        const entry = jobs.get(key);
        const next = entry ? nextCronRun(entry.job.schedule, deps.clock.now()) : null;
        if (next) await timers.schedule(timerKind, key, next);
      });
      for (const [key, { job }] of jobs) {
        const next = nextCronRun(job.schedule, deps.clock.now());
        if (next) await timers.schedule(timerKind, key, next);
      }
    },
  };
}

export interface PluginJobs {
  /**
   * Runs every job declared `runAtStart` once now (call after unfinished actors were restored):
   * a tick missed while the service was down is caught up by the job's own bookkeeping.
   */
  runAtStart(): Promise<void>;
  /** The declared jobs, `<plugin>:<job>` → schedule. */
  list: () => {
    key: string;
    schedule: string;
  }[];
  runNow: (key: string) => Promise<{
    workspaces: number;
    failed: number;
  }>;
  /** Registers the timer handler and makes sure every job has its next run scheduled. */
  install(timers: JobTimers): Promise<void>;
}
