import { splitParagraph, type Block } from '../text/blocks.js';
import { calendarCase, capitalize } from '../text/phrases.js';
import { saysLine } from '../text/contractions.js';
import { factHome } from './email.js';
import { addListed } from './labelledFact.js';
import { letterParts } from './letter.js';
import { saidAlready } from './mentions.js';
import { failed, type ChangeOutcome } from './outcome.js';

/** Facts the feedback states ("mention it works on mobile too"), added where the document's facts are. */

export function addFact(blocks: Block[], said: string): ChangeOutcome {
  // "we chose June" in a summary with sections is a decision: it goes under "Decisions".
  if (/\b(?:we|they|the team|everyone)\s+(?:decided|chose|agreed|picked|settled\s+on|went\s+with|voted\s+for)\b/i.test(said)) {
    const listed = addListed(blocks, 'decision', calendarCase(said.trim()));
    if (listed) return listed;
  }
  // "the office reopens monday at 9": the day keeps its capital in the letter.
  const fact = capitalize(calendarCase(said.trim())).replace(/[.!?]?$/, '.');
  const already = saidAlready(blocks, fact);
  return already ? failed(`add fact: ${fact}`, `the document says it already: "${already}"`) : addLine(blocks, fact);
}

/**
 * Adds `fact` as written, where the document's facts are: a line of its own in an email written a
 * line a paragraph, and always for a `labelled` line ("Pricing: $20 per seat per month").
 */
export function addLine(blocks: Block[], fact: string, labelled = false): ChangeOutcome {
  const home = factHome(blocks);
  // An email written a line a paragraph gets one more line, not a second sentence on its last one.
  const letter = letterParts(blocks);
  const body = letter ? blocks.slice(letter.bodyStart, letter.bodyEnd).filter((block) => block.type === 'paragraph') : [];
  const oneLiners = body.length >= 2 && body.every((block) => splitParagraph(block.text).length === 1);
  if (home?.type === 'paragraph' && (oneLiners || labelled)) blocks.splice(blocks.indexOf(home) + 1, 0, { type: 'paragraph', text: fact });
  else if (home) home.text = home.type === 'list' ? `${home.text}\n- ${fact}` : `${home.text} ${fact}`;
  // A letter with no body line (its news in its bold call to action): the fact goes above the call to action, never under "Kind regards,".
  else if (letter) blocks.splice(letter.bodyEnd, 0, { type: 'paragraph', text: fact });
  else blocks.push({ type: 'paragraph', text: fact });
  const part = `add fact: ${fact}`;
  return { part, check: (content) => (saysLine(content, fact.replace(/\.$/, '')) ? undefined : 'the document does not say it') };
}
