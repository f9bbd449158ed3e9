import cron from 'node-cron';
import type { Logger } from 'pino';
import type { ChatIntegrationsRepository } from '../../storage/repositories/chatIntegrations.js';
import type { Clock } from '../clock.js';

/** The spec's scheduled sync: daily at 02:00 UTC. */
export const dailySyncCron = '0 2 * * *';
const slotHourUtc = 2;

/** The latest 02:00 UTC at or before `now`. */
export function lastSlot(now: Date): Date {
  const slot = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), slotHourUtc));
  if (slot.getTime() > now.getTime()) slot.setUTCDate(slot.getUTCDate() - 1);
  return slot;
}

/** The first 02:00 UTC strictly after `now`: when the next scheduled sync runs. */
export function nextSlot(now: Date): Date {
  const slot = lastSlot(now);
  slot.setUTCDate(slot.getUTCDate() + 1);
  return slot;
}

/**
 * Whether the scheduled run of an integration is due at `now`: the latest 02:00 UTC slot lies
 * after both the slot last claimed and the time the integration was configured (a team configured
 * at 10:00 first syncs on schedule the next night; a slot missed while the service was down runs
 * when it comes back).
 */
export function isDue(lastClaimedSlot: string | null, configuredAt: string, now: Date): boolean {
  const slot = lastSlot(now).toISOString();
  return slot > configuredAt && (lastClaimedSlot === null || slot > lastClaimedSlot);
}

export interface ChatSyncScheduleDeps {
  integrations: ChatIntegrationsRepository;
  clock: Clock;
  logger: Logger;
  /** Starts an incremental sync of the team (a no-op while one runs). */
  startSync(workspaceId: string, teamId: string): Promise<unknown>;
}

/**
 * The daily scheduled sync of every configured team. node-cron wakes `tick` at 02:00 UTC; `tick`
 * itself decides from the injected clock what is due, so it is also run once at start (catching
 * up a missed night) and tests drive it on a manual clock. A slot is claimed in the database
 * before its run starts, so two nodes never both run it.
 */
export function createChatSyncSchedule(deps: ChatSyncScheduleDeps) {
  let task: ReturnType<typeof cron.schedule> | undefined;
  let ticking: Promise<number> | undefined;

  async function runDue(): Promise<number> {
    const now = deps.clock.now();
    const slot = lastSlot(now).toISOString();
    let started = 0;
    for (const integration of await deps.integrations.listAll()) {
      if (!isDue(integration.last_scheduled_slot, integration.created_at, now)) continue;
      if (!(await deps.integrations.claimSlot(integration.workspace_id, integration.team_id, slot))) continue;
      try {
        await deps.startSync(integration.workspace_id, integration.team_id);
        started += 1;
      } catch (error) {
        deps.logger.error({ err: error, team_id: integration.team_id }, 'scheduled chat sync did not start');
      }
    }
    return started;
  }

  return {
    /** Starts the syncs that are due now; resolves with how many started. Overlapping calls share one pass. */
    tick(): Promise<number> {
      ticking ??= runDue().finally(() => {
        ticking = undefined;
      });
      return ticking;
    },
    start(): void {
      task = cron.schedule(dailySyncCron, () => void this.tick().catch((error: unknown) => deps.logger.error({ err: error }, 'chat sync schedule failed')), { timezone: 'UTC', name: 'chat-sync', noOverlap: true });
    },
    async stop(): Promise<void> {
      await task?.destroy();
      task = undefined;
      await ticking?.catch(() => undefined);
    },
    nextRunAt: () => nextSlot(deps.clock.now()).toISOString(),
  };
}

export type ChatSyncSchedule = ReturnType<typeof createChatSyncSchedule>;
