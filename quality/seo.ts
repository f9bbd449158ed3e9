import type { DocumentParts } from './markdown.js';
import { plainText } from './markdown.js';
import { contentTerms, containsPhrase, countPhrase, countWords, stem } from './text.js';

/**
 * Search-readiness 0..100 from target keyword coverage and document structure. Weights: title 20,
 * headings 20, body 25, keyword density 10, meta description 15, length 10. Without requested
 * keywords the two most frequent title terms stand in, so the score still measures whether the
 * document stays on the topic its title announces.
 */
export function seoScore(parts: DocumentParts, keywords: string[], minWords = 300): number {
  const focus = keywords.length > 0 ? keywords : titleTerms(parts);
  const text = plainText(parts);
  const wordCount = countWords(text);
  let score = 0;
  if (focus.length > 0) {
    const [primary = ''] = focus;
    const inTitle = focus.filter((keyword) => containsPhrase(parts.title, keyword)).length;
    score += containsPhrase(parts.title, primary) ? 20 : inTitle > 0 ? 10 : 0;
    const headingText = parts.headings.join('\n');
    score += (20 * focus.filter((keyword) => containsPhrase(headingText, keyword)).length) / focus.length;
    score += (25 * focus.filter((keyword) => containsPhrase(parts.body, keyword)).length) / focus.length;
    const density = wordCount === 0 ? 0 : (countPhrase(text, primary) * Math.max(1, countWords(primary))) / wordCount;
    score += density >= 0.005 && density <= 0.03 ? 10 : density > 0 ? 5 : 0;
  }
  const description = parts.metaDescription;
  if (description) {
    score += 5;
    if (description.length >= 50 && description.length <= 160) score += 5;
    if (focus.some((keyword) => containsPhrase(description, keyword))) score += 5;
  }
  score += wordCount >= minWords ? 10 : wordCount >= minWords / 2 ? 5 : 0;
  return Math.round(Math.min(100, score));
}

function titleTerms(parts: DocumentParts): string[] {
  const counts = new Map<string, number>();
  const body = contentTerms(parts.body).map(stem);
  for (const term of new Set(contentTerms(parts.title).map(stem))) counts.set(term, body.filter((word) => word === term).length);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 2)
    .map(([term]) => term);
}
