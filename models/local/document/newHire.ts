import { datedDays } from '../text/dates.js';
import { isKnownName } from '../text/people.js';
import { calendarCase } from '../text/phrases.js';

/**
 * A post welcoming someone who joins the team ("linkedin post welcoming maria to the team, she
 * joins as head of design from spotify", or "welcoming our new hire" over notes "maria garcia /
 * head of design / prev spotify, 6 yrs / starts monday"): who, in what role, from where, from
 * when, each as the ask or the notes say it. Nothing else is stated of the person.
 */
export interface NewHire {
  name?: string;
  role?: string;
  from?: string;
  years?: string;
  starts?: string;
  /** The notes' other lines about the person ("loves climbing"), as typed. */
  more: string[];
}

// "welcoming maria to the team", "welcome our new head of design", "introducing our new hire", "new hire post".
const welcomeToTeam = /\bwelcom(?:e|es|ing)\s+(?<name>(?!(?:new|our|the|all|everyone)\b)[\p{L}'’-]+(?:\s+(?!to\b)[\p{L}'’-]+)?)\s+to\s+(?:the|our)\s+(?:team|company|crew|family|studio|office)\b(?<rest>.*)$/iu;
const newColleague = /\b(?:welcom(?:e|es|ing)|introduc(?:e|es|ing)|announc(?:e|es|ing))\s+(?:our\s+|the\s+)?new(?:est)?\s+(?:hire|colleague|team\s*mate|team\s+member|joiner|starter|recruit|employee)s?\b|\bnew\s+(?:hire|joiner|starter)\s+(?:post|announcement)\b/i;

// "she joins as head of design", "as our new CTO": the role; "from spotify", "prev spotify", "ex-google": where from.
const asRole = /\bas\s+(?:our\s+(?:new\s+)?|the\s+(?:new\s+)?|a\s+|an\s+)?([^,.;]+?)(?=\s+(?:from|after|at|starting|on|in|with)\b|\s*[,.;(]|$)/i;
const fromPlace = /(?:^|\b)(?:joins\s+(?:us\s+)?from|coming\s+from|comes\s+from|from|prev(?:iously)?\.?(?:\s+at)?|formerly(?:\s+at)?|ex-|ex\s+)\s*([^,.;()]+?)(?=\s*[,.;(]|\s+(?:after|with|where|for)\b|$)/i;
const yearsOf = /\b(\d+\+?)\s*(?:yrs?|years)\b/i;
const startsOn = /\b(?:starts?|starting|first\s+day(?:\s+is)?)\s+(?:on\s+)?([^,.;]+)/i;
// A line that is a role: "head of design", "senior backend engineer", "CTO".
const roleWord = /\b(?:head|director|manager|engineer|designer|developer|lead|officer|vp|chief|analyst|scientist|marketer|recruiter|specialist|coordinator|architect|consultant|cto|ceo|cfo|coo|cmo|cpo|intern|writer|editor|researcher|strategist|accountant|counsel|associate|partner|executive|administrator|assistant|representative|rep|advocate|owner)s?\b/i;
const verbLine = /\b(?:is|are|was|were|has|have|had|joins|joined|will|loves|likes|lives|spent|built|led|worked)\b/i;

/** Capitals on each word of a name or a company ("maria garcia" -> "Maria Garcia"), a word already capitalised kept. */
function named(text: string): string {
  return text.trim().replace(/(^|[\s-])(\p{Ll})/gu, (_, space: string, letter: string) => `${space}${letter.toUpperCase()}`);
}

const smallWords = /^(?:of|and|the|for|in|at|to|a|an)$/i;
const acronyms = /^(?:vp|cto|ceo|cfo|coo|cmo|cpo|svp|evp|hr|ux|ui|qa|it|seo|ai|ml|devops)$/i;

/** A job title as people write it on LinkedIn: "head of design" -> "Head of Design", "vp sales" -> "VP Sales". */
export function roleTitle(role: string): string {
  return role.trim().split(/\s+/).map((word, at) => (acronyms.test(word) ? word.toUpperCase() : at > 0 && smallWords.test(word) ? word.toLowerCase() : /^\p{Ll}/u.test(word) ? `${word.charAt(0).toUpperCase()}${word.slice(1)}` : word)).join(' ');
}

function readFacts(text: string, hire: NewHire): void {
  const role = asRole.exec(text)?.[1];
  if (role && !hire.role) hire.role = role.trim();
  const from = fromPlace.exec(text)?.[1];
  if (from && !hire.from && !/^(?:the\s+team|monday|today|tomorrow|next\s+\w+)$/i.test(from.trim())) hire.from = from.trim();
  const years = yearsOf.exec(text)?.[1];
  if (years && !hire.years) hire.years = years;
  const starts = startsOn.exec(text)?.[1];
  if (starts && !hire.starts) hire.starts = calendarCase(datedDays(starts.trim()));
}

/** The new hire an ask for a post welcomes, with what the ask and the notes say of them; undefined when the ask welcomes no one joining. */
export function newHireOf(ask: string, notes: string): NewHire | undefined {
  const first = ask.trim().split('\n')[0]!;
  const toTeam = welcomeToTeam.exec(first);
  if (!toTeam && !newColleague.test(first)) return undefined;
  const hire: NewHire = { more: [] };
  if (toTeam) {
    hire.name = named(toTeam.groups!.name!);
    readFacts(toTeam.groups!.rest!, hire);
  }
  for (const raw of notes.split('\n')) {
    const line = raw.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '').trim();
    if (!line) continue;
    const words = line.split(/\s+/);
    // "maria garcia": a line of a name alone, opening with a first name the lexicon knows or a capital.
    if (!hire.name && words.length <= 3 && /^[\p{L}'’ -]+$/u.test(line) && (isKnownName(words[0]!) || /^\p{Lu}/u.test(line)) && !roleWord.test(line)) {
      hire.name = named(line);
      continue;
    }
    const before = { ...hire };
    readFacts(line, hire);
    if (!hire.role && roleWord.test(line) && !verbLine.test(line) && words.length <= 6) hire.role = line.replace(/^(?:role|title|position)\s*:\s*/i, '');
    const read = hire.role !== before.role || hire.from !== before.from || hire.years !== before.years || hire.starts !== before.starts;
    if (!read) hire.more.push(line);
  }
  return hire;
}
