import type { Block } from '../text/blocks.js';
import { literal } from '../text/phrases.js';
import { frameBlocks } from './letter.js';
import { failed, noModel, readableLines, type ChangeOutcome } from './outcome.js';

/**
 * "Say 'we' not 'I'" (or the other way): the writer speaks for the team, or for themself. Every
 * first-person word changes with its verb ("I am" -> "we are"); a letter's greeting and sign-off stay.
 */

const quote = `["'‘’“”]?`;
/** Group 1: the voice wanted ("we" or "i"); group 2: the one to replace. Also "use we instead of I", "'we' rather than 'I'". */
export const voiceSwap = new RegExp(`\\b(?:say|use|write|with|in)?\\s*${quote}(we|i)${quote}\\s+(?:not|instead\\s+of|rather\\s+than)\\s+${quote}(i|we)${quote}(?=\\W|$)`, 'i');

// Longest first: "I am" before "I". Each pair is [singular, plural]; the table is read either way.
const pairs: Array<[string, string]> = [
  ['I am', 'we are'], ["I'm", "we're"], ['I was', 'we were'], ["I've", "we've"], ["I'll", "we'll"], ["I'd", "we'd"],
  ['myself', 'ourselves'], ['mine', 'ours'], ['my', 'our'], ['me', 'us'], ['I', 'we'],
];

function swapLine(text: string, toPlural: boolean): string {
  const table = pairs.map(([one, many]) => (toPlural ? [one, many] : [many, one]) as [string, string]);
  const pattern = new RegExp(`\\b(?:${table.map(([from]) => literal(from).replace(/'/g, "['’]")).join('|')})\\b`, 'gi');
  return text.replace(pattern, (found, offset: number) => {
    const entry = table.find(([from]) => from.toLowerCase() === found.toLowerCase().replace(/’/g, "'"));
    if (!entry) return found;
    // "US" in capitals is the country.
    if (!toPlural && /^US$/.test(found)) return found;
    const to = entry[1];
    const starts = offset === 0 || /[.!?]\s+$|^\s*(?:[-*+]\s+(?:\[[ xX]\]\s+)?|\d+[.)]\s+)$/.test(text.slice(0, offset));
    // "I" is always a capital; another word has one where a sentence starts or the writer gave it one ("Our plan").
    const capital = starts || /^I\b/.test(to) || (/^[A-Z]/.test(found) && !/^I\b/.test(found));
    const said = capital ? to.charAt(0).toUpperCase() + to.slice(1) : to;
    return found.includes('’') ? said.replace(/'/g, '’') : said;
  });
}

const voiceWords = (toPlural: boolean) => (toPlural ? /\b(?:I|me|my|mine|myself)\b|\bI['’](?:m|ve|ll|d)\b/ : /\b(?:[Ww]e|[Uu]s|[Oo]urs?|[Oo]urselves)\b|\b[Ww]e['’](?:re|ve|ll|d)\b/);

export function swapVoice(blocks: Block[], wanted: string): ChangeOutcome {
  const toPlural = wanted.toLowerCase() === 'we';
  const part = toPlural ? 'voice: "we", not "I"' : 'voice: "I", not "we"';
  const frame = frameBlocks(blocks);
  let changed = 0;
  for (const block of blocks) {
    if (frame.has(block) && !block.text.startsWith('**Subject:**') && !/^\*\*[^*]+\*\*$/.test(block.text)) continue;
    if (block.type !== 'paragraph' && block.type !== 'list' && block.type !== 'heading') continue;
    const text = block.text.split('\n').map((line) => swapLine(line, toPlural)).join('\n');
    if (text !== block.text) changed += 1;
    block.text = text;
  }
  if (changed === 0) return failed(part, `the document has no "${toPlural ? 'I' : 'we'}" to change`);
  const old = voiceWords(toPlural);
  return { part, check: (content) => (readableLines(content).some((line) => old.test(line.replace(/^\*\*Subject:\*\*/, ''))) ? `the document still says "${toPlural ? 'I' : 'we'}"` : undefined) };
}

/** "say it in the first person", "first person plural please", "write it as me". Group 1 or 2: "singular" or "plural", when said. */
export const firstPerson = /\b(?:in|into|to|use|write\s+it\s+in)\s+(?:the\s+)?first[- ]person(?:\s+(singular|plural))?\b|\bfirst[- ]person\s+(singular|plural)\b|^\W*(?:make\s+it\s+)?first[- ]person\b/i;

/** "I" for the singular, "we" for the plural; a document already in the first person, or with nothing that could be, says so. */
export function toFirstPerson(blocks: Block[], number: string | undefined): ChangeOutcome {
  if (number) return swapVoice(blocks, /^plural$/i.test(number) ? 'we' : 'i');
  const text = blocks.filter((block) => block.type === 'paragraph' || block.type === 'list').map((block) => block.text).join('\n');
  const voice = /\b(?:I|I['’](?:m|ve|ll|d)|me|my)\b/.test(text) ? 'I' : /\b(?:[Ww]e|[Oo]ur|[Uu]s)\b/.test(text) ? 'we' : undefined;
  return failed('voice: first person', voice ? `the document speaks as "${voice}" already; say "first person singular" or "plural" to change which` : `no sentence of the document is about the writer, so none turns into "I" or "we"; ${noModel}`);
}
