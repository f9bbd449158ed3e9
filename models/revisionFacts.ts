import { createRequire } from 'node:module';
import type * as Chrono from 'chrono-node';
import { isName } from './local/document/names.js';
import { calendarCase, capitalizeWords } from './local/text/phrases.js';

/**
 * Facts a revision's feedback states: a corrected owner or figure ("Jan de Vries is the one sending
 * van 7, not Maria", "the budget is $40k, not $30k", "change Tuesday to Thursday") and dates for
 * named parts ("Phase 2 is August 2025, Phase 3 is Q4 2025"). Dates are found with chrono-node
 * (month names, days, relative dates), quarters and halves with a pattern chrono does not cover.
 */
export interface Correction {
  /** What the document should say. */
  right: string;
  /** What it says now and must stop saying. */
  wrong: string;
  /** What the correction is about ("sending van 7"), when the feedback says; limits where it applies. */
  about?: string;
  kind: 'owner' | 'fact';
}

export interface DatedLabel {
  label: string;
  date: string;
}

// A person's name: capitalised words, with the particles of Dutch, German, Spanish and Arabic names.
const name = "[A-Z][a-zA-Z'’-]+(?:\\s+(?:(?:de|van|von|der|den|da|di|du|la|le|dos|del|bin|al|ter)\\s+)*[A-Z][a-zA-Z'’-]+)*";
const ownerPatterns: Array<[RegExp, (m: RegExpExecArray) => Correction]> = [
  [new RegExp(`(${name})\\s+is\\s+the\\s+one\\s+(?:who(?:'s|’s| is| will be)?\\s+)?([^,.;]+?),?\\s+not\\s+(${name})`), (m) => ({ right: m[1]!, about: m[2]!, wrong: m[3]!, kind: 'owner' })],
  [new RegExp(`(${name})\\s+(?:is|was|will be|should be)\\s+((?:[a-z]+ing|in charge of|responsible for|owning|doing|handling)\\b[^,.;]*?),?\\s+not\\s+(${name})`), (m) => ({ right: m[1]!, about: m[2]!, wrong: m[3]!, kind: 'owner' })],
  [new RegExp(`(${name})\\s+(?:owns|does|handles|sends|will send|takes)\\s+([^,.;]+?),?\\s+not\\s+(${name})`), (m) => ({ right: m[1]!, about: m[2]!, wrong: m[3]!, kind: 'owner' })],
  [new RegExp(`\\b(?:assign|give)\\s+([^,.;]+?)\\s+to\\s+(${name}),?\\s+not\\s+(${name})`), (m) => ({ right: m[2]!, about: m[1]!, wrong: m[3]!, kind: 'owner' })],
  // "Tom isn't owning the launch email, Lena is", "Tom won't send the deck, Sam will", "not Tom, Lena owns the launch email".
  [new RegExp(`(${name})\\s+(?:isn['’]t|is\\s+not|won['’]t|will\\s+not|doesn['’]t|does\\s+not)\\s+(?:be\\s+)?([a-z]+\\b[^,.;]*?),?\\s+(${name})\\s+(?:is|will|does)\\b`), (m) => ({ right: m[3]!, about: m[2]!, wrong: m[1]!, kind: 'owner' })],
  [new RegExp(`\\bnot\\s+(${name}),?\\s+(${name})\\s+((?:[a-z]+s|will\\s+[a-z]+|is\\s+[a-z]+ing)\\s+[^,.;]+)`), (m) => ({ right: m[2]!, about: m[3]!.replace(/^(?:owns|is\s+owning)\s+/, ''), wrong: m[1]!, kind: 'owner' })],
  [new RegExp(`\\b(?:owner|assignee)\\s+(?:of\\s+([^,.;]+?)\\s+)?(?:is|should be)\\s+(${name}),?\\s+not\\s+(${name})`), (m) => ({ right: m[2]!, ...(m[1] ? { about: m[1] } : {}), wrong: m[3]!, kind: 'owner' })],
];
const factPatterns: Array<[RegExp, (m: RegExpExecArray) => Correction]> = [
  // "change the title to ..." renames the document (local/revise/wording.ts); it corrects no fact.
  [/\b(?:change|replace|swap|correct)\s+(?!(?:the\s+)?(?:title|headline|subject(?:\s+line)?|heading)\s)(?:the\s+)?["“]?([^,.;"”]+?)["”]?\s+(?:to|with|into|for)\s+["“]?([^,.;"”]+?)["”]?(?=[,.;]|$)/i, (m) => ({ wrong: m[1]!, right: m[2]!, kind: 'fact' })],
  // "it's v2.4.1, not v2.4.0": a dot between digits is part of the figure.
  [/\b(?:it'?s|it is|it was|that'?s|is|was|are|were)\s+((?:[^,.;]|(?<=\d)\.(?=\d))*\d(?:[^,.;]|(?<=\d)\.(?=\d))*?|[A-Z][^,.;]*?),?\s+not\s+((?:[^,.;]|(?<=\d)\.(?=\d))+)/, (m) => ({ right: m[1]!, wrong: m[2]!, kind: 'fact' })],
  [/["“]?([^,.;"”]*\d[^,.;"”]*?)["”]?\s+should (?:be|read|say)\s+["“]?([^,.;"”]+)/i, (m) => ({ wrong: m[1]!, right: m[2]!, kind: 'fact' })],
  // "it's thursday not friday", "on thursday, not friday", "thursday not friday": a day or month typed in lower case.
  [/\b(?:(?:it'?s|it is|it was|that'?s|is|was|should be|make it|meant)\s+)?(?:on\s+)?((?:mon|tues|wednes|thurs|fri|satur|sun)day|january|february|march|april|may|june|july|august|september|october|november|december),?\s+not\s+(?:on\s+)?((?:mon|tues|wednes|thurs|fri|satur|sun)day|january|february|march|april|may|june|july|august|september|october|november|december)\b/i, (m) => ({ right: capitalizeWords(m[1]!.toLowerCase()), wrong: capitalizeWords(m[2]!.toLowerCase()), kind: 'fact' })],
];

