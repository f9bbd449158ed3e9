/**
 * The four plan tiers of the spec's Limits section. Each tier has two names; both are accepted and
 * stored as the canonical (first) one. Credits are not in the spec: these defaults are ours.
 */
export interface Plan {
  name: PlanName;
  aliases: string[];
  requestsPerMinute: number;
  concurrentOutcomes: number;
  /** Outcomes a new workspace may create; null means no limit. */
  credits: number | null;
}

export type PlanName = 'starter' | 'growth' | 'pro' | 'enterprise';

export const plans: readonly Plan[] = [
  { name: 'starter', aliases: ['starter', 'explorer'], requestsPerMinute: 60, concurrentOutcomes: 3, credits: 100 },
  { name: 'growth', aliases: ['growth', 'operator'], requestsPerMinute: 300, concurrentOutcomes: 10, credits: 1_000 },
  { name: 'pro', aliases: ['pro', 'swarm'], requestsPerMinute: 1_000, concurrentOutcomes: 25, credits: 10_000 },
  { name: 'enterprise', aliases: ['enterprise', 'custom'], requestsPerMinute: 10_000, concurrentOutcomes: 100, credits: null },
];

/** Finds a plan by either of its names, case-insensitively. */
export function findPlan(name: string): Plan | undefined {
  const wanted = name.trim().toLowerCase();
  return plans.find((plan) => plan.aliases.includes(wanted));
}
