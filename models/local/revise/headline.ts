import { contentTerms, stem } from '../../../quality/text.js';
import { splitParagraph, type Block } from '../text/blocks.js';
import { compromise } from '../text/compromise.js';
import { contract } from '../text/contractions.js';
import { isHashtagLine } from './email.js';
import { punchUpOpening } from './energy.js';
import { failed, type ChangeOutcome } from './outcome.js';
import { retitle } from './wording.js';

/**
 * "make the title punchier", "better headline pls", "the title is boring": a headline that says
 * the news. A title that names only a kind ("Announcement") or a thing ("New dark mode") becomes
 * the document's news line as a headline ("New dark mode ships tomorrow", "We're opening a new
 * office in Lisbon in March"); a title that says its news already is tightened (a stock opener,
 * "led by ..." past eight words and weak verbs go: "Why we moved from Heroku to AWS" is "Why we
 * left Heroku for AWS"). Before, each was `general_feedback` and nothing changed. Nothing is said
 * that the document does not say; a post with no title gets its opening line punched up instead.
 */
export const punchierTitle =
  /\b(?:punchier|snappier|catchier|stronger|better|clearer|more\s+(?:punchy|catchy|engaging|exciting|clickable|compelling|interesting|descriptive|specific|eye-?catching))\s+(?:title|headline|header)\b|\b(?:title|headline)\s+(?:(?:is|feels|sounds|reads|could\s+be|should\s+be|needs\s+to\s+be|a\s+bit|kinda|very|too|so|pretty|really)\s+)*(?:punchier|snappier|catchier|stronger|weak|boring|bland|dull|flat|meh|generic|vague|clearer|unclear|lame|better|more\s+(?:punchy|catchy|engaging|exciting|clickable|compelling|interesting|descriptive|specific))\b|\b(?:make|get)\s+the\s+(?:title|headline)\s+(?:a\s+bit\s+|more\s+)?(?:punchier|snappier|catchier|stronger|clearer|pop|better|punchy|catchy|engaging|exciting|clickable|compelling|interesting|descriptive|specific)\b|\b(?:fix|improve|rework|redo|punch\s+up|spice\s+up|jazz\s+up)\s+the\s+(?:title|headline)\b/i;

// Titles that name a kind of document, not its news.
const generic = /^(?:(?:an?\s+|our\s+|the\s+)?(?:(?:important|quick|big|small|weekly|monthly|company|team|product|news|exciting)\s+)?(?:announcement|update|news|blog\s+post|post|newsletter|note|notice|news\s+update))$/i;
const opener = /^(?:(?:we(?:'re|\s+are)|i(?:'m|\s+am))\s+(?:excited|thrilled|happy|pleased|proud|delighted)\s+to\s+(?:announce|share|say|tell\s+you)\s+(?:that\s+)?|(?:some|big|exciting|great)\s+news\s*[:,-]\s*|announcing\s*:\s*)/i;
// Weak phrasings and their headline form.
const weak: Array<[RegExp, string]> = [
  [/\b(is|are) now (?:available|live|out)\b/gi, '$1 here'],
  [/\b(?:has|have) been (?:released|launched|shipped)\b/gi, 'is out'],
  [/\bwill be (launch|ship|open|start|releas)(?:ing|ed)\b/gi, 'will $1'],
  [/\b(?:is|are) going to\b/gi, 'will'],
  [/\bmoved from ([A-Z][\w.]*(?:\s+[A-Z][\w.]*)*) to ([A-Z][\w.]*(?:\s+[A-Z][\w.]*)*)/g, 'left $1 for $2'],
];
// What a long headline can lose: who led or what follows "which", "so that".
const tail = /\s+(?:led\s+by|backed\s+by|thanks\s+to|which|so\s+that|because|as\s+part\s+of)\s+.*$/i;

function hasVerb(text: string): boolean {
  return compromise()(text).verbs().length > 0;
}

function terms(text: string): Set<string> {
  return new Set(contentTerms(text).map(stem));
}

/**
 * `text` as a punchy headline: its main clause, no opener, weak verbs strong, contracted, no end
 * stop. Not document/headline.ts's `headlineOf`, which heads a newsletter item by its subject
 * ("Membership fees"): a punchier title keeps its verb.
 */
function punchyLine(text: string): string {
  let line = text.trim().replace(/[.!]+$/, '').replace(opener, '');
  // The main clause: what comes before an aside, when it says something on its own.
  const clause = /^(.{12,}?)(?:,\s|;\s|\s[-–—]\s)/.exec(line)?.[1];
  if (clause && hasVerb(clause)) line = clause;
  if (line.split(/\s+/).length > 8) line = line.replace(tail, '');
  for (const [pattern, replacement] of weak) line = line.replace(pattern, replacement);
  line = contract(line);
  // Headlines drop a leading "Our" or "The" ("The new reporting dashboard is live").
  line = line.replace(/^(?:our|the)\s+(?=\S+\s+\S+\s+\S+)/i, '');
  return line.charAt(0).toUpperCase() + line.slice(1);
}

export function punchUpTitle(blocks: Block[]): ChangeOutcome {
  const part = 'punchier title';
  const title = blocks.find((block): block is Block & { type: 'heading' } => block.type === 'heading' && block.level === 1);
  const subject = blocks.find((block) => block.type === 'paragraph' && /^\*\*Subject:\*\*/.test(block.text));
  // A post has no title: its opening line is what people read first.
  if (!title && !subject) return punchUpOpening(blocks);
  const before = title ? title.text : subject!.text.replace(/^\*\*Subject:\*\*\s*/, '');
  const start = blocks.indexOf(title ?? subject!);
  const lead = blocks.slice(start + 1).find((block) => block.type === 'paragraph' && !/^\*\*Subject:\*\*/.test(block.text) && !/^(?:hi|hello|hey|dear)\b[^.!?]{0,40},$/i.test(block.text.trim()) && !isHashtagLine(block.text));
  const news = lead ? splitParagraph(lead.text)[0] : undefined;
  const shared = news ? [...terms(before)].some((term) => terms(news).has(term)) : false;
  // A kind ("Announcement") or a thing ("New dark mode") gives way to the news about it.
  const fromNews = news && hasVerb(news) && (generic.test(before) || (!hasVerb(before) && shared));
  const after = punchyLine(fromNews ? news : before);
  if (after === before || after.length < 3) return failed(part, `the title "${before}" says its news in ${before.split(/\s+/).length} words, with no opener, aside or weak verb to cut; give the one you want ("change the title to ...")`);
  const outcome = retitle(blocks, after);
  return { ...outcome, part: `${part}: ${after}`, change: { type: 'retitle', from: before, to: after } };
}
