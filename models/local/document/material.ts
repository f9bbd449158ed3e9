import { awayNotice } from './outOfOffice.js';
import { sentences } from '../../../quality/text.js';
import type { StageInput } from '../../types.js';
import { citationOf } from '../text/sources.js';
import { personCase } from '../text/people.js';
import { calendarCase } from '../text/phrases.js';
import { parseCommits, type Commit } from './commits.js';
import { commaList, listParts } from './listParts.js';
import { isName } from './names.js';
import { statementOf } from './recognise.js';
import { purposeOf } from './purpose.js';
import { askFacts, withColon, withoutStatements } from './askFacts.js';
import { isInstruction, withoutForm } from './instructions.js';
import { jobAdFacts } from './shapedKinds.js';

export type Origin = 'brief' | 'context' | 'document' | 'knowledge';

/** One statement of the request's material, as written. */
export interface Item {
  text: string;
  origin: Origin;
  /** Who said it (chat export, transcript, "Name: ..." notes). */
  speaker?: string;
  /** The heading or label it was under ("Went well", "Action items"), lower-cased. */
  section?: string;
  /** `section` is the label its own line opened with ("agenda: scope, timeline"), not a heading above it. */
  labelled?: true;
  /** "(source, date)" of a knowledge passage or a tool's document. */
  cite?: string;
  /** Written as a numbered line ("1. Install ..."): a step of an ordered list. */
  numbered?: boolean;
  /** An entry of its own: a line of a list (bulleted, numbered, or a part of a list typed on one line), or a line of one or two sentences among others. */
  listed?: boolean;
}

/** A requirements value that is a fact of the request (timeline, audience, version ...). */
export interface RequirementFact {
  key: string;
  label: string;
  value: string;
}

/** Everything the request carries, read once. */
export interface Material {
  items: Item[];
  /** Names of attendee rolls ("Present: ..."): for the author, never printed to an outside audience. */
  people: string[];
  commits: Commit[];
  /** Fenced code blocks, as written ("```js ... ```"). */
  code: Array<{ language: string; code: string }>;
  requirements: RequirementFact[];
  keywords: string[];
  /** Nothing to write from but the ask itself. */
  bare: boolean;
  /** How many repeated statements were dropped. */
  repeats: number;
  /** The text read, as written (the brief's material, the context, the documents): for readers of a layout of their own (faq.ts). */
  sources: string;
}

