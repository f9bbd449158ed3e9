import { sentences, words } from '../../quality/text.js';
import type { StageInput } from '../types.js';

export type SourceOrigin = 'brief' | 'context' | 'document' | 'knowledge';

export interface SourceSentence {
  text: string;
  origin: SourceOrigin;
}

/** What the client gave the crew to work from, as sentences with their origin. */
export interface Sources {
  brief: string;
  /** Every source text joined: the corpus that term frequencies are counted over. */
  corpus: string;
  /** Sentences of the context, documents and knowledge passages (not the brief), deduplicated. */
  sentences: SourceSentence[];
}

type SourceInput = Pick<StageInput, 'brief' | 'context' | 'contextDocuments' | 'knowledge'>;

export function gatherSources(input: SourceInput): Sources {
  const seen = new Set<string>();
  const collected: SourceSentence[] = [];
  const add = (text: string | undefined, origin: SourceOrigin) => {
    for (const raw of sentences(text ?? '')) {
      const sentence = cleanSentence(raw);
      const key = sentence.toLowerCase();
      if (words(sentence).length < 4 || seen.has(key)) continue;
      seen.add(key);
      collected.push({ text: sentence, origin });
    }
  };
  add(input.context, 'context');
  for (const document of input.contextDocuments) add(document, 'document');
  for (const passage of input.knowledge) add(passage, 'knowledge');
  const corpus = [input.brief, input.context ?? '', ...input.contextDocuments, ...input.knowledge].filter(Boolean).join('\n');
  return { brief: input.brief.trim(), corpus, sentences: collected };
}

/** Drops list markers and markdown emphasis, and makes sure the sentence ends with a stop. */
export function cleanSentence(raw: string): string {
  const text = raw
    .replace(/^\s*(?:[-*+•]|\d+[.)])\s+/, '')
    .replace(/^#+\s*/, '')
    .replace(/(\*\*|__|`)/g, '')
    .trim();
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
