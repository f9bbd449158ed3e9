import { capitalize, isPlural } from '../text/phrases.js';
import type { Tone } from '../text/tone.js';

/**
 * Section headings of the writer's outline. {f} is a focus phrase, {t} the topic, {a} the
 * audience. Only headings are templated: every sentence of the draft comes from the client's
 * own material (see groundedDraft.ts).
 */
export interface Slots {
  f: string;
  t: string;
  a: string;
}

/**
 * Fills a template. {v:is|are} agrees with {f} and {tv:is|are} with {t}: the first form for a
 * singular subject, the second for a plural one.
 */
export function fill(template: string, slots: Slots): string {
  const text = template
    .replace(/\{(t?v):([^|}]*)\|([^}]*)\}/g, (_, subject: string, one: string, many: string) => (isPlural(subject === 'v' ? slots.f : slots.t) ? many : one))
    .replace(/\{([fta])\}/g, (_, key: keyof Slots) => slots[key]);
  return capitalize(text);
}

export const headings = [
  'Why {f} matters',
  'Getting {f} right',
  '{f} in practice',
  'Common pitfalls with {f}',
  'Making {f} work for {a}',
  'A closer look at {f}',
  'Where to start with {f}',
  'Measuring {f}',
];

export const conclusionHeadings: Record<Tone, string> = {
  professional: 'Conclusion',
  technical: 'Summary',
  casual: 'Wrapping up',
  friendly: 'Key takeaways',
};