// Requirements that steer the form rather than state a fact.
const controlKeys = /^(?:tone|length|format|content_type|deliverable|document|type|language|seo_optimized|include_.*|estimate_unit|estimates?|target_keywords|keywords|word_count|words|style|platforms?|networks?|max_.*|min_.*)$/;
/** "Present: Ruth, Kwame": a line that lists who was there. */
export const rollLabel = /^\s*(?:present|attendees|participants|attending|in attendance|invited|people|ppl|who|in the room)\s*[:\-–]\s*(.+)$/i;
// "Jan de Vries  6:45 AM" (a chat export's author line), "Maria Lopez 09:12".
const chatHeader = /^\s*([A-Z][\p{L}'’.-]+(?:\s+(?:(?:de|van|der|den|da|di|del|la|le|von|bin|al)\s+)*[A-Z][\p{L}'’.-]+){0,3})\s{1,}\[?(\d{1,2}:\d{2}(?:\s?[AaPp]\.?[Mm]\.?)?)\]?\s*$/u;
// "[10:02] Maria: ...", "10:02 - Maria: ...", "Maria (10:02): ...", "Maria: ...", "**Maria**: ...".
const spoken = /^\s*(?:\[?\d{1,2}:\d{2}(?::\d{2})?(?:\s?[AaPp][Mm])?\]?\s*[-–]?\s*)?\**([A-Z][\p{L}'’.-]+(?:\s+(?:(?:de|van|der|den|da|di|del|la|le|von)\s+)*[A-Z][\p{L}'’.-]+){0,2})\**\s*(?:\(\s*\d{1,2}:\d{2}[^)]*\))?\s*[:：]\s+(.+)$/u;
// The columns of a retro board and the lists of notes, by name: "went well", "didn't go well", "try", "next steps".
const columnName = /^\s*(?:what\s+)?(?:went\s+(?:well|badly|wrong)|did\s*n['’]?t\s+go\s+(?:well|so\s+well)|did\s+not\s+go\s+well|(?:to|needs?\s+to|could)\s+improve|improve(?:ments)?|(?:to\s+|things\s+to\s+)?try|keep(?:\s+doing)?|stop(?:\s+doing)?|start(?:\s+doing)?|continue|action\s+items?|actions|next\s+steps|todos?|wins|blockers|risks|decisions|(?:open\s+)?questions|ideas|pros|cons|highlights|lowlights|shoutouts|kudos)\s*$/i;
const labelLine = /^\s*(?:#{1,6}\s*)?([A-Za-z][A-Za-z /&'-]{1,40}?)\s*:?\s*$/;
const maxItems = 600;
// "From: Sarah Chen", "From: Sarah Chen <sarah@example.com>", "On Tue, 3 May, Tom Becker wrote:":
// what follows in an email thread is that person's, until the next.
const emailFrom = /^\s*(?:>\s*)?(?:from:\s*"?([A-Z][\p{L}'’.-]+(?:\s+[A-Z][\p{L}'’.-]+){0,2})"?\s*(?:<[^>]*>)?\s*$|on\s.+?,\s*([A-Z][\p{L}'’.-]+(?:\s+[A-Z][\p{L}'’.-]+){0,2})\s*(?:<[^>]*>)?\s+wrote:\s*$)/iu;
// "Hi all, the venue fell through.": the greeting goes, the news stays.
const greeting = /^(?:hi|hey|hello|dear)\s+(?:all|team|everyone|folks|guys|there|y'all|[A-Z][\p{L}'’-]+)\s*[,!]\s*(?=\S)/iu;
// Greetings and thanks carry nothing a reader needs.
// "great, thanks all", "nice one Maria": a reply with nothing in it. A name after it has its capital
// ("great collaboration" is a fact), so that alternative is matched without the `i` flag.
const chatterWords = /^(?:(?:good\s+)?morning|hi|hello|hey|thanks|thank you|cheers)\b[^.!?]{0,20}[.!?]*$|^(?:nice|great|cool|ok|okay|sounds good|\+1|lol|np|perfect|agreed|will do)[,.!]*(?:\s+(?:thanks|thank you|all|team|everyone|one)[,.!]*){0,2}$/i;
const chatterToName = /^(?:[Nn]ice|[Gg]reat|[Cc]ool|[Oo]k|[Oo]kay|[Ss]ounds good|\+1|[Pp]erfect|[Aa]greed|[Tt]hanks)[,.!]*(?:\s+(?:[Oo]ne|[Tt]hanks|[Tt]hank you)[,.!]*)?\s+[A-Z][a-z]+[,.!]*$/;
const chatter = { test: (text: string) => chatterWords.test(text) || chatterToName.test(text) };

function clean(text: string): string {
  return text
    .replace(/^\s*(?:[-*+•]|\d+[.)]|\[[ xX]\])\s+/, '')
    .replace(/^\s*(?:\[[ xX]\])\s+/, '')
    .replace(/(\*\*|__)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function keyOf(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

/** Whether the next line that is not empty after line `at` is a bullet. */
function bulletAfter(lines: string[], at: number): boolean {
  const next = lines.slice(at + 1).find((line) => line.trim() !== '');
  return next !== undefined && /^\s*(?:[-*+•]|\d+[.)])\s/.test(next);
}

/** Reads one text into items: speakers, sections, rolls and commits are recognised line by line. */
/** `commaLists`: a line that is one comma list of short parts is an item per part (pilot's requirements). */
function readText(text: string, origin: Origin, into: Material, seen: Set<string>, cite?: string, commaLists = false, twoWordNotes = false): void {
  let speaker: string | undefined;
  let section: string | undefined;
  let fence: { language: string; lines: string[] } | undefined;
  const lines = text.split(/\r?\n/);
  const lineCount = lines.filter((line) => line.trim() !== '').length;
  for (const [at, rawLine] of lines.entries()) {
    if (into.items.length >= maxItems) return;
    const line = rawLine.replace(/\u00a0/g, ' ');
    const fenceMark = /^\s*```\s*([\w+-]*)\s*$/.exec(line);
    if (fenceMark) {
      if (fence) {
        if (fence.lines.length > 0 && into.code.length < 10) into.code.push({ language: fence.language, code: fence.lines.join('\n') });
        fence = undefined;
      } else fence = { language: fenceMark[1] ?? '', lines: [] };
      continue;
    }
    if (fence) {
      fence.lines.push(rawLine);
      continue;
    }
    if (line.trim() === '') continue;
    const roll = rollLabel.exec(line);
    if (roll) {
      for (const name of roll[1]!.split(/[,;]|\band\b/)) {
        const person = name.replace(/\(.*?\)/g, '').trim().replace(/[.!?]+$/, '');
        if (person && !into.people.includes(person)) into.people.push(person);
      }
      continue;
    }
    const mail = emailFrom.exec(line);
    const named = chatHeader.exec(line)?.[1] ?? mail?.[1] ?? mail?.[2];
    if (named && isName(named)) {
      speaker = named;
      continue;
    }
    const commits = parseCommits(line);
    if (commits.length > 0) {
      for (const commit of commits) if (!into.commits.some((taken) => keyOf(taken.subject) === keyOf(commit.subject))) into.commits.push(commit);
      continue;
    }
    const label = labelLine.exec(line);
    // "Lowlights" on a line of its own above bullets heads them as "Lowlights:" would.
    // Notes typed in lower case head their columns in lower case too ("didn't go well", "try"): a column's name is a heading.
    const heading = (/^\s*\p{Lu}[\p{L} /&'-]{2,30}$/u.test(line) || columnName.test(line)) && line.trim().split(/\s+/).length <= 3 && bulletAfter(lines, at);
    if (label && !/[.!?]$/.test(line.trim()) && label[1]!.split(/\s+/).length <= 5 && (/^\s*#/.test(line) || /:\s*$/.test(line) || heading)) {
      section = label[1]!.toLowerCase().trim();
      speaker = undefined;
      continue;
    }
    let body = line.replace(/^\s*(?:[-*+•]|\d+[.)])\s+/, '');
    const bulleted = body !== line;
    const numbered = /^\s*\d+[.)]\s/.test(line);
    // "1. water less": a list line starts its sentence with a capital.
    // "- checkout: the coupon field ..." is a label in lower case, never a speaker named Checkout.
    const lowerStart = /^\p{Ll}/u.test(body);
    if (bulleted && !/^\p{Ll}[\p{L}'’ /&-]{0,30}:\s/u.test(body)) body = body.replace(/^\p{Ll}/u, (letter) => letter.toUpperCase());
    let lineSection = section;
    const inline = /^\s*(internal(?:\s+notes?)?|notes? for (?:the )?(?:writer|author|you)|private|staff only|for the author)\s*[:\-–]\s*(.+)$/i.exec(body);
    if (inline) {
      lineSection = inline[1]!.toLowerCase();
      body = inline[2]!;
    }
    let who = speaker;
    const said = spoken.exec(body);
    if (said && isName(said[1]!) && !(lowerStart && bulleted)) {
      who = said[1]!;
      body = said[2]!;
      // "Maria: Maria: ..." (a pasted export that repeats the author) is one speaker.
      while (body.startsWith(`${who}:`)) body = body.slice(who.length + 1).trim();
    }
    const lineSentences = sentences(clean(body).replace(greeting, ''));
    // A short line among other lines is an entry of its own (a news item, a note), not a paragraph's sentence.
    const entry = bulleted || (lineSentences.length <= 2 && lineCount > 1);
    // "office closed friday. work from home. back monday": a line of short sentences is notes typed on one line, each a note.
    const notesOnALine = lineSentences.length >= 2 && lineSentences.every((sentence) => sentence.split(/\s+/).length <= 8);
    for (const sentence of lineSentences) {
      // "Went well: shipped X, pairing on Y." is a section of its own and an item per part.
      const read = listParts(sentence);
      // Pilot's notes typed as one comma list ("guest checkout, apple pay + google pay, promo code
      // field"): each part is a requirement of its own, when none of them is a statement.
      const requirements = commaLists && read.parts.length === 1 && !read.label ? commaList(sentence, 10) : undefined;
      const { label, parts } = requirements && !requirements.some((part) => /^(?:we|i|you|they|he|she|it|the|our|this|there)\s/i.test(part)) ? { label: undefined, parts: requirements } : read;
      for (const part of parts) {
        const text = part.trim();
        const key = keyOf(text);
        // A part of a list or a bullet may be short ("Flaky CI", "Click Security"); a sentence of its own says more.
        // "Chen: out sick": what a named person said may be two words too.
        // "142 responses": a figure with what it counts is a fact however short.
        // A writer's notes typed one a line ("shipped today", "settings > appearance") are facts of two words too.
        if (key.split(' ').length < (label || parts.length > 1 || bulleted || who || /\d/.test(text) || (twoWordNotes && (entry || notesOnALine)) ? 2 : 3) || chatter.test(text)) continue;
        if (seen.has(key)) {
          into.repeats += 1;
          continue;
        }
        seen.add(key);
        const partSection = label ?? lineSection;
        // "started monday", "on track for march 3", "questions to maria": days, months and first names
        // typed in lower case are names, printed with their capital.
        const written = personCase(calendarCase(text));
        into.items.push({ text: /^[a-z]/.test(written) && who ? written.charAt(0).toUpperCase() + written.slice(1) : written, origin, ...(who ? { speaker: who } : {}), ...(partSection ? { section: partSection } : {}), ...(label ? { labelled: true as const } : {}), ...(cite ? { cite } : {}), ...(numbered ? { numbered: true } : {}), ...(entry || parts.length > 1 ? { listed: true } : {}) });
      }
    }
  }
}

/**
 * The ask's facts: every sentence of the brief after its first, what follows a colon in the first,
 * and the statement the first passes on ("A LinkedIn post announcing that our bakery now delivers
 * in Utrecht" states that the bakery delivers in Utrecht); with `messages` (the writer's), what a
 * message for a purpose says ("Email our volunteers to thank them for ..." says "Thank you for ...").
 */
export function briefFacts(brief: string, messages = false): string {
  const { first, rest, tail } = askParts(brief);
  // A message's purpose is read apart (briefPurpose): "Thank you for ..." is what it says, not chatter.
  const purpose = messages && purposeOf(withoutStatements(first), first);
  const stated = tail.length === 0 && !purpose ? statementOf(messages ? withoutStatements(first) : first) : undefined;
  const statement = stated ? [stated.charAt(0).toUpperCase() + stated.slice(1)] : [];
  // "... about our new office in Rotterdam, we move in on 1 March": what the writer's ask states besides.
  const said = messages && tail.length === 0 ? [...askFacts(first), ...jobAdFacts(first), ...awayFacts(first)] : [];
  // "Forwarding below - can you draft a reply saying ...": the answer is read apart, not as a fact.
  const listed = purpose && purpose.reply ? [] : tail;
  return [...listed, ...statement, ...said, ...rest].join('\n');
}

/** "out of office message, back jan 6, for urgent stuff contact maria@acme.io": what the away notice says, a part a line. */
function awayFacts(first: string): string[] {
  const away = awayNotice.exec(first);
  if (!away) return [];
  return first.slice(away.index + away[0].length).replace(/^\s*(?:e-?mail\s+)?(?:message|reply|notice|e-?mail)?\s*[,:;-]?\s*/i, '').split(/\s*[,;]\s*/).filter((part) => part.trim().split(/\s+/).length >= 2).map((part) => part.trim().replace(/^\p{Ll}/u, (letter) => letter.toUpperCase()));
}

/** The brief's first sentence (the ask), the sentences after it, and the list its colon opens. */
function askParts(brief: string): { first: string; rest: string[]; tail: string[] } {
  // "1. water less" on a line of its own is one item: the number's dot ends no sentence.
  const parts = brief.trim().split(/(?<=[.!?])(?<!(?:^|\n)\s*\d{1,2}[.)])\s+|\n+/);
  const first = withColon(withoutForm(parts[0] ?? ''));
  const colon = first.indexOf(': ');
  const after = first.slice(colon + 2);
  // "...: a, b, c and d": what the ask lists is one fact a line.
  // "Items: - new office in Lisbon opens April 3 - Priya joined ...": bullets typed on one line.
  const dashed = /^-\s/.test(after) ? after.slice(2).split(/\s+-\s+(?=\S)/).filter((part) => part.trim().split(/\s+/).length >= 2)
    // "1) login button misaligned on iPad 2) search returns duplicates": numbers typed on one line.
    : /^1[).]\s/.test(after) && /\s2[).]\s/.test(after) ? after.split(/\s*\b\d{1,2}[).]\s+/).filter((part) => part.trim().split(/\s+/).length >= 2)
    // "HubSpot free tier, 0 per month, 1M contacts; Pipedrive, 14 per user ...": semicolons part what commas describe.
    : (after.match(/;/g)?.length ?? 0) >= 2 && /,/.test(after) ? after.split(/\s*;\s*/).filter((part) => part.trim().split(/\s+/).length >= 2) : [];
  const tail = colon > 0 && dashed.length >= 2 ? dashed.map((part) => `- ${part.trim().charAt(0).toUpperCase()}${part.trim().slice(1)}`) : colon > 0 && after.split(/\s+/).length >= 4 ? (commaList(after)?.map((part) => `- ${part}`) ?? [after.charAt(0).toUpperCase() + after.slice(1)]) : [];
  // "Keep it short and professional.": a form to follow, not a fact to print.
  const upper = (part: string) => part.replace(/^\p{Ll}/u, (letter) => letter.toUpperCase());
  return { first, rest: parts.slice(1).filter((part) => !isInstruction(part)).map(upper), tail };
}

/** What a message asked for a purpose says ("Email our volunteers to thank them for ..."): the writer's only. */
function briefPurpose(brief: string): string[] {
  const { first, tail } = askParts(brief);
  const purpose = purposeOf(withoutStatements(first), first);
  return tail.length === 0 || purpose?.reply ? (purpose?.sentences ?? []) : [];
}

function requirementFacts(requirements: Record<string, unknown>): RequirementFact[] {
  const facts: RequirementFact[] = [];
  for (const [key, value] of Object.entries(requirements)) {
    if (controlKeys.test(key)) continue;
    const text = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : Array.isArray(value) ? value.filter((entry) => typeof entry === 'string' || typeof entry === 'number').join(', ') : '';
    if (!text || text.length > 300) continue;
    const label = key.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase());
    facts.push({ key, label, value: text });
  }
  return facts;
}

export function keywordsOf(requirements: Record<string, unknown>): string[] {
  const raw = requirements.target_keywords ?? requirements.keywords;
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [];
  return [...new Set(list.filter((entry): entry is string => typeof entry === 'string').map((entry) => entry.trim()).filter(Boolean))];
}

/** The request's material: brief facts, context, documents, knowledge passages (tool findings among them) and requirement values. */
export function readMaterial(input: Pick<StageInput, 'brief' | 'context' | 'contextDocuments' | 'knowledge' | 'requirements'> & { crew?: Pick<StageInput['crew'], 'id'> }): Material {
  const material: Material = { items: [], people: [], commits: [], code: [], requirements: requirementFacts(input.requirements), keywords: keywordsOf(input.requirements), bare: true, repeats: 0, sources: '' };
  const seen = new Set<string>();
  // Only the writer writes messages: a meeting's "remind the team to ..." is not a line to pass on.
  const messages = input.crew?.id === 'writer';
  for (const text of messages ? briefPurpose(input.brief) : []) {
    seen.add(keyOf(text));
    material.items.push({ text, origin: 'brief' });
  }
  const facts = briefFacts(input.brief, messages);
  readText(facts, 'brief', material, seen);
  const lists = input.crew?.id === 'pilot';
  if (input.context) readText(input.context, 'context', material, seen, undefined, lists, messages);
  for (const document of input.contextDocuments) readText(document, 'document', material, seen, undefined, lists);
  material.sources = [facts, input.context ?? '', ...input.contextDocuments].filter((text) => text.trim() !== '').join('\n');
  for (const passage of input.knowledge) readText(passage.text.slice(0, 4000), 'knowledge', material, seen, citationOf(passage));
  material.bare = material.items.length === 0 && material.commits.length === 0 && material.code.length === 0;
  return material;
}
