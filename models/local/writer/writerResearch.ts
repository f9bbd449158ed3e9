import { containsPhrase } from '../../../quality/text.js';
import type { StageInput } from '../../types.js';
import { capitalize, keyPhrases, overlaps, rankSentences, titleCase } from '../text/phrases.js';
import { hash, pick, rotate } from '../text/seed.js';
import { cited, gatherSources, type Sources } from '../text/sources.js';
import { conclusionHeadings, fill, headings } from './writerTemplates.js';
import { topicOf, wholePhrase } from '../text/topic.js';
import { writingSpec, type WritingSpec } from './writerSpec.js';

/** The research stage's findings; later stages recompute them, the function being pure. */
export interface Research {
  spec: WritingSpec;
  topic: string;
  /** What sections focus on: the target keywords first, then the sources' key phrases. */
  focuses: string[];
  /** Source sentences ranked by relevance to the topic and keywords. */
  facts: string[];
  sources: Sources;
  seed: number;
  /** The brief and requirements as given (a bare brief's draft is built from them). */
  brief: string;
  requirements: Record<string, unknown>;
}

export type SectionKind = 'intro' | 'body' | 'concepts' | 'steps' | 'examples' | 'conclusion' | 'contents' | 'post';

export interface SectionPlan {
  kind: SectionKind;
  /** Empty for the intro and a social post. */
  heading: string;
  focus: string;
  /** Share of the word budget. */
  weight: number;
}

export interface Outline {
  title: string;
  sections: SectionPlan[];
}

// Words that name the deliverable or the channel, not the subject.
const instructionWords = new Set(
  'write create draft blog post posts article piece content please need want tone words newsletter linkedin twitter tweet thread social media documentation docs announcing announce'.split(' '),
);

export function seedOf(input: StageInput): number {
  return hash(JSON.stringify([input.crew.id, input.brief, input.context ?? '', input.requirements, input.contextDocuments, input.knowledge]));
}

export function research(input: StageInput): Research {
  const spec = writingSpec(input.brief, input.requirements);
  const sources = gatherSources(input);
  const topic = topicOf(input.brief);
  const ignore = new Set([...instructionWords, ...spec.audience.toLowerCase().split(/\s+/)]);
  const found = keyPhrases(`${input.brief}\n${input.brief}\n${sources.corpus}`, 12, ignore);
  const focuses: string[] = [];
  for (const phrase of [...spec.keywords, ...found]) {
    const duplicate = focuses.some((taken) => containsPhrase(taken, phrase) || containsPhrase(phrase, taken));
    if (phrase && !duplicate) focuses.push(phrase);
  }
  if (focuses.length === 0) focuses.push(topic);
  const byText = new Map(sources.sentences.map((sentence) => [sentence.text, sentence]));
  const facts = rankSentences(
    sources.sentences.map((sentence) => sentence.text),
    sources.corpus,
    [topic, ...spec.keywords],
  )
    .slice(0, 12)
    .map((text) => cited(byText.get(text)!));
  return { spec, topic, focuses: focuses.slice(0, 8), facts, sources, seed: seedOf(input), brief: input.brief, requirements: input.requirements };
}

export function researchNotes(found: Research): string {
  const { spec } = found;
  const lines = [
    `# Research: ${titleCase(found.topic)}`,
    '',
    `Audience: ${found.spec.audience}. Format: ${spec.format.replace('_', ' ')}. Tone: ${spec.toneLabel}. Length: about ${spec.targetWords} words.`,
    '',
    '## Key points',
    ...found.focuses.map((focus) => {
      const fact = found.facts.find((candidate) => overlaps(candidate, focus));
      return `- ${capitalize(focus)}${fact ? `: ${fact}` : ''}`;
    }),
  ];
  if (found.facts.length > 0) lines.push('', '## Facts from the sources', ...found.facts.map((fact) => `- ${fact}`));
  if (spec.keywords.length > 0) lines.push('', '## Target keywords', ...spec.keywords.map((keyword) => `- ${keyword}`));
  return lines.join('\n');
}

function bodyCount(spec: WritingSpec, per: number, max: number, available: number): number {
  return Math.max(1, Math.min(max, available, Math.round(spec.targetWords / per)));
}

export function outline(found: Research): Outline {
  const { spec, seed } = found;
  const slots = { f: found.topic, t: titleCase(found.topic), a: found.spec.audience };
  const title = titleCase(wholePhrase(found.topic));
  const headingOrder = rotate(headings, seed, 'headings');
  const body = (count: number): SectionPlan[] =>
    found.focuses.slice(0, count).map((focus, index) => ({
      kind: 'body',
      heading: fill(headingOrder[index % headingOrder.length]!, { ...slots, f: focus }),
      focus,
      weight: 2,
    }));
  const examples: SectionPlan[] = spec.includeExamples ? [{ kind: 'examples', heading: 'Examples', focus: found.focuses[0]!, weight: 1.5 }] : [];
  // The intro and conclusion elaborate on the main focus: the whole topic is often too long a phrase to repeat.
  const conclusion: SectionPlan = { kind: 'conclusion', heading: conclusionHeadings[spec.tone], focus: found.focuses[0]!, weight: 0.8 };
  const intro: SectionPlan = { kind: 'intro', heading: '', focus: found.focuses[0]!, weight: 1 };
  switch (spec.format) {
    case 'social_media':
      return { title, sections: [{ kind: 'post', heading: '', focus: found.focuses[0]!, weight: 1 }] };
    case 'documentation':
      return {
        title,
        sections: [
          { ...intro, heading: 'Overview' },
          { kind: 'concepts', heading: 'Key concepts', focus: found.topic, weight: 1.5 },
          { kind: 'steps', heading: `How to get started with ${found.focuses[0]}`, focus: found.focuses[0]!, weight: 1.2 },
          ...body(bodyCount(spec, 300, 4, found.focuses.length)),
          ...examples,
          { ...conclusion, heading: 'Next steps' },
        ],
      };
    case 'newsletter':
      return {
        title,
        sections: [intro, { kind: 'contents', heading: 'In this issue', focus: found.topic, weight: 0.3 }, ...body(bodyCount(spec, 180, 4, found.focuses.length)), ...examples, { ...conclusion, heading: 'Until next time' }],
      };
    case 'blog_post':
      return { title, sections: [intro, ...body(bodyCount(spec, 220, 6, found.focuses.length)), ...examples, conclusion] };
  }
}

export function outlineDocument(plan: Outline, found: Research): string {
  const lines = [`# ${plan.title}`];
  for (const section of plan.sections) {
    lines.push('', section.heading ? `## ${section.heading}` : '## (Introduction)', `- Focus: ${section.focus}`);
    const fact = found.facts.find((candidate) => overlaps(candidate, section.focus));
    if (fact) lines.push(`- Draw on: ${fact}`);
  }
  return lines.join('\n');
}
