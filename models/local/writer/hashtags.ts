import { contentTerms } from '../../../quality/text.js';
import { capitalize, titleCase } from '../text/phrases.js';
import type { Research } from './writerResearch.js';

/** Hashtags from the subject: the target keywords, then the topic's own words and names. */
export function hashtags(found: Research): string[] {
  const phrases = [...found.spec.keywords, found.topic, ...found.focuses.slice(0, 2)];
  const tags: string[] = [];
  for (const phrase of phrases) {
    const words = phrase.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
    if (words.length === 0 || words.length > 4) continue;
    const tag = `#${titleCase(words.join(' ')).replace(/[^\p{L}\p{N}]/gu, '')}`;
    if (tag.length > 3 && !tags.some((taken) => taken.toLowerCase() === tag.toLowerCase())) tags.push(tag);
  }
  if (tags.length === 0) tags.push(...contentTerms(found.topic).slice(0, 2).map((term) => `#${capitalize(term)}`));
  return tags.slice(0, 4);
}
