import Sentiment from 'sentiment';
import { placeholderSentence } from './templateText.js';
import { sentences } from './text.js';

export type Polarity = 'positive' | 'neutral' | 'negative';

// A sentence is charged when its AFINN-165 score per token is at least this far from zero.
const charged = 0.1;

/**
 * AFINN-165 lexicon polarity, read sentence by sentence as a reader does: a document is positive
 * (negative) when its positive sentences outnumber its negative ones by at least two, and by a
 * fifth of its sentences (a one- or two-sentence text: all of them). One charged word in an
 * outline ("Wins of the period", "The pain in the users' words") leaves it neutral; a whole-text
 * average did not, because short texts swing on one word. Placeholders and outline notes talk
 * to the writer, not the reader, and are not read. `comparative` is the whole text's
 * score per token, for reference.
 */
export function polarity(text: string): { polarity: Polarity; comparative: number } {
  const analyzer = new Sentiment();
  const units = sentences(text).filter((unit) => unit.trim() !== '' && !placeholderSentence.test(unit));
  let net = 0;
  for (const unit of units) {
    const { comparative } = analyzer.analyze(unit);
    if (comparative >= charged) net += 1;
    else if (comparative <= -charged) net -= 1;
  }
  const needed = units.length <= 2 ? Math.max(1, units.length) : Math.max(2, Math.ceil(units.length / 5));
  const { comparative } = analyzer.analyze(text);
  if (net >= needed) return { polarity: 'positive', comparative };
  if (net <= -needed) return { polarity: 'negative', comparative };
  return { polarity: 'neutral', comparative };
}
