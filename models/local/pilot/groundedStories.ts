import type { ParsedSentence } from '../../../quality/nlp.js';
import { startsWithVerb } from '../text/grammar.js';
import { stripEndPunctuation } from '../text/phrases.js';

/**
 * "As a <role>, I want <capability> so that <benefit>." built from one of the client's sentences.
 * `benefit` is empty when the client's material states none: the story then ends after the
 * capability rather than with an invented reason.
 */
export interface GroundedStory {
  role: string;
  /** "to enforce SSO per organisation" or a noun phrase ("SSO"). */
  capability: string;
  benefit: string;
  text: string;
  /** The client's sentence it was built from. */
  source: string;
}

const people =
  /^(?:admins?|administrators?|users?|customers?|clients?|freelancers?|managers?|employees?|owners?|members?|developers?|engineers?|teams?|finance|security|legal|support|sales|operators?|agents?|buyers?|sellers?|drivers?|staff|students?|teachers?|patients?|doctors?|writers?|editors?|analysts?|designers?|recruiters?|candidates?|visitors?|guests?|partners?|vendors?|approvers?|reviewers?|accountants?|marketers?|groomers?|baristas?|nurses?|inspectors?|supervisors?|dispatchers?|receptionists?|pharmacists?|therapists?|bakers?|cashiers?|couriers?|technicians?|planners?|coordinators?|volunteers?|parents?|residents?|tenants?|shoppers?|maintainers?|contributors?|clinicians?|physicians?|dentists?|procurement|hr|it)$/i;
const departments = /^(?:finance|security|legal|support|sales|procurement|hr|it|marketing|ops)$/i;
const modal =
  /^(.{2,80}?)\s+(must be able to|should be able to|need to|needs to|want to|wants to|would like to|ask for|asks for|asked for|want|wants|need|needs|must|should|can)\s+(.+)$/i;
const enabling = /\b(?:lets?|allows?|enables?|helps?)\s+((?:[\w-]+\s+){0,2}?[\w-]+s)\s+(?:to\s+)?(.+)$/i;
const benefitCut = /,?\s+(?:so that|so|because|in order to)\s+(.+)$/i;

/** Whether a word names a kind of person (admins, freelancers, finance ...). */
export function isPersonWord(word: string): boolean {
  return people.test(word);
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) && !/^(?:user|uni|eu)/i.test(word) ? 'an' : 'a';
}

function singular(word: string): string {
  if (/ies$/i.test(word)) return `${word.slice(0, -3)}y`;
  if (/(?:ss|us|is)$/i.test(word)) return word;
  return word.replace(/s$/i, '');
}

/** "Enterprise customers on Okta, Azure AD and Google Workspace" -> "an enterprise customer on Okta, Azure AD or Google Workspace". */
function roleOf(subject: string, parsed: ParsedSentence): string | undefined {
  const clean = subject.replace(/^(?:our|the|all|each|every|most|many|some)\s+/i, '');
  const head = /^((?:[\w-]+\s+){0,2}?)([\w-]+)(\s+(?:on|in|of|from|at|with|using)\s+.+)?$/i.exec(clean);
  if (!head) return undefined;
  const noun = head[2]!;
  if (!people.test(noun)) return undefined;
  // Capitalised words inside the role stay as written only when the tagger calls them names.
  const names = new Set(parsed.tokens.filter((token) => token.pos === 'PROPN').map((token) => token.text));
  const lead = (head[1] ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => (names.has(word) && !/^[A-Z][a-z]+$/.test(word) ? word : word.toLowerCase()));
  const tail = (head[3] ?? '').replace(/\band\b(?=[^,]*$)/, 'or');
  if (departments.test(noun) && lead.length === 0) return `the ${noun.toLowerCase()} team`;
  // "Staff need to ..." is one staff member's story, not "a staff".
  const person = /^staff$/i.test(noun) ? 'staff member' : singular(noun.toLowerCase());
  const role = [...lead, person].join(' ');
  return `${article(role)} ${role}${tail}`;
}

