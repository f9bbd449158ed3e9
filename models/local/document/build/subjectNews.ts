import { calendarCase, capitalize, list, literal } from '../../text/phrases.js';
import { placeNouns } from './announcement.js';
import { placeCase } from '../../text/places.js';

/**
 * A post asked "about" news with nothing else to go on ("tweet about our new pricing page, live
 * now", "linkedin post about our team offsite in porto, 3 days, 25 people", "instagram caption for
 * our new coffee blend, dark roast, notes of cherry and chocolate"): the subject is the news, said
 * as one sentence with the facts the ask lists after it, in the ask's own words and order. A
 * subject that is a topic rather than news ("remote work", "the benefits of pair programming")
 * gives nothing: that post needs the writer's angle, so it stays an outline that asks for it.
 *
 * Invariants: every word of the sentence but its frame ("Our ... is live now.", "Join us for ...",
 * "Introducing ...", "We just hit ...", "We have a new ...") is the ask's; no fact, figure, date or name is added.
 */

// News cues in the subject's head: something of ours that is new, a count reached, an event, a sale.
const newWords = 'new|brand[- ]new|latest|first|next|upcoming|redesigned|revamped|updated';
const newThing = new RegExp(`\\b(?:${newWords})\\b`, 'i');
const leadingNew = new RegExp(`^(?:${newWords})\\s+`, 'i');
const counted = /^(?:our\s+|the\s+)?(?:first\s+)?\d[\d,.]*\s*[km]?\+?\s+\p{L}+/iu;
const reached = /^(hitting|reaching|crossing|passing|celebrating|turning)\s+(.+)$/i;
const eventNoun = /\b(?:webinar|workshop|meetup|meet-up|talk|livestream|live\s+stream|conference|summit|hackathon|offsite|off-site|retreat|party|open\s+house|ama|q&a|demo\s+day|open\s+day|grand\s+opening|launch\s+event|fundraiser|panel|podcast\s+episode|class|course|tasting|pop-up|popup|market|fair|concert|show|tour)\b/i;
const fundingRound = /\bseries\s+([a-f])\b/i;
const saleNoun = /\b(?:sale|discount|deal|promo(?:tion)?|offer|giveaway|(?:\d+\s*%|half)\s+off)\b/i;
const place = new RegExp(`\\b(?:${placeNouns}|headquarters|hq)\\b`, 'i');
// "in 2 weeks", "next thursday", "at 5pm", "on march 3", "tomorrow": the event has not happened yet.
const ahead = /\b(?:next|tomorrow|tonight|upcoming|coming|soon|this\s+(?:week|weekend|month|(?:mon|tues|wednes|thurs|fri|satur|sun)day)|on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day|(?:mon|tues|wednes|thurs|fri|satur|sun)day|at\s+\d{1,2}(?::\d{2})?\s*(?:am|pm)?|\d{1,2}(?::\d{2})?\s*(?:am|pm)|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*\s+\d{1,2}|in\s+\d+\s+(?:days?|weeks?))\b/i;
// "live now", "out today", "available on ios and android": a fact that says it is here.
// "out today on ios": when and where together.
const here = /^(?:(?:now\s+)?(?:live|out|available|open|here)(?:\s+(?:now|today|on\s+.+|in\s+.+|for\s+.+))*|now\s+(?:live|out|available|open))$/i;

/** The subject as the ask wrote it, with its determiner and everything after it ("our new pricing page, live now"). */
function asWritten(subject: string, ask: string): string | undefined {
  const words = subject.trim().split(/\s+/).slice(0, 3).map(literal).join(String.raw`\s+`);
  if (!words) return undefined;
  const found = new RegExp(String.raw`(?:^|\s)((?:(?:our|the|my|a|an|this|these)\s+)*${words}.*)$`, 'is').exec(ask.trim());
  return found?.[1]?.replace(/[.!?\s]+$/, '');
}

/** "3 days, 25 people, lots of planning and surfing" as they read in a sentence. */
function listed(facts: string[]): string {
  // "lots of planning and surfing" has its own "and": the list is then said with commas alone.
  return facts.some((fact) => /\sand\s/i.test(fact)) ? facts.join(', ') : list(facts);
}

function cased(text: string): string {
  return placeCase(calendarCase(text));
}

