import { boilerplateSentences, proseSentences, type BoilerplateIndex } from './boilerplate.js';
import { formatOf } from './requirements.js';
import { hasExamples, requirementChecks } from './completeness.js';
import { mentions } from './salient.js';
import { parseDocument, plainText } from './markdown.js';
import { averageSentenceLength, clampScore, readingCounts, readingEase } from './readability.js';
import { polarity } from './sentiment.js';
import { contentTerms, countWords, sentences, stem } from './text.js';
import { carries, requestFacts } from './facts.js';
import { declaresOutline, placeholderSentence } from './templateText.js';

/** `quality_metrics` of the spec; every number is measured from the content and the request. */
export interface QualityMetrics {
  overall_score: number;
  criteria: { relevance: number; clarity: number; completeness: number; engagement: number };
}

export interface QualityInput {
  brief: string;
  requirements: Record<string, unknown>;
  /**
   * Salient items of the client's material (context, context documents, knowledge passages):
   * names, systems, numbers, dates (see salient.ts). Relevance counts how many the content uses.
   */
  salient?: string[];
  /** Recognises boilerplate; `request` is the brief and context the content was written for. */
  boilerplate?: { index: BoilerplateIndex; request: string };
  /** The reviewing agent's rubric (openai provider), blended half and half with the computed criteria. */
  judge?: RubricScores;
  /**
   * Whether the request came with material (context, context documents or knowledge). Without
   * any, the content can only echo the brief: relevance counts half (see `assessQuality`).
   * Undefined: not known, counted as given (the result meter always says).
   */
  material?: boolean;
  /** The brief and material as text: a section "carries content from the inputs" when its body uses one of their terms. */
  inputs?: string;
}

/** What the metrics saw, for benchmarks and operators. */
export interface QualitySignals {
  /** Share (0..1) of the brief's subject terms used. */
  subjectRecall: number;
  /** Share (0..1) of the context's salient items used; undefined without salient items. */
  contextRecall?: number;
  /** Share (0..1) of the request's own facts (figures, dates, names of the brief; timeline, audience ... requirements) carried; undefined without any. */
  factsCarried?: number;
  /** Whether the request gave anything to ground a draft on (material, or facts in the brief or requirements); without, the draft is an outline. */
  grounded: boolean;
  sentences: number;
  boilerplateSentences: number;
  /** Sentences that talk to the writer or operator instead of the reader (placeholders, outline notes). */
  templateSentences: number;
  unmet: number;
}

/** The reviewing agent's scores, 0..100 each. */
export interface RubricScores {
  relevance: number;
  clarity: number;
  completeness: number;
  engagement: number;
}

// Words that say what to produce rather than what it is about; they would reward any document
// that repeats "write a blog post" back.
const instructionWords = new Set(['write', 'create', 'draft', 'generate', 'produce', 'prepare', 'compose', 'make', 'blog', 'post', 'article', 'piece', 'content', 'please', 'need', 'want', 'help', 'prd', 'summary', 'summarize', 'summarise', 'linkedin', 'newsletter', 'guide', 'documentation', 'extract', 'release', 'notes', 'roadmap', 'ticket', 'tickets', 'jira', 'spec', 'retro', 'email', 'page', 'review', 'analysis', 'ranking', 'plan', 'item', 'update']);

// Relevance and completeness weigh most: a readable piece about the wrong thing is not a result.
const weights = { relevance: 0.3, clarity: 0.2, completeness: 0.3, engagement: 0.2 };

export function computeQualityMetrics(content: string, input: QualityInput): QualityMetrics {
  return assessQuality(content, input).metrics;
}

/**
 * The metrics and what they were computed from. overall_score is the weighted criteria, scaled by
 * how grounded the content is (0.2 + 0.8 x relevance/100: a fluent piece about something else
 * earns little) and by the share of sentences that are not boilerplate.
 */
