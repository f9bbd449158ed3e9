import { rollLabel } from '../document/material.js';
import { isName } from '../document/names.js';
import { arrowedName, committedName, everydayNames, isKnownName, lexiconTag } from '../text/people.js';
import { literal } from '../text/phrases.js';
import { absenceWords } from './standup.js';

/**
 * Notes typed in lower case name their people in lower case too: "attendees: dana, lee, priya",
 * then "- dana to send the new timeline by wed". The meeting reader knows a name by its capital
 * (anything else would take "launch" or "budget" for a person), so the names a roll lists are
 * given their capitals everywhere in the notes first. Only names the roll itself lists are
 * touched. A name that is also an everyday word ("will", "may", "mark") is capitalised only where
 * it stands for the person: at the start of a line or bullet, or before a colon.
 *
 * Standup notes have no roll: each line opens with its person instead ("ana: finished the csv
 * export", "bob + dan pairing on the e2e flakes", "carla out tmrw"), so a word that opens a line
 * a "+" or an absence ("out", "ooo", "pto") is a name too, and, in notes the brief calls a standup,
 * a word before a colon, unless it is a label ("today:", "blockers:"). Elsewhere "launch: moved to
 * april" is a topic, not a person.
 *
 * Meeting notes without a roll say who takes what: "dana owns the launch email", "lee will book
 * the venue", "sam and jo to review". A word opening such a commitment is a name only when
 * compromise's lexicon knows it as one ("dana", "lee", "carlos"), so "launch will slip" and
 * "marketing to send the deck" keep their words.
 */



/** A roll may be a bullet of the notes too: "- attendees: dana, lee". */
const unbulleted = (line: string) => line.replace(/^\s*[-*•]\s*/, '');