/**
 * User stories from the client's sentences whose subject is a kind of person and whose verb says
 * what they want or must be able to do: "Admins must be able to enforce SSO per organisation, so
 * members cannot fall back to passwords." -> "As an admin, I want to enforce SSO per organisation
 * so that members cannot fall back to passwords." The benefit is the sentence's own reason, else
 * the problem the client states for the same kind of person (`problemBenefits`), else none.
 */
export function groundedStories(parsed: ParsedSentence[], limit = 8): GroundedStory[] {
  const problems = problemBenefits(parsed);
  const stories: GroundedStory[] = [];
  for (const sentence of parsed) {
    const text = stripEndPunctuation(sentence.text.replace(/\s+/g, ' ').trim()).split(/;\s+/)[0]!;
    const enabled = enabling.exec(text);
    const match = enabled ? ([enabled[0], enabled[1], 'want to', enabled[2]] as const) : modal.exec(text);
    if (!match) continue;
    const role = roleOf(match[1]!, sentence);
    if (!role) continue;
    const verb = match[2]!.toLowerCase();
    let rest = match[3]!;
    let benefit = problems.find((problem) => role.includes(problem.person))?.benefit ?? '';
    const reason = benefitCut.exec(rest);
    if (reason) {
      benefit = stripEndPunctuation(reason[1]!);
      rest = rest.slice(0, reason.index);
    }
    benefit = firstPerson(benefit);
    const nounObject = /^(?:ask|asks|asked) for$|^(?:want|wants|need|needs)$/.test(verb) && !/^to\s/i.test(rest);
    // "track invoices and send reminders" is two things to want: one story each.
    const parts = rest.replace(/^to\s+/i, '').split(/\s+and\s+/);
    // Not when a later part points back ("order cakes online and pick them up"): "pick them up" alone says nothing.
    const pointsBack = parts.slice(1).some((part) => /\b(?:them|it|those|these|that)\b/i.test(part));
    const actions = !nounObject && !pointsBack && parts.length > 1 && parts.every((part) => startsWithVerb(part)) ? parts : [rest.replace(/^to\s+/i, '')];
    for (const action of actions) {
      // "their clients" is the role's own: "my clients" ("our" stays: it is the client company's).
      const capability = (nounObject ? rest : `to ${action}`).replace(/\btheir\b/gi, 'my').replace(/\bthemselves\b/gi, 'myself');
      const story = benefit ? `As ${role}, I want ${capability} so that ${benefit}.` : `As ${role}, I want ${capability}.`;
      if (!stories.some((existing) => existing.text === story)) stories.push({ role, capability, benefit, text: story, source: sentence.text });
    }
    if (stories.length >= limit) break;
  }
  return stories;
}

const problemVerb = /^(lose|waste|spend|miss|wait|chase|struggle|cannot|can't|can not)\s+(.+)$/i;

/**
 * Benefits read from the client's problem sentences: "Freelancers lose about 5 hours a month
 * chasing late invoices by hand." gives freelancers the benefit "I no longer lose about 5 hours a
 * month chasing late invoices by hand"; "Users cannot see X" gives "I can see X".
 */
function problemBenefits(parsed: ParsedSentence[]): Array<{ person: string; benefit: string }> {
  const found: Array<{ person: string; benefit: string }> = [];
  for (const sentence of parsed) {
    const text = stripEndPunctuation(sentence.text.replace(/\s+/g, ' ').trim()).split(/;\s+/)[0]!;
    const clause = /^(?:(?:our|the|all|most|many|some)\s+)?(?:[\w-]+\s+){0,2}?([\w-]+)\s+(.+)$/i.exec(text);
    if (!clause || !people.test(clause[1]!)) continue;
    const problem = problemVerb.exec(clause[2]!);
    if (!problem) continue;
    const verb = problem[1]!.toLowerCase();
    const rest = firstPerson(problem[2]!);
    const benefit = /^can/.test(verb) ? `I can ${rest}` : `I no longer ${verb} ${rest}`;
    found.push({ person: singular(clause[1]!.toLowerCase()), benefit });
  }
  return found;
}

/** The sentence's reason in the story's voice: "they get paid faster" -> "I get paid faster". */
function firstPerson(benefit: string): string {
  return benefit.replace(/^(?:they|we)\b/i, 'I').replace(/\b(?:their|our)\b/gi, 'my').replace(/\bthemselves\b/gi, 'myself');
}
