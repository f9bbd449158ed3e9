import { sentences, words } from '../../../quality/text.js';
import type { KnowledgePassage, StageInput } from '../../types.js';

export type SourceOrigin = 'brief' | 'context' | 'document' | 'knowledge';

export interface SourceSentence {
  text: string;
  origin: SourceOrigin;
  /** "(source, date)" of a knowledge passage, written after the sentence wherever it is used. */
  cite?: string;
}

/** How a knowledge passage is cited: "(#eng, 2026-03-02)", or "(#eng)" without a date. */
export function citationOf(passage: KnowledgePassage): string {
  const date = passage.date ? passage.date.slice(0, 10) : '';
  return `(${passage.source}${date ? `, ${date}` : ''})`;
}

/** A source sentence as it is written into a document: knowledge passages carry their citation. */
export function cited(sentence: SourceSentence): string {
  return sentence.cite ? `${sentence.text.replace(/[.!?]$/, '')} ${sentence.cite}.` : sentence.text;
}

/** What the client gave the crew to work from, as sentences with their origin. */
export interface Sources {
  brief: string;
  /** Every source text joined: the corpus that term frequencies are counted over. */
  corpus: string;
  /** Sentences of the context, documents and knowledge passages (not the brief), deduplicated. */
  sentences: SourceSentence[];
}

// Greetings, thanks and assent carry nothing a reader needs.
const chatter = /^(?:(?:hi|hey|hello|thanks|thank you|cheers|ok|okay|sounds good|great|nice|cool|\+1|lol)\b[\s,!.]*(?:all|team|everyone|folks|guys|so much|again)?[\s,!.]*)$/i;

type SourceInput = Pick<StageInput, 'brief' | 'context' | 'contextDocuments' | 'knowledge'>;

export function gatherSources(input: SourceInput): Sources {
  const seen = new Set<string>();
  const collected: SourceSentence[] = [];
  const add = (text: string | undefined, origin: SourceOrigin, cite?: string) => {
    for (const raw of sentences(text ?? '')) {
      const sentence = cleanSentence(raw);
      const key = sentence.toLowerCase();
      // Notes state facts in two or three words ("fridays off.", "customers didn't notice."): kept;
      // a lone word is a label or a greeting, and so is "thanks all".
      if (words(sentence).length < 2 || chatter.test(sentence) || seen.has(key)) continue;
      seen.add(key);
      collected.push({ text: sentence, origin, ...(cite ? { cite } : {}) });
    }
  };
  add(input.context, 'context');
  for (const document of input.contextDocuments) add(document, 'document');
  // Passages are untrusted text: only their sentences are read, capped so one passage cannot crowd out the rest.
  for (const passage of input.knowledge) add(passage.text.slice(0, 4000), 'knowledge', citationOf(passage));
  const corpus = [input.brief, input.context ?? '', ...input.contextDocuments, ...input.knowledge.map((passage) => passage.text)].filter(Boolean).join('\n');
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
