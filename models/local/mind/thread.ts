import { capitalize } from '../text/phrases.js';
import { splitDue, type Utterance } from './meeting.js';

/**
 * An email or chat thread summarised as a person reads one: what the options are, who prefers
 * which and why, what is still to decide and by when. A thread is not a meeting: its title says
 * it is a thread ("Venue for offsite: thread summary"), and a request for a decision ("I need a
 * decision by Friday") is an open question owned by who asked, never a decision.
 */

// "summarize this thread", "tl;dr of this discussion", "what do I need to reply?".
const threadWords = /\b(?:thread|discussion|conversation|chat|slack|teams|e-?mails?|tl;?\s?dr|reply|respond)\b/i;
/** The brief calls the material a discussion, whatever the messages talk about. */
export const discussionAsked = /\b(?:thread|discussion|conversation|tl;?\s?dr)\b/i;
const meetingWords = /\b(?:meeting|call|notes|minutes|stand-?up|sync|transcript|huddle|1:1|retro)\b/i;
const replyAsked = /\b(?:(?:what|how)\s+(?:do|should|must)\s+I\s+(?:(?:need|have)\s+to\s+)?(?:reply|respond|answer|say)|what\s+(?:needs|is\s+waiting\s+on)\s+(?:my|a)\s+(?:reply|answer|response)|draft\s+(?:my\s+)?reply)\b/i;

/** The brief asks about a thread, or the material is one and the brief does not call it a meeting. */
export function isThreadBrief(brief: string, threadMaterial: boolean): boolean {
  return threadWords.test(brief) || (threadMaterial && !meetingWords.test(brief));
}

/** The brief wants what the reader has to answer ("what do I need to reply?"). */
export function wantsReply(brief: string): boolean {
  return replyAsked.test(brief);
}

/** "Venue for offsite: thread summary", or "Thread summary" when the thread has no subject line. */
export function threadTitle(subject: string | undefined, brief: string): string {
  const kind = wantsReply(brief) ? 'what to reply' : 'thread summary';
  // "Q1 planning - time?": the subject's own punctuation does not run into the title's colon.
  const named = subject?.replace(/[\s?!.:;,-]+$/, '');
  return named ? `${capitalize(named)}: ${kind}` : capitalize(kind);
}

/** "tl;dr": the shortest summary. */
export const tldr = (brief: string) => /\btl;?\s?dr\b|\bin\s+(?:one|a\s+few)\s+(?:line|sentence)s?\b/i.test(brief);

// An option is named with a capital ("Porto", "Option B", "Google Meet") or as "option b", "plan a".
const option = String.raw`((?:option|plan)\s+\w+|\p{Lu}[\p{L}\d.-]*(?:\s+[\p{Lu}\d][\p{L}\d.-]*){0,2})`;
const preferences = [
  // "I prefer Porto, flights are easier", "I'd go with Braga", "I vote for option B".
  new RegExp(String.raw`^(?:.*?[,;]\s*)?I(?:['’]d|\s+would|\s+still)?\s+(?:prefer|vote\s+(?:for\s+)?|go\s+(?:for|with)|pick|choose|lean\s+(?:towards?\s+)?|like|rather(?:\s+(?:stay\s+(?:on|with)|go\s+(?:for|with)|keep|have|use))?)\s+${option}(?:\s+better|\s+more)?(.*)$`, 'u'),
  // "Braga is fine by me", "Porto works for me", "Option A sounds good to me".
  new RegExp(String.raw`^${option}\s+(?:is|works|sounds|seems)\s+(?:fine|good|great|ok|okay|best|better)?\s*(?:by|for|to)\s+me\b(.*)$`, 'u'),
  // "+1 for Porto", "my vote is Braga".
  new RegExp(String.raw`^(?:\+1\s+(?:for\s+|on\s+)?|my\s+vote\s+(?:is\s+|goes\s+to\s+)?)${option}(.*)$`, 'iu'),
  // "Pipedrive for me, it's half the price".
  new RegExp(String.raw`^${option}\s+for\s+me\b(.*)$`, 'u'),
];

export interface Position {
  speaker: string;
  option: string;
  /** Why, as they said it ("cheaper is better this year"), or null. */
  reason: string | null;
  /** The sentence it was read from. */
  text: string;
}