function capitalized(name: string): string {
  return name.replace(/(^|[\s'-])(\p{Ll})/gu, (_, before: string, letter: string) => `${before}${letter.toUpperCase()}`);
}

/** The names a lower-case roll lists ("dana", "lee ann"), as written. */
function lowerRollNames(texts: readonly string[]): string[] {
  const names: string[] = [];
  // "q3 planning. attendees: ana, ben, chris. ana: ...": notes typed as one paragraph give the roll mid-line.
  for (const line of texts.flatMap((text) => text.split('\n')).flatMap((line) => line.split(/(?<=[.;!?])\s+(?=attendees|participants|present|attending|in attendance|ppl\b)/i))) {
    const roll = rollLabel.exec(unbulleted(line));
    if (!roll) continue;
    const list = roll[1]!.split(/[.;](?:\s|$)/)[0]!;
    for (const part of list.split(/,|\band\b|&|\+/)) {
      const person = part.trim().replace(/\s*\([^)]*\)$/, '');
      // One to three words of letters, the first one lower case: a name typed without capitals.
      if (/^\p{Ll}[\p{L}'-]*(?: [\p{L}'-]+){0,2}$/u.test(person) && !names.includes(person)) names.push(person);
    }
  }
  return names;
}

const word = String.raw`\p{Ll}[\p{L}'-]*`;
const joined = String.raw`\s*(?:\+|&|\/|,|\band\b)\s*`;
// "bob + dan ...", "carla out tmrw", and in a standup "dan:": the words that open a line as its people.
const absenceOpening = new RegExp(String.raw`^(${word}(?:${joined}${word})*)\s+(?:${absenceWords})\b`, 'iu');
const colonOpening = new RegExp(String.raw`^(${word}(?:${joined}${word})*)\s*:`, 'u');
const pairOpening = new RegExp(String.raw`^(${word}(?:${joined}${word})+)\s+\p{Ll}`, 'u');

/**
 * A chat pasted in lower case ("ana: should we go with postgres", "ben: postgres, we need joins"):
 * the words before its colons are its people when two or more open lines and each is a name the
 * lexicon knows or a word it has never seen ("launch: moved to april" is a topic).
 */
function chatSpeakers(lines: readonly string[]): Set<string> {
  const openers = new Set(lines.map((line) => /^(\p{Ll}[\p{Ll}'-]+)\s*:\s+\S/u.exec(unbulleted(line).trim())?.[1]).filter((word): word is string => word !== undefined));
  const nameLike = [...openers].every((word) => isKnownName(word) || (lexiconTag(word) === undefined && !/(?:ing|tion|ment|ness|ity|s)$/.test(word)));
  // One speaker is enough when the lexicon knows the word as a name and nothing else ("ana: launch
  // moved to dec 10"); "launch:", "note:" and "will:" keep their words.
  const known = openers.size === 1 && [...openers].every((word) => isKnownName(word) && !everydayNames.has(word));
  return (openers.size >= 2 && nameLike) || known ? openers : new Set();
}

/** The people lower-case standup lines open with ("dan", "bob"), as written. */
function lowerLineNames(texts: readonly string[], standup: boolean): string[] {
  const names: string[] = [];
  const allLines = texts.flatMap((text) => text.split('\n'));
  const speakers = chatSpeakers(allLines);
  for (const line of allLines) {
    const plain = unbulleted(line).trim();
    const spoken = colonOpening.exec(plain);
    if (spoken && speakers.has(spoken[1]!) && !names.includes(spoken[1]!)) names.push(spoken[1]!);
    const opening = absenceOpening.exec(plain) ?? pairOpening.exec(plain) ?? (standup ? spoken : null);
    if (!opening || !/^\p{Ll}/u.test(opening[1]!)) continue;
    for (const person of opening[1]!.split(new RegExp(joined, 'u'))) if (isName(capitalized(person)) && !names.includes(person)) names.push(person);
  }
  return names;
}

// "dana owns", "lee will", "sam and jo to", "ana's taking": who takes on what, at a line's or sentence's start.
const commitmentOpening = new RegExp(String.raw`^(${word}(?:${joined}${word})*)(?:\s+(?:will|shall|to|owns|takes|is taking|needs to|has to|should|agreed to|volunteered to|offered to|is on|is going to|is responsible for)\b|'ll\b)`, 'u');

/** The people lower-case commitments open with: a name compromise knows, or a word it does not know where a person commits. */
function lowerOwnerNames(texts: readonly string[]): string[] {
  const names: string[] = [];
  for (const part of texts.flatMap((text) => text.split(/\n|[.;!?](?:\s+|$)/))) {
    const plain = unbulleted(part).trim();
    const opening = commitmentOpening.exec(plain);
    if (!opening) continue;
    for (const person of opening[1]!.split(new RegExp(joined, 'u'))) {
      if (names.includes(person) || !/^\p{Ll}/u.test(person)) continue;
      // "priya will send the deck": a name the lexicon does not know, where only a person commits.
      if (isKnownName(person) || committedName(plain) === person) names.push(person);
    }
  }
  return names;
}

// "@raj": a mention names a person wherever it stands. "lisa -> update the landing page": the
// name opening a line with an arrow is who the work goes to (people.ts; "launch -> fri" keeps its word).
const mention = /(?<![\p{L}\d._-])@(\p{Ll}[\p{Ll}'-]+)(?![\p{L}\d@._-])/gu;

/** The people lower-case notes mention ("@raj") or hand work to with an arrow ("lisa -> ..."), as written. */
function lowerMentionNames(texts: readonly string[]): string[] {
  const names: string[] = [];
  for (const line of texts.flatMap((text) => text.split('\n'))) {
    for (const [, person] of line.matchAll(mention)) if (!names.includes(person!)) names.push(person!);
    const arrow = arrowedName(unbulleted(line).trim());
    if (arrow && !names.includes(arrow)) names.push(arrow);
  }
  return names;
}

/** `line` with `person` capitalised where the pattern finds it. */
function capitalizeIn(line: string, pattern: RegExp): string {
  return line.replace(pattern, (_, before: string, person: string) => `${before}${capitalized(person.toLowerCase())}`);
}

/**
 * `texts` with the names of a lower-case attendee roll, or of the people lower-case lines open
 * with, capitalised wherever they name the person; `standup` when the brief calls the notes one.
 */
export function capitalizeRollNames(texts: string[], standup = false): string[] {
  const names = [...new Set([...lowerRollNames(texts), ...lowerLineNames(texts, standup), ...lowerOwnerNames(texts), ...lowerMentionNames(texts)])];
  if (names.length === 0) return texts;
  const anywhere = names.map((person) => new RegExp(String.raw`(^|[^\p{L}])(${literal(person)})(?![\p{L}])`, 'giu'));
  // An everyday word ("will") is the person where a line or a sentence starts with it (alone or
  // paired: "dan + bob"; "... dec 10. bob owns the pricing page.") or a colon follows it.
  const atStart = names.map((person) => new RegExp(String.raw`((?:^|[.;!?]\s+)\s*(?:[-*•]\s*)?(?:${word}${joined})*)(${literal(person)})(?![\p{L}])`, 'giu'));
  const beforeColon = names.map((person) => new RegExp(String.raw`(^|[^\p{L}])(${literal(person)})(?=\s*:)`, 'giu'));
  return texts.map((text) =>
    text
      .split('\n')
      .map((line) => {
        const roll = rollLabel.test(unbulleted(line));
        return names.reduce((out, person, index) => {
          if (roll || !everydayNames.has(person.split(' ')[0]!)) return capitalizeIn(out, anywhere[index]!);
          return capitalizeIn(capitalizeIn(out, atStart[index]!), beforeColon[index]!);
        }, line);
      })
      .join('\n'),
  );
}
