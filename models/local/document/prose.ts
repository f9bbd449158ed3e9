import { stateLine as incidentLine } from './stateFragments.js';

/**
 * Notes typed as a message's lines read as sentences: "office closed friday for the holiday, back
 * monday" -> "The office is closed Friday for the holiday, and we're back Monday." Only the forms
 * people type in a hurry about a place or a service being closed, open or down, and "back <when>"
 * after it; anything else is left as written (no word is guessed).
 */

// A place or a service, then its state: "office closed", "car park full", "wifi down".
const stateLine = /^(?:the\s+)?(office|offices|shop|store|kitchen|parking|car\s+park|garage|gym|warehouse|site|building|lab|canteen|cafeteria|library|reception|front\s+desk|clinic|studio|pool|website|app|portal|wifi|wi-fi|network|vpn|printer|printers|elevator|lift|lifts|phones?|phone\s+lines?|helpdesk|support)\b((?:\s+[\w-]+){0,2}?)\s+(closed|open|shut|down|unavailable|offline|cancelled|canceled|postponed|moved|delayed|full|out\s+of\s+order|back\s+up|back\s+online|reopens|reopening)\b(.*)$/i;
// ", back monday", ", back on the 3rd": when things return.
const backTail = /,\s*(?:and\s+)?back\s+((?:on\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day\b.*|(?:on\s+)?the\s+\d{1,2}(?:st|nd|rd|th)\b.*|tomorrow\b.*|next\s+\w+.*|(?:on\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b.*)$/i;

// "timesheets due friday 5pm", "rent due on the 1st": a thing and its due date, without a verb.
const dueLine = /^((?:the\s+|your\s+|our\s+|all\s+)?[\p{L}][\p{L}\s-]{1,40}?)\s+due\s+(.+)$/iu;

/** "timesheets due Friday 5pm" -> "Timesheets are due Friday at 5pm": the verb the notes left out, and "at" before a time after a day. */
function dueSentence(line: string): string | undefined {
  const found = dueLine.exec(line.trim());
  if (!found || /\b(?:is|are|was|were|be|been|will|has|have|had)\b/i.test(found[1]!)) return undefined;
  const thing = found[1]!.trim();
  const when = found[2]!.replace(/\b((?:mon|tues|wednes|thurs|fri|satur|sun)day)\s+(\d{1,2}(?::\d{2})?\s*(?:am|pm))\b/i, '$1 at $2');
  return `${thing} ${/(?<!s)s$/i.test(thing) || /\band\b/i.test(thing) ? 'are' : 'is'} due ${when}`;
}

export function proseLine(line: string): string {
  // "app was down 2 hours, fixed now" -> "The app was down for 2 hours. It is fixed now."
  const incident = incidentLine(line);
  if (incident) return incident;
  const due = dueSentence(line);
  if (due) return due;
  const found = stateLine.exec(line.trim());
  if (!found) return line;
  const [, place, more = '', state, rest = ''] = found;
  // "office is closed on Friday" has its verb already: only the notes' way of leaving it out is written out.
  if (/\b(?:is|are|was|were|will|has|have|be|being|been|gets?|got|stays?)\b/i.test(more)) return line;
  const many = /(?:s|printers|lifts|phones|lines)$/i.test(`${place}${more}`.trim()) && !/^(?:reception|wifi|wi-fi|support|helpdesk)$/i.test(place!);
  const verb = /^(?:reopens|reopening)$/i.test(state!) ? '' : many ? 'are ' : 'is ';
  const stated = state!.toLowerCase() === 'reopening' ? 'reopens' : state!;
  const back = backTail.exec(rest);
  const tail = back ? `${rest.slice(0, back.index)}, and we're back ${back[1]}` : rest;
  const sentence = `The ${place!.toLowerCase()}${more} ${verb}${stated}${tail}`.replace(/\s+/g, ' ').trim();
  return sentence;
}
