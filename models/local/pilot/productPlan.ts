import { stem } from '../../../quality/text.js';
import { nounPhrases } from '../text/grammar.js';

/** Sizing and naming helpers of the PRD: what a capability acts on, its points, the timeline. */

/** The main thing a capability acts on: "send reminders to clients" -> "reminder". */
export function entityOf(capability: string): string {
  const rest = capability
    .split(/\s+/)
    .slice(1)
    .join(' ')
    .replace(/\s+(?:as|to|by|with|for|in|on|from|of|via|into|between)\s+.*$/i, '');
  const noun = nounPhrases(rest)[0]?.map((word) => word.lower).join(' ') ?? rest;
  const words = noun.toLowerCase().replace(/^(?:a|an|the|my|their|our|your|all|new)\s+/, '').replace(/[^a-z0-9 ]/g, '').split(/\s+/).slice(-2);
  const last = words.pop();
  return last ? [...words, stem(last)].join(' ') : 'item';
}

const fibonacci = [1, 2, 3, 5, 8, 13];
const heavy = /\b(integrat|sync|real[- ]?time|import|payment|pay|migrat|ai|recommend|machine learning|offline|search)/i;
const medium = /\b(notif|remind|schedul|export|report|upload|email|permission|role)/i;

/** Story points from what the capability involves: more clauses and integrations cost more. */
export function estimate(capability: string): number {
  let points = 2;
  if (heavy.test(capability)) points += 4;
  else if (medium.test(capability)) points += 2;
  points += Math.max(0, capability.split(/\s+/).length - 4) / 3;
  return fibonacci.find((value) => value >= points) ?? 13;
}

/** Parses "6 weeks", "3 months" or "2 sprints" from requirements.timeline or deadline. */
export function timelineWeeks(requirements: Record<string, unknown>): number | undefined {
  const raw = requirements.timeline ?? requirements.deadline ?? requirements.duration;
  const text = typeof raw === 'number' ? `${raw} weeks` : typeof raw === 'string' ? raw.toLowerCase() : '';
  const match = /(\d+)\s*(week|wk|month|sprint|day)/.exec(text);
  if (!match) return undefined;
  const value = Number(match[1]);
  const unit = match[2]!;
  return Math.max(1, Math.round(unit.startsWith('month') ? value * 4.3 : unit === 'sprint' ? value * 2 : unit === 'day' ? value / 5 : value));
}
