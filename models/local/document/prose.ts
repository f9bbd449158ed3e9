import { stateLine as incidentLine } from './stateFragments.js';
import { splitSplices } from '../text/clauses.js';
import { fullMonths } from '../text/dates.js';
import { lexiconTag } from '../text/people.js';

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

// ", work from home", ", back monday", ", rsvp by feb 20", ", bring laptops": a part of a line typed as a fragment of its own.
const fragmentStart = /,\s*(?:and\s+)?(?=(?:please\s+)?(?:work(?:ing)?\s+from\s+home|wfh|back\s|rsvp\b|r\.s\.v\.p\b|bring\s))/i;
const fromHome = /^(?:please\s+)?(?:wfh|work(?:ing)?\s+from\s+home)\b\s*(.*)$/i;
const backWhen = /^back\s+(?!in\b|at\b|to\b|up\b|online\b)(.+)$/i;
// "team offsite march 12", "holiday party dec 18": a thing and its day, without a verb; a place may follow after a comma.
const thingOn = /^((?:the\s+|our\s+)?(?:[\p{Ll}-]+\s+){0,2}(?:offsite|off-site|party|dinner|lunch|drinks|meetup|meeting|retreat|workshop|town\s*hall|all-hands|kickoff|kick-off|celebration|launch|event|day\s+out|trip|picnic|bbq|breakfast|standup|review|training|webinar))\s+(?:on\s+)?((?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?|\d{1,2}(?:st|nd|rd|th)?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*|(?:mon|tues|wednes|thurs|fri|satur|sun)day)(?:\s+(?:at\s+)?(\d{1,2}(?::\d{2})?\s*(?:am|pm)?))?$/iu;
// "kitchen", "rooftop": a room of the sender's own place, where an event is.
const room = /^(?:the\s+)?(?:kitchen|canteen|cafeteria|boardroom|board\s+room|meeting\s+room|garden|rooftop|roof\s+terrace|terrace|lobby|lounge|break\s+room|office)$/i;

/**
 * A message's lines, typed as notes, said as sentences (proseLine for each), with the fragments a
 * message to a team is typed in: "work from home" is what readers do when the office is closed
 * ("Please work from home."), and what the writer does otherwise ("I'm working from home.");
 * "back monday" likewise ("We're back Monday." / "I'll be back Monday."); "rsvp by feb 20" and
 * "bring laptop" ask ("Please RSVP by February 20.", "Please bring your laptop."); "team offsite
 * march 12, lisbon" says when and where ("The team offsite is on March 12 in Lisbon."). A line of
 * several lines (a list) is left as it is.
 */
export function proseLines(lines: string[]): string[] {
  // Parts split off a line: a "back" right after a place's state stays with it ("..., and we're back Monday").
  const parts = lines.flatMap((line) => {
    if (line.includes('\n')) return [line];
    const split = line.replace(/[.]$/, '').split(fragmentStart);
    const kept: string[] = [];
    for (const part of split) {
      if (kept.length > 0 && backWhen.test(part) && stateLine.test(kept.at(-1)!)) kept[kept.length - 1] = `${kept.at(-1)!}, ${part}`;
      else kept.push(part);
    }
    return kept.length > 1 ? kept.map((part) => part.trim()) : [line];
  });
  const closed = parts.some((part) => stateLine.exec(part.trim())?.[3]?.match(/^(?:closed|shut)$/i));
  return parts.flatMap((part) => (part.includes('\n') ? [part] : splitSplices(fragmentSentence(part, closed)).map(stopped)));
}

function stopped(line: string): string {
  return /[.!?:]$/.test(line) ? line : `${line}.`;
}

/** One part of a message as a sentence; `closed` when the message says a place is closed (its readers stay away). */
function fragmentSentence(part: string, closed: boolean): string {
  const text = part.trim().replace(/[.]$/, '');
  const home = fromHome.exec(text);
  if (home) return `${closed ? 'Please work from home' : "I'm working from home"}${home[1] ? ` ${home[1]}` : ''}`;
  const back = backWhen.exec(text);
  if (back && !/,/.test(back[1]!)) return `${closed ? "We're back" : "I'll be back"} ${back[1]}`;
  const rsvp = /^(?:please\s+)?r\.?s\.?v\.?p\.?\b\s*(.*)$/i.exec(text);
  if (rsvp) return `${/^please/i.test(text) ? 'Please RSVP' : 'RSVP'}${rsvp[1] ? ` ${rsvp[1]}` : ''}`;
  // "bring laptop and walking shoes": a thing without its article is what each one brings of their own ("Bring a dish" is a sentence already).
  const bring = /^bring\s+(.+)$/i.exec(text);
  if (bring && !/^(?:a|an|the|your|some|any|our|their|something|anything|\d)\b/i.test(bring[1]!) && !/s$/i.test(bring[1]!.split(/\s+/)[0]!)) return `Please bring your ${bring[1]}`;
  const event = eventOf(text);
  if (event) return `${event.own ? 'Our' : 'The'} ${event.thing} is on ${event.day}${event.place ? ` in ${event.place}` : ''}`;
  return proseLine(text);
}

/** "team offsite march 12, lisbon": the event, its day and its place as a sentence says them ("team offsite", "March 12", "Lisbon"); undefined for any other line. */
export function eventOf(line: string): { thing: string; day: string; place?: string; own: boolean } | undefined {
  const [first, ...rest] = line.trim().replace(/[.]$/, '').split(/,\s*/);
  const event = thingOn.exec(first!);
  // "lisbon" after the day is where it is.
  const named = rest.length === 1 && rest[0]!.split(/\s+/).length <= 2 && /^(?:City|Country|Region|Place)$/.test(lexiconTag(rest[0]!.split(/\s+/)[0]!) ?? '') ? rest[0]! : undefined;
  const place = named ? `${named.charAt(0).toUpperCase()}${named.slice(1)}` : rest.length === 1 && room.test(rest[0]!.trim()) ? `the ${rest[0]!.trim().replace(/^the\s+/i, '').toLowerCase()}` : undefined;
  if (!event || (rest.length > 0 && !place)) return undefined;
  const thing = event[1]!.replace(/^(?:the|our)\s+/i, '');
  return { thing: `${thing.charAt(0).toLowerCase()}${thing.slice(1)}`, day: `${fullMonths(event[2]!)}${event[3] ? ` at ${event[3]}` : ''}`, ...(place ? { place } : {}), own: /^our\s/i.test(event[1]!) };
}

/** The event a message's line opens with, before its asks ("team offsite march 12, lisbon, rsvp by feb 20"). */
export function eventIn(line: string): ReturnType<typeof eventOf> {
  return eventOf(line.replace(/[.]$/, '').split(fragmentStart)[0]!);
}
