import type { PluginJob } from '../contract.js';
import { runsOf, syncRunner } from './runsOf.js';
import type { ChatTeamStore } from './teamStore.js';

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

/**
 * The spec's daily scheduled sync of every configured team, as a plugin job (contract:
 * `manifest.jobs`): the runtime wakes it at 02:00 UTC for every workspace where the chat plugin is
 * configured, and once at start (`runAtStart`), so a night missed while the service was down is
 * caught up. The job decides from the context's clock what is due; a slot is claimed in the
 * database before its run starts, so two processes never both run it. A team whose sync is still
 * running keeps that run (`start` is a no-op while one runs).
 */
export function chatSyncJob(deps: { teams: Pick<ChatTeamStore, 'listForWorkspace' | 'claimSlot'> }): PluginJob {
  return {
    name: 'daily_sync',
    schedule: dailySyncCron,
    runAtStart: true,
    async run(context) {
      const now = context.clock.now();
      const slot = lastSlot(now).toISOString();
      for (const team of await deps.teams.listForWorkspace(context.workspaceId)) {
        if (!isDue(team.last_scheduled_slot, team.created_at, now)) continue;
        if (!(await deps.teams.claimSlot(context.workspaceId, team.team_id, slot))) continue;
        try {
          await runsOf(context).start(syncRunner, team.team_id, { initial: false });
        } catch (error) {
          context.logger.error({ err: error, team_id: team.team_id }, 'scheduled chat sync did not start');
        }
      }
    },
  };
}