/** Who prefers which option, and why, from the thread's statements. */
export function positionsOf(utterances: Utterance[]): Position[] {
  const found: Position[] = [];
  for (const utterance of utterances) {
    if (!utterance.speaker || utterance.text.endsWith('?')) continue;
    const match = preferences.map((pattern) => pattern.exec(utterance.text.trim())).find(Boolean);
    if (!match || /^(?:I|It|This|That|Either|Both|Neither|Any)$/.test(match[1]!)) continue;
    const reason = match[2]!.replace(/^\s*(?:[,;:—–-]+|\s)\s*(?:(?:because|since|as|given)\s+)?/i, '').replace(/^(?:because|since|as)\s+/i, '').replace(/[.!]+$/, '').trim();
    found.push({ speaker: utterance.speaker, option: match[1]!, reason: reason === '' ? null : theirs(reason), text: utterance.text });
  }
  return found;
}

/** "Ben: Braga (cheaper is better this year)". */
export function positionLine(position: Position): string {
  return `${position.speaker}: ${position.option}${position.reason ? ` (${position.reason})` : ''}`;
}

/**
 * What the thread still has to settle, said as the next step and who asked for it: "Decide Porto
 * or Braga by Friday (asked by Ana)". An ask a later decision answers is settled and left out.
 */
export function openAsks(asks: Utterance[], positions: Position[], subject: string | undefined, decided: boolean, corpus: string): string[] {
  if (decided) return [];
  // The options in the order the thread brought them up ("Porto ... Alternative is Braga").
  const at = (name: string) => corpus.indexOf(name) >= 0 ? corpus.indexOf(name) : Infinity;
  // "HubSpot or Pipedrive?": the options a question names count as much as those people argued for.
  const asked = new RegExp(String.raw`${option}\s*(?:\([^)]*\)\s*)?,?\s+or\s+${option}\s*(?:\([^)]*\)\s*)?\?`, 'u').exec(corpus);
  const named = [...(asked ? [asked[1]!, asked[2]!] : []), ...positions.map((position) => position.option)];
  const options = [...new Set(named)].sort((a, b) => at(a) - at(b));
  return asks.map((ask) => {
    const { due } = splitDue(ask.text);
    const about = options.length >= 2 ? `${options.slice(0, -1).join(', ')} or ${options.at(-1)}` : subject ? `on ${/^(?:the|a|an|our)\s/i.test(subject) ? subject : `the ${subject}`}` : '';
    const what = /\b(?:decision|decide|call|pick|vote|answer)\b/i.test(ask.text) && about ? `Decide ${about}` : capitalize(thirdPerson(ask.text.replace(/[.!]+$/, ''), ask.speaker));
    // "Ana needs a decision by Friday" already says who asked.
    return `${what}${due && !what.toLowerCase().includes(due.toLowerCase()) ? ` by ${due}` : ''}${ask.speaker && !what.startsWith(ask.speaker) ? ` (asked by ${ask.speaker})` : ''}`;
  });
}

/** "I have a dentist appointment" -> "has a dentist appointment": a reason beside its speaker's name reads in the third person. */
function theirs(reason: string): string {
  const verbs: Record<string, string> = { have: 'has', "'ve": 'has', am: 'is', "'m": 'is', need: 'needs', want: 'wants', will: 'will', "'ll": 'will', "can't": "can't", cannot: 'cannot', think: 'thinks', "don't": "doesn't" };
  const said = reason.replace(/^I\s*(have|['’]ve|am|['’]m|need|want|will|['’]ll|can['’]t|cannot|think|don['’]t)\b\s*/i, (_, verb: string) => `${verbs[verb.toLowerCase().replace('’', "'")] ?? verb} `);
  // "I have all my reports there" -> "has all their reports there".
  return said === reason ? said : said.replace(/\bmy\b/g, 'their').replace(/\bme\b/g, 'them');
}

/** "I need a decision" -> "Ana needs a decision": the reader is not the one who wrote it. */
function thirdPerson(text: string, speaker: string | undefined): string {
  if (!speaker) return text;
  return text.replace(/^(?:.*?[,;]\s*)?I\s+(need|want|would like|require)\b/i, (_, verb: string) => `${speaker} ${/^would/i.test(verb) ? verb : `${verb}s`}`);
}
