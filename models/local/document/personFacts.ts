import { capitalize, list, literal } from '../text/phrases.js';
import { nounPhrases, thirdPersonOf, verbBase, verbInflection } from '../text/grammar.js';
import { forReaders, type DocumentContext } from './context.js';
import { commaList } from './listParts.js';
import type { Item } from './material.js';

/**
 * A person's facts as people jot them down ("head of design at Loomly", "12 years in product
 * design", "ex-Figma", "speaks on design systems", "bsc economics 2023") said of that person, in
 * the first person ("I have 12 years of experience in product design") or the third ("Maya has
 * ..."). A cover letter and a bio are made of these clauses; every word of the fact is kept.
 */

/** Who the clauses are said of: "I", a name ("Maya"), or a pronoun the ask gives ("She", "They"). */
export interface Voice {
  person: 'first' | 'third';
  /** The subject of the sentences after the first: "I", "Maya", "She", "They". */
  subject: string;
  /** "they" takes "are" and "have", as "I" does but for "am". */
  plural: boolean;
  /** The person's full name: a fact that opens with it ("Sam Okafor writes about ...") is a sentence of its own. */
  name?: string;
}

/** A fact said of the person: a predicate ("has 12 years of ...") or a sentence with a subject of its own. */
export interface Clause {
  text: string;
  whole: boolean;
  /** "skills" for "skills: excel, sql": the parts under one label are said together ("My skills include excel and sql."). */
  label?: string;
}

function verb(base: string, voice: Voice): string {
  if (voice.person === 'third' && !voice.plural) return thirdPersonOf(base);
  return base === 'be' ? (voice.plural ? 'are' : 'am') : base;
}

/** "my" / "Maya's" / "her" / "their". */
export function possessive(voice: Voice): string {
  if (voice.person === 'first') return 'my';
  return ({ She: 'her', He: 'his', They: 'their' } as Record<string, string>)[voice.subject] ?? `${voice.subject}'s`;
}

