import type { DocumentParts } from './markdown.js';
import { plainText } from './markdown.js';
import { flagOf, formatOf, requestedWords, targetKeywords, type Format } from './requirements.js';
import { containsPhrase, countWords } from './text.js';

/** One requirement and how far the content meets it (0..1). */
export interface RequirementCheck {
  requirement: string;
  met: number;
}

const examplePattern = /\b(for example|for instance|e\.g\.|examples?)\b/i;

export function hasExamples(parts: DocumentParts): boolean {
  return parts.headings.some((heading) => /example/i.test(heading)) || examplePattern.test(parts.body);
}

/**
 * Checks every requirement that can be verified in the text: requested keywords, examples, code,
 * user stories, technical specs, action items, meta description, tone markers, length and format.
 * Requirements nobody asked for are not checked.
 */
export function requirementChecks(parts: DocumentParts, brief: string, requirements: Record<string, unknown>): RequirementCheck[] {
  const checks: RequirementCheck[] = [];
  const text = plainText(parts);
  const keywords = targetKeywords(requirements);
  if (keywords.length > 0) {
    checks.push({ requirement: 'target_keywords', met: keywords.filter((keyword) => containsPhrase(text, keyword)).length / keywords.length });
  }
  if (flagOf(requirements, 'include_examples') || flagOf(requirements, 'examples')) {
    checks.push({ requirement: 'include_examples', met: hasExamples(parts) ? 1 : 0 });
  }
  if (flagOf(requirements, 'include_code_examples')) checks.push({ requirement: 'include_code_examples', met: parts.codeBlocks > 0 ? 1 : 0 });
  if (flagOf(requirements, 'include_user_stories')) {
    checks.push({ requirement: 'include_user_stories', met: /\bas an? [^\n]+?,? I want [^\n]+? so that\b/i.test(text) ? 1 : 0 });
  }
  if (flagOf(requirements, 'include_technical_specs')) {
    checks.push({ requirement: 'include_technical_specs', met: parts.headings.some((h) => /technical|spec|architecture/i.test(h)) ? 1 : 0 });
  }
  if (flagOf(requirements, 'include_action_items')) {
    checks.push({ requirement: 'include_action_items', met: parts.headings.some((h) => /action item/i.test(h)) ? 1 : 0 });
  }
  if (flagOf(requirements, 'seo_optimized')) checks.push({ requirement: 'seo_optimized', met: parts.metaDescription ? 1 : 0 });
  const tone = typeof requirements.tone === 'string' ? requirements.tone.toLowerCase() : '';
  const contractions = (text.match(/\b\w+['’](s|t|re|ll|ve|d|m)\b/gi) ?? []).length;
  if (/casual|conversational|informal|friendly/.test(tone)) checks.push({ requirement: 'tone', met: contractions > 0 ? 1 : 0 });
  if (/formal|professional|technical|academic/.test(tone)) checks.push({ requirement: 'tone', met: contractions === 0 ? 1 : 0.5 });
  const format = formatOf(requirements, brief);
  const wanted = requestedWords(requirements, format);
  if (wanted !== undefined) checks.push({ requirement: 'length', met: lengthFit(countWords(text), wanted) });
  if (typeof requirements.format === 'string') checks.push({ requirement: 'format', met: formatFit(parts, format) });
  return checks;
}

/** 1 within -20%..+25% of the target, falling off proportionally outside. */
export function lengthFit(actual: number, wanted: number): number {
  if (wanted <= 0) return 1;
  const ratio = actual / wanted;
  if (ratio >= 0.8 && ratio <= 1.25) return 1;
  return ratio < 0.8 ? ratio / 0.8 : 1.25 / ratio;
}

function formatFit(parts: DocumentParts, format: Format): number {
  switch (format) {
    case 'social_media':
      return countWords(plainText(parts)) <= 300 ? 1 : 0.5;
    case 'documentation':
      return parts.headings.length >= 3 ? 1 : parts.headings.length / 3;
    case 'newsletter':
    case 'blog_post':
      return (parts.title ? 0.5 : 0) + (parts.headings.length >= 2 ? 0.5 : parts.headings.length * 0.25);
  }
}
