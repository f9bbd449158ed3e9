import { contentTerms, stem } from '../../../quality/text.js';
import { splitParagraph, type Block } from '../text/blocks.js';
import { failed, type ChangeOutcome } from './outcome.js';
import { holdsTerms } from './structure.js';

/**
 * "make the parking line bold", "bold the deadline", "put the date in bold", "highlight the
 * address": the sentence or list item about the named thing is set in bold (Markdown `**`).
 * Group 1 or 2: what to find.
 */
export const boldened = /\b(?:make|put|set|have)\s+(?:the\s+)?([a-z0-9][\w' -]*?)(?:\s+(?:line|bit|part|sentence|point|item|bullet))?\s+(?:in\s+)?bold\b|\b(?:bold|highlight|emphasi[sz]e)\s+(?:the\s+)?([a-z0-9][\w' -]*?)(?:\s+(?:line|bit|part|sentence|point|item|bullet))?(?=\s*(?:$|[.,;!?]|\s+(?:and|then|also|please|pls)\b))/i;

/** Sets the first sentence or list item sharing the topic's words in bold; it fails when none does. */
export function embolden(blocks: Block[], topic: string): ChangeOutcome {
  const part = `bold: ${topic.trim()}`;
  const terms = contentTerms(topic).map(stem).filter((term) => !/^(?:line|bit|part|sentence|point|item|text)$/.test(term));
  if (terms.length === 0) return failed(part, 'the feedback names nothing to find in the document');
  const about = (text: string) => holdsTerms(text, terms);
  for (const block of blocks) {
    if (block.type === 'paragraph' && !/^\*\*[^*]+\*\*$/.test(block.text.trim())) {
      const sentences = splitParagraph(block.text);
      const at = sentences.findIndex((sentence) => about(sentence) && !sentence.startsWith('**'));
      if (at < 0) continue;
      const bolded = `**${sentences[at]!.trim()}**`;
      sentences[at] = bolded;
      block.text = sentences.join(' ');
      return { part, check: (content) => (content.includes(bolded) ? undefined : 'the line is not in bold') };
    }
    if (block.type === 'list') {
      const lines = block.text.split('\n');
      const at = lines.findIndex((line) => about(line) && !/\*\*/.test(line.replace(/^\s*[-*+]\s+(?:\[[ xX]\]\s+)?/, '').slice(0, 2)));
      if (at < 0) continue;
      const prefix = /^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/.exec(lines[at]!)?.[0] ?? '';
      const bolded = `${prefix}**${lines[at]!.slice(prefix.length).trim()}**`;
      lines[at] = bolded;
      block.text = lines.join('\n');
      return { part, check: (content) => (content.includes(bolded) ? undefined : 'the line is not in bold') };
    }
  }
  return failed(part, `no line of the document is about ${topic.trim()}`);
}
