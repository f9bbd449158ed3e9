import { splitParagraph, type Block } from '../text/blocks.js';
import { isHashtagLine } from './email.js';
import { letterParts } from './letter.js';
import { failed, noModel, type ChangeOutcome } from './outcome.js';

/**
 * "make it more exciting", "more energetic", "it's a bit flat", "jazz it up": the same facts said
 * with more energy. The news leads (a post's stock opener goes, its news first, "Big news: ..."),
 * the news line ends with one exclamation mark, hedges go ("just", "quite", "we are pleased to
 * announce that") and flat words are stronger ("good" is "great"). Nothing is added that the
 * document did not say.
 */
export const moreEnergy =
  /\b(?:more|bit\s+more)\s+(?:exciting|energetic|upbeat|enthusiastic|lively|dynamic|excited|exciting-sounding|hype|energy|excitement|oomph|pizzazz|punch|zing)\b|\b(?:livelier|jazz\s+(?:it|this)\s+up|spice\s+(?:it|this)\s+up|pep\s+(?:it|this)\s+up|less\s+(?:boring|dull|flat|dry|bland)|(?:too|bit|very|so|kinda|quite|rather)\s+(?:boring|dull|flat|dry|bland|meh)|(?:it'?s|sounds?|reads?)\s+(?:boring|dull|flat|dry|bland|meh)|add\s+(?:some\s+)?(?:energy|excitement|enthusiasm)|sound\s+(?:more\s+)?excited|get\s+people\s+excited)\b/i;

// A stock opener or invitation says no news; the news line takes its place.
export const stockOpener = /^(?:some news(?: we(?:'re| are) (?:excited|happy|thrilled|proud) to share)?|exciting news|news)[.:!]?$|^we(?:'re| are) (?:excited|thrilled|happy|pleased|proud) to (?:share|announce)(?: some news)?[.:!]?$/i;
// Sentences that announce something: what a reader gets excited about.
const news = /\b(?:launch(?:es|ed|ing)?|ships?|shipped|shipping|opens?|opening|released?|live|new|hiring|joins?|joined|welcome|won|hit|reached|raised|starts?|moved?|is here|are here|available)\b/i;

const hedges: Array<[RegExp, string]> = [
  [/\bwe(?:'re| are) (?:pleased|happy|glad) to (?:announce|share|let you know|inform you) that\s+/gi, ''],
  [/\b(?:we would like to|i would like to|we wanted to|i wanted to) (?:let you know|inform you|share) that\s+/gi, ''],
  [/\bplease note that\s+/gi, ''],
  [/\b(?:just|quite|somewhat|fairly|rather|a bit|a little|kind of|sort of)\s+(?=\w)/gi, ''],
];
const stronger: Array<[RegExp, string]> = [
  [/\b(?:good|nice|fine)\b/g, 'great'],
  [/\bis able to\b/g, 'can'],
  [/\bare able to\b/g, 'can'],
  [/\binteresting\b/g, 'exciting'],
];

export function addEnergy(blocks: Block[]): ChangeOutcome {
  const part = 'more energetic';
  const letter = letterParts(blocks);
  const prose = blocks.filter((block, index) => block.type === 'paragraph' && !isHashtagLine(block.text) && !/^\*.*\*$/.test(block.text.trim()) && (!letter || (index >= letter.bodyStart && index < letter.bodyEnd)));
  if (prose.length === 0) return failed(part, `the document is headings and lists only, each a fact as the client gave it, and no sentence to lead with; ${noModel}`);
  const post = !letter && !blocks.some((block) => block.type === 'heading');
  const before = prose.map((block) => block.text).join('\n');
  for (const block of prose) {
    for (const [pattern, word] of [...hedges, ...stronger]) block.text = block.text.replace(pattern, (found) => (word && /^[A-Z]/.test(found) ? word.charAt(0).toUpperCase() + word.slice(1) : word));
    block.text = block.text.replace(/(^|[.!?]\s+)([a-z])/g, (_whole, gap: string, letter: string) => gap + letter.toUpperCase());
  }
  // A post's stock opener goes; its news line leads.
  const sentences = prose.flatMap((block) => splitParagraph(block.text).map((sentence) => ({ block, sentence })));
  const opener = sentences[0] && stockOpener.test(sentences[0].sentence.trim()) ? sentences[0] : undefined;
  if (opener) {
    opener.block.text = splitParagraph(opener.block.text).filter((sentence) => sentence !== opener.sentence).join(' ');
    sentences.shift();
  }
  // A document of sections leads with its opening paragraph or not at all: a line under its last heading is no lead.
  const firstSection = blocks.findIndex((block) => block.type === 'heading' && block.level >= 2);
  const leads = post || letter ? sentences : sentences.filter((entry) => firstSection < 0 || blocks.indexOf(entry.block) < firstSection);
  const lead = post ? (leads.find((entry) => news.test(entry.sentence)) ?? leads[0]) : leads[0];
  if (lead) {
    let line = lead.sentence.trim().replace(/[.!]+$/, '!');
    if (!/[!?]$/.test(line)) line = `${line}!`;
    if (post && !/^(?:big|exciting|great)\s+news\b/i.test(line)) line = `Big news: ${/^[A-Z][a-z]/.test(line) && !/^(?:I|I'm)\b/.test(line) ? line.charAt(0).toLowerCase() + line.slice(1) : line}`;
    lead.block.text = splitParagraph(lead.block.text).map((sentence) => (sentence === lead.sentence ? line : sentence)).join(' ');
    // In a post the news goes first (it was after a line that only made sense after it).
    const first = prose.find((block) => block.text.trim() !== '');
    if (post && first && first !== lead.block && splitParagraph(lead.block.text).length === 1) {
      blocks.splice(blocks.indexOf(lead.block), 1);
      blocks.splice(blocks.indexOf(first), 0, lead.block);
    }
  }
  for (const block of prose) if (block.text.trim() === '') blocks.splice(blocks.indexOf(block), 1);
  const after = prose.filter((block) => blocks.includes(block)).map((block) => block.text).join('\n');
  if (after === before) return failed(part, 'the document has no flat words or news line to change; say what should sound more exciting');
  return { part, change: { type: 'tone_adjustment', energy: 'more' }, check: (content) => (/!/.test(content) || content.includes(after.split('\n')[0]!) ? undefined : 'the document reads as before') };
}

/** "make the first line punchier", "a stronger opening sentence", "the hook is weak": the opening line only. */
export const punchierOpening =
  /\b(?:first|opening|1st|top)\s+(?:line|sentence)\s+(?:(?:needs\s+to\s+be|should\s+be|could\s+be|a\s+bit|more)\s+)*(?:punchier|stronger|snappier|catchier|punchy|more\s+(?:punchy|engaging|catchy|direct|gripping))|\b(?:punchier|stronger|snappier|catchier|better|more\s+engaging)\s+(?:first|opening)\s+(?:line|sentence)|\b(?:hook|opener|opening\s+line)\s+(?:is\s+)?(?:weak|boring|flat|dull)|\b(?:stronger|better|punchier)\s+(?:hook|opener)\b/i;

/**
 * The opening line says its news at once: a stock opener before it goes, hedges go ("I just
 * shipped" is "I shipped"), an aside after a comma becomes what a colon announces ("my first
 * library, a tiny date parser" is "my first library: a tiny date parser"); a line with none of
 * these ends with an exclamation mark in a post or email.
 */
export function punchUpOpening(blocks: Block[]): ChangeOutcome {
  const part = 'punchier first line';
  const letter = letterParts(blocks);
  const prose = blocks.filter((block, index) => block.type === 'paragraph' && !isHashtagLine(block.text) && !/^\*.*\*$/.test(block.text.trim()) && (!letter || (index >= letter.bodyStart && index < letter.bodyEnd)));
  // "Some news we are excited to share." on a line of its own says no news: it goes, the news line opens.
  const stock = prose.length > 1 && stockOpener.test(prose[0]!.text.trim()) ? prose[0] : undefined;
  if (stock) blocks.splice(blocks.indexOf(stock), 1);
  const opening = stock ? prose[1] : prose[0];
  if (!opening) return failed(part, 'the document has no opening line of its own');
  let sentences = splitParagraph(opening.text);
  if (sentences.length > 1 && stockOpener.test(sentences[0]!.trim())) sentences = sentences.slice(1);
  const before = sentences[0]!;
  let line = before;
  for (const [pattern, word] of hedges) line = line.replace(pattern, word);
  line = line.replace(/^([a-z])/, (letter) => letter.toUpperCase());
  // "my first open source library, a tiny date parser for TypeScript."
  line = line.replace(/^([^,:;]{12,}?),\s+((?:a|an|the|our|my)\s+[^,]+[.!?])$/, '$1: $2');
  if (line === before && (letter || !blocks.some((block) => block.type === 'heading'))) line = line.replace(/[.]?$/, '!');
  if (line === before && !stock) return failed(part, `the first line "${before}" has no filler, hedge or aside to cut; ${noModel}`);
  opening.text = [line, ...sentences.slice(1)].join(' ');
  return { part, change: { type: 'tone_adjustment', first_line: line }, check: (content) => (content.includes(line) ? undefined : 'the first line is as it was') };
}
