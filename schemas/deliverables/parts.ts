import type { JsonSchema } from '../types.js';

/*
 * Building blocks of the deliverable schemas. Every object lists all its properties as required
 * and refuses others, and an absent value is `null`: the form OpenAI structured outputs accept in
 * strict mode, so both models fill the very same schemas (DESIGN section 12).
 */

export const text: JsonSchema = { type: 'string' };
export const nullableText: JsonSchema = { type: ['string', 'null'] };
export const texts: JsonSchema = { type: 'array', items: text };

/** An object whose every property is required (null stands for "not given"). */
export function record(properties: Record<string, JsonSchema>, description?: string): JsonSchema {
  return { type: 'object', additionalProperties: false, required: Object.keys(properties), properties, ...(description ? { description } : {}) };
}

export function list(items: JsonSchema, description?: string): JsonSchema {
  return { type: 'array', items, ...(description ? { description } : {}) };
}

/** `{kind, data}` of one deliverable kind. */
export function deliverable(kind: string, data: JsonSchema, description: string): JsonSchema {
  return record({ kind: { type: 'string', enum: [kind] }, data }, description);
}

export const section = record({ heading: text, body: texts }, 'A titled part of a document; body holds its paragraphs or list lines in order.');

export const decision = record({ text, source: nullableText }, 'A decision as the material states it; source names where it came from (speaker, document) when known.');

export const actionItem = record(
  { owner: nullableText, task: text, due: { ...nullableText, description: 'As the material states it ("by Friday", "2026-03-02"); null when none was given.' } },
  'One action item: who does what by when; owner is null when the material names nobody.',
);

export const userStory = record(
  { persona: text, want: text, benefit: { ...nullableText, description: 'The "so that" reason; null when the material gives none.' } },
  'As a {persona}, I want {want}, so that {benefit}.',
);

export const estimate = {
  anyOf: [record({ value: { type: 'number' }, unit: { type: 'string', description: 'The unit asked for: points, hours, days ...' } }), { type: 'null' }],
  description: 'Null when the material gives none (estimates are never guessed).',
} as JsonSchema;

export const ticket = record(
  { title: text, description: text, acceptance_criteria: texts, estimate },
  'One tracker ticket; integrations create one issue per ticket, keyed by its position for retries.',
);

export const phase = record(
  { name: text, dates: { ...nullableText, description: 'The period as the material or requirements.timeline state it; null when none was given.' }, items: texts },
  'A roadmap phase or milestone.',
);

export const releaseEntry = record(
  { type: { type: 'string', enum: ['feature', 'improvement', 'fix', 'breaking', 'security', 'other'] }, text, reference: { ...nullableText, description: 'Issue, PR or commit it came from; kept for the author, not printed to customers.' } },
  'One release-note line.',
);

export const metric = record(
  { name: text, current: nullableText, target: nullableText, due: nullableText, status: { type: 'string', enum: ['on_track', 'at_risk', 'off_track', 'unknown'] } },
  'A figure under review: its current value and target as the material states them.',
);

export const rankedItem = record(
  { rank: { type: 'integer', minimum: 1 }, item: text, priority: { type: 'string', enum: ['high', 'medium', 'low'] }, reason: nullableText },
  'One ranked item; priority follows the material (urgency, impact, dates), reason says why.',
);

export const step = record({ instruction: text, detail: nullableText, command: { ...nullableText, description: 'A shell command or code line the step runs, when it has one.' } }, 'One step of a procedure.');
