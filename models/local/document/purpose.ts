import { calendarCase, lowerFirst, secondPerson, writerToReader } from '../text/phrases.js';
import { datedDays } from '../text/dates.js';
import { introductionOf } from './introduction.js';
import { clauseSubject, isClause } from '../text/grammar.js';
import { isKnownName } from '../text/people.js';
import { stateSentence } from './stateFragments.js';
/**
 * What a one-line message is for, when the ask says it: to thank, invite, apologise, congratulate,
 * welcome, remind or ask. "Email our volunteers to thank them for helping at the charity run last
 * Sunday" needs no notes to be written: the ask itself is what the message says. The sentences
 * here say only what the ask says, in the words people use for that purpose; nothing is added.
 */
export interface Purpose {
  /** The message's subject line or title: "Thank you for helping at the charity run last Sunday". */
  subject: string;
  /** What the message says, in the second person: "Thank you for helping at the charity run last Sunday." */
  sentences: string[];
  /** Whom it goes to, when the ask names them ("our volunteers"); never a pronoun. */
  audience?: string;
  /** The email's closing line for this purpose ("Please reply to let us know whether you can come."). */
  callToAction: string;
  /** An answer to a message the brief carries: its subject is "Re: ..." of that message's, its body only the answer. */
  reply?: true;
  /** The two people an introduction introduces ("Jen", "Tom"): notes about them are said of them (build/writer.ts). */
  introduced?: [string, string];
  /** The answer was asked to apologise ("reply, apologize and say ..."): it opens with an apology for what the message complains of. */
  apologise?: true;
}

/** A public post names whom it speaks to ("Thank you to our volunteers for ..."); an email speaks to them. */
interface Said {
  /** What follows the purpose ("helping at the charity run last Sunday"), as the ask wrote it. */
  what: string;
  who?: string;
  /** True for a post, a tweet or an announcement: read by others than those it names. */
  public: boolean;
  /** "my landlord", "I'll": one person writes, so "I", not "we". */
  personal: boolean;
}

