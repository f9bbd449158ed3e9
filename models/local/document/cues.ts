import type { ActionItemData, MetricData, Priority } from '../../../schemas/deliverables/index.js';
import type { Item } from './material.js';
import { isName } from './names.js';
import { readableDate } from '../text/dates.js';
import { isVerbForm, verbBase } from '../text/grammar.js';
import { literal } from '../text/phrases.js';

/** Cues in a statement: what kind of statement it is, who owns it, by when. Read from the words as written. */

// "friday", and as notes shorten it after "due" or "by": "fri", "wed", "thurs".
const weekday = '(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)';
const month = '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
// "tom sends the proposal friday": a day that ends a line of work is when it is due, with or without "by".
const dueSource = `\\b(?:by|before|until|due|on|for|no later than|latest|end of|eod|eow)\\s+(?:the\\s+)?(?:(?:next|this)\\s+)?(?:${weekday}|${month}(?:\\s+\\d{1,2}(?:st|nd|rd|th)?)?(?:,?\\s+\\d{4})?|\\d{1,2}(?:st|nd|rd|th)?\\s+${month}|\\d{4}-\\d{2}-\\d{2}|\\d{1,2}/\\d{1,2}(?:/\\d{2,4})?|q[1-4](?:\\s+\\d{4})?|(?:the\\s+)?end\\s+of\\s+(?:the\\s+)?(?:week|month|quarter|sprint|day)|week|month|tomorrow|tonight|today|eod|noon|sprint\\s+\\d+)\\b|\\b(?:tomorrow|tonight|today|eod|asap|next\\s+week|this\\s+week|end\\s+of\\s+(?:the\\s+)?(?:week|month|quarter|day))\\b|(?<=\\s)${weekday}(?=\\s*[.!]?$)`;
const duePattern = new RegExp(dueSource, 'i');

export function dueOf(text: string): string | null {
  const found = duePattern.exec(text)?.[0]?.trim();
  if (!found) return null;
  return readableDate(found.replace(/^(?:due|for|by|on)\s+/i, '').trim());
}

