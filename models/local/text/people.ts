// compromise loads at the first text that may hold a name typed in lower case (most never do).
import { compromise } from './compromise.js';

/**
 * First names that are also everyday words ("will", "grace", "mark"): in lower case they are the
 * word, unless something else says they name a person (a roll, a line they open).
 */
export const everydayNames = new Set(
  'will may june april august mark bill grace hope joy faith rose sue pat art jack frank summer autumn dawn chase drew guy max ray rich sky skye page bob sunny holly ivy iris lily violet daisy amber ruby pearl crystal'.split(' '),
);

// The lexicon's tags of people's names (a lookup, not a parse: no sentence is tagged for it).
const nameTags = new Set(['FirstName', 'FemaleName', 'MaleName', 'Person']);
let lexicon: Record<string, string | string[] | undefined> | undefined;

/**
 * compromise's lexicon tag of `word` ("dana" FirstName, "lisbon" City), or undefined: a lookup, no
 * parse. A word filed under several tags ("europe": Place, ProperNoun) gives its first.
 */
export function lexiconTag(word: string): string | undefined {
  lexicon ??= (compromise().model() as { one: { lexicon: Record<string, string | string[] | undefined> } }).one.lexicon;
  const tag = lexicon[word.toLowerCase()];
  return Array.isArray(tag) ? tag[0] : tag;
}

/** True when compromise's lexicon knows `word` (lower case) as a person's name ("dana", "lee", "carlos"). */
export function isKnownName(word: string): boolean {
  const tag = lexiconTag(word);
  return tag !== undefined && nameTags.has(tag);
}

// A lower-case word where a person is named: after "to", "from", "with", "ask", "ping", "cc", "and" ...
const namePlace = /\b(to|from|with|ask|ping|cc|thanks|thank|contact|tell|call|email|message|dm|by|and|or)\s+(\p{Ll}[\p{Ll}'-]+)(?![\p{L}@/_-])/gu;

// "ana is out next week", "dana owns the launch email": a name opening a statement about its person.
const nameOpening = /^(\p{Ll}[\p{Ll}'-]+)\s+(?=(?:is|was|will|has|had|to|owns|took|takes|said|says|asked|joined|left|starts|started|out|off|and|\+|&)\b|\+|&)/u;

// "14:20 maya rolls back to v3.11", "[09:12] sam paged": in a timeline, the word after the time that
// acts; "on-call (maya)": a word alone in brackets. Either is a name only when the lexicon knows it as one.
// "..., priya does design", "sam knows the build": a name opening a clause, before what the person does.
const clauseOpening = /(?:^|[,;.]\s+|\n\s*)(\p{Ll}[\p{Ll}'-]+)\s+(?=(?:does|owns|knows|handles|leads|runs|takes|will|has)\b)/gu;
const timedOpening = /^\[?\d{1,2}[:.]\d{2}(?:\s*[ap]\.?m\.?)?\]?\s*[-–]?\s*(\p{Ll}[\p{Ll}'-]+)\s+(?=\p{Ll}+(?:s|ed)\b)/u;
const bracketed = /\((\p{Ll}[\p{Ll}'-]+)\)/gu;
// "new barista sam joins from portland": who a new role names, before what they do.
const newcomer = /\bnew\s+(?:[\p{Ll}-]+\s+){1,2}?(\p{Ll}[\p{Ll}'-]+)(?=\s+(?:joins|joined|starts|started|is|will|arrives)\b)/u;

// "priya will send the deck", "thabo to book the room", "aditi owns QA": who commits to a task opens
// the line. A name the lexicon has never seen is a name there when it is no word the lexicon knows
// and has no ending of an English noun ("billing will go live" is about billing).
const commitOpening = /^(\p{Ll}[\p{Ll}'-]{2,})\s+(?:(?:will|to)\s+(?!(?:be|not|have|get|become|need|take\s+longer)\b)\p{Ll}|owns\b)/u;
const nounEnding = /(?:ing|tion|sion|ment|ness|ity|ance|ence|ship|ers|ies|es|ss|ware|log|base)$/;

/** The unknown name that opens a line committing its person to a task ("priya will send ..."), or undefined. */
export function committedName(text: string): string | undefined {
  const word = commitOpening.exec(text)?.[1];
  return word && lexiconTag(word) === undefined && !nounEnding.test(word) ? word : undefined;
}

// "priya -> write the copy": work handed to whoever the arrow leaves, when a verb or a verb-like noun follows it.
const arrowOpening = /^(\p{Ll}[\p{Ll}'-]{2,})\s*(?:->|=>|→)\s*(\p{Ll}+)/u;
const taskOpenings = new Set(['Infinitive', 'Singular']);

/**
 * The lower-case name a line hands work to with an arrow ("lisa -> update the page"), or
 * undefined: a name the lexicon knows, or a word it has never seen followed by a word that can
 * open a task ("signup -> still too long" and "launch -> fri" are about things).
 */
export function arrowedName(text: string): string | undefined {
  const [, word, next] = arrowOpening.exec(text) ?? [];
  if (!word || !next) return undefined;
  if (isKnownName(word)) return word;
  return lexiconTag(word) === undefined && !nounEnding.test(word) && opensTask(next) ? word : undefined;
}

/** Whether `word` can open a task ("write", "review"): "still", "great" and "the" cannot. */
export function opensTask(word: string): boolean {
  return taskOpenings.has(lexiconTag(word) ?? '');
}

/**
 * `text` with the first names typed in lower case written with their capitals ("questions to
 * maria" -> "questions to Maria"): a word in a place that names people ("to", "ask", "and") that
 * compromise's lexicon knows as a name. A name that is an everyday word ("will", "grace", "bob")
 * is left alone.
 */
export function personCase(text: string): string {
  const opening = nameOpening.exec(text)?.[1] ?? timedOpening.exec(text)?.[1] ?? newcomer.exec(text)?.[1];
  const found = [...(opening ? [opening] : []), ...[...text.matchAll(namePlace)].map((match) => match[2]!), ...[...text.matchAll(clauseOpening)].map((match) => match[1]!), ...[...text.matchAll(bracketed)].map((match) => match[1]!)].filter((word) => !everydayNames.has(word) && isKnownName(word));
  const committed = committedName(text);
  return [...new Set([...found, ...(committed ? [committed] : [])])].reduce((out, name) => out.replace(new RegExp(String.raw`(?<![\p{L}@./_-])${name}(?![\p{L}@/_-])`, 'gu'), `${name.charAt(0).toUpperCase()}${name.slice(1)}`), text);
}