// chrono-node is about 270 modules (150 ms of CPU to load); most processes never read a revision's
// dates, so it is loaded at the first one (its CommonJS build: synchronous, for a synchronous reader).
const require = createRequire(import.meta.url);
let chronoModule: typeof Chrono | undefined;
const chrono = (): typeof Chrono => (chronoModule ??= require('chrono-node'));

// "Thursday, not Friday", "May, not June": days and months look like names but are dates.
const calendarName = /^(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|january|february|march|april|may|june|july|august|september|october|november|december)$/i;
const looksLikeName = (text: string) => new RegExp(`^${name}$`).test(text.trim()) && !/\d/.test(text) && !calendarName.test(text.trim());

function clean(text: string): string {
  // "change permit to pass everywhere": where the change applies is not part of the new words (a fact is corrected everywhere anyway).
  return text.trim().replace(/^(?:the|a|an)\s+/i, '').replace(/[.!?]+$/, '').replace(/,?\s+(?:everywhere|throughout(?:\s+the\s+(?:document|email|post|doc))?|all\s+over|in\s+(?:every|each)\s+place|across\s+the\s+(?:document|doc|board)|each\s+time|every\s+time|please|pls)$/i, '').trim();
}

/** Corrections the feedback states, one per sentence or clause. */
export function readCorrections(feedback: string): Correction[] {
  const found: Correction[] = [];
  for (const sentence of feedback.split(/(?<=[.!?])\s+|;\s*/)) {
    const owner = ownerPatterns.map(([pattern, build]) => {
      const match = pattern.exec(sentence);
      return match ? build(match) : undefined;
    }).find(Boolean);
    if (owner) {
      // "Actually Priya is updating the website": the word that opens the sentence is not her name.
      const right = owner.right.trim().replace(/^(?:Actually|Sorry|Oh|No|Also|And|But|So|Well|Oops|Correction|Update|Btw|FYI)[,:]?\s+(?=[A-Z])/, '');
      found.push({ ...owner, right, wrong: owner.wrong.trim(), ...(owner.about ? { about: clean(owner.about) } : {}) });
      continue;
    }
    for (const [pattern, build] of factPatterns) {
      const match = pattern.exec(sentence);
      if (!match) continue;
      const correction = build(match);
      // "change march 3 to march 10": the document writes "March 10", as it wrote "March 3".
      const right = calendarCase(clean(correction.right));
      const wrong = clean(correction.wrong);
      if (right === '' || wrong === '' || right.toLowerCase() === wrong.toLowerCase()) continue;
      found.push({ right, wrong, kind: looksLikeName(right) && looksLikeName(wrong) ? 'owner' : 'fact' });
      break;
    }
  }
  return found;
}