function upper(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The addressees as the ask names them; a pronoun names no one. */
function named(who: string | undefined): string | undefined {
  const text = who?.trim().replace(/^(?:to|all)\s+/i, '');
  return text && !/^(?:to|them|him|her|us|you|everyone|everybody|people|someone)$/i.test(text) ? text : undefined;
}

/** What follows the purpose, without the ask's trailing request words ("..., in a friendly tone"). */
function clause(text: string): string {
  return text.replace(/\s*(?:[,;]\s*|\s+)(?:in\s+(?:a|an)\s+[\w-]+\s+(?:tone|way|voice)|keep\s+it\s+\w+|please|thanks)\b.*$/i, '').replace(/[.!?]+$/, '').trim();
}

// "the promotion", "the new job", "the wedding": a milestone of the person congratulated.
const ownMilestone = /^(?:the\s+|her\s+|his\s+|their\s+)?((?:promotion|new\s+(?:role|job|position|baby|home|house)|graduation|wedding|engagement|baby|retirement|award|anniversary|certification|degree)\b)/i;

// Words that name a group or a role, not one person by name.
const recipients = /^(?:team|staff|everyone|everybody|all|them|him|her|you|us|customers|members|volunteers|parents|colleagues|boss|manager|landlord|client|clients|folks|people|crew|class|group)$/i;

type Reader = (said: Said, match: RegExpExecArray) => Purpose | undefined;

// A message's nouns that come between its purpose and its addressees: "thank-you note to".
const note = String.raw`(?:[\s-]+(?:note|notes|letter|card|message|e-?mail|post))?`;
const whom = String.raw`(?:(?:to\s+)?(?<who>(?:[\w'’-]+\s+){0,3}?[\w'’-]+)\s+)?`;

/** The addressees as a post names them, or the second person of an email ("your help"). */
function voiced(said: Said): { what: string; to: string | undefined; head: string } {
  const to = said.public ? named(said.who) : undefined;
  // "our launch party friday 6pm at the office": days with their capitals, as in a reminder.
  const what = calendarCase(datedDays(to ? said.what : secondPerson(said.what)));
  // "the outage yesterday, down 2 hours, fixed now": a subject line names what it is about, not every fact after it.
  return { what, to, head: what.split(/,\s/)[0]! };
}

const thanked = /^((?:(?:the|our|all|all\s+the|all\s+our)\s+)?(?:[\w-]+\s+)?(?:speakers|volunteers|donors|sponsors|team|staff|customers|members|attendees|participants|guests|organi[sz]ers|mentors|contributors|judges|helpers|parents|teachers|coaches|players|partners|everyone))(?:\s+(?:at|of|in|from)\s+(.+)|\s+who\s+.+)?$/i;

// What a customer has of their own: "refund is processed" in an answer to them is their refund.
const theirs = /^(?:refund|order|replacement|package|parcel|delivery|account|invoice|subscription|booking|reservation|ticket|request|payment|password|card|credit)\b/i;
// ", 3-5 business days", ", by friday": how long or by when, said of the clause before it.
const timing = /^(?:(?:within|in|by|before|after|about|around|up\s+to)\s+)?(?:\d+(?:\s*[-–]\s*\d+)?\s+(?:business\s+|working\s+)?(?:minutes?|hours?|days?|weeks?)|(?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|today|next\s+week|end\s+of\s+(?:day|the\s+week))$/i;

/** "yes we can do the 14th but not the 15th, and the quote stays at 2,400" -> two sentences, "Yes, we can ..."; "refund is processed, 3-5 business days" -> "Your refund is processed (3-5 business days)." */
function answerSentences(what: string): string[] {
  return what.split(/,?\s+and\s+(?=(?:the|we|it|our|you|i|that|this)\b)|;\s*/i).map((part) => {
    const [clauseText = part, ...after] = part.trim().split(/,\s+/);
    const timed = after.length === 1 && timing.test(after[0]!.trim()) ? ` (${after[0]!.trim()})` : after.length > 0 ? `, ${after.join(', ')}` : '';
    const text = `${clauseText.replace(/^(yes|no|sure|unfortunately)\s+(?=\w)/i, '$1, ').replace(theirs, (noun) => `your ${noun.toLowerCase()}`)}${timed}`;
    return `${upper(text)}.`;
  });
}

// "my order #4412 arrived damaged": a complaint, answered with an apology.
const complaint = /\b(?:damaged|broken|cracked|late|delayed|wrong|missing|never\s+(?:arrived|came|showed)|not\s+(?:working|arrived)|doesn['’]?t\s+work|charged\s+twice|refund|rude|disappointed|unhappy|terrible|awful)\b/i;

/** The customer's words said back to them: "my order arrived damaged" -> "your order arrived damaged"; "our", "us" and "we" too. */
function toThem(words: string): string {
  return writerToReader(words)
    .replace(/\bour\b/gi, 'your')
    .replace(/\bus\b/gi, 'you')
    .replace(/\bwe\b/gi, 'you');
}

const readers: Array<[RegExp, Reader]> = [
  // "reply to this customer: "my order #4412 arrived damaged, the mug is cracked"": their words are answered, not
  // repeated; a complaint gets an apology, the notes say what is done about it.
  [/\b(?:reply|respond|answer|write\s+back)\s+to\s+(?:this|the|a|our)\s+(?:customer|client|user|guest|buyer|complaint|review|message|e-?mail)\b[^"“]*?["“](?<what>[^"”]+)["”]\s*$/i, (said) => {
    const words = said.what.trim().replace(/[.!]+$/, '');
    const order = /#\s?\d{3,}/.exec(words)?.[0];
    return {
      subject: order ? `Re: your order ${order}` : 'Re: your message',
      sentences: complaint.test(words) ? [`We are sorry that ${lowerFirst(toThem(words)).replace(/,\s+(?=\S+(?:\s+\S+)?\s+(?:is|are|was|were)\b)/, ' and ')}.`] : [],
      callToAction: 'Let me know if you have any questions.',
      reply: true,
    };
  }],
  // "draft a reply saying yes we can do the 14th but not the 15th, and the quote stays at 2,400"
  // "reply to this customer, apologize and say refund is processed, 3-5 business days"
  [/\b(?:reply|respond|answer|write\s+back)\b[^.?!]*?(?:\b(?:saying|to\s+say|telling\s+(?:them|him|her)|that\s+says)|(?:,\s*|\band\s+)(?:say|tell\s+(?:them|him|her|the\s+customer))\b)\s+(?:that\s+)?(?<what>.+)$/i, (said, m) => ({
    subject: 'Re: your message',
    sentences: answerSentences(said.what),
    callToAction: 'Let me know if you have any questions.',
    reply: true,
    ...(/\b(?:apologi[sz]e|apology|sorry)\b/i.test(m[0].slice(0, m[0].length - m.groups!.what!.length)) ? { apologise: true as const } : {}),
  })],
  // "reply to this complaint, apologise and offer a refund": the offer is the answer, and the message answered is not repeated.
  [/\b(?:reply|respond|answer|write\s+back)\b[^.?!]*?\boffer(?:ing)?\s+(?:(?:them|him|her|the\s+customer)\s+)?(?<what>.+)$/i, (said, m) => ({
    subject: 'Re: your message',
    sentences: [/^to\s/i.test(said.what) ? `We would be happy ${said.what.replace(/[.!]+$/, '')}.` : `We would like to offer you ${said.what.replace(/[.!]+$/, '')}.`],
    callToAction: 'Let me know if you have any questions.',
    reply: true,
    ...(/\b(?:apologi[sz]|apology|sorry)/i.test(m[0].slice(0, m[0].length - m.groups!.what!.length)) ? { apologise: true as const } : {}),
  })],
  // "to thank them for helping at ...", "a thank-you note to our volunteers after the charity run"
  [new RegExp(String.raw`\b(?:say(?:ing)?\s+)?thank(?:s|ing)?(?:[\s-]+you)?${note}\s+${whom}(?<prep>for|after)\s+(?<what>.+)$`, 'i'), (said, m) => {
    // "for the speakers at DevConf 2026": whom the thanks go to, then where they took part.
    const people = thanked.exec(said.what);
    if (people && m.groups!.prep!.toLowerCase() === 'for') {
      const [, group, event] = people;
      if (event && !said.public) return { subject: `Thank you for being part of ${event}`, sentences: [`Thank you for being part of ${event}.`], audience: group, callToAction: 'Thank you again.' };
      return { subject: `Thank you to ${said.what}`, sentences: [`Thank you to ${said.what}!`], callToAction: 'Thank you again.' };
    }
    const { what, to } = voiced(said);
    const line = m.groups!.prep!.toLowerCase() === 'after' ? `for all ${to ? 'their' : 'your'} help with ${what}` : `for ${what}`;
    return { subject: `Thank you ${line}`, sentences: [to ? `Thank you to ${to} ${line}.` : `Thank you ${line}.`], callToAction: 'Thank you again.' };
  }],
  // "to thank the volunteers who cleaned up the beach on Saturday"
  [/\bthank(?:s|ing)?\s+(?<who>everyone|everybody|all\s+those|those|(?:the|our|all|all\s+the|all\s+our)\s+(?:[\w'’-]+\s+){0,2}?[\w'’-]+)\s+who\s+(?<what>.+)$/i, (said) => {
    const line = said.public ? `Thank you to ${said.who} who ${said.what}` : `Thank you to everyone who ${said.what}`;
    return { subject: line, sentences: [`${line}!`], callToAction: 'Thank you again.' };
  }],
  // "thank you email to the volunteers who helped at saturday's beach cleanup": whom, and what they did.
  [new RegExp(String.raw`\bthank(?:s|[\s-]+you)${note}\s+(?:to\s+)?(?<who>(?:(?:the|our|all|all\s+the|all\s+our)\s+)?(?:[\w'’-]+\s+){0,2}?[\w'’-]+)\s+who\s+(?<what>.+)$`, 'i'), (said) => {
    const what = calendarCase(datedDays(said.what));
    const line = said.public ? `Thank you to ${said.who} who ${what}` : `Thank you to everyone who ${what}`;
    return { subject: line, sentences: [`${line}!`], callToAction: 'Thank you again.', ...(said.public ? {} : { audience: said.who! }) };
  }],
  // "reminder email: timesheets due friday 5pm", "reminder: team photo tomorrow at 10": the reminder is what follows the colon (the notes say it).
  [/\breminder(?:[\s-]+(?:e-?mail|note|message|post))?\s*:\s*(?<what>.+)$/i, (said) => ({ subject: `Reminder: ${upper(calendarCase(datedDays(said.what)))}`, sentences: [], callToAction: 'Reply to this email if you have any questions.' })],
  // "inviting our members to the summer party on 12 July", "an invitation to the open day"
  [new RegExp(String.raw`\b(?:invit(?:e|es|ing)\s+${whom}|invitations?\s+(?:for\s+(?<guests>(?:[\w'’-]+\s+){0,3}?[\w'’-]+)\s+)?)to\s+(?<what>.+)$`, 'i'), (said) => {
    const { what, to, head } = voiced(said);
    const event = !/^(?:join|come|attend|try|see|visit|take|meet|celebrate|share|help|sign)\b/i.test(what);
    return {
      subject: event ? `Invitation: ${upper(head.replace(/^(?:the|a|an)\s+/i, ''))}` : `You are invited to ${head}`,
      sentences: [`${said.personal ? 'I' : 'We'} would like to invite ${to ?? 'you'} to ${what}.`],
      callToAction: event ? 'Please reply to let us know whether you can come.' : 'Reply to this email if you have any questions.',
    };
  }],
  // "apologising to customers for the late deliveries", "an apology for the outage on Tuesday"
  // "sorry email to users about the outage this morning": "sorry" names an apology too, and "about" what it is for.
  [new RegExp(String.raw`\b(?:apologi[sz](?:e|es|ing)|say(?:ing)?\s+sorry|apology${note}|sorry${note})\s+${whom}(?:for|about)\s+(?<what>.+)$`, 'i'), (said) => {
    const { what, to, head } = voiced(said);
    return { subject: `Our apologies for ${head}`, sentences: [to ? `${said.personal ? 'I' : 'We'} apologise to ${to} for ${what}.` : said.personal ? `I am sorry for ${what}.` : `We are sorry for ${what}.`], callToAction: 'If you have any questions, reply to this email and we will help.' };
  }],
  // "congratulating the team on shipping 3.0", "congrats email to sam on the promotion to engineering manager"
  [new RegExp(String.raw`\b(?:congratulat(?:e|es|ing|ions)|congrats)${note}\s+${whom}on\s+(?<what>.+)$`, 'i'), (said) => {
    const { what, to } = voiced(said);
    // Said to the person: "the promotion" is theirs ("your promotion").
    const theirs = to ? what : what.replace(ownMilestone, 'your $1');
    const role = /\b(?:promotion|new\s+(?:role|job|position))\b/i.test(what) && !to ? [`It is well deserved, and I am looking forward to seeing you in the new role.`] : [];
    // "congratulate priya on ...": one word that names no group is the person congratulated, greeted by name.
    const person = !to && said.who && /^\p{Ll}[\p{Ll}'’-]+$/u.test(said.who) && !recipients.test(said.who) ? upper(said.who) : undefined;
    return { subject: `Congratulations on ${theirs}`, sentences: [to ? `Congratulations to ${to} on ${what}!` : `Congratulations on ${theirs}!`, ...role], callToAction: 'Congratulations again!', ...(person ? { audience: person } : {}) };
  }],
  // "welcoming new members to the running club"
  [/\bwelcom(?:e|es|ing)\s+(?<who>(?:(?!e-?mail|message|note|letter)[\w'’-]+\s+){0,3}?(?!e-?mail|message|note|letter)[\w'’-]+)\s+to\s+(?<what>.+)$/i, (said) => {
    const { what, to } = voiced(said);
    return { subject: `Welcome to ${what}`, sentences: [to ? `A warm welcome to ${to}, who join ${what}!` : `Welcome to ${what}!`], callToAction: 'If you have any questions, just reply to this email.' };
  }],
  // "reminding the team to submit their timesheets by Friday", "remind parents about the trip"
  [new RegExp(String.raw`\bremind(?:s|ing|er)?\s+${whom}(?<prep>to|about|of)\s+(?<what>.+)$`, 'i'), (said, m) => {
    const { what, to } = voiced(said);
    const sentence = m.groups!.prep!.toLowerCase() === 'to' ? `A reminder${to ? ` to ${to}` : ''} to ${what}.` : `A reminder${to ? ` for ${to}` : ''} about ${what}.`;
    return { subject: `Reminder: ${upper(what)}`, sentences: [sentence], callToAction: 'Reply to this email if you have any questions.' };
  }],
  // "asking for Friday off next week for my sister's wedding", "asking Dana for a day off"
  [new RegExp(String.raw`\bask(?:s|ing)?\s+${whom}for\s+(?<what>.+)$`, 'i'), (said) => ({ subject: `Request: ${upper(said.what)}`, sentences: [`I would like to ask for ${said.what}.`], callToAction: 'Please let me know if that works.' })],
  // "asking the team to fill in the survey by Friday"
  [/\bask(?:s|ing)?\s+(?:(?<who>(?:[\w'’-]+\s+){0,3}?[\w'’-]+)\s+)?to\s+(?<what>.+)$/i, (said) => {
    if (said.who && !named(said.who) && !/^(?:them|him|her|everyone)$/i.test(said.who)) return undefined;
    const { what, to } = voiced(said);
    // "my landlord asking to fix the leaking kitchen tap": one person asks a favour.
    if (said.personal) return { subject: `Request: ${what.replace(/^(?:please\s+)?/i, '')}`, sentences: [`Could you please ${what}?`], callToAction: 'Thank you in advance.' };
    return { subject: `Please ${what}`, sentences: [`We would like to ask ${to ?? 'you'} to ${what}.`], callToAction: 'Please reply once it is done.' };
  }],
  // "confirming the kickoff on March 12 at 10am", "to confirm that the office is closed on Friday"
  [/\bconfirm(?:s|ing|ation(?:\s+of)?)?\s+(?<that>that\s+)?(?<what>.+)$/i, (said, m) => {
    // "confirming I will move out on 30 June": a statement of its own is confirmed as it is said.
    const statement = Boolean(m.groups!.that) || /^(?:i|we|you|they|he|she|it|the\s+\w+\s+(?:is|are|will|has|have))\b/i.test(said.what);
    if (statement) return { subject: `Confirmation: ${upper(said.what)}`, sentences: [`This is to confirm that ${said.what}.`], callToAction: `Please let ${said.personal ? 'me' : 'us'} know if anything has changed.` };
    const { what } = voiced(said);
    return {
      subject: `Confirmed: ${upper(what.replace(/^(?:the|our|your)\s+/i, ''))}`,
      sentences: [`${said.personal ? 'I am' : 'We are'} writing to confirm ${what}.`],
      callToAction: `Please let ${said.personal ? 'me' : 'us'} know if anything has changed.`,
    };
  }],
];

/** An ask for a message names one: "email", "note", "card", "post", "invitation" (not meeting "notes"). */
const message = /\b(?:e-?mails?|note|letters?|cards?|messages?|posts?|tweets?|threads?|invitations?|invites?|apology|reply|newsletter|announcement)\b/i;

// "Email our volunteers to thank them ...": whom the message goes to, named before its purpose.
const addressees = /\b(?:e-?mail|message|note|letter|card|write\s+to|text|send)\s+(?:to\s+)?(?:(?:our|the|all)\s+)?(?<to>(?:[\w'’-]+\s+){0,2}?[\w'’-]+)\s+(?:to\s+|and\s+)?(?:thank|invit|remind|ask|welcom|congratulat|apologi|say|confirm)/i;

/** An ask that is itself the message's purpose: "Invite the team to a farewell lunch for Maria on Friday". */
export const messageAsk = /^(?:(?:please|can\s+you|could\s+you)\s+)?(?:thank|invite|remind|welcome|congratulate|apologi[sz]e\s+to)\s/i;

// "A blog post about how to thank your customers": a piece about the purpose, not a message for it.
const aboutIt = /\b(?:about|how|why|ways?|tips?|guide|article|blog|essay)\b/i;

/**
 * The message's purpose and what it says, when an ask for a message gives one (see the readers
 * above). `whole`: the ask with the statements `sentence` had taken out ("..., they should meet
 * about the rebrand"), for the purposes that say them.
 */
export function purposeOf(sentence: string, whole = sentence): Purpose | undefined {
  if (!message.test(sentence) && !messageAsk.test(sentence)) return undefined;
  // "intro email connecting sarah (our new designer) with tom from marketing": the two, and why they should talk.
  const introduced = /\b(?:e-?mail|note|message)\b/i.test(sentence) ? introductionOf(whole) : undefined;
  if (introduced) return { ...introduced, reply: true };
  const isPublic = /\b(?:posts?|tweets?|threads?|linkedin|instagram|facebook|announcement)\b/i.test(sentence);
  for (const [pattern, read] of readers) {
    const match = pattern.exec(sentence);
    if (!match || aboutIt.test(sentence.slice(0, match.index))) continue;
    // "inviting our members to the barbecue: bring a dish": what follows a colon is material, not the purpose.
    const whole = clause(match.groups!.what!.split(/:\s/)[0]!);
    // "for friday's offsite, food was great, everyone loved the tacos": what the thanks are for, then what the ask says of it.
    const [head = whole, ...after] = whole.split(/,\s+/);
    // "..., down 2 hours, fixed now": what an incident's ask types as fragments is said as sentences too (stateFragments.ts).
    const said = after.length > 0 && after.every((part) => isClause(part) || stateSentence(part) !== undefined) ? remarks(after) : [];
    const what = said.length > 0 ? head : whole;
    if (what.split(/\s+/).length < 2) continue;
    const who = match.groups!.who ?? match.groups!.guests;
    const reading = (text: string) => read({ what: text, ...(who ? { who } : {}), public: isPublic, personal: /\b(?:my|I|I['’](?:m|ll|ve|d))\b/.test(sentence) }, match);
    const first = reading(what);
    // An answer says all it was given, in its own sentences (answerSentences).
    const read1 = first?.reply && what !== whole ? reading(whole) : first;
    if (!read1) continue;
    const purpose = said.length > 0 && !read1.reply ? { ...read1, sentences: [...read1.sentences.map((line) => calendarCase(datedDays(line))), ...said] } : read1;
    const audience = purpose.audience ?? named(who) ?? named(addressees.exec(sentence)?.groups?.to);
    // "to sam": one person, by the name the lexicon knows, with its capital ("Hi Sam,").
    return audience ? { ...purpose, audience: isKnownName(audience) ? `${audience.charAt(0).toUpperCase()}${audience.slice(1)}` : audience } : purpose;
  }
  return undefined;
}

// "food was great", "photos came out beautiful": a thing typed without its article; "everyone loved it" needs none.
const noArticle = /^(?:everyone|everybody|everything|it|we|they|he|she|you|i|this|that|there|all|both|people|nothing|someone|something|us|me)$/i;

/** "food was great" -> "the food was great": a thing typed without its article gets it back (a name or "everyone" needs none). */
export function withArticle(text: string): string {
  const subject = clauseSubject(text);
  return subject && /^\p{Ll}[\p{L}-]*$/u.test(subject) && !noArticle.test(subject) && !isKnownName(subject) ? `the ${text}` : text;
}

/** "food was great", "everyone loved the tacos" -> "The food was great, and everyone loved the tacos." */
function remarks(clauses: string[]): string[] {
  const sentences = clauses.map((text) => stateSentence(text) ?? withArticle(calendarCase(datedDays(text.trim().replace(/[.!]+$/, '')))));
  // "..., and it is fixed now": the second sentence's own opening word is no name.
  const joined = sentences.length === 2 ? [`${sentences[0]}, and ${sentences[1]!.replace(/^(?:It|Everything|We)\b/, (word) => word.toLowerCase())}`] : sentences;
  return joined.map((text) => `${upper(text)}.`);
}
