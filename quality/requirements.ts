/**
 * Reading the free-form deploy `requirements` (spec: tone, length, format, target_keywords, ...)
 * the same way in the metrics and in the local model, so "what was asked" has one meaning.
 */

export type Format = 'blog_post' | 'social_media' | 'documentation' | 'newsletter';

const formatAliases: Array<[RegExp, Format]> = [
  [/social|tweet|twitter|linkedin|instagram|facebook|thread/, 'social_media'],
  [/doc|guide|manual|tutorial|how[ _-]?to|readme|reference/, 'documentation'],
  [/newsletter|email|digest/, 'newsletter'],
  [/blog|article|post|marketing|landing|essay|story/, 'blog_post'],
];

const briefFormats: Array<[RegExp, Format]> = [
  [/\b(?:social(?:\s+media)?\s+post|tweets?|twitter|linkedin|instagram|facebook|(?:a|twitter|x)\s+thread)\b/i, 'social_media'],
  [/\b(?:(?:create|write|draft|produce)\s+(?:the\s+|some\s+)?(?:documentation|docs)|(?:a|the)\s+(?:guide|manual|tutorial|how[ -]?to|readme|reference)|documentation\s+(?:for|explaining|on|about))\b/i, 'documentation'],
  [/\b(?:newsletter|e-?mail digest|digest)\b/i, 'newsletter'],
  [/\b(?:blog|article|post|essay|landing page)\b/i, 'blog_post'],
];

/** Words per length label and format: a post for social media is "long" at 150 words. */
const lengthTable: Record<Format, Record<'short' | 'medium' | 'long', number>> = {
  social_media: { short: 40, medium: 80, long: 150 },
  blog_post: { short: 400, medium: 800, long: 1500 },
  documentation: { short: 300, medium: 700, long: 1400 },
  newsletter: { short: 250, medium: 500, long: 900 },
};

const maxWords = 5000;

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim().toLowerCase() : '';
}

/** The requested format, else one named in the brief, else a blog post. */
export function formatOf(requirements: Record<string, unknown>, brief = ''): Format {
  for (const candidate of [text(requirements.format), text(requirements.content_type)]) {
    if (!candidate) continue;
    const found = formatAliases.find(([pattern]) => pattern.test(candidate));
    if (found) return found[1];
  }
  // In a brief the words must name the deliverable: "worker threads" or "documentation of X" in
  // a blog brief's subject do not make it a social post or a manual.
  const found = briefFormats.find(([pattern]) => pattern.test(brief));
  if (found) return found[1];
  return 'blog_post';
}

/** `target_keywords` as an array (a comma-separated string is accepted too), deduplicated. */
export function targetKeywords(requirements: Record<string, unknown>): string[] {
  const raw = requirements.target_keywords ?? requirements.keywords;
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [];
  const seen = new Set<string>();
  const result: string[] = [];
  for (const item of list) {
    if (typeof item !== 'string') continue;
    const keyword = item.trim().replace(/\s+/g, ' ');
    if (keyword && !seen.has(keyword.toLowerCase())) {
      seen.add(keyword.toLowerCase());
      result.push(keyword);
    }
  }
  return result;
}

/**
 * The requested length in words: a number, "800 words", "600-900 words" (midpoint), "280
 * characters", or a label (short, medium, long, brief, detailed, ...). Undefined when nothing
 * usable was asked for.
 */
export function requestedWords(requirements: Record<string, unknown>, format: Format): number | undefined {
  const raw = requirements.length ?? requirements.word_count;
  if (typeof raw === 'number' && Number.isFinite(raw) && raw > 0) return Math.min(maxWords, Math.round(raw));
  const value = text(raw);
  if (!value) return undefined;
  const range = /(\d[\d,]*)\s*(?:-|–|to)\s*(\d[\d,]*)/.exec(value);
  const single = /(\d[\d,]*)/.exec(value);
  const number = range ? (toNumber(range[1]) + toNumber(range[2])) / 2 : single ? toNumber(single[1]) : undefined;
  if (number !== undefined && number > 0) {
    const inWords = /char/.test(value) ? number / 6 : /page/.test(value) ? number * 500 : /min/.test(value) ? number * 200 : number;
    return Math.min(maxWords, Math.max(10, Math.round(inWords)));
  }
  const table = lengthTable[format];
  if (/short|brief|concise|quick|small/.test(value)) return table.short;
  if (/long|detailed|in-depth|comprehensive|extensive|large/.test(value)) return table.long;
  if (/medium|moderate|standard|normal|average/.test(value)) return table.medium;
  return undefined;
}

/** The length to write: the requested one, else the format's medium length. */
export function targetWords(requirements: Record<string, unknown>, format: Format): number {
  return requestedWords(requirements, format) ?? lengthTable[format].medium;
}

function toNumber(raw: string | undefined): number {
  return Number((raw ?? '').replace(/,/g, ''));
}

/** A requirement flag: true, "true", "yes" or 1. */
export function flagOf(requirements: Record<string, unknown>, name: string): boolean {
  const value = requirements[name];
  return value === true || value === 1 || (typeof value === 'string' && /^(true|yes|1)$/i.test(value.trim()));
}