const degrees: Record<string, string> = { bsc: 'BSc', ba: 'BA', msc: 'MSc', ma: 'MA', mba: 'MBA', phd: 'PhD', beng: 'BEng', meng: 'MEng', llb: 'LLB', llm: 'LLM', bfa: 'BFA', mfa: 'MFA', bcom: 'BCom', bba: 'BBA' };
// "bsc economics 2023", "MSc in data science (2021) from UCL", "ba history, leeds 2019".
const degree = /^(bsc|ba|msc|ma|mba|phd|beng|meng|llb|llm|bfa|mfa|bcom|bba|b\.sc\.?|m\.sc\.?|bachelor'?s(?:\s+degree)?|master'?s(?:\s+degree)?)(?:\s+(?!(?:from|at)\s)(?:(?:degree\s+)?(?:in|of)\s+)?(.+?))??(?:,?\s+(?:from|at)\s+([^,(]+?))?(?:,?\s*\(?((?:19|20)\d{2})\)?)?$/i;
// "12 years in product design", "2 years excel + sql at a logistics firm", "5+ years of experience with React".
const years = /^((?:over\s+|almost\s+|nearly\s+)?\d+\+?|a\s+decade|two\s+decades|\w+)\s+(?:years?|yrs?)\s+(?:of\s+)?(?:experience\s+|work\s+)?(?:(in|with|at|as|on|across|of|leading|building|running|doing)\s+)?(.+)$/i;
// "ex-Figma", "ex-Google designer", "formerly at Spotify", "previously product lead at Monzo".
// "before that shopify", "before that at shopify": where they were before, as "previously".
const former = /^(?:ex-|former(?:ly)?\s+(?:at\s+)?|previously\s+(?:at\s+)?|before\s+that,?\s+(?:at\s+)?)(.+)$/i;
// Words after which the fact says what the person is: "based in Lisbon", "fluent in Portuguese".
const state = /^(?:based|located|known|certified|fluent|passionate|married|available|obsessed|proud|originally|currently|now|also|keen|interested|experienced|responsible|skilled|self-taught|bilingual|trilingual|happiest|from|on|at|in)\b/i;
// Titles said without an article: "head of design at Loomly", "CEO at Acme", "founder of Tidy".
const title = /^(?:head|director|chair|chief|vp|president|founder|co-?founder|lead|principal|dean)\s+(?:of|at|for)\b/i;
const acronym = /^[A-Z]{2,4}\b/;
// The head of a noun phrase that names what someone is: "designer", "mother", "graduate".
const roleHead = /(?:er|or|ist|ant|ent|ian|ee|eer|man|woman|person|ologist|ive|ect|ate|chef|nurse|coach|mother|father|parent|fellow|alumna|alumnus|member|mentor|volunteer|lead|head|guru|nerd|geek|fan|enthusiast|champion|winner|finalist|recipient|graduate|alum|alumni)$/i;
const article = /^(?:a|an|the|one|my|our|his|her|their)\s/i;

/** "an MSc", "a BSc", "an economist": the article as the word is said (an abbreviation by its first letter's name). */
function articleOf(word: string): string {
  if (/^[A-Z][A-Za-z]*[A-Z]/.test(word)) return /^[AEFHILMNORSX]/.test(word) ? 'an' : 'a';
  return /^[aeiou]/i.test(word) && !/^(?:uni|use|eu|one)/i.test(word) ? 'an' : 'a';
}

/** "designer at Figma" -> "a designer at Figma"; "head of design" stays; "design systems" is no role. */
function role(text: string): string | undefined {
  if (article.test(text) || title.test(text) || acronym.test(text)) return text;
  const head = text.split(/\s+(?:at|of|for|in|with|on|from|who|since|and)\s+/i)[0]!.split(/\s+/).pop() ?? '';
  if (!roleHead.test(head) || (/s$/i.test(head) && !/ss$/i.test(head))) return undefined;
  return `${articleOf(text)} ${text}`;
}

const bioVerb = /^(?:speak|write|love|enjoy|live|teach|mentor|coach|blog|play|cook|travel|volunteer|advise|run|host|organi[sz]e)$/i;

/** A verb phrase said of the person: "speaks on design systems" -> "speak on design systems" for "I". */
function verbPhrase(text: string, voice: Voice): string | undefined {
  const [first = '', ...rest] = text.split(/\s+/);
  // "speak about reliability", "love hiking": verbs as often nouns, typed by the person without "I".
  const inflection = verbInflection(first) ?? (bioVerb.test(first) ? { base: first.toLowerCase(), form: 'base' as const } : undefined);
  if (!inflection) return undefined;
  const tail = rest.length > 0 ? ` ${rest.join(' ')}` : '';
  if (inflection.form === 'past') return text;
  if (inflection.form === 'gerund') return `${verb('be', voice)} ${text}`;
  return `${verb(inflection.base, voice)}${tail}`;
}

/** The fact as a clause of `voice`; the label it was typed under ("skills:") when nothing else reads it. */
export function clauseOf(fact: string, voice: Voice, label?: string): Clause {
  const text = fact.trim().replace(/[.;]+$/, '').replace(/\s+[+&]\s+/g, ' and ');
  // "I built ...", "She speaks ...": a sentence with its own subject.
  const own = /^(?:I|I'm|I’m|I've|I’ve|My|We|Our|She|He|They|Her|His|Their)\b/.exec(text) ?? (voice.name && text.startsWith(voice.name.split(/\s+/)[0]!) ? [voice.name] : null);
  if (own) {
    // "Jen is designer at Figma": a role after "is" takes its article ("Jen is a designer at Figma").
    const is = /^(.+?\s(?:is|was))\s+(.+)$/.exec(text);
    const named = is && !article.test(is[2]!) && !title.test(is[2]!) ? role(is[2]!) : undefined;
    if (is && named && /^[A-Z]/.test(text) && is[1]!.split(/\s+/).length <= 4) return { text: `${is[1]} ${named}`, whole: true };
    if (voice.person === 'first' || !/^I\b/.test(own[0])) return { text, whole: true };
    // "I love hiking": after "I" the word is a verb, even one as often a noun.
    const [word = '', ...rest] = text.replace(/^I(?:'m|’m)\s+/, 'I am ').replace(/^I(?:'ve|’ve)\s+/, 'I have ').split(/\s+/).slice(1);
    const base = verbBase(word);
    return base && (base === word.toLowerCase() || word === 'am') ? { text: [verb(base, voice), ...rest].join(' '), whole: false } : clauseOf([word, ...rest].join(' '), voice, label);
  }
  const studied = degree.exec(text);
  if (studied) {
    const [, kind = '', field = '', school, year] = studied;
    const name = degrees[kind.toLowerCase().replace(/\./g, '')] ?? kind.toLowerCase().replace(/'?s(?:\s+degree)?$/, "'s degree");
    const from = school ? ` from ${school.trim()}` : '';
    const held = `${articleOf(name)} ${name}${field.trim() ? ` in ${field.trim()}` : ''}`;
    return { text: year ? `graduated${from} with ${held} in ${year}` : `${verb('have', voice)} ${held}${from}`, whole: false };
  }
  // "8 years", "10+ yrs": how long they have worked, said as experience.
  const bare = /^((?:over\s+|almost\s+|nearly\s+)?\d+\+?)\s+(?:years?|yrs?)$/i.exec(text);
  if (bare) return { text: `${verb('have', voice)} ${bare[1]} years of experience`, whole: false };
  const spent = years.exec(text);
  if (spent && !verbInflection(spent[3]!.split(/\s+/)[0]!)) {
    const [, count = '', prep, what = ''] = spent;
    // "5 years ICU experience": the experience is named already.
    if (!prep && /\b(?:experience|expertise)$/i.test(what)) return { text: `${verb('have', voice)} ${count} years of ${what}`, whole: false };
    return { text: `${verb('have', voice)} ${count} years of experience ${prep ? prep.toLowerCase() : /^(?:at|in)\s/i.test(what) ? '' : 'with'} ${what}`.replace(/\s+/g, ' '), whole: false };
  }
  const was = former.exec(text);
  if (was) {
    const [place = '', ...what] = was[1]!.split(/\s+/);
    // "ex-Google designer": the place, then what they were there.
    // "ex-hubspot": typed in lower case, still the place they worked.
    if (/^[A-Z0-9]/.test(place) || /^ex-/i.test(text)) return { text: `previously worked at ${capitalize(place)}${what.length > 0 ? ` as ${role(what.join(' ')) ?? what.join(' ')}` : ''}`, whole: false };
    // "previously at airbnb": after "at" is where they worked, its name capitalised.
    if (/^(?:formerly|previously)\s+at\s/i.test(text) && was[1]!.split(/\s+/).length <= 3) return { text: `previously worked at ${was[1]!.replace(/(^|\s)\p{Ll}/gu, (letter) => letter.toUpperCase())}`, whole: false };
    // "former teacher" is what they are; "previously ops lead at Deliveroo" what they were, "previously product at Shopify" where they worked.
    if (/^former\s/i.test(text)) return { text: `${verb('be', voice)} a ${text}`, whole: false };
    const then = role(was[1]!);
    return { text: then ? `${voice.plural ? 'were' : 'was'} previously ${then}` : `previously worked in ${was[1]}`, whole: false };
  }
  if (state.test(text)) return { text: /\bsince\s+(?:\d|19|20)/i.test(text) ? `${verb('have', voice)} been ${text}` : `${verb('be', voice)} ${text}`, whole: false };
  const acted = verbPhrase(text, voice);
  if (acted) return { text: acted, whole: false };
  // "latte art champion 2022": what they were that year.
  const dated = /^(.+?),?\s+\(?((?:19|20)\d{2})\)?$/.exec(text);
  const then = dated ? role(dated[1]!) : undefined;
  if (then) return { text: `${voice.plural ? 'were' : 'was'} ${then} in ${dated![2]}`, whole: false };
  // "skills: python, SQL": a tool under its label is a skill, not a title ("I am SQL").
  const named = label && acronym.test(text) ? undefined : role(text);
  if (named) return { text: `${verb('be', voice)} ${named}`, whole: false };
  // "skills: excel, sql": what the label heads.
  if (label) return { text, whole: true, label };
  // "python, pandas": things worked with; "commissions open" says something else, and is kept as written.
  const words = text.split(/[\s,]+/).filter((word) => word && !/^(?:and|or)$/i.test(word)).length;
  if (nounPhrases(text).flat().length === words) return { text: `${verb('have', voice)} experience with ${text}`, whole: false };
  return { text, whole: true };
}

function stopped(text: string): string {
  const line = /[.!?]$/.test(text) ? text : `${text}.`;
  return line.charAt(0).toUpperCase() + line.slice(1);
}

/**
 * The clauses as sentences, in their order: up to `per` predicates joined in one ("Maya previously
 * worked at Figma, speaks on design systems and lives in Lisbon."), the first said of `first` (the
 * full name), the rest of the voice's subject; a clause with a subject of its own stands alone.
 */
export function sentencesOf(clauses: Clause[], voice: Voice, first: string, per: number): string[] {
  const out: string[] = [];
  let group: string[] = [];
  const flush = () => {
    if (group.length > 0) out.push(stopped(`${out.length === 0 ? first : voice.subject} ${list(group)}`));
    group = [];
  };
  for (const [index, clause] of clauses.entries()) {
    if (clause.label) {
      flush();
      if (clauses[index - 1]?.label === clause.label) continue;
      let end = index;
      while (clauses[end + 1]?.label === clause.label) end += 1;
      const parts = clauses.slice(index, end + 1).map((part) => part.text);
      out.push(stopped(`${possessive(voice)} ${clause.label} ${parts.length > 1 || /s$/.test(clause.label) ? 'include' : 'is'} ${list(parts)}`));
      continue;
    }
    if (clause.whole) {
      flush();
      out.push(stopped(clause.text));
      continue;
    }
    // "founder of Tidy, a cleaning startup": a clause with a comma of its own is not listed with others.
    if (clause.text.includes(',')) flush();
    group.push(clause.text);
    if (group.length >= per || clause.text.includes(',')) flush();
  }
  flush();
  return out.map(properNouns);
}

// "staff engineer at stripe": after a role and "at", the employer; after "speaks", languages.
const employer = /\b((?:engineer|designer|manager|lead|head\s+of\s+[a-z]+|founder|co-?founder|ceo|cto|cfo|coo|cmo|director|developer|consultant|analyst|scientist|researcher|writer|editor|marketer|product\s+manager|intern|architect|officer|partner|vp(?:\s+of\s+[a-z]+)?|president|principal|specialist|coordinator|recruiter|advisor|teacher|nurse|doctor|worked|works|working)\s+at\s+)([a-z][\w.&-]*)/g;
const languages = new Set('english spanish french german portuguese italian dutch polish russian ukrainian mandarin cantonese chinese japanese korean arabic hindi urdu bengali turkish greek hebrew swedish norwegian danish finnish catalan basque czech hungarian romanian vietnamese thai indonesian malay tagalog swahili persian farsi'.split(' '));

/** Employers and languages typed in lower case ("at stripe", "speaks spanish") keep their capitals in the sentence. */
function properNouns(sentence: string): string {
  return sentence
    .replace(employer, (_, before: string, place: string) => `${before}${capitalize(place)}`)
    .replace(/\b[a-z]+\b/g, (word, at: number) => (languages.has(word) && /\b(?:speaks?|speaking|fluent\s+in|native|and|,)\s*$/i.test(sentence.slice(Math.max(0, at - 14), at)) ? capitalize(word) : word));
}

/** A fact of the notes and the label it was typed under ("skills"), if any. */
export interface Fact {
  text: string;
  label?: string;
}

/** The text as the notes wrote it: "built the ..." keeps its small letter, which the material's sentence start took away. */
function asWritten(text: string, sources: string): string {
  const at = sources.toLowerCase().indexOf(text.toLowerCase());
  return at >= 0 ? sources.slice(at, at + text.length) : text;
}

/**
 * The person's facts, each part of a comma list its own ("head of design at Loomly, 12 years in
 * product design, ex-Figma"), as written; items `used` elsewhere (the name, whom a letter goes to) are not facts.
 */
export function personFacts(ctx: DocumentContext, used: (item: Item) => boolean, name?: string): Fact[] {
  return forReaders(ctx).filter((item) => !used(item)).flatMap((item) => {
    // "im dana lee, staff engineer at stripe": the writer's introduction of themselves names them; the facts follow.
    const typed = name ? item.text.trim().replace(new RegExp(`^(?:i['’]?m|i\\s+am|my\\s+name\\s+is|this\\s+is)\\s+(?=${literal(name)}\\b)`, 'iu'), '') : item.text.trim();
    const text = asWritten(typed.replace(/[.]$/, ''), `${ctx.brief}\n${ctx.material.sources}`);
    if (name !== undefined && text.toLowerCase() === name.toLowerCase()) return [];
    // "Her first book, Cooler, came out in 2024": a sentence with its own subject is one fact, its commas its own.
    // "jen designer at figma, 8 years": the name typed before a fact without a verb only says whose facts follow.
    const first = name?.split(/\s+/)[0];
    // "maria lopez, staff engineer at stripe": the whole name typed first, then the facts.
    const whole = name !== undefined && name.includes(' ') ? new RegExp(`^${literal(name)}\\s*(?:[,:;]|\\s-)\\s*(?=\\p{L})`, 'iu').exec(text) : null;
    const headed = whole ?? (first !== undefined && new RegExp(`^${first}\\s+(?=\\p{L})`, 'iu').exec(text));
    const next = headed ? text.slice(headed[0].length).split(/[\s,]+/)[0]! : '';
    // "Sam Okafor writes ...": a surname or a verb after the first name makes it a sentence of its own.
    const rest = headed && (whole || (/^\p{Ll}/u.test(next) && !verbInflection(next))) ? text.slice(headed[0].length) : undefined;
    if (rest !== undefined) return (commaList(rest, 12)?.map((part) => asWritten(part, rest)) ?? [rest]).map((part) => ({ text: part, ...(item.section ? { label: item.section } : {}) }));
    const sentence = /^(?:I|I'm|I’m|My|We|Our|She|He|They|Her|His|Their)\b/.test(text) || (name !== undefined && text.startsWith(name.split(/\s+/)[0]!));
    const parts = sentence ? [text] : commaList(text, 12)?.map((part) => asWritten(part, text)) ?? [text];
    return parts.map((part) => ({ text: part, ...(item.section ? { label: item.section } : {}) }));
  });
}