export function assessQuality(content: string, input: QualityInput): { metrics: QualityMetrics; signals: QualitySignals } {
  const parts = parseDocument(content);
  const text = plainText(parts);
  const units = sentences(text);
  const checks = requirementChecks(parts, input.brief, input.requirements, content);
  const found = relevance(`${parts.title}\n${text}`, input.brief, input.salient ?? []);
  const facts = requestFacts(input.brief, input.requirements);
  const factsCarried = facts.length === 0 ? undefined : facts.filter((fact) => carries(`${parts.title}\n${text}`, fact)).length / facts.length;
  const material = input.material ?? true;
  // A draft that says it is an outline to fill in is one, whatever the request carried.
  const grounded = (material || facts.length > 0) && !declaresOutline(content);
  const bp = input.boilerplate ? boilerplateSentences(input.boilerplate.index, content, input.boilerplate.request) : { total: proseSentences(content).length, boilerplate: [] };
  // A message to the operator ("came without context", "Paste the numbers") says nothing to the reader.
  const prose = proseSentences(content);
  const placeholders = prose.filter((sentence) => placeholderSentence.test(sentence) && !bp.boilerplate.includes(sentence));
  const empty = [...bp.boilerplate, ...placeholders];
  const templateShare = bp.total === 0 ? 0 : Math.min(1, empty.length / bp.total);
  const sections = sectionsWithInputs(content, input.inputs);
  const carried = carriedShare(found, factsCarried, material);
  const computed = {
    // Without anything to ground on, the best a text can do is echo the brief: half of being relevant.
    relevance: text.trim() === '' ? 0 : clampScore(grounded ? 100 * Math.sqrt(found.subject * carried) : 50 * found.subject),
    clarity: clampScore(clarity(text, units, content) * (1 - templateShare)),
    completeness: clampScore(completeness(text, checks.map((check) => check.met)) * sections),
    engagement: engagement(text, units.filter((unit) => !empty.some((sentence) => unit.includes(sentence.slice(0, 40)))), parts.headings.length, parts.listItems, hasExamples(parts)),
  };
  const criteria = input.judge ? blend(computed, input.judge) : computed;
  const base =
    criteria.relevance * weights.relevance +
    criteria.clarity * weights.clarity +
    criteria.completeness * weights.completeness +
    criteria.engagement * weights.engagement;
  // A near-empty text cannot score as a document; what counts as near-empty follows the request's size.
  const substantive = prose.filter((sentence) => !empty.includes(sentence)).reduce((sum, sentence) => sum + countWords(sentence), 0);
  const cap = formatOf(input.requirements, input.brief) === 'social_media' ? 25 : 60;
  const expected = Math.min(cap, Math.max(12, Math.round(0.6 * countWords(input.inputs ?? input.brief))));
  const volume = Math.min(1, substantive / expected);
  // Grounding: an outline (nothing to ground on) keeps a fifth of its score, a draft as much as it carries.
  const grounding = grounded ? 0.2 + (0.8 * criteria.relevance) / 100 : 0.2;
  const overall = base * grounding * (1 - templateShare) * volume;
  return {
    metrics: { overall_score: clampScore(overall), criteria },
    signals: {
      subjectRecall: found.subject,
      ...(found.context !== undefined ? { contextRecall: found.context } : {}),
      ...(factsCarried !== undefined ? { factsCarried } : {}),
      grounded,
      sentences: bp.total,
      boilerplateSentences: bp.boilerplate.length,
      templateSentences: empty.length,
      unmet: checks.filter((check) => check.met < 0.75).length,
    },
  };
}

/**
 * How much of what the request carries the text carries. With material, the share of its salient
 * items used, times `0.5 + 0.5 × the share of the request's own facts carried`: dropping every fact
 * of the brief and requirements halves it, dropping the material's gives 0. Without material, the
 * share of the request's facts carried. With neither, the brief's subject stands in (a direct call
 * that did not say what material there was).
 */
function carriedShare(found: { subject: number; context?: number }, factsCarried: number | undefined, material: boolean): number {
  if (found.context !== undefined) return found.context * (factsCarried === undefined ? 1 : 0.5 + 0.5 * factsCarried);
  if (factsCarried !== undefined) return factsCarried;
  return material ? found.subject : 0;
}

/** Each criterion half computed, half judged: the judge reads meaning, the figures cannot be talked up. */
function blend(computed: QualityMetrics['criteria'], judge: RubricScores): QualityMetrics['criteria'] {
  const mix = (a: number, b: number) => clampScore(0.5 * a + 0.5 * clampScore(b));
  return {
    relevance: mix(computed.relevance, judge.relevance),
    clarity: mix(computed.clarity, judge.clarity),
    completeness: mix(computed.completeness, judge.completeness),
    engagement: mix(computed.engagement, judge.engagement),
  };
}

