import { sentences, stem } from '../../quality/text.js';
import { startsWithVerb, toBaseForm as baseForm } from './grammar.js';
import { cleanSentence } from './sources.js';
import { stripEndPunctuation } from './phrases.js';

/** "As a <role>, I want <capability> so that <benefit>." */
export interface UserStory {
  role: string;
  capability: string;
  benefit: string;
  text: string;
}

function singularRole(role: string): string {
  const parts = role.toLowerCase().trim().split(/\s+/);
  const last = parts.pop() ?? 'user';
  return [...parts, stem(last)].join(' ');
}

const pronouns = /^(?:we|i|you|it|they|this|that|there|he|she|one|everyone|someone|people who)$/i;
const enabling = /\b(?:lets?|allows?|enables?|helps?|empowers?)\s+((?:[a-z-]+\s+){0,2}?[a-z-]+s)\s+(?:to\s+)?(.+)$/i;
const modal = /\b([a-z-]+(?:\s+[a-z-]+)?)\s+(?:can|could|should be able to|must be able to|need to|needs to|want to|wants to|would like to|have to|has to|should)\s+(.+)$/i;
const purpose = /\b(?:app|application|tool|feature|platform|service|system|dashboard|page|api|product|bot|integration|portal|website|site|workflow)\s+(?:that|which|to)\s+(?:will\s+)?(.+)$/i;
const ability = /\b(?:ability|way|option)\s+to\s+(.+)$/i;
const forRole = /\bfor\s+((?:[a-z-]+\s+){0,2}?[a-z-]+(?:ers|ors|ists|ants|ents|ians|ees|users|owners|teams|admins|customers|people|members|students|teachers|parents|patients|doctors|shoppers|buyers|sellers|agents|managers|developers|engineers|designers|writers|freelancers|clients))\b/i;
const benefitClause = /\s+(?:so that|so|in order to|to help|which helps)\s+(.+)$/i;

interface Capability {
  role?: string;
  capability: string;
  benefit?: string;
}

/** Splits "track invoices and send reminders" in two when both halves start with a verb. */
function splitCapabilities(text: string): string[] {
  const parts = text.split(/,\s*(?:and\s+)?|\s+and\s+/);
  if (parts.length > 1 && parts.every((part) => startsWithVerb(part))) return parts;
  return [text];
}

function toFirstPerson(benefit: string): string {
  return benefit
    .replace(/^(?:they|we|users?|customers?|he|she|people)\b/i, 'I')
    .replace(/\b(?:their|our)\b/gi, 'my')
    .replace(/\bthem\b/gi, 'me')
    .replace(/^I (?:is|are)\b/, 'I am')
    .replace(/^I has\b/, 'I have');
}

function capabilitiesOf(sentence: string): Capability[] {
  const text = stripEndPunctuation(sentence);
  let role: string | undefined;
  let rest: string | undefined;
  const enabled = enabling.exec(text);
  const wanted = modal.exec(text);
  const built = purpose.exec(text);
  const able = ability.exec(text);
  if (enabled) [role, rest] = [enabled[1], enabled[2]];
  else if (wanted && !pronouns.test(wanted[1]!.split(/\s+/).pop()!)) [role, rest] = [wanted[1]!.split(/\s+/).pop(), wanted[2]];
  else if (built && startsWithVerb(baseForm(built[1]!))) rest = built[1];
  else if (able) rest = able[1];
  if (!rest) return [];
  const benefitMatch = benefitClause.exec(rest);
  const benefit = benefitMatch ? toFirstPerson(stripEndPunctuation(benefitMatch[1]!)) : undefined;
  const core = benefitMatch ? rest.slice(0, benefitMatch.index) : rest;
  const forWhom = forRole.exec(text)?.[1];
  return splitCapabilities(baseForm(core))
    .map((capability) => stripEndPunctuation(capability.split(/\s+/).slice(0, 12).join(' ')))
    .filter((capability) => capability.split(/\s+/).length >= 2 && startsWithVerb(capability))
    .map((capability) => ({ role: role ? singularRole(role) : forWhom ? singularRole(forWhom) : undefined, capability, benefit }));
}

/** Benefits by the kind of verb, used when the material does not say why. */
const benefitsByVerb: Array<[RegExp, (object: string) => string]> = [
  [/^(track|monitor|see|view|check|follow)$/, (object) => `I always know where ${object || 'things'} stand`],
  [/^(export|download|print)$/, (object) => `I can use ${object || 'my data'} outside the product`],
  [/^(share|send|invite|notify|email)$/, () => 'the people involved stay informed without extra work'],
  [/^(search|find|filter|sort|browse)$/, () => 'I find what I need quickly'],
  [/^(schedule|remind|automate|repeat)$/, () => 'I do not have to remember to do it by hand'],
  [/^(create|add|edit|update|manage|organi[sz]e|configure)$/, (object) => `I can keep ${object || 'my information'} accurate and up to date`],
  [/^(pay|buy|checkout|order|book|subscribe)$/, () => 'I can complete it without friction'],
  [/^(log|sign|authenticate|login)$/, () => 'my account stays secure and easy to reach'],
  [/^(import|upload|sync|connect|integrate)$/, () => 'I do not have to enter the same data twice'],
  [/^(compare|analy[sz]e|report|measure)$/, () => 'I can make decisions based on current data'],
];

export function fallbackBenefit(capability: string, product: string): string {
  const [verb = '', ...rest] = capability.toLowerCase().split(/\s+/);
  const object = rest.join(' ').replace(/\s+(?:with|by|as|to|for|in|on)\s+.*$/, '');
  const found = benefitsByVerb.find(([pattern]) => pattern.test(verb));
  return found ? found[1](object) : `I get more value from ${product}`;
}

/**
 * User stories from the brief and sources: who (a role named next to the capability, else the
 * crew's main role), what (each capability phrased with a verb) and why (a "so that" clause when
 * the material gives one, else the usual reason for that kind of action).
 */
export function userStories(texts: string[], product: string, limit = 8): UserStory[] {
  const all = texts.flatMap((text) => sentences(text).map(cleanSentence));
  const found = all.flatMap(capabilitiesOf);
  const mainRole = found.find((entry) => entry.role)?.role ?? all.map((sentence) => forRole.exec(sentence)?.[1]).find(Boolean);
  const role = mainRole ? singularRole(mainRole) : 'user';
  const seen = new Set<string>();
  const stories: UserStory[] = [];
  for (const entry of found) {
    const key = entry.capability.toLowerCase();
    if (seen.has(key) || stories.length >= limit) continue;
    seen.add(key);
    stories.push(story(entry.role ?? role, entry.capability, entry.benefit ?? fallbackBenefit(entry.capability, product)));
  }
  if (stories.length === 0) stories.push(story(role, `to use ${product}`, fallbackBenefit('use', product)));
  return stories;
}

function story(role: string, capability: string, benefit: string): UserStory {
  // 'an' before a vowel sound: "an admin", but "a user", "a one-off buyer".
  const article = /^(?:[aeio]|u(?!s|ni|r[aeiou]|t))/i.test(role) && !/^(?:one|eu)/i.test(role) ? 'an' : 'a';
  const want = capability.startsWith('to ') ? capability : `to ${capability}`;
  return { role, capability, benefit, text: `As ${article} ${role}, I want ${want} so that ${benefit}.` };
}
