import { createRequire } from 'node:module';
import type WinkNlp from 'wink-nlp';
import type { ItemSentence } from 'wink-nlp';
import type WinkModel from 'wink-eng-lite-web-model';

// wink-nlp and its model (about 80 modules) load when a parser is first made (a model worker, the
// first measured deliverable), not in every process that loads the service. Their CommonJS builds
// keep createNlp synchronous.
const require = createRequire(import.meta.url);

/** A token with its universal part of speech (NOUN, PROPN, VERB, ADJ, NUM, ...). */
export interface Token {
  text: string;
  pos: string;
}

/** A detected entity: DATE, TIME, DURATION, CARDINAL, MONEY, PERCENT, ORDINAL, URL, EMAIL, ... */
export interface Entity {
  value: string;
  type: string;
}

export interface ParsedSentence {
  text: string;
  tokens: Token[];
  entities: Entity[];
}

/**
 * English sentence boundaries, parts of speech and entities from wink-nlp with its bundled
 * wink-eng-lite-web-model (no network, no weights to fetch). Loading the model costs a few
 * hundred milliseconds, so create one per process or worker and pass it along; parsing is then
 * about a millisecond per few hundred words.
 */
export interface Nlp {
  parse(text: string): ParsedSentence[];
}

export function createNlp(): Nlp {
  const winkNLP = require('wink-nlp') as typeof WinkNlp;
  const model = require('wink-eng-lite-web-model') as typeof WinkModel;
  const nlp = winkNLP(model);
  const its = nlp.its;
  return {
    parse(text: string): ParsedSentence[] {
      if (text.trim() === '') return [];
      const doc = nlp.readDoc(text);
      const result: ParsedSentence[] = [];
      doc.sentences().each((sentence: ItemSentence) => {
        const words = sentence.tokens().out() as string[];
        const pos = sentence.tokens().out(its.pos) as string[];
        const entities: Array<{ value: string; type: string }> = [];
        // wink types out(its.detail) as details or strings; its.detail gives a detail per entity.
        for (const detail of sentence.entities().out(its.detail)) if (typeof detail !== 'string') entities.push({ value: detail.value, type: detail.type });
        result.push({ text: sentence.out(), tokens: words.map((word, index) => ({ text: word, pos: pos[index] ?? 'X' })), entities });
      });
      return result;
    },
  };
}