/** The news the subject says: one sentence, and what it is about for the post's tags ("pricing page", "1000 customers"). */
export interface SubjectNews {
  sentence: string;
  /** The subject's head without its determiner, "new" or the verb of a milestone: "pricing page", "team offsite in porto". */
  about: string;
}

/** The news the subject says, or undefined when the subject is a topic, not news. */
export function subjectNews(subject: string, ask: string): SubjectNews | undefined {
  const written = asWritten(subject, ask);
  if (!written || /\b(?:why|how|what|tips?|benefits?|guide|lessons?|thoughts?|ideas?|importance|future)\b/i.test(written.split(',')[0]!)) return undefined;
  const [head, ...rest] = written.split(/\s*,\s*|\s+[-–—]\s+/).map((part) => part.trim()).filter((part) => part.length > 0);
  if (!head) return undefined;
  // "the launch of our new app": the news is the app, launched.
  const launched = head.replace(/^(?:the\s+)?(?:launch|release|arrival)\s+of\s+(?=(?:our|my|the)\s)/i, '');
  const ours = /^(?:our|my)\s/i.test(launched);
  const bare = launched.replace(/^(?:the|a|an)\s+/i, '');
  // "our new pricing page" is said as ours; "new pricing page" too (the post is the author's news).
  const named = ours ? launched : /^(?:the|this|these)\s/i.test(launched) ? launched : `our ${bare}`;
  const isHere = rest.filter((fact) => here.test(fact));
  const facts = rest.filter((fact) => !here.test(fact));
  const more = facts.length > 0 ? `: ${listed(facts)}` : '';
  const milestone = reached.exec(bare);
  const round = fundingRound.exec(bare);
  let sentence: string | undefined;
  if (round) {
    // "our series a, 12m led by accel": a round the post is about was raised.
    const own = bare.replace(/^(?:our|my)\s+/i, '');
    const at = own.search(fundingRound);
    sentence = `We raised our ${own.slice(0, at)}Series ${round[1]!.toUpperCase()}${own.slice(at).replace(fundingRound, '')}${more}.`;
  } else if (milestone) {
    const verb = milestone[1]!.toLowerCase();
    // "hitting 1000 customers" -> "We just hit 1000 customers."; "celebrating 5 years" -> "We're celebrating 5 years."
    sentence = verb === 'celebrating' || verb === 'turning' ? `We're ${verb} ${milestone[2]}${more}.` : `We just ${verb === 'hitting' ? 'hit' : verb.replace(/ing$/, 'ed')} ${milestone[2]}${more}.`;
  } else if (counted.test(bare) && !eventNoun.test(bare) && !saleNoun.test(bare)) {
    sentence = `We just hit ${bare.replace(/^(?:our|the)\s+/i, '')}${more}.`;
  } else if (isHere.length > 0) {
    sentence = `${named} ${/s$/i.test(bare.split(/\s+/).at(-1) ?? '') && !/ss$/i.test(bare) ? 'are' : 'is'} ${isHere.join(' and ')}${more ? `. ${capitalize(listed(facts))}` : ''}.`;
  } else if (saleNoun.test(written)) {
    sentence = facts.length > 0 ? `${named} is on${more}.` : `${named} is on.`;
  } else if (eventNoun.test(bare)) {
    // An event with a time ahead is an invitation; one already held says its facts; "the conference" alone says nothing.
    sentence = ahead.test(written) ? `Join us for ${named}${more}.` : facts.length > 0 ? `${named}${more}.` : undefined;
  } else if (place.test(bare) && newThing.test(bare)) {
    sentence = `We have ${named.replace(/^(?:our|my)\s+/i, 'a ')}${more}.`;
  } else if (newThing.test(bare)) {
    sentence = `Introducing ${named}${more}.`;
  } else if (ours && facts.length > 0) {
    sentence = `${named}${more}.`;
  }
  if (!sentence) return undefined;
  const own = (milestone?.[2] ?? bare).replace(/^(?:our|my|the|this|these)\s+/i, '');
  // "new app" keeps its "new": "#App" alone tags nothing.
  const about = own.replace(leadingNew, '').includes(' ') ? own.replace(leadingNew, '') : own;
  return { sentence: capitalize(cased(sentence)), about };
}
