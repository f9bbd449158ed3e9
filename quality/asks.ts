import { contentTerms, stem } from './text.js';

/**
 * The brief's explicit asks: what follows "cover", "include", "explain", "mention", "list",
 * "compare", "address", "describe", "discuss", "highlight" or "focus on", split at commas and
 * "and". "Cover the 26-hour wait, the two cities and what to try first" asks three things.
 */
export function explicitAsks(brief: string): string[] {
  const asks: string[] = [];
  const pattern = /\b(?:cover(?:ing)?|include|including|explain(?:ing)?|mention(?:ing)?|list(?:ing)?|compare|comparing|address(?:ing)?|describe|describing|discuss(?:ing)?|highlight(?:ing)?|focus(?:ing)? on|walk through)\s+([^.;:!?\n]+)/gi;
  for (const match of brief.matchAll(pattern)) {
    for (const part of (match[1] ?? '').split(/,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+as well as\s+/)) {
      const ask = part.replace(/^(?:the|a|an|our|their|its|how|why|what|when)\s+/i, '').trim();
      if (contentTerms(ask).length > 0 && !asks.includes(ask)) asks.push(ask);
    }
  }
  return asks.slice(0, 8);
}

/** Whether the content covers an ask: at least half of its content terms appear. */
export function askMet(ask: string, contentStems: Set<string>): boolean {
  const terms = [...new Set(contentTerms(ask).map(stem))];
  return terms.length > 0 && terms.filter((term) => contentStems.has(term)).length * 2 >= terms.length;
}
