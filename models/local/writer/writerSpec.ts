import { flagOf, formatOf, targetKeywords, targetWords, type Format } from '../../../quality/requirements.js';
import { toneOf, type Tone } from '../text/tone.js';

/** What the writer crew was asked for, read once from the brief and requirements. */
export interface WritingSpec {
  format: Format;
  tone: Tone;
  /** The tone as the client wrote it ("friendly and upbeat"), for summaries. */
  toneLabel: string;
  targetWords: number;
  keywords: string[];
  includeExamples: boolean;
  includeCodeExamples: boolean;
  seo: boolean;
  audience: string;
}

export function writingSpec(brief: string, requirements: Record<string, unknown>): WritingSpec {
  const format = formatOf(requirements, brief);
  const tone = toneOf(requirements.tone) ?? 'professional';
  return {
    format,
    tone,
    toneLabel: typeof requirements.tone === 'string' && requirements.tone.trim() ? requirements.tone.trim() : tone,
    targetWords: targetWords(requirements, format),
    keywords: targetKeywords(requirements),
    includeExamples: flagOf(requirements, 'include_examples') || flagOf(requirements, 'examples') || flagOf(requirements, 'include_code_examples'),
    includeCodeExamples: flagOf(requirements, 'include_code_examples'),
    seo: flagOf(requirements, 'seo_optimized'),
    audience: audienceOf(brief, requirements),
  };
}

/** Who the piece is for: requirements.audience, else "for <people>" in the brief, else "readers". */
export function audienceOf(brief: string, requirements: Record<string, unknown>): string {
  const given = requirements.audience ?? requirements.target_audience;
  if (typeof given === 'string' && given.trim()) return given.trim();
  const match = /\bfor\s+((?:[a-z-]+\s+){0,3}?(?:teams|developers|engineers|managers|leaders|founders|marketers|customers|users|readers|students|beginners|professionals|owners|companies|businesses|startups|designers|writers|parents|teachers|people|organi[sz]ations))\b/i.exec(brief);
  return match?.[1]?.toLowerCase() ?? 'readers';
}