const labelPattern = /\b((?:phase|milestone|stage|step|sprint|release|wave|part|version)\s+(?:\d+(?:\.\d+)*|[IVX]+|one|two|three|four|five)|v\d+(?:\.\d+)+)\b/gi;
const periodPattern = /\b(?:(?:Q[1-4]|H[12])\s*(?:FY)?\s*'?\d{2,4}|(?:early|mid|late|end of)\s+(?:20\d\d|Q[1-4]\s*20\d\d))\b/i;

function dateIn(segment: string): string | undefined {
  const period = periodPattern.exec(segment)?.[0];
  const parsed = chrono().parse(segment, new Date(Date.UTC(2025, 0, 1)))[0]?.text;
  if (period && parsed) return segment.indexOf(period) <= segment.indexOf(parsed) ? period : parsed;
  return period ?? parsed;
}

/** Dates the feedback gives for numbered parts ("Phase 2 is August 2025"), in the order given. */
export function readDatedLabels(feedback: string): DatedLabel[] {
  const labels = [...feedback.matchAll(labelPattern)];
  const dated: DatedLabel[] = [];
  labels.forEach((match, index) => {
    const start = match.index + match[0].length;
    const end = labels[index + 1]?.index ?? feedback.length;
    const date = dateIn(feedback.slice(start, end));
    if (date) dated.push({ label: match[0].replace(/^\w/, (c) => c.toUpperCase()), date: date.trim() });
  });
  return dated;
}

/**
 * An action item given to someone, as people say it in feedback: "bob owns the e2e action item",
 * "give the dashboard task to Priya", "assign the release notes to Jan", "make Sam the owner of
 * the rollout", "the migration goes to Lee". Unlike a correction ("Jan, not Maria") nobody is
 * named as wrong: the item whose task the feedback names changes hands, in the document and in
 * the deliverable's action items.
 */
export interface Reassignment {
  owner: string;
  /** The words that name the item ("e2e", "dashboard"). */
  about: string;
}

// "bob", "Priya Shah": a second word is a surname only with its capital ("make sam the owner" has none).
const person = String.raw`(\p{L}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)?)`;
const item = String.raw`(?:the\s+|that\s+|this\s+)?([^.,;!?]+?)`;
const patterns: Array<[RegExp, (m: RegExpExecArray) => Reassignment]> = [
  [new RegExp(String.raw`^${person}\s+(?:owns|should own|will own|takes|will take|should take|is taking|can take|handles|will handle|should handle)\s+${item}$`, 'u'), (m) => ({ owner: m[1]!, about: m[2]! })],
  [new RegExp(String.raw`\b(?:give|hand|reassign|assign)\s+${item}\s+(?:over\s+)?to\s+${person}$`, 'u'), (m) => ({ owner: m[2]!, about: m[1]! })],
  [new RegExp(String.raw`\b(?:make|set)\s+${person}\s+(?:the\s+)?owner\s+(?:of|for)\s+${item}$`, 'u'), (m) => ({ owner: m[1]!, about: m[2]! })],
  [new RegExp(String.raw`^${item}\s+(?:goes|go|should go)\s+to\s+${person}$`, 'u'), (m) => ({ owner: m[2]!, about: m[1]! })],
  [new RegExp(String.raw`\b(?:the\s+)?owner\s+(?:of|for)\s+${item}\s+(?:is|should be)\s+${person}$`, 'u'), (m) => ({ owner: m[2]!, about: m[1]! })],
];
const itemWords = /\s+(?:action\s+items?|actions?|items?|tasks?|to-?dos?|tickets?|follow-?ups?|one|bit|part|work)$/i;
const notPeople = /^(?:me|him|her|them|us|you|it|someone|somebody|anyone|nobody|whoever)$/i;


/** The reassignments the feedback asks for, one per sentence or clause; a "..., not Maria" correction is read elsewhere. */
export function readReassignments(feedback: string): Reassignment[] {
  const found: Reassignment[] = [];
  for (const clause of feedback.split(/(?<=[.!?])\s+|;\s*|,\s*(?:and\s+)?(?=(?:give|assign|hand|make)\b)/i)) {
    // The patterns read the case of names, so the clause's own first capital is set aside.
    const said = clause.trim().replace(/^(?:and|also|then|please|pls|ok(?:ay)?)\b,?\s*/i, '').replace(/[.!?]+$/, '').replace(/\s+please$/i, '').replace(/^\p{Lu}(?=\p{Ll})/u, (letter) => letter.toLowerCase());
    if (/,?\s+not\s+\S+$/i.test(said)) continue;
    for (const [pattern, read] of patterns) {
      const match = pattern.exec(said);
      if (!match) continue;
      const { owner, about } = read(match);
      const name = capitalizeWords(owner.trim());
      const topic = about.trim().replace(/^(?:the|that|this)\s+/i, '').replace(itemWords, '').trim();
      if (!notPeople.test(owner) && isName(name) && topic !== '' && !/^(?:it|that|this|them)$/i.test(topic)) found.push({ owner: name, about: topic });
      break;
    }
  }
  return found;
}
