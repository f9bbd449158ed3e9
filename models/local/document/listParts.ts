import { startsWithVerb } from '../text/grammar.js';
import { isName } from './names.js';

/** A sentence of the material read as a list: its label, when it has one, and its parts. */
export interface ListSentence {
  /** "went well" for "Went well: shipped the billing page, pairing on the migration." */
  label?: string;
  /** The items, each capitalized, without the sentence's end stop; one when it is not a list. */
  parts: string[];
}

// "Went well: ...", "Didn't go well: ...", "Ideas: ...": a short label, then what it heads.
const labelled = /^([A-Za-z][A-Za-z0-9'’ /&-]{1,30}?)\s*:\s+(.+)$/;
// "from jan 1: 28 days instead of 25, ...": a label that says when is part of what follows it, not a heading.
const whenLabel = /^(?:from|starting|as\s+of|until|till|by|before|after|on|since|effective)\b|\d/i;
// A message's header lines ("From: Ana Costa", "Subject: ...") are not lists.
const header = /^(?:from|to|subject|sent|date|cc|bcc|re|fwd?|reply-to)$/i;
// Labels that weigh what follows: priority and urgency words.
const weighs = /\b(?:nice|must|should|could|urgent|important|optional|blocker|blocking|priority|critical|minor|major|later|won['’]?t|p[0-3])\b/i;
// Labels that say what the statement is to the one before it ("reason: higher hosting costs"): without them it is a fragment.
const explains = /^(?:reason|reasons|cause|root\s+cause|why|because|impact|found\s+by|reported\s+by|result|outcome|workaround|fix|goal|objective|mission|aim)$/i;
// A label in the singular heads one statement ("concern: burn is up 20%, runway 14 months" is one
// concern, its commas the details of it); "concerns:", "risks:", "shipped:" head lists.
const oneThing = /(?:^|\s)(?:concern|risk|blocker|issue|problem|worry|question|decision|note|highlight|lowlight|win|ask|request|idea|takeaway|learning|observation|incident|reminder|status|context|background|headline|caveat|watch-?out|heads[- ]up)$/i;
// A part that starts a clause of its own ("which took longer", "but not on Android") is not an item.
const subordinate = /^(?:which|who|whom|whose|that|but|so|because|although|though|while|when|whenever|if|unless|as|since|until|or|then|e\.g\.|i\.e\.|etc)\b/i;
// "users can ...", "admins should ...", "we need ...": a requirement said as who and what.
const modal = '(?:can|could|should|must|need|needs|will|want|wants|may|get|gets|have\\s+to|has\\s+to|are\\s+able\\s+to|is\\s+able\\s+to)';
const clause = new RegExp(`^(?:(?:the|our|all|every|each|new|existing)\\s+)?(?:[\\w'-]+\\s+){0,2}?[\\w'-]+\\s+${modal}\\b`, 'i');
const beforeClause = new RegExp(`(?:,\\s*(?:and\\s+)?|;\\s*|\\s+and\\s+)(?=(?:(?:the|our|all|every|each|new|existing)\\s+)?(?:[\\w'-]+\\s+){0,2}?[\\w'-]+\\s+${modal}\\b)`, 'i');

// "Maria: ...", "Jan de Vries: ..." are speakers; "Didn't go well: ..." is a label (one capital).
const nameLike = (label: string) => isName(label) && label.split(/\s+/).every((word) => /^[A-Z]/.test(word) || /^(?:de|van|der|den|da|di|del|la|le|von|bin|al)$/.test(word));
// A phase's name: a quarter, a numbered phase, stage, milestone, step or sprint, a month.
const phase = '(?:(?:phase|stage|milestone|step|sprint)\\s*(?:\\d+|[ivx]+)|q[1-4](?:\\s*\\d{4})?|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*(?:\\s+\\d{4})?|(?:spring|summer|autumn|winter)(?:\\s+\\d{4})?(?=\\s*[:\\-–]))\\b';
const phaseStart = new RegExp(`^${phase}`, 'i');
/** A phase's name and the spaces after it, at the start of a line ("Q1 ", "Phase 2 ", "March 2026 "). */
export const phaseName = new RegExp(`^${phase}\\s*`, 'i');
const beforePhase = new RegExp(`\\s*[,;]\\s*(?:and\\s+|then\\s+)?(?=${phase})`, 'i');
// A statement of its own starts with who or what it is about; commas inside brackets never split.
const subjectWord = '(?:we|i|you|they|he|she|it|the|our|your|their|a|an|this|these|those|there|every|each|all)';
// ... or with a noun of its own and a verb a statement uses ("membership fees go up to 60 euros").
const nounThenVerb = "(?:[a-z][\\w'’-]*\\s+){1,3}(?:is|are|was|were|will|has|have|had|go|goes|went|gets|get|got|open|opens|close|closes|start|starts|begin|begins|end|ends|moves|stays|launches|returns|arrives|runs)\\b";
const statementStart = new RegExp(`^(?:${subjectWord}\\s|${nounThenVerb})`, 'i');
const beforeStatement = new RegExp(`\\s*[,;]\\s*(?:and\\s+|but\\s+|plus\\s+)?(?![^(]*\\))(?=${subjectWord}\\s|${nounThenVerb})`, 'i');
// An instruction's verb is in its base form ("click", "choose"), never "clicks" or "chose".
const baseVerb = (part: string) => !/^[\p{L}'’-]+(?:s|ed)\b/iu.test(part) || /^(?:press|access|process|need)\b/i.test(part);
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

// "8pm in the clubhouse", "at the town hall": when and where the statement before it happens;
// "no renewal yet", "still waiting on legal": how far it has got.
const detail = /^(?:\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|h)\b|(?:at|in|from|until|till|by|on)\s|(?:no|not|none|nothing|still|yet|pending|awaiting|waiting|without|so\s+far)\b)/i;

const comparison = /^(?:(?:up|down)\s+(?:from\s+)?[$€£]?\d|(?:was|vs\.?|versus|compared\s+to|from)\s+[$€£]?\d|flat\b)/i;

/**
 * "the AGM is on 20 March, 8pm in the clubhouse", "the vendor contract ends in march, no renewal
 * yet": a time, a place or a status after a statement is part of it, not an item.
 */
function withDetails(parts: string[]): string[] {
  const out: string[] = [];
  for (const part of parts) {
    const previous = out.at(-1);
    // "84k MRR, up from 81k": what a figure was is part of the figure.
    const was = previous !== undefined && /\d/.test(previous) && comparison.test(part);
    if (previous !== undefined && ((detail.test(part) && statementStart.test(previous)) || was)) out[out.length - 1] = `${previous}, ${part}`;
    else out.push(part);
  }
  return out;
}

/**
 * One sentence as people write lists into it. A labelled list, "Went well: shipped the billing
 * page on time, pairing on the migration.", is its label and one part per comma or semicolon, when
 * every part is short (at most eight words) and none starts a clause of its own; a label over one
 * statement is its label and the statement (the sentence as written when the label weighs it,
 * "Nice to have: a logo"). A list of
 * requirements, "users can turn on 2FA, admins can require it, and we need recovery codes", is one
 * part per "who can/need/should ...", and a list of phases, "Q1 offline mode, Q2 push
 * notifications", one part per phase, and three or more statements joined by commas ("we opened a
 * shop, the course is back, and we take orders on WhatsApp"), and three or more instructions ("go to
 * Settings, click Security, choose Reset password"), one part each. Anything else is one part, the sentence as written.
 */
export function listParts(sentence: string): ListSentence {
  const text = sentence.trim().replace(/[.!]$/, '');
  // Most sentences list nothing: no colon, comma or "and" means one part, read no further.
  const commas = text.match(/[,;]/g)?.length ?? 0;
  if (commas === 0 && !text.includes(':') && !/\sand\s/.test(text)) return { parts: [sentence.trim()] };
  const label = text.includes(':') ? labelled.exec(text) : null;
  if (label && words(label[1]!) <= 4 && !nameLike(label[1]!.trim()) && !header.test(label[1]!.trim())) {
    // "Items: - new office in Lisbon opens April 3 - Priya joined as Head of Design": bullets typed on one line.
    const dashed = /^-\s/.test(label[2]!) ? label[2]!.slice(2).split(/\s+-\s+(?=\S)/).map((part) => part.trim().replace(/[.]$/, '')).filter(Boolean) : [];
    const items = dashed.length > 1 ? dashed : withDetails(label[2]!.split(/\s*(?:;|,(?!\d))\s*(?:and\s+)?(?![^(]*\))/).map((part) => part.trim()).filter(Boolean));
    const list = items.length > 1 && !oneThing.test(label[1]!.trim()) && items.every((part) => words(part) <= (dashed.length > 1 ? 14 : 8) && words(part) >= 2 && !subordinate.test(part));
    // A label that says how much the statement matters stays in it ("Nice to have: a logo"); a
    // heading ("Ideas: no-meeting Wednesdays") is the statement's section, and the statement is the rest.
    const single = weighs.test(label[1]!) || whenLabel.test(label[1]!) || explains.test(label[1]!.trim()) ? capitalized(sentence.trim()) : capitalized(sentence.trim().slice(sentence.trim().indexOf(':') + 1).trim());
    // "Q1: offline mode, push notifications": the time holds for every part, so every part says it.
    if (whenLabel.test(label[1]!)) return { parts: list ? items.map((part) => `${capitalized(label[1]!.trim())}: ${part}`) : [single] };
    return { label: label[1]!.toLowerCase().trim(), parts: list ? items.map(capitalized) : [single] };
  }
  // "Q1 offline mode, Q2 push notifications and dark mode, Q3 tablet layout": a phase per part.
  if (phaseStart.test(text)) {
    const phases = text.split(beforePhase).map((part) => part.trim()).filter(Boolean);
    if (phases.length > 1 && phases.every((part) => phaseStart.test(part) && words(part) >= 2)) return { parts: phases };
  }
  if (clause.test(text)) {
    const parts = text.split(beforeClause).map((part) => part.trim().replace(/[,;]$/, '')).filter(Boolean);
    if (parts.length > 1 && parts.every((part) => words(part) >= 3)) return { parts: parts.map(capitalized) };
  }
  if (commas < 2) return { parts: [sentence.trim()] };
  // "go to Settings, click Security, choose Reset password, and check your inbox": a step each.
  const steps = text.split(/\s*[,;]\s*(?:and\s+|then\s+|and\s+then\s+)?(?![^(]*\))|\s+(?:and\s+)?then\s+/i).map((part) => part.trim()).filter(Boolean);
  if (steps.length >= 3 && steps.every((part) => words(part) >= 2 && startsWithVerb(part) && baseVerb(part))) return { parts: steps.map(capitalized) };
  // "we opened a second shop in Haarlem, the sourdough course is back (Saturdays, 25 euros), and we
  // now take orders on WhatsApp": three pieces of news, one statement each.
  const statements = text.split(beforeStatement).map((part) => part.trim()).filter(Boolean);
  if (statements.length >= 3 && statements.every((part) => words(part) >= 3 && statementStart.test(part))) return { parts: statements.map(capitalized) };
  // "Heroku costs $3,200/month, AWS estimate $1,900/month, migration takes ~6 weeks": facts, each a
  // figure or a statement of its own.
  const facts = text.split(/\s*(?:;|,(?!\d))\s*(?:and\s+)?(?![^(]*\))/).map((part) => part.trim()).filter(Boolean);
  if (facts.length >= 3 && facts.every((part) => words(part) >= 2 && words(part) <= 10 && (/\d/.test(part) || statementStart.test(part) || /^\S+(?:\s+\S+)?\s+(?:has|have|is|are|was|were|costs?|takes?|needs?|uses?)\b/i.test(part)))) return { parts: facts.map(capitalized) };
  return { parts: [sentence.trim()] };
}

/**
 * A list given as commas, such as what an ask lists after its colon ("Tech spec for rate limiting:
 * 100 requests per minute per key, return 429 with Retry-After, counts kept in Redis"): three or
 * more short parts (at most `maxWords` words, none starting a clause of its own; commas in brackets
 * never split), each capitalized; undefined when it is not such a list.
 */
export function commaList(text: string, maxWords = 10): string[] | undefined {
  // A comma right before a digit separates thousands ("1,240"), not parts.
  const parts = text.trim().replace(/[.!]$/, '').split(/\s*(?:;|,(?!\d))\s*(?:and\s+|or\s+)?(?![^(]*\))/).map((part) => part.trim()).filter(Boolean);
  if (parts.length < 3 || parts.some((part) => words(part) > maxWords || subordinate.test(part))) return undefined;
  return parts.map(capitalized);
}
