import { stem } from '../../quality/text.js';
import { nounPhrases } from './grammar.js';
import { capitalize, list } from './phrases.js';
import type { UserStory } from './stories.js';

export interface Endpoint {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  purpose: string;
}

export interface TechnicalSpec {
  components: string[];
  interfaces: Endpoint[];
  entities: string[];
  risks: string[];
}

export interface Ticket {
  id: string;
  title: string;
  description: string;
  acceptance_criteria: string[];
  /** Story points on the Fibonacci scale. */
  estimate: number;
}

export interface Milestone {
  name: string;
  goal: string;
  weeks: string;
  tickets: string[];
}

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

const plural = (entity: string) => (entity.endsWith('s') ? entity : entity.endsWith('y') ? `${entity.slice(0, -1)}ies` : `${entity}s`);
const slug = (entity: string) => plural(entity).replace(/\s+/g, '-');

function endpointFor(story: UserStory): Endpoint {
  const verb = story.capability.split(/\s+/)[0]!.toLowerCase();
  const base = `/${slug(entityOf(story.capability))}`;
  const purpose = capitalize(story.capability);
  if (/^(see|view|track|list|monitor|search|find|filter|sort|browse|check|compare|follow)$/.test(verb)) return { method: 'GET', path: base, purpose };
  if (/^(edit|update|manage|change|configure|rename|organi[sz]e)$/.test(verb)) return { method: 'PATCH', path: `${base}/{id}`, purpose };
  if (/^(delete|remove|archive|cancel)$/.test(verb)) return { method: 'DELETE', path: `${base}/{id}`, purpose };
  if (/^(export|download|print)$/.test(verb)) return { method: 'GET', path: `${base}/export`, purpose };
  if (/^(import|upload)$/.test(verb)) return { method: 'POST', path: `${base}/import`, purpose };
  if (/^(create|add|submit|send|book|order|pay|invite|schedule|post|write)$/.test(verb)) return { method: 'POST', path: base, purpose };
  return { method: 'POST', path: `${base}/${verb}`, purpose };
}

const background = /\b(remind|schedul|notif|email|send|sync|import|export|recurr|digest)/i;
const riskPattern = /\b(risks?|concerns?|blockers?|depend\w*|legacy|compliance|gdpr|privacy|security|deadline|integrat\w*|third[- ]party|migrat\w*|performance|scale)\b/i;

/** Components, interfaces and entities implied by the stories; risks as the sources state them. */
export function technicalSpec(stories: UserStory[], sourceSentences: string[], corpus: string): TechnicalSpec {
  const entities = [...new Set(stories.map((story) => entityOf(story.capability)))];
  const clients = [/\bmobile|ios|android\b/i.test(corpus) ? 'Mobile client' : '', /\bweb|browser|dashboard|portal|site\b/i.test(corpus) ? 'Web client' : ''].filter(Boolean);
  const components = [
    ...(clients.length > 0 ? clients : ['Client application']),
    `API service exposing the interfaces below to ${list([...new Set(stories.map((story) => plural(story.role)))])}`,
    `Data store for ${entities.map(plural).join(', ')}`,
  ];
  if (stories.some((story) => background.test(story.capability))) components.push('Background worker for scheduled and outgoing work (reminders, notifications, imports and exports)');
  const seen = new Set<string>();
  const interfaces = stories.map(endpointFor).filter((endpoint) => {
    const key = `${endpoint.method} ${endpoint.path}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { components, interfaces, entities, risks: sourceSentences.filter((sentence) => riskPattern.test(sentence)).slice(0, 5) };
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

export function tickets(stories: UserStory[], spec: TechnicalSpec | undefined): Ticket[] {
  const result: Ticket[] = [];
  if (spec) {
    result.push({
      id: 'T-1',
      title: `Set up the data model for ${spec.entities.map(plural).join(', ')}`,
      description: `Create storage for ${spec.entities.map(plural).join(', ')} with ownership and timestamps, and the migrations to deploy it.`,
      acceptance_criteria: ['Migrations run forward and back on a fresh database.', 'Each record has an owner and created/updated timestamps.'],
      estimate: spec.entities.length > 2 ? 5 : 3,
    });
  }
  for (const story of stories) {
    result.push({
      id: `T-${result.length + 1}`,
      title: capitalize(story.capability),
      description: story.text,
      acceptance_criteria: [
        `Given a signed-in ${story.role}, when they ${story.capability.replace(/^to\s+/, '')}, then the result is saved and shown to them.`,
        'Invalid input is rejected with a message that says how to fix it; nothing already saved is lost.',
        `The reason for the story holds in a test with a real ${story.role} account: ${story.benefit}.`,
      ],
      estimate: estimate(story.capability),
    });
  }
  return result;
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

/**
 * Milestones: foundations, the first half of the stories, the rest, and launch. Their length is
 * proportional to their points, over the requested timeline or at 8 points a week.
 */
export function milestones(all: Ticket[], hasSpec: boolean, requirements: Record<string, unknown>): Milestone[] {
  const foundation = hasSpec ? all.slice(0, 1) : [];
  const stories = hasSpec ? all.slice(1) : all;
  const half = Math.ceil(stories.length / 2);
  const groups: Array<{ name: string; goal: string; tickets: Ticket[] }> = [
    { name: 'Foundations', goal: 'Data model, interfaces and the skeleton every story builds on', tickets: foundation },
    { name: 'Core experience', goal: 'The first stories usable end to end', tickets: stories.slice(0, half) },
    { name: 'Complete scope', goal: 'The remaining stories', tickets: stories.slice(half) },
  ].filter((group) => group.tickets.length > 0);
  const points = groups.map((group) => group.tickets.reduce((sum, ticket) => sum + ticket.estimate, 0));
  const total = points.reduce((sum, value) => sum + value, 0);
  const weeks = timelineWeeks(requirements) ?? Math.max(groups.length + 1, Math.ceil(total / 8) + 1);
  const buildWeeks = Math.max(groups.length, weeks - 1);
  let start = 1;
  const result = groups.map((group, index) => {
    const length = Math.max(1, Math.round((buildWeeks * points[index]!) / Math.max(1, total)));
    const milestone = { name: `M${index + 1}: ${group.name}`, goal: group.goal, weeks: range(start, start + length - 1), tickets: group.tickets.map((ticket) => ticket.id) };
    start += length;
    return milestone;
  });
  result.push({ name: `M${result.length + 1}: Launch`, goal: 'Release checklist done, staged rollout, release notes published', weeks: range(start, Math.max(start, weeks)), tickets: [] });
  return result;
}

function range(from: number, to: number): string {
  return from === to ? `Week ${from}` : `Weeks ${from}-${to}`;
}
