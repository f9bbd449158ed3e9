import { requirementChecks, unmetRequirements, type UnmetRequirement } from './completeness.js';
import { parseDocument, plainText } from './markdown.js';
import { readingEase } from './readability.js';
import { formatOf, targetKeywords } from './requirements.js';
import { seoScore } from './seo.js';
import { polarity, type Polarity } from './sentiment.js';
import { withoutOutlineNotes } from './templateText.js';
import { countWords } from './text.js';

/** `result.metadata` of the spec: measured from the content, never estimated by a model. */
export interface ContentMetadata {
  word_count: number;
  /** "N min read" at 200 words a minute, at least 1. */
  reading_time: string;
  sentiment: Polarity;
  /** 0..100, see seoScore. */
  seo_score: number;
  /** Flesch reading ease clamped to 0..100. */
  readability_score: number;
  /**
   * Requirements and explicit asks of the brief the content does not meet, with the reason; the
   * same checks as quality_metrics.criteria.completeness. Empty when everything asked is there.
   */
  unmet_requirements: UnmetRequirement[];
}

const wordsPerMinute = 200;

/** Metadata of a markdown result; `requirements` supplies target_keywords and format, `brief` its explicit asks. */
export function computeMetadata(content: string, requirements: Record<string, unknown> = {}, brief = ''): ContentMetadata {
  const parts = parseDocument(content);
  const text = plainText(parts);
  const wordCount = countWords(text);
  const format = formatOf(requirements);
  return {
    word_count: wordCount,
    reading_time: `${Math.max(1, Math.ceil(wordCount / wordsPerMinute))} min read`,
    // Outline notes speak to the writer; the sentiment is the document's own.
    sentiment: polarity(plainText(parseDocument(withoutOutlineNotes(content)))).polarity,
    seo_score: seoScore(parts, targetKeywords(requirements), format === 'social_media' ? 20 : 300),
    readability_score: readingEase(text),
    unmet_requirements: unmetRequirements(requirementChecks(parts, brief, requirements, content)),
  };
}
