import { hasExamples, requirementChecks } from './completeness.js';
import { parseDocument, plainText } from './markdown.js';
import { averageSentenceLength, clampScore, readingCounts, readingEase } from './readability.js';
import { polarity } from './sentiment.js';
import { contentTerms, sentences, stem } from './text.js';

/** `quality_metrics` of the spec; every number is measured from the content and the request. */
export interface QualityMetrics {
  overall_score: number;
  criteria: { relevance: number; clarity: number; completeness: number; engagement: number };
}

export interface QualityInput {
  brief: string;
  requirements: Record<string, unknown>;
}

// Words that say what to produce rather than what it is about; they would reward any document
// that repeats "write a blog post" back.
const instructionWords = new Set(['write', 'create', 'draft', 'generate', 'produce', 'prepare', 'compose', 'make', 'blog', 'post', 'article', 'piece', 'content', 'please', 'need', 'want', 'help']);

// Relevance and completeness weigh most: a readable piece about the wrong thing is not a result.
const weights = { relevance: 0.3, clarity: 0.2, completeness: 0.3, engagement: 0.2 };

export function computeQualityMetrics(content: string, input: QualityInput): QualityMetrics {
  const parts = parseDocument(content);
  const text = plainText(parts);
  const units = sentences(text);
  const criteria = {
    relevance: relevance(text, input.brief),
    clarity: clarity(text, units),
    completeness: completeness(text, requirementChecks(parts, input.brief, input.requirements).map((check) => check.met)),
    engagement: engagement(text, units, parts.headings.length, parts.listItems, hasExamples(parts)),
  };
  const overall =
    criteria.relevance * weights.relevance +
    criteria.clarity * weights.clarity +
    criteria.completeness * weights.completeness +
    criteria.engagement * weights.engagement;
  return { overall_score: clampScore(overall), criteria };
}

/** Share of the brief's subject terms that the content mentions. */
function relevance(text: string, brief: string): number {
  const wanted = new Set(contentTerms(brief).filter((term) => !instructionWords.has(term)).map(stem));
  if (text.trim() === '') return 0;
  if (wanted.size === 0) return 100;
  const present = new Set(contentTerms(text).map(stem));
  return clampScore((100 * [...wanted].filter((term) => present.has(term)).length) / wanted.size);
}

/** Reading ease, with sentences of 12-20 words as the sweet spot (5 points off per word beyond). */
function clarity(text: string, units: string[]): number {
  if (text.trim() === '') return 0;
  const counts = readingCounts(text, units);
  const average = averageSentenceLength(counts);
  const distance = average < 12 ? 12 - average : average > 20 ? average - 20 : 0;
  return clampScore(0.6 * readingEase(counts) + 0.4 * Math.max(0, 100 - 5 * distance));
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
