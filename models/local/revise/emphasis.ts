import { contentTerms, stem } from '../../../quality/text.js';
import { splitParagraph, type Block } from '../text/blocks.js';
import { failed, type ChangeOutcome } from './outcome.js';
import { factKind } from './leadWith.js';
import { readableLines } from './outcome.js';
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
  const tokens = tokenKind(topic);
  if (tokens) return boldTokens(blocks, tokens, part);
  // "bold the deadline": no line says "deadline"; the one that gives it is meant.
  const kind = blocks.some((block) => (block.type === 'paragraph' || block.type === 'list') && holdsTerms(block.text, terms)) ? undefined : factKind(topic);
  const about = (text: string) => (kind ? kind.test(text) : holdsTerms(text, terms));
  if (kind && blocks.some((block) => block.type === 'paragraph' && /^\*\*[^*]+\*\*$/.test(block.text.trim()) && kind.test(block.text))) return failed(part, `the line that gives the ${topic.trim().replace(/^the\s+/i, '')} is in bold already`);
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

// "bold the numbers", "highlight the dates": each figure or date, not the lines they are in.
const figure = /(?<![\w*])(?:[$€£]\s?)?\d[\d,.]*(?:\s?(?:%|k|m|bn|x|hours?|minutes?|days?|weeks?|months?|years?|people|users|customers|euros?|dollars?|pounds?))?(?![\w*])/gi;
const date = /(?<![\w*])(?:(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day(?:,?\s+\d{1,2}(?:st|nd|rd|th)?)?|(?:Jan(?:uary)?|Feb(?:ruary)?|March|April|May|June|July|Aug(?:ust)?|Sep(?:tember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\s+\d{1,2}(?:st|nd|rd|th)?|\d{1,2}(?:st|nd|rd|th)?\s+(?:Jan(?:uary)?|Feb(?:ruary)?|March|April|May|June|July|Aug(?:ust)?|Sep(?:tember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?))(?![\w*])/g;

function tokenKind(topic: string): RegExp | undefined {
  const name = topic.trim().replace(/^(?:all\s+)?(?:the\s+)?(?:key\s+|main\s+|important\s+)?/i, '');
  if (/^(?:numbers|figures|stats|statistics|metrics|percentages|prices|costs|amounts)$/i.test(name)) return figure;
  if (/^(?:dates|days|deadlines)$/i.test(name)) return date;
  return undefined;
}

function boldTokens(blocks: Block[], pattern: RegExp, part: string): ChangeOutcome {
  const bolded: string[] = [];
  for (const block of blocks) {
    if (block.type !== 'paragraph' && block.type !== 'list' && block.type !== 'table') continue;
    if (/^\*\*[^*]+\*\*$/.test(block.text.trim())) continue;
    // A list item's marker ("1.") is not a figure, nor a table's header row or rule.
    block.text = block.text.split('\n').map((line, index) => {
      if (block.type === 'table' && (index === 0 || /^\|?\s*:?-{3}/.test(line))) return line;
      const marker = /^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/.exec(line)?.[0] ?? '';
      return marker + line.slice(marker.length).replace(new RegExp(pattern.source, pattern.flags), (found) => (bolded.push(`**${found}**`), `**${found}**`));
    }).join('\n');
  }
  if (bolded.length === 0) return failed(part, 'the document has none to set in bold');
  return { part, check: (content) => (bolded.every((token) => readableLines(content).join('\n').includes(token)) ? undefined : 'a figure is not in bold') };
}