/**
 * Share of the brief's subject terms AND of the context's salient items that the content uses:
 * their geometric mean when there are salient items, else the brief's terms alone. The geometric
 * mean needs both: content that echoes the brief but drops every fact the client gave scores 0,
 * as does content full of the facts of another subject; an arithmetic mean gave either 50.
 */
function relevance(text: string, brief: string, salient: string[]): { subject: number; context?: number } {
  const wanted = new Set(contentTerms(brief).filter((term) => !instructionWords.has(term)).map(stem));
  const present = new Set(contentTerms(text).map(stem));
  const subject = wanted.size === 0 ? 1 : [...wanted].filter((term) => present.has(term)).length / wanted.size;
  if (salient.length === 0) return { subject };
  return { subject, context: salient.filter((item) => mentions(text, item)).length / salient.length };
}

/**
 * Reading ease and sentence length (12-20 words is the sweet spot, 5 points off per word beyond),
 * plus whether sections stay on their heading's subject and sentences are whole (no orphaned
 * commas, empty brackets or dangling prepositions where something was left out).
 */
function clarity(text: string, units: string[], markdown: string): number {
  if (text.trim() === '') return 0;
  const counts = readingCounts(text, units);
  const average = averageSentenceLength(counts);
  const distance = average < 12 ? 12 - average : average > 20 ? average - 20 : 0;
  const whole = units.length === 0 ? 1 : units.filter((unit) => !broken.test(unit)).length / units.length;
  return clampScore(0.4 * readingEase(counts) + 0.2 * Math.max(0, 100 - 5 * distance) + 20 * sectionCoherence(markdown) + 20 * whole);
}

const broken = /\s[,;:.](?!\d)|\(\s*\)|\b(?:on|of|in|to|for|with|from|by|and|or|between|the|a|an)\s*[,.;:]|\s{2,}\S|^\W*[,;:]/i;

/** Share of sections whose prose uses at least one content word of their heading (1 without headings). */
function sectionCoherence(markdown: string): number {
  const sections = markdown.split(/^#{2,3}\s+/m).slice(1);
  const scored = sections
    .map((section) => {
      const [heading = '', ...body] = section.split('\n');
      const wanted = contentTerms(heading).map(stem);
      const prose = body.filter((line) => !/^\s*(\||#|```)/.test(line)).join(' ');
      if (wanted.length === 0 || prose.trim() === '') return undefined;
      const present = new Set(contentTerms(prose).map(stem));
      return wanted.some((term) => present.has(term)) ? 1 : 0;
    })
    .filter((value): value is 0 | 1 => value !== undefined);
  return scored.length === 0 ? 1 : scored.reduce<number>((sum, value) => sum + value, 0) / scored.length;
}

/**
 * Share (0..1) of the `##`/`###` sections whose body carries content from the inputs: at least one
 * content word of the brief or material. An empty section counts 0; a document without sections 1.
 */
function sectionsWithInputs(markdown: string, inputs: string | undefined): number {
  const sections = markdown.split(/^#{2,3}\s+/m).slice(1);
  if (sections.length === 0) return 1;
  // Without the inputs' text (a direct call), a section counts when it has a body at all.
  const wanted = inputs === undefined ? undefined : new Set(contentTerms(inputs).map(stem));
  const carried = sections.filter((section) => {
    const body = section.split('\n').slice(1).join(' ');
    const terms = contentTerms(body);
    return wanted ? terms.some((term) => wanted.has(stem(term))) : terms.length > 0;
  }).length;
  return carried / sections.length;
}

function completeness(text: string, met: number[]): number {
  if (text.trim() === '') return 0;
  if (met.length === 0) return 100;
  return clampScore((100 * met.reduce((sum, value) => sum + value, 0)) / met.length);
}

/** Questions to the reader, examples, warmth and scannable structure, 25 points each. */
function engagement(text: string, units: string[], headings: number, listItems: number, examples: boolean): number {
  if (text.trim() === '') return 0;
  const questions = units.filter((sentence) => sentence.endsWith('?')).length;
  const tone = polarity(text).polarity;
  const score =
    (questions >= 2 ? 25 : questions === 1 ? 15 : 0) +
    (examples ? 25 : 0) +
    (tone === 'positive' ? 25 : tone === 'neutral' ? 15 : 5) +
    (headings >= 2 ? 15 : headings === 1 ? 8 : 0) +
    (listItems >= 2 ? 10 : 0);
  return clampScore(score);
}