// "We need a decision by Friday" asks for one: it is a deadline, not a decision.
export const isDecision = (text: string) => /\b(?:decided|decision|agreed|we(?:'ll| will) go with|going with|approved|settled on|sign(?:ed)? off|chose|final call|confirmed)\b/i.test(text) && !/\b(?:need|needs|want|wants|waiting (?:for|on)|pending|awaiting|make|made by|no)\s+(?:a\s+|the\s+)?(?:final\s+)?decision\b/i.test(text);
// "still waiting on legal", "on hold", "stuck on review": work that cannot move is at risk.
export const isRisk = (text: string) => /\b(?:risk|blocker|blocked|blocking|waiting\s+on\b|waiting\s+for\s+(?:legal|approval|sign-?off|review|the\s+\w+|\w+['’]s)|on\s+hold|stuck|concern|worr(?:y|ied)|delay(?:ed)?|late|slipp?(?:ed|ing)?|fail(?:s|ed|ing|ure)?|broken|outage|down\b|complain\w*|churn|overdue|behind|short(?:age)?|can(?:'|no)t|unable|missing|no-shows?|backlog|errors?|bugs?|crash\w*)\b/i.test(text);
export const isPositive = (text: string) => /\b(?:went well|worked|works well|great|good|improved|faster|shipped|launched|love[ds]?|happy|win|wins|kudos|thanks to|fell|dropped|down from|up from|grew|success\w*|smooth(?:ly)?|on time|praised)\b/i.test(text);
export const isNegative = (text: string) => /\b(?:didn'?t|did not|went badly|slow|slower|hard|pain(?:ful)?|confusing|frustrat\w*|too (?:long|many|much)|lost|missed|should have|could have|improve|problem|issue|flaky|noisy|again)\b/i.test(text) || isRisk(text);
export const isQuestion = (text: string) => /\?\s*$/.test(text) || /\b(?:open question|unclear|tbd|to be decided|not sure|unknown)\b/i.test(text);
const actionCue = /\b(?:will|I'll|I can|we'll|he'll|she'll|they'll|going to|needs? to|has to|have to|must|should|to do|todo|action|follow(?:s)? up|take(?:s)? care|owns?|can you|please|assign(?:ed)?|next step)\b/i;
const imperative = /^(?:send|call|email|book|order|fix|update|check|review|draft|write|share|schedule|set up|prepare|move|add|remove|ask|confirm|test|train|post|publish|contact|replace|print|buy|plan|clean|label|restock|ship|deploy|merge|file|create|finish|measure|track|audit|publish)\b/i;

// ", raj owns it", "(tom owns this)": who takes the task, said after it.
const ownsIt = /[,;(]\s*(\p{L}[\p{L}'’-]+)\s+(?:owns|takes|has)\s+(?:it|this|that)\b\)?/u;

/** "Jan will send van 7" -> Jan; "@maria" -> Maria; "Owner: Raj" -> Raj; the speaker of "I'll ..." otherwise. */
const lowerTail = /\s[-–]\s*(\p{Ll}{2,12})\s*\.?$/u;
/** "dan" after a dash: a word that reads as a name once capitalised, not "urgent", "blocked" or "later". */
const lowerName = (word: string) => isName(`${word.charAt(0).toUpperCase()}${word.slice(1)}`) && !isVerbForm(word) && !/(?:ly|ed|ing|s)$/.test(word) && !/^(?:asap|eod|eow|tbd|tbc|wip|next|soon|later|now|today|high|low|medium|done|optional|maybe|all|team|everyone|someone|anyone|me|us|you|them)$/.test(word);

export function ownerOf(item: Item): string | null {
  const text = item.text;
  const labelled = /\b(?:owner|assignee|assigned to|owned by)\s*[:\-–]?\s*@?([A-Z][\p{L}'’.-]+(?:\s+[A-Z][\p{L}'’.-]+)?)/u.exec(text);
  if (labelled && isName(labelled[1]!)) return labelled[1]!;
  // "need to hire a QA contractor, raj owns it": the owner named after the task.
  const owns = ownsIt.exec(text)?.[1];
  if (owns && (isName(owns) || lowerName(owns))) return `${owns.charAt(0).toUpperCase()}${owns.slice(1)}`;
  const at = /@([a-z][\w.-]+)/i.exec(text);
  if (at) return at[1]!.charAt(0).toUpperCase() + at[1]!.slice(1);
  const lead = /^(?:AI|Action|TODO)?\s*[:\-–]?\s*([A-Z][\p{L}'’.-]+(?:\s+(?:(?:de|van|der|den|da|di|del|la|le|von)\s+)*[A-Z][\p{L}'’.-]+){0,2})\s+(?:will|to|is going to|'ll|needs to|has to|should|owns|takes|can|must|-|–|:)\s/u.exec(text);
  if (lead && isName(lead[1]!)) return lead[1]!;
  // "Next step: Maria sends the proposal by Friday": a name, then a verb of the third person.
  const does = /^(?:(?:next\s+steps?|action|todo|follow[- ]?up)\s*[:\-–]\s*)?([A-Z][\p{L}'’.-]+(?:\s+[A-Z][\p{L}'’.-]+)?)\s+([a-z]+s)\s/iu.exec(text);
  if (does && /^[A-Z]/.test(does[1]!) && isName(does[1]!) && verbBase(does[2]!.toLowerCase()) !== undefined && verbBase(does[2]!.toLowerCase()) !== does[2]!.toLowerCase()) return does[1]!;
  const tail = /\s[-–(]\s*([A-Z][\p{L}'’.-]+(?:\s+[A-Z][\p{L}'’.-]+)?)\)?\s*\.?$/u.exec(text);
  if (tail && isName(tail[1]!)) return tail[1]!;
  // "fix the flaky e2e tests - dan": a name typed in lower case after a dash is the owner too.
  const typed = lowerTail.exec(text)?.[1];
  if (typed && lowerName(typed)) return `${typed.charAt(0).toUpperCase()}${typed.slice(1)}`;
  if (item.speaker && /\b(?:I|I'll|I will|I'm|me|my)\b/.test(text)) return item.speaker;
  // "[09:03] Leo: should have a fix by Wed": a line that starts with what its speaker will do is theirs.
  if (item.speaker && /^(?:should|will|need\s+to|needs\s+to|can|going\s+to|gonna|plan\s+to|hope\s+to|on\s+it)\b/i.test(text)) return item.speaker;
  return null;
}

export function isAction(item: Item): boolean {
  if (item.section && /action|next step|^next\b|to ?do|follow|idea|experiment|propos|to try/.test(item.section)) return true;
  const text = item.text;
  if (isQuestion(text) && !/\bcan you\b/i.test(text)) return false;
  // "Ana is out next week": who is away, and when, is news for the reader, not a task.
  if (/^\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)?\s+(?:is|will be|'s|are)\s+(?:out|off|away|ooo|sick|on\s+(?:leave|holiday|vacation|pto|parental leave))\b/u.test(text)) return false;
  // "Lisa to get quotes for the hall roof": a name, "to" and what they will do ("Intros to retail buyers" names no one).
  const named = /^([A-Z][\p{L}'’-]+(?:\s+[A-Z][\p{L}'’-]+)?)\s+to\s+([a-z]+)/u.exec(text);
  return actionCue.test(text) || imperative.test(text) || (ownerOf(item) !== null && dueOf(text) !== null) || (named !== null && isName(named[1]!) && isVerbForm(named[2]!));
}

/** The task of an action statement, without its owner and due date. */
export function taskOf(item: Item, owner: string | null): string {
  let task = item.text.replace(/^(?:AI|Action(?: item)?|TODO|Next\s+steps?|Follow[- ]?up)\s*[:\-–]\s*/i, '');
  // "Maria sends proposal" -> "Send proposal".
  if (owner) task = task.replace(new RegExp(`^${owner.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+([a-z]+s)\\b`), (found, verb: string) => verbBase(verb) && verbBase(verb) !== verb ? verbBase(verb)! : found);
  if (owner) task = task.replace(new RegExp(`^@?${owner.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*(?:will|to|is going to|'ll|needs to|has to|should|owns|takes|can|must|[-–:])\\s*`, 'i'), '');
  task = task.replace(/^(?:I|we)(?:'ll| will| need to| should| can| have to)\s+/i, '').replace(/^(?:can you|please)\s+/i, '');
  // "need to hire a QA contractor, raj owns it": what is needed is the task; who owns it is the owner.
  task = task.replace(/^(?:(?:we\s+)?need(?:s)?\s+to|someone\s+(?:should|needs\s+to|has\s+to|must))\s+/i, '').replace(new RegExp(ownsIt.source, 'u'), '');
  const found = duePattern.exec(task);
  const due = found?.[0];
  // "slides for Thursday's board meeting": a possessive date names the thing, it stays in the task.
  const possessive = found ? /^['’]s\b/.test(task.slice(found.index + found[0].length)) : false;
  // ", due fri": the comma that led to the date goes with it.
  if (due && !possessive && task.length > due.length + 8) task = task.replace(new RegExp(`[,;]?\\s*${due.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`), '').replace(/\s{2,}/g, ' ');
  task = task.replace(/\s*[-–(]\s*[A-Z][\p{L}'’.-]+(?:\s+[A-Z][\p{L}'’.-]+)?\)?\s*\.?$/u, '').replace(/[.!]+$/, '').trim();
  if (owner) task = task.replace(new RegExp(`\\s[-–]\\s*${literal(owner.toLowerCase())}$`), '');
  return task.charAt(0).toUpperCase() + task.slice(1);
}

export function actionOf(item: Item): ActionItemData {
  const owner = ownerOf(item);
  return { owner, task: taskOf(item, owner), due: dueOf(item.text) };
}

/** High for urgency, impact on customers or money and near dates; low for "nice to have"; else medium. */
export function priorityOf(text: string): Priority {
  // A fault customers meet ("fix the login bug customers keep hitting") costs every day it stays.
  if (/\b(?:bugs?|errors?|broken)\b[^.]*\bcustomers?\b|\bcustomers?\b[^.]*\b(?:bugs?|errors?|broken|stuck|can'?t|cannot|keep\s+hitting)\b/i.test(text)) return 'high';
  // A failure where money changes hands ("checkout fails on Safari (blocks payments)") stops revenue.
  if (/\b(?:checkout|payments?|billing|sign-?ups?|log-?ins?)\b[^.]*\b(?:fails?|failing|broken|blocks?|down|errors?)\b|\bblocks?\s+(?:payments?|checkout|orders?|sales|releases?|merges?)\b/i.test(text)) return 'high';
  if (/\b(?:close|win|lose|losing)\s+(?:the\s+|a\s+)?[\w-]*\s*(?:deal|contract|customer|account)\b/i.test(text)) return 'high';
  if (/\b(?:urgent|asap|critical|broken|expir(?:es|ing|y|ed)|blocker|blocking|outage|leak|crash\w*|data loss|regression|production|down\b|immediately|today|tonight|renewal|revenue|churn|losing|lost|safety|patients? (?:wait|waiting)|legal|compliance|security|breach|escalat\w*|top priority|p0|p1|sev ?[12])\b/i.test(text)) return 'high';
  if (/\b(?:1|one|a\s+single)\s+(?:request|customer|user|vote)\b|\bfew\s+requests\b/i.test(text)) return 'low';
  if (/\b(?:nice to have|someday|later|minor|cosmetic|typos?|wording|copy\s+change|colou?r\s+tweak|low priority|eventually|when we can|if time|p3|p4|backlog)\b/i.test(text)) return 'low';
  return 'medium';
}

// A figure with its unit: "22 minutes", "4.1%", "$12k", "1,240 tickets", "3 days".
// "1 of 3 engineers": a count out of a total is one figure; a unit is never a small word ("1 of").
const figure = /(?:[$€£]\s?)?\d[\d,.]*(?:\s+of\s+\d[\d,.]*)?\s?(?:%|k\b|m\b|percent|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|seconds?|secs?|ms|tickets?|orders?|patients?|customers?|users?|parcels?|loaves|deliveries|calls?|visits?|points?|nps|stars?|(?!(?:of|to|in|on|at|by|for|and|or|the|a|an|is|are|was|were)\b)[a-z]+)?/i;

/** "Average check-in wait is 22 minutes and we want it under 10 minutes by June" -> a metric. */
// "increase trial to paid from 8% to 12%", "reduce churn from 4% to 3% monthly": a key result, from where it is to where it should be.
const fromTo = /^(?:increase|grow|raise|improve|boost|lift|reduce|cut|lower|decrease|bring|get|move|take)\s+(?:our\s+|the\s+)?(.{2,50}?)\s+(?:down\s+|up\s+)?from\s+((?:[$€£]\s?)?\d[\d,.]*\s?(?:%|k\b|m\b)?)\s+to\s+((?:[$€£]\s?)?\d[\d,.]*\s?(?:%|k\b|m\b)?)\s*(.*?)[.!]?$/i;

export function metricOf(text: string): MetricData | null {
  if (!/\d/.test(text)) return null;
  // "ship 3 onboarding experiments", "hire 2 engineers": a count to reach, not a measure named "Ship".
  const count = /^(ship|launch|run|publish|hire|sign|close|win|onboard|release|complete|build|add|get|book|recruit|open)\s+(\d[\d,.]*)\s+([a-z][\w\s'’-]{2,50}?)[.!]?$/i.exec(text.trim());
  if (count) return { name: `${count[1]!.charAt(0).toUpperCase()}${count[1]!.slice(1).toLowerCase()} ${count[3]!.trim()}`, current: null, target: count[2]!, due: dueOf(text), status: 'unknown' };
  const moved = fromTo.exec(text.trim());
  if (moved) {
    const qualifier = moved[4]!.trim();
    const due = dueOf(text);
    const name = `${moved[1]!.charAt(0).toUpperCase()}${moved[1]!.slice(1)}${qualifier && !due ? ` (${qualifier})` : ''}`;
    return { name, current: moved[2]!.trim(), target: moved[3]!.trim(), due, status: statusOf(text, false) };
  }
  // "signup conversion up from 3.1% to 3.8%", "NPS rose from 32 to 41": where it is now, and what it was.
  const went = wentFromTo.exec(text.trim());
  if (went) return pairOf(`${went[1]!.trim()} ${went[3]!.trim()} (was ${went[2]!.trim()})${went[4] ?? ''}`);
  const name = /^(?:our\s+|the\s+)?([A-Za-z][\w\s'’/-]{2,60}?)\s+(?:is|are|was|were|stands at|sits at|averages?|hit|reached|fell to|dropped to|rose to|went up to|went down to|grew to|at)\s+/i.exec(text)?.[1]?.trim();
  const targetMatch = /\b(?:want(?:s)? (?:it|them|this)?\s*(?:to be\s+)?|target(?:s|ing)?\s*(?:is|of)?\s*|goal\s*(?:is|of)?\s*|aim(?:ing)?\s+(?:for|at)\s*|get (?:it|them)?\s*|bring (?:it|them)?\s*(?:down|up)?\s*(?:to)?\s*|to reach\s*|down to\s+|under\s+|below\s+|above\s+|over\s+|at least\s+|at most\s+)((?:under|below|above|over|at least|at most|less than|more than|to)?\s*(?:[$€£]\s?)?\d[\d,.]*\s?[%a-z]*(?:\s(?!by\b|before\b|in\b|for\b|and\b|on\b)[a-z]+)?)/i.exec(text);
  const figures = [...text.matchAll(new RegExp(figure.source, 'gi'))].map((match) => match[0].trim()).filter((value) => /\d/.test(value) && !/^\d{4}$/.test(value));
  if (figures.length === 0 || !name) return pairOf(text);
  const targetText = targetMatch ? targetMatch[0].replace(/^(?:wants?|want) (?:it|them|this)?\s*(?:to be\s+)?/i, '').replace(/^(?:target(?:s|ing)?|goal)\s*(?:is|of)?\s*/i, '').trim() : null;
  const found = figures.find((value) => !targetText || !targetText.includes(value)) ?? null;
  // "burn is up 20%": the figure is a change, and says so ("up 20%"), not a level of 20%.
  const change = found ? new RegExp(`\\b(up|down)\\s+(?:by\\s+)?${literal(found)}`, 'i').exec(text)?.[1]?.toLowerCase() : undefined;
  const current = found && change ? `${change} ${found}` : found;
  const due = dueOf(text);
  return { name: name.charAt(0).toUpperCase() + name.slice(1), current, target: targetText, due, status: (targetText === null ? direction(name, text) : undefined) ?? statusOf(text, current !== null && targetText !== null) };
}

// A measure that moved, reported: "signup conversion up from 3.1% to 3.8%", "churn went from 2% to 3%".
const wentFromTo = /^(?:our\s+|the\s+)?([A-Za-z][\w'’/-]*(?:\s+[A-Za-z][\w'’/-]*){0,3}?)\s+(?:is\s+|was\s+|has\s+)?(?:up|down|rose|fell|grew|dropped|climbed|increased|decreased|improved|went(?:\s+(?:up|down))?|moved|jumped|gone\s+(?:up|down))\s+from\s+((?:[$€£]\s?)?\d[\d,.]*\s?(?:%|k\b|m\b)?)\s+to\s+((?:[$€£]\s?)?\d[\d,.]*\s?(?:%|k\b|m\b)?)(.*)$/i;

// "signups 1,240 (last week 1,100)", "MRR $84k up from $81k", "churn 2.1% flat": a name, its figure, what it was.
const pair = /^(?:our\s+|the\s+)?([A-Za-z][\w'’/-]*(?:\s+[A-Za-z][\w'’/-]*){0,3}?)\s+((?:[$€£]\s?)?\d[\d,.]*\s?(?:%|k\b|m\b|(?:points?|pts|hours?|days?|weeks?|months?|years?|minutes?|users?|customers?|tickets?|orders?|mrr|arr)\b)?)(.*)$/i;
const was = /\((?:last\s+\w+|was|previously|prev(?:ious)?|vs\.?|before)\s*:?\s*((?:[$€£]\s?)?\d[\d,.]*\s?(?:%|k\b|m\b)?)\)|\b(?:up|down)\s+from\s+((?:[$€£]\s?)?\d[\d,.]*\s?(?:%|k\b|m\b)?)/i;
// Figures where more is worse: churn rising is the risk, signups falling is.
const costly = /\b(?:churn|cost|costs|spend|burn|cac|errors?|bugs?|incidents?|latency|wait|complaints?|refunds?|tickets?|downtime|returns|no-shows?)\b/i;

function amount(figure: string): number {
  const value = Number(figure.replace(/[^\d.]/g, ''));
  return /k\s*$/i.test(figure) ? value * 1000 : /m\s*$/i.test(figure) ? value * 1_000_000 : value;
}

/** A figure typed as "name value (was value)": its current value with what it was, and whether it moved the wrong way. */
function pairOf(text: string): MetricData | null {
  const found = pair.exec(text.trim());
  if (!found || /^(?:in|on|by|at|for|from|since|until|q[1-4]|week|sprint|day|version|v)$/i.test(found[1]!.trim())) return null;
  // A measure is named by nouns: "We're hiring 3", "Revenue grew 12%" are statements, not names.
  const words = found[1]!.trim().split(/\s+/);
  if (/^(?:we|we['’]re|i|i['’]m|they|it|you|he|she|our\s+team)$/i.test(words[0]!) || words.some((word) => /^(?:rose|fell|grew|went|came|got|saw|hit)$/i.test(word) || (isVerbForm(word.toLowerCase()) && verbBase(word.toLowerCase()) !== word.toLowerCase() && !/s$/i.test(word)))) return null;
  // "conversion up 8%": the measure is "Conversion", its figure a change, "up 8%".
  const change = /\s+(up|down)$/i.exec(found[1]!.trim());
  const name = change ? found[1]!.trim().slice(0, change.index) : found[1]!;
  const value = change ? `${change[1]!.toLowerCase()} ${found[2]!.trim()}` : found[2]!;
  const rest = found[3] ?? '';
  const before = was.exec(rest);
  const previous = before?.[1] ?? before?.[2];
  const flat = /\b(?:flat|steady|unchanged|stable)\b/i.test(rest);
  const worse = previous !== undefined && (costly.test(name) ? amount(value) > amount(previous) : amount(value) < amount(previous));
  // "400 testers", "80% done": what the figure counts, or how far it got, is part of it.
  const counted = /^\s*([a-z]{3,}s|done|complete[d]?|finished|filled|live|migrated|shipped)\s*[.]?$/i.exec(rest)?.[1]?.toLowerCase();
  const current = previous ? `${value.trim()} (was ${previous.trim()})` : flat ? `${value.trim()} (flat)` : counted ? `${value.trim()} ${counted}` : value.trim();
  const status: MetricData['status'] = previous ? (worse ? 'at_risk' : 'on_track') : flat ? 'on_track' : change ? ((change[1]!.toLowerCase() === 'up') === costly.test(name) ? 'at_risk' : 'on_track') : 'unknown';
  // "velocity 31 points (target 35)": the target beside the figure.
  // "csat 82%, want 90%", "(goal 35)": where it should be, said after it.
  const target = /\(?\b(?:target|goal|want(?:s|ed)?|aim(?:ing)?\s+for)\s*:?\s*((?:under|below|above|over|at\s+least|at\s+most)?\s*(?:[$€£]\s?)?\d[\d,.]*\s?(?:%|k\b|m\b|h\b|hrs?\b|hours?\b|days?\b|ms\b)?)\)?/i.exec(rest)?.[1]?.trim() ?? null;
  const met = target !== null && amount(value) >= amount(target) !== costly.test(name);
  return { name: name.charAt(0).toUpperCase() + name.slice(1), current, target, due: dueOf(text), status: target !== null && !previous ? (met ? 'on_track' : 'at_risk') : status };
}

/** "churn went up to 3.1%", "signups fell to 900": a move the wrong way is at risk, the right way on track. */
function direction(name: string, text: string): MetricData['status'] | undefined {
  const up = /\b(?:went\s+up|rose|increased|grew|climbed|(?:is|are)\s+up)\b/i.test(text);
  const down = /\b(?:went\s+down|fell|dropped|decreased|declined|(?:is|are)\s+down)\b/i.test(text);
  if (up === down) return undefined;
  return up === costly.test(name) ? 'at_risk' : 'on_track';
}

function statusOf(text: string, both: boolean): MetricData['status'] {
  if (/\b(?:on track|ahead|met|hit the target|achieved)\b/i.test(text)) return 'on_track';
  if (/\b(?:off track|missed|behind|worse|slipp)\w*/i.test(text)) return 'off_track';
  if (both || /\b(?:risk|concern|rising|up from|too)\b/i.test(text)) return 'at_risk';
  return 'unknown';
}

export const hasFigure = (text: string) => /\d/.test(text);
