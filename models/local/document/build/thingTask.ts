import { isClause, startsWithVerb } from '../../text/grammar.js';
import { capitalize, isPlural, lowerFirst } from '../../text/phrases.js';
import { spellNames } from '../../text/spelling.js';

/**
 * A task noted as the thing to make, with no verb ("landing page", "needs email to existing users",
 * "fraud check (same card/ip)"): its ticket is titled by what is done to the thing ("Build landing
 * page", "Send email to existing users") and done when the thing exists ("Landing page is live.").
 * Which verb is read off the thing's head noun, the words before its first preposition or bracket,
 * so "tracking in signup flow" is tracking to add, not a flow to build. Nothing else is made up.
 */
export interface ThingTask {
  title: string;
  criterion: string;
}

// "needs landing page", "we need a fraud check": the need is the ticket, not a word of its title.
const needLead = /^(?:(?:we|it|this)\s+)?(?:needs?|requires?|must\s+have|should\s+have|wants?)\s+(?:an?\s+|the\s+|some\s+|new\s+)*/i;

const kinds: Array<[RegExp, string, string]> = [
  [/\b(?:e-?mails?|newsletters?|announcements?|messages?|notifications?|invites?|invitations?)$/i, 'Send', 'sent'],
  [/\b(?:docs?|documentation|guides?|faqs?|copy|blog\s+posts?|articles?|release\s+notes|changelog)$/i, 'Write', 'published'],
  [/\b(?:pages?|screens?|forms?|dashboards?|sites?|flows?|widgets?|banners?|modals?|views?|apps?|portal)$/i, 'Build', 'live'],
  [/\b(?:checks?|validations?|tracking|analytics|logging|logs|alerts?|monitoring|tests?|limits?|redirects?|rules?|webhooks?|backups?|metrics)$/i, 'Add', 'in place'],
];

const fault = /\b(?:crash\w*|fail\w*|broken|bugs?|buggy|errors?|wrong|missing|slow|stuck|freez\w*|hang\w*|lag\w*|flicker\w*|doesn['’]?t|won['’]?t|can['’]?t|cannot|not|never|no)\b/i;

// A message's name followed by whom it goes to is the thing, not the verb ("email to existing users").
const messageTo = /^(?:e-?mail|message|note|post)\s+(?:to|for)\s/i;

/** "Apple Pay + Google Pay", "Slack alerts": a name whose capital is its own, not the line's. */
function ownCapital(text: string): boolean {
  const [first = '', second = ''] = text.toLowerCase().split(/\s+/);
  return /^\p{Lu}/u.test(spellNames(`${first} ${second}`)) || /^\p{Lu}/u.test(spellNames(first));
}

export function thingTask(noted: string): ThingTask | undefined {
  const text = noted.trim().replace(/[.!]$/, '').replace(needLead, '');
  const words = text.split(/\s+/);
  if (words.length === 0 || words.length > 8 || !/^[\p{L}]/u.test(text)) return undefined;
  if (isClause(text) || (startsWithVerb(text) && !messageTo.test(text))) return undefined;
  // "persist the preference": a word before "the" is a verb the word list lacks, not a thing's name.
  if (/^\S+\s+(?:the|a|an|our|their|its|your|my|this|that|these|those)\b/i.test(text)) return undefined;
  // "avatar upload crashing on large images": what is wrong with a thing is a bug, not a thing to make.
  if (fault.test(text)) return undefined;
  const head = text.split(/\s+(?:in|on|to|for|with|of|from|at|via|per)\s+|\s*[(,:]/i)[0]!.trim();
  const [, verb, done] = kinds.find(([pattern]) => pattern.test(head)) ?? [undefined, 'Add', 'available'];
  return { title: `${verb} ${ownCapital(text) ? text : lowerFirst(text)}`, criterion: `${capitalize(text)} ${isPlural(head) ? 'are' : 'is'} ${done}` };
}
