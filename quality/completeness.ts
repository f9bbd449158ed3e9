import type { DocumentParts } from './markdown.js';
import { plainText } from './markdown.js';
import { flagOf, formatOf, requestedWords, targetKeywords, type Format } from './requirements.js';
import { askMet, explicitAsks } from './asks.js';
import { deliverableChecks, deliverableReasons } from './deliverableChecks.js';
import { containsPhrase, contentTerms, countWords, stem } from './text.js';

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
export function requirementChecks(parts: DocumentParts, brief: string, requirements: Record<string, unknown>, markdown?: string): RequirementCheck[] {
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
    // A story without its benefit ("so that ...") is half a story.
    const whole = /\bas an? [^\n]+?,? I want [^\n]+? so that\b/i.test(text);
    checks.push({ requirement: 'include_user_stories', met: whole ? 1 : /\bas an? [^\n]+?,? I want\b/i.test(text) ? 0.5 : 0 });
  }
  if (flagOf(requirements, 'include_technical_specs')) {
    checks.push({ requirement: 'include_technical_specs', met: parts.headings.some((h) => /technical|spec|architecture/i.test(h)) ? 1 : 0 });
  }
  if (flagOf(requirements, 'priority_ranking') || flagOf(requirements, 'prioritize') || flagOf(requirements, 'prioritise')) {
    checks.push({ requirement: 'priority_ranking', met: parts.headings.some((h) => /priorit|rank/i.test(h)) ? 1 : 0 });
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
  // The deliverable and forms asked for need the Markdown (tables, checkboxes, numbered items).
  if (markdown !== undefined) checks.push(...deliverableChecks(parts, markdown, brief, requirements));
  const asks = explicitAsks(brief);
  if (asks.length > 0) {
    const stems = new Set(contentTerms(`${parts.title}\n${parts.headings.join('\n')}\n${text}`).map(stem));
    for (const ask of asks) checks.push({ requirement: `brief asks: ${ask}`, met: askMet(ask, stems) ? 1 : 0 });
  }
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

/** A requirement the content does not meet, and how it falls short. */
export interface UnmetRequirement {
  requirement: string;
  reason: string;
}

const reasons: Record<string, string> = {
  target_keywords: 'some target keywords do not appear in the content',
  include_examples: 'the content has no example',
  include_code_examples: 'the content has no code block',
  include_user_stories: 'the content has no complete user story ("As a ..., I want ... so that ...")',
  include_technical_specs: 'the content has no technical specification section',
  include_action_items: 'the content has no action items section',
  priority_ranking: 'the content has no priority ranking (the material may hold nothing to rank)',
  seo_optimized: 'the content has no meta description',
  tone: 'the wording does not carry the requested tone',
  length: 'the length is off the requested length by more than a quarter',
  format: 'the structure does not fit the requested format',
};

/**
 * Requirements met less than 3/4 of the way (a binary one: not met), with the reason; the same
 * checks as completeness, so what is reported unmet is exactly what completeness counts as missing.
 */
export function unmetRequirements(checks: RequirementCheck[]): UnmetRequirement[] {
  return checks
    .filter((check) => check.met < 0.75)
    .map((check) => ({ requirement: check.requirement, reason: reasons[check.requirement] ?? deliverableReasons(check.requirement) ?? 'the content does not cover what the brief asks for here' }));
}
