import type { DeliverableData } from '../../../../schemas/deliverables/index.js';
import type { DocumentContext } from '../context.js';
import type { Item } from '../material.js';
import { isName } from '../names.js';
import { isKnownName } from '../../text/people.js';
import { capitalizeWords } from '../../text/phrases.js';
import { clauseOf, personFacts, sentencesOf, type Voice } from '../personFacts.js';

/**
 * A bio (the writer's `blog_post` kind, no sections): the person's name as its title and one or
 * two paragraphs that say every fact of the notes of them. The third person by default ("Maya Chen
 * is head of design at Loomly ..."), then the first name again rather than a guessed pronoun, or the
 * pronoun the ask gives ("she/her"); "first person" gives "I am ...". A short bio is two or three
 * sentences. The ask's words about the form ("3rd person", "short") are never printed.
 */

const firstPerson = /\b(?:1st|first)[\s-]person\b|\bin\s+my\s+own\s+(?:voice|words)\b/i;
const thirdPerson = /\b(?:3rd|third)[\s-]person\b/i;
const short = /\b(?:short|brief|quick|concise|one[- ]paragraph|(?:2|3|two|three)(?:\s*(?:-|to|or)\s*(?:3|4|three|four))?\s+sentences?|(?:under|max(?:imum)?|about|around)\s+\d{2,3}\s+words)\b/i;
// "she/her", "pronouns: they/them", "(he/him)".
const pronoun = /\b(?:pronouns?\s*:?\s*)?(she|he|they)\s*\/\s*(?:her|him|them|hers|his|theirs)\b|\bpronouns?\s*:?\s*(she|he|they)\b/i;
const nameLabel = /^(?:name|full\s+name|person|speaker|author|who|pronouns?)$/i;
// "im dana lee", "I'm Dana Lee", "my name is dana lee": the writer introducing themselves.
const introduction = /^(?:i['’]?m|i\s+am|my\s+name\s+is|this\s+is)\s+([\p{L}'’-]+(?:\s+[\p{L}'’-]+)?)(?=\s*[,;.\n]|$)/iu;

/** The person's name: capitalised words of the ask's subject ("our CEO Dana Levi" -> "Dana Levi"), else a "name:" line of the notes. */
function nameOf(ctx: DocumentContext): string | undefined {
  const runs = ctx.recognised.subject.replace(/['’]s\b/g, '').match(/\b[A-Z][\p{Ll}'’-]+(?:\s+(?:(?:de|van|der|den|da|di|del|la|le|von|bin|al)\s+)*[A-Z][\p{Ll}'’-]+)*(?!\p{L})/gu) ?? [];
  const asked = runs.reverse().find((run) => isName(run));
  if (asked) return asked;
  // "a short bio for jen": a first name typed in lower case, as the lexicon knows it.
  const typed = /^(?:(?:for|of|about)\s+)?([\p{Ll}'’-]+)$/u.exec(ctx.recognised.subject.trim())?.[1];
  if (typed && isKnownName(typed)) return `${typed.charAt(0).toUpperCase()}${typed.slice(1)}`;
  const labelled = ctx.material.items.find((item) => item.section && /^(?:name|full\s+name)$/i.test(item.section))?.text.replace(/[.]$/, '');
  if (labelled) return labelled;
  // "im dana lee, staff engineer at stripe": notes that open by introducing their writer name them.
  const introduced = introduction.exec(ctx.material.sources.trim())?.[1];
  if (introduced && (isKnownName(introduced.split(/\s+/)[0]!.toLowerCase()) || /^\p{Lu}/u.test(introduced))) return capitalizeWords(introduced);
  // "maria lopez, staff engineer at stripe, ...": notes typed in lower case that open with the person's name.
  const opening = /^([\p{Ll}'’-]+)(\s+[\p{Ll}'’-]+){1,2}(?=\s*[,;\n(]|\s+-\s)/u.exec(ctx.material.sources.trim());
  if (opening && isKnownName(opening[1]!)) return capitalizeWords(opening[0]);
  // "Maya Patel is our new CTO.": the notes name who they are about.
  return ctx.material.items.map((item) => /^([A-Z][\p{Ll}'’-]+(?:\s+[A-Z][\p{Ll}'’-]+){1,2})\s+(?:is|was|has|leads|runs|works)\b/u.exec(item.text)?.[1]).find((found) => found !== undefined && isName(found));
}

export function bio(ctx: DocumentContext): DeliverableData['blog_post'] {
  const name = nameOf(ctx);
  const given = pronoun.exec(`${ctx.brief}\n${ctx.material.sources}`);
  // Notes that say "She lives in Lagos" give the pronoun too.
  const said = (given?.[1] ?? given?.[2] ?? /(?:^|[.!?]\s+|\n)(She|He|They)\s/.exec(ctx.material.sources)?.[1])?.toLowerCase();
  // Without a name, a bio in the third person can only say "They": "my bio" is then the writer's own.
  const first = firstPerson.test(ctx.brief) || (!name && !said && !thirdPerson.test(ctx.brief));
  const voice: Voice = first
    ? { person: 'first', subject: 'I', plural: false }
    : { person: 'third', subject: said ? `${said.charAt(0).toUpperCase()}${said.slice(1)}` : (name?.split(/\s+/)[0] ?? 'They'), plural: said === 'they' || (!name && !said) };
  const used = (item: Item) => Boolean(item.section && nameLabel.test(item.section)) || (name !== undefined && [item.text, item.text.replace(introduction, '$1')].some((text) => text.replace(/[.]$/, '').toLowerCase() === name.toLowerCase()));
  const clauses = personFacts(ctx, used, name).map((fact) => clauseOf(fact.text, { ...voice, ...(name ? { name } : {}) }, fact.label));
  const brief = short.test(ctx.brief);
  // A short bio keeps every fact in at most three sentences; a longer one says two facts a sentence.
  const sentences = sentencesOf(clauses, voice, first ? 'I' : (name ?? voice.subject), brief ? Math.max(2, Math.ceil(clauses.length / 3)) : 2);
  const half = sentences.length > 3 && !brief ? Math.ceil(sentences.length / 2) : sentences.length;
  const paragraphs = [sentences.slice(0, half), sentences.slice(half)].filter((part) => part.length > 0).map((part) => part.join(' '));
  return { title: name ?? (first ? 'About me' : 'Bio'), lede: paragraphs.join('\n\n'), sections: [], call_to_action: null };
}
