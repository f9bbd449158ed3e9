import { capitalize, literal } from '../../text/phrases.js';
import { startsWithVerb } from '../../text/grammar.js';
import { isPositive } from '../cues.js';

/**
 * What a social post says when the ask gives it one statement and nothing else ("linkedin post
 * announcing we hit 10k users"), or nothing to say at all ("tweet announcing our series A"). A
 * post of a bare sentence reads as a note, not a post: the statement gets a line before it that
 * says it is news and a line after it in the words people close such a post with. Neither adds a
 * fact; which lines fit is read from the statement (a milestone thanks those who helped, a hiring
 * post asks for referrals, something new asks people to try it, other news invites questions).
 */

const milestone = /\b(?:hit|reached|crossed|passed|raised|won|closed\s+(?:our|a|the)\s+\w+\s+round|series\s+[a-e]|seed\s+round|funding\s+round|celebrat\w*|anniversary|\d[\d,.]*\s*[km]?\+?\s+(?:users|customers|members|downloads|subscribers|followers|orders|clients|stars))\b/i;
const hiring = /\b(?:hiring|recruiting|looking\s+for|open\s+roles?|job\s+openings?)\b/i;
// A place that opens: an office, a shop, a studio ("our new office in Lisbon opens in March").
/** The places a business opens (build/subjectNews.ts names them too). */
export const placeNouns = 'office|store|shop|studio|branch|location|restaurant|caf[eé]|clinic|hub|space|showroom|warehouse|bakery|gym';
const place = new RegExp(`\\b(?:${placeNouns})\\b.*\\b(?:opens?|opening|reopens?|reopening)\\b|^We have a new (?:${placeNouns}|headquarters)\\b`, 'i');
const fresh = /\b(?:new|now|launch\w*|live|available|introduc\w*|(?:re)?open(?:s|ed|ing)?|ships?|released?|delivers?)\b/i;

// One opening and one closing a kind of news: lines written for every such post, so the quality
// metrics know them as boilerplate (models/local/referenceOutcomes.ts writes one post of each kind).
const frames = {
  milestone: ['A milestone worth sharing.', 'Thank you to everyone who helped us get here.'],
  hiring: ['Some news we are excited to share.', 'Know someone who would be a great fit? Send them our way.'],
  place: ['Some news we are excited to share.', 'If you are nearby, come and say hello.'],
  fresh: ['Some news we are excited to share.', 'Take a look and tell us what you think.'],
  event: ['Save the date.', 'See you there!'],
  good: ['We have some good news to share.', 'Thank you for being part of it.'],
  news: ['A quick update from us.', 'Questions? Just send us a message.'],
} as const;

/** The lines of a post that passes on `statement` alone: an opening, the statement, a closing. */
export function announcedPost(statement: string): string[] {
  // "Join us for the webinar next Thursday at 5pm" (build/subjectNews.ts): an invitation.
  const kind = /^Join us\b/.test(statement) ? 'event' : hiring.test(statement) ? 'hiring' : milestone.test(statement) ? 'milestone' : place.test(statement) ? 'place' : fresh.test(statement) ? 'fresh' : isPositive(statement) ? 'good' : 'news';
  const [opening, closing] = frames[kind];
  return [opening, statement, closing];
}

// The words of an ask that announce rather than discuss: "announcing our series A".
const announcing = /\b(?:announc(?:e|es|ing)|introduc(?:e|es|ing)|launch(?:es|ing)?|unveil(?:s|ing)?)\s+$/i;

/**
 * A post with nothing to say but its subject ("tweet announcing our series A", "linkedin post about
 * our new office in Berlin"): the subject as the ask wrote it, "Announcing our series A." or "News
 * about our new office in Berlin.", never an empty post. The outline around it asks for the facts.
 */
export function subjectPost(subject: string, ask: string): string {
  // "celebrating 5 years of the company": a subject that opens with what the post does says it as it is.
  if (/^\p{L}+ing\s/u.test(subject) && startsWithVerb(subject)) return `${capitalize(subject)}.`;
  const found = new RegExp(String.raw`(^|.*?\s)((?:(?:our|the|my|a|an|this|these)\s+)*)${literal(subject)}`, 'i').exec(ask);
  const written = found ? `${found[2]}${subject}` : subject;
  return found && announcing.test(found[1]!) ? `Announcing ${written}.` : `News about ${written}.`;
}
