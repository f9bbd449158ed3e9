import { splitParagraph, type Block } from '../text/blocks.js';
import { lowerFirst, stripEndPunctuation } from '../text/phrases.js';
import { imperative, request } from './askFirst.js';
import { isHashtagLine } from './email.js';
import { letterParts } from './letter.js';
import { failed, readableLines, type ChangeOutcome } from './outcome.js';

/**
 * "make it more urgent", "sound more urgent": the reader sees first what to do and by when. The
 * line that asks something by a date opens the body as "please ... by <date>" (a meeting's action
 * items as "Priya, please update the pricing page by Friday."), and the title or subject line
 * says "Action needed by <date>". Only a date the document gives is used: with no deadline in it,
 * an ask gets "Action needed" alone, and a document that asks nothing is left as it is, saying why.
 */
export const moreUrgent =
  /\b(?:(?:more|a\s+(?:bit|little)\s+more|extra)\s+urgen(?:t|cy)|sound\s+urgent|(?:make|keep)\s+(?:it|this)\s+urgent|add\s+(?:some\s+|a\s+sense\s+of\s+)?urgency|(?:needs?|should)\s+(?:to\s+)?(?:feel|sound|be)\s+(?:more\s+)?urgent|(?:not|isn['’]?t)\s+urgent\s+enough|more\s+(?:pressing|time[- ]sensitive))\b/i;

const day = '(?:mon|tues|wednes|thurs|fri|satur|sun)day';
const month = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?';
const when = `(?:the\\s+)?(?:end\\s+of\\s+(?:the\\s+)?(?:day|week|month|year|q[1-4]|${month}|${day})|${month}\\s+\\d{1,2}(?:st|nd|rd|th)?|\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?${month}|${day}|today|tomorrow|tonight|eod|next\\s+(?:week|${day}))`;
// "by February 28", "before Friday", "due Monday", "no later than the end of Q2".
const deadline = new RegExp(`\\b(?:by|before|due(?:\\s+(?:on|by))?|no\\s+later\\s+than|deadline(?:\\s+is)?:?)\\s+(${when})\\b`, 'i');
// "- [ ] **Priya**: Update the pricing page (due Friday)": a meeting's action item.
const actionItem = new RegExp(`^\\s*[-*+]\\s+(?:\\[[ xX]\\]\\s+)?(?:\\*\\*([^*]+)\\*\\*:\\s*)?(.+?)\\s*\\(due\\s+(${when})\\)\\s*$`, 'i');

interface Line {
  block: Block;
  text: string;
  /** The line said as an ask with its date ("Please pack your desks by February 28."), or undefined when it asks nothing. */
  ask?: string;
  date?: string;
}

/** "Pack your desks by February 28." -> "Please pack your desks by February 28."; a request stays as it is. */
function asAsk(sentence: string): string | undefined {
  const plain = sentence.replace(/^\*\*(.*)\*\*$/, '$1').trim();
  if (request.test(plain)) return plain;
  return imperative.test(plain) ? `Please ${lowerFirst(plain)}` : undefined;
}

function linesOf(blocks: Block[]): Line[] {
  return blocks.flatMap((block): Line[] => {
    if (block.type === 'list') {
      return block.text.split('\n').map((text) => {
        const item = actionItem.exec(text);
        if (item) return { block, text, ask: `${item[1] ? `${item[1]}, please` : 'Please'} ${lowerFirst(stripEndPunctuation(item[2]!))} by ${item[3]}.`, date: item[3] };
        const plain = text.replace(/^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/, '').trim();
        return { block, text, ask: asAsk(plain), date: deadline.exec(plain)?.[1] };
      });
    }
    if (block.type !== 'paragraph' || isHashtagLine(block.text) || /^\*\*Subject:\*\*/.test(block.text)) return [];
    return splitParagraph(block.text).map((text) => ({ block, text, ask: asAsk(text), date: deadline.exec(text)?.[1] }));
  });
}

/** The title with what it needs: "Action needed by February 28: We move ...", or "... (action needed by Friday)" after a title with a colon. */
function urgentTitle(title: string, date: string | undefined, asked: boolean): string {
  if (/\b(?:action needed|urgent|asap)\b/i.test(title)) return title;
  const need = asked ? `action needed${date ? ` by ${date}` : ''}` : `due ${date}`;
  return title.includes(':') ? `${title} (${need})` : `${need.charAt(0).toUpperCase()}${need.slice(1)}: ${title}`;
}

export function makeUrgent(blocks: Block[]): ChangeOutcome {
  const part = 'more urgent';
  const letter = letterParts(blocks);
  const titleAt = letter?.subject ?? blocks.findIndex((block) => block.type === 'heading' && block.level === 1);
  const bodyStart = letter ? letter.bodyStart : titleAt + 1;
  const lines = linesOf(blocks.slice(bodyStart, letter?.signOff ?? blocks.length));
  const dated = lines.filter((line) => line.ask && line.date);
  const chosen = dated.length > 0 ? dated : lines.filter((line) => line.ask).slice(0, 1);
  // A deadline nobody is asked to meet ("Launch by end of Q2.") still leads; a bare date ("on March 3") does not.
  const due = chosen.length > 0 ? undefined : lines.find((line) => line.date);
  if (chosen.length === 0 && !due) return failed(part, 'the document asks the reader nothing and gives no deadline; say what they need to do by when (e.g. "add: please reply by Friday")');
  const opening = due ? due.text.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '').trim() : chosen.map((line) => line.ask!).join(' ');
  // The ask moves (a letter's body is read once); a list's item stays in its list, said first too.
  for (const line of letter ? [...chosen, ...(due ? [due] : [])] : []) {
    const rest = line.block.type === 'paragraph' ? splitParagraph(line.block.text).filter((sentence) => sentence !== line.text).join(' ') : line.block.text;
    if (rest.trim() === '') blocks.splice(blocks.indexOf(line.block), 1);
    else line.block.text = rest;
  }
  blocks.splice(bodyStart, 0, { type: 'paragraph', text: opening });
  let title: string | undefined;
  if (titleAt >= 0) {
    const block = blocks[titleAt]!;
    const before = block.text.replace(/^\*\*Subject:\*\*\s*/, '');
    title = urgentTitle(before, (chosen[0] ?? due)?.date, chosen.length > 0);
    block.text = block.type === 'heading' ? title : `**Subject:** ${title}`;
  }
  return {
    part: `${part}: "${opening}" first${title ? `, title "${title}"` : ''}`,
    change: { type: 'urgency', opening, ...(title ? { title } : {}) },
    check: (content) => (readableLines(content).includes(opening) ? undefined : `"${opening}" is not a line of the document`),
  };
}
