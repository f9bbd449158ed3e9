import { contentTerms, isStopword, sentences, stem, words } from './text.js';

/**
 * Recognises boilerplate: sentences a composer also writes for unrelated requests. Each sentence
 * is reduced to a skeleton by replacing the words of its own request (brief and context terms,
 * numbers) with a slot, so "Consider async reviews first." and "Consider sourdough first." share
 * the skeleton "consider _ first". A sentence is boilerplate when its skeleton was seen in the
 * reference outcomes, or when most of its slot-bearing word trigrams were. A sentence made of the
 * client's own material is mostly slots and never counts.
 */
export interface BoilerplateIndex {
  skeletons: Set<string>;
  trigrams: Set<string>;
}

/** One reference outcome: its content and the text of the request it was written for. */
export interface ReferenceOutcome {
  content: string;
  request: string;
}

const slot = '_';

/** Stems of the words that belong to a request: its subject, names and numbers are slots. */
export function requestTerms(request: string): Set<string> {
  return new Set(contentTerms(request).map(stem));
}

function skeleton(sentence: string, terms: Set<string>): string[] {
  const tokens: string[] = [];
  for (const word of words(sentence.toLowerCase())) {
    const token = /\d/.test(word) || terms.has(stem(word)) ? slot : word;
    if (token === slot && tokens.at(-1) === slot) continue;
    tokens.push(token);
  }
  return tokens;
}

function trigramsOf(tokens: string[]): string[] {
  const result: string[] = [];
  for (let index = 0; index + 2 < tokens.length; index += 1) result.push(tokens.slice(index, index + 3).join(' '));
  return result;
}

/** Prose sentences of markdown: headings, code, tables and front matter are not sentences. */
export function proseSentences(markdown: string): string[] {
  const lines: string[] = [];
  let code = false;
  for (const line of markdown.replace(/^---\n[\s\S]*?\n---\n/, '').split('\n')) {
    if (/^\s*```/.test(line)) code = !code;
    if (code || /^\s*(```|#|\|)/.test(line) || line.trim() === '') continue;
    lines.push(line.replace(/^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ x]\]\s+)?/, '').replace(/[*_`]/g, ''));
  }
  return sentences(lines.join('\n')).filter((sentence) => words(sentence).length >= 3);
}

export function createBoilerplateIndex(references: ReferenceOutcome[]): BoilerplateIndex {
  const index: BoilerplateIndex = { skeletons: new Set(), trigrams: new Set() };
  for (const reference of references) {
    const terms = requestTerms(reference.request);
    for (const sentence of proseSentences(reference.content)) {
      const tokens = skeleton(sentence, terms);
      index.skeletons.add(tokens.join(' '));
      for (const trigram of trigramsOf(tokens)) index.trigrams.add(trigram);
    }
  }
  return index;
}

/** The boilerplate sentences of `content`, written for `request`. */
export function boilerplateSentences(index: BoilerplateIndex, content: string, request: string): { total: number; boilerplate: string[] } {
  const terms = requestTerms(request);
  const all = proseSentences(content);
  const boilerplate = all.filter((sentence) => {
    const tokens = skeleton(sentence, terms);
    const own = tokens.filter((token) => token !== slot).length;
    // Only the composer's own words can make a sentence boilerplate: one that is the client's
    // material joined by function words ("_ will _ by _") is not, whatever its shape.
    if (tokens.filter((token) => token !== slot && !isStopword(token)).length < 2) return false;
    if (index.skeletons.has(tokens.join(' '))) return true;
    const grams = trigramsOf(tokens);
    if (own < 4 || grams.length === 0) return false;
    return grams.filter((gram) => index.trigrams.has(gram)).length / grams.length >= 0.6;
  });
  return { total: all.length, boilerplate };
}
