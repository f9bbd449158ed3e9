import type { DeliverableData, Section, StepData } from '../../../../schemas/deliverables/index.js';
import { startsWithVerb, verbBase, verbInflection } from '../../text/grammar.js';
import { withArticle } from '../purpose.js';
import { pick } from '../../text/seed.js';
import { calendarCase, capitalize, literal, secondPerson, titleCase } from '../../text/phrases.js';
import { byWeight, forReaders, said, sentenceStart, statement, titled, type DocumentContext } from '../context.js';
import { isPositive, isRisk } from '../cues.js';
import type { Item } from '../material.js';
import { readFaq } from '../faq.js';
import { benefitTitle, notesSubject, notesTitle } from '../headline.js';
import { apologyFor, questionsLine, signature } from './replies.js';
import { eventIn, proseLines } from '../prose.js';
import { awayNotice } from '../outOfOffice.js';
import { splitSplices } from '../../text/clauses.js';
import { newHires } from '../outline.js';
import { awayReply } from './awayReply.js';
import { bio } from './bio.js';
import { coverLetter } from './coverLetter.js';
import { followUpEmail } from './followUp.js';
import { coldEmail } from './coldEmail.js';
import { coldEmailOf } from '../coldEmail.js';
import { introductionNotes } from './introductionNotes.js';
import { priceChangeEmail } from './priceChange.js';
import { invoiceReminder } from './invoiceReminder.js';
import { overdueInvoiceOf } from '../overdueInvoice.js';
import { companyGreeting } from './replies.js';
import { jobAd } from './jobAd.js';
import { faqFromFacts } from './faqFacts.js';
import { pressRelease } from './pressRelease.js';
import { productDescription } from './productDescription.js';
import { newsItems, sameWords } from './news.js';
import { recipientOf } from '../recipient.js';
import { newsIntro } from './newsIntro.js';

/** The writer crew's deliverables: each piece's structure, filled with the material's own sentences. */

const command = /`([^`]+)`|(?:^|\s)((?:\$\s*)?(?:npm|npx|pnpm|yarn|pip|pipx|brew|apt(?:-get)?|docker|git|curl|go|cargo|make|kubectl|helm)\s+[^\s.,;][^,;]*?)(?=[.,;]?\s*$|\s+(?:to|and|then)\s)/;
const procedural = /^(?:run|install|open|add|set|create|copy|paste|download|configure|start|stop|restart|enable|click|go to|choose|select|put|place|mix|fill|cover|layer|stir|turn|keep|wait|check|remove|drain|chop|store|use)\b/i;
/** An instruction: a known step verb, or any verb in its base form opening the sentence ("Compare digests ..."). */
function isStep(text: string): boolean {
  const first = /^[A-Za-z]+/.exec(text)?.[0] ?? '';
  return procedural.test(text) || (/^[A-Z][a-z]+$/.test(first) && verbBase(first) === first.toLowerCase() && startsWithVerb(text));
}
const needs = /\b(?:requires?|you(?:'ll| will)? need|needs?|prerequisites?|before you (?:start|begin)|works with|supported on|node\s*(?:>=|\d)|python\s*\d|postgres(?:ql)?\s*\d|version\s*\d)\b/i;

function stepOf(item: Item): StepData {
  const found = command.exec(item.text);
  const cmd = found ? (found[1] ?? found[2] ?? '').replace(/^\$\s*/, '').trim() : null;
  return { instruction: item.text.replace(/[.]$/, ''), detail: item.cite ?? null, command: cmd || null };
}

/** Sections from the material's own headings, else by what the sentences do. */
function sectionsOf(ctx: DocumentContext, items: Item[]): Section[] {
  const labelled = new Map<string, string[]>();
  for (const item of items) if (item.section) labelled.set(item.section, [...(labelled.get(item.section) ?? []), statement(ctx, item)]);
  if (labelled.size >= 2) return [...labelled].map(([heading, body]) => ({ heading: titled(heading), body }));
  const groups: Array<[string[], (item: Item) => boolean]> = [
    [['What changed', 'What is new', 'The news', 'What happened'], (item) => /\d/.test(item.text) || isPositive(item.text)],
    [['What to watch for', 'What gets in the way', 'The hard part', 'Where it goes wrong'], (item) => isRisk(item.text)],
    [['What to do next', 'Putting it to work', 'How to start', 'Next steps'], (item) => procedural.test(item.text) || /\b(?:try|start|book|sign up|join|visit|call|order)\b/i.test(item.text)],
  ];
  const used = new Set<Item>();
  const sections: Section[] = [];
  groups.forEach(([headings, test], index) => {
    const members = items.filter((item) => !used.has(item) && test(item));
    members.forEach((item) => used.add(item));
    if (members.length > 0) sections.push({ heading: pick(headings, ctx.seed, index), body: members.map((item) => statement(ctx, item)) });
  });
  const rest = items.filter((item) => !used.has(item));
  if (rest.length > 0) sections.splice(Math.min(1, sections.length), 0, { heading: pick(['The details', 'Background', 'How it works', 'What we know'], ctx.seed, 'rest'), body: rest.map((item) => statement(ctx, item)) });
  return sections;
}

export function blogPost(ctx: DocumentContext): DeliverableData['blog_post'] {
  if (ctx.recognised.jobAd) return jobAd(ctx);
  if (ctx.recognised.pressRelease) return pressRelease(ctx);
  if (ctx.recognised.bio) return bio(ctx);
  // "Write a blog post: 5 tips for ...": the subject after the colon is the title, not the opening line.
  const same = (text: string) => text.replace(/[.!?]+$/, '').trim().toLowerCase() === ctx.recognised.subject.trim().toLowerCase();
  const items = byWeight(forReaders(ctx)).filter((item) => !same(item.text));
  const [lead, ...rest] = items;
  const title = (ctx.recognised.generic || notesSubject.test(ctx.recognised.subject.trim())) && ctx.material.items[0] ? notesTitle(ctx.material.items[0].text) : ctx.recognised.audience ? `${titled(ctx.recognised.subject)} for ${ctx.recognised.audience}` : titled(ctx.recognised.subject);
  const cta = rest.find((item) => /\b(?:sign up|book|order|try|join|visit|download|register|subscribe)\b/i.test(item.text));
  const asked = ctx.form.callToAction ? `Questions about ${ctx.recognised.subject}? Reply to this message and we will answer.` : null;
  return { title, lede: lead ? statement(ctx, lead) : '', sections: sectionsOf(ctx, rest.filter((item) => item !== cta)), call_to_action: cta ? statement(ctx, cta) : asked };
}

// "intro", "the intro for", "opening paragraph of the", "editor's note for our": the part of the newsletter asked for, before what it is about.
const introPart = /^(?:(?:an?|the)\s+)?(?:intro(?:duction)?|opening(?:\s+(?:note|paragraph|letter|lines?))?|editor['’]?s\s+(?:note|letter)|welcome\s+(?:note|message))(?:\s+(?:for|to|of|on)(?:\s+(?:the|our|my))?)?(?:\s+|$)/i;

export function newsletter(ctx: DocumentContext): DeliverableData['newsletter'] {
  const post = blogPost(ctx);
  // A newsletter about a stretch of time ("this month", "March") is that time's news.
  // "newsletter intro for october", "the opening note of our March newsletter": the part asked for is not what the newsletter is about.
  const part = introPart.exec(ctx.recognised.subject.trim());
  const subject = part ? ctx.recognised.subject.trim().slice(part[0].length).replace(/['’]s$/, '') : ctx.recognised.subject.trim();
  const when = /^(?:(?:this|last|next)\s+(?:week|month|quarter|season|year)|(?:january|february|march|april|may|june|july|august|september|october|november|december|spring|summer|autumn|fall|winter|q[1-4])(?:\s+\d{4})?)$/i.exec(subject);
  // "Weekly team newsletter", "parish newsletter": a subject named before the word is the newsletter's name.
  const named = new RegExp(`\\b${literal(ctx.recognised.subject)}\\s+newsletter\\b`, 'i').exec(ctx.brief);
  // "October newsletter", "Q3 2025 newsletter"; a stretch of time said relatively reads "What's new this month".
  const dated = (period: string) => (/^(?:this|last|next)\s/i.test(period) ? `What's new ${period.toLowerCase()}` : `${titleCase(period).replace(/^q(?=\d)/i, 'Q')} newsletter`);
  // "newsletter intro": the intro asked for over notes of news is one paragraph of that news, under the issue's title (build/newsIntro.ts).
  if (part && !ctx.material.bare) return { title: when ? dated(when[0]) : subject ? titled(subject) : "What's new", intro: newsIntro(ctx, post.call_to_action), items: [], call_to_action: post.call_to_action };
  const title = when ? dated(when[0]) : named ? titled(named[0]) : subject !== ctx.recognised.subject.trim() ? titled(subject) : post.title;
  const listed = newsItems(ctx, post.call_to_action);
  // A title taken from the first piece of news would head it twice: the newsletter is then named for its readers.
  const own = listed && sameWords(title, listed[0]!.heading) ? (ctx.recognised.audience ? `News for ${/^(?:the|our|all|new|existing)\s/i.test(ctx.recognised.audience) ? '' : 'the '}${ctx.recognised.audience}` : 'News') : title;
  if (listed) return { title: own, intro: '', items: listed, call_to_action: post.call_to_action };
  return { title, intro: post.lede, items: post.sections, call_to_action: post.call_to_action };
}


export { socialPosts } from './socialPosts.js';

/** An FAQ page: each question a section with its answer, what comes before the first question its introduction. */
function faqPage(ctx: DocumentContext): DeliverableData['documentation_page'] | undefined {
  const { intro, pairs } = readFaq(ctx.material.sources, true);
  if (pairs.length === 0) {
    // Notes that state the facts and ask nothing ("30 days for a full refund"): the questions are the reader's.
    const asked = ctx.material.bare ? [] : faqFromFacts(forReaders(ctx).map((item) => item.text));
    if (asked.length === 0) return undefined;
    return { title: faqTitle(ctx), summary: '', prerequisites: [], steps: [], sections: asked.map((pair) => ({ heading: pair.question, body: pair.answer })) };
  }
  return {
    title: faqTitle(ctx),
    // "People keep asking the same stuff, so here goes:" is said to the writer, not to the page's readers.
    summary: intro.filter((line) => !toTheWriter.test(line)).join(' '),
    prerequisites: [],
    steps: [],
    sections: pairs.map((pair) => ({ heading: pair.question, body: pair.answer.length > 0 ? pair.answer : [unanswered] })),
  };
}

/** What an FAQ section says when the notes ask a question without answering it (never an invented answer). */
export const unanswered = '_The notes give no answer to this question yet._';

export function documentationPage(ctx: DocumentContext): DeliverableData['documentation_page'] {
  const faq = ctx.recognised.faq ? faqPage(ctx) : undefined;
  if (faq) return faq;
  const page = prosePage(ctx);
  // An FAQ asked of notes that hold no question is still titled as the FAQ it was asked to be.
  return ctx.recognised.faq ? { ...page, title: faqTitle(ctx) } : page;
}

function faqTitle(ctx: DocumentContext): string {
  return ctx.recognised.generic ? 'Frequently asked questions' : `${titled(ctx.recognised.subject)}: frequently asked questions`;
}

const toTheWriter = /\b(?:here goes|here (?:they|it) (?:is|are)|below|these notes|the notes|the following|keep(?:s)? asking|can you|could you|please (?:turn|make|write|use))\b|:$/i;

function prosePage(ctx: DocumentContext): DeliverableData['documentation_page'] {
  const items = forReaders(ctx);
  const prerequisites = items.filter((item) => needs.test(item.text));
  const steps = items.filter((item) => !prerequisites.includes(item) && (isStep(item.text) || command.test(item.text)));
  const rest = items.filter((item) => !prerequisites.includes(item) && !steps.includes(item));
  const trouble = rest.filter((item) => isRisk(item.text) || /\bif you see\b|\bE[A-Z]{4,}\b|\bfails?\b|\bwarning\b/.test(item.text));
  const about = rest.filter((item) => !trouble.includes(item));
  const install = /\binstall|set ?up|setup\b/i.test(ctx.brief);
  return {
    title: install ? `Install ${ctx.recognised.subject}` : titled(ctx.recognised.subject),
    summary: about[0] ? said(about[0]) : install ? `This page shows how to install and start ${ctx.recognised.subject}.` : '',
    prerequisites: prerequisites.map(said),
    steps: steps.map(stepOf),
    sections: [...(about.length > 1 ? [{ heading: 'Notes', body: about.slice(1).map(said) }] : []), ...(trouble.length > 0 ? [{ heading: 'Troubleshooting', body: trouble.map(said) }] : [])],
  };
}

/** "composting in small apartments" -> "How to compost in small apartments". */
export function howToTitle(subject: string): string {
  const [first = '', ...rest] = subject.split(/\s+/);
  const base = /ing$/i.test(first) ? verbBase(first) : undefined;
  if (base) return `How to ${[base, ...rest].join(' ')}`;
  if (/^how to\b/i.test(subject)) return titled(subject);
  return `${titled(subject)}: a step-by-step guide`;
}

export function howTo(ctx: DocumentContext): DeliverableData['how_to'] {
  const items = forReaders(ctx);
  const youNeed = items.filter((item) => needs.test(item.text) || /\b(?:a|an)\s+(?:bin|bowl|jar|container|bucket|account|key|tool)\b/i.test(item.text) && !procedural.test(item.text));
  // A numbered line is a step as its author ordered it, whatever verb it starts with ("Scan the QR code").
  const steps = items.filter((item) => !youNeed.includes(item) && (item.numbered === true || isStep(item.text)));
  const rest = items.filter((item) => !youNeed.includes(item) && !steps.includes(item));
  return { title: howToTitle(ctx.recognised.subject), summary: rest[0] ? said(rest[0]) : '', you_need: youNeed.map(said), steps: steps.map(stepOf), tips: rest.slice(1).map(said) };
}

// Notes to the writer say what to do; the reply says it is done: "Offer a 15% discount" -> "We can offer a 15% discount".
const toReply: Array<[RegExp, string]> = [
  [/^offer\b/i, 'We can offer'],
  [/^apologi[sz]e\b/i, 'We apologise'],
  [/^refund\b/i, 'We will refund'],
  [/^send\b/i, 'We will send'],
  [/^promise\b/i, 'We promise'],
  [/^confirm\b/i, 'We confirm'],
  [/^tell (?:her|him|them)\b/i, 'We can tell you'],
];

function asReply(text: string): string {
  for (const [pattern, words] of toReply) if (pattern.test(text)) return text.replace(pattern, words);
  return text.replace(/\b(?:ETA)\b/, 'expected arrival').replace(/^the\b/, 'The');
}


// "From Jan 1: ...", "From Monday": a date after "From", not the sender's name.
const dateWord = /^(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)$|^(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?$/i;

// "..., from Maria", "... signed Dana Lee", "... - from the Acme team": who signs the message the brief asks for.
const signedBy = /,?\s+(?:from|signed(?:\s+by)?|sign(?:ed)?\s+it\s+from)\s+((?:the\s+)?\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)?(?:\s+team)?)\s*[.!]?$/u;

// "questions to Maria", "any questions, ask Dana", "reach out to Sam with questions": where a reader's questions go.
const questionsGo = /^(?:[Aa]ny\s+)?[Qq]uestions?\b[\s,:]+(?:to|for|go to|->|ask|with)\b|^(?:[Aa]ny\s+)?[Qq]uestions?\??\s*[:\-–]\s*\S+@\S+\.\w+|^(?:[Pp]lease\s+)?(?:[Aa]sk|[Cc]ontact|[Rr]each out to|[Gg]et in touch with|[Pp]ing|[Tt]alk to)\s+\p{Lu}/u;

export function email(ctx: DocumentContext): DeliverableData['email'] {
  if (ctx.recognised.coverLetter) return coverLetter(ctx);
  if (ctx.recognised.followUp) return followUpEmail(ctx, ctx.recognised.followUp);
  // "cold email to acme's head of ops about our scheduling tool, saves 5 hours a week": the ask is the whole email (build/coldEmail.ts).
  const cold = coldEmailOf(ctx.brief);
  if (cold) return coldEmail(cold);
  // A price change the ask states is said in one sentence, to the customers it concerns, whatever else the notes hold.
  if (ctx.recognised.priceChange && ctx.material.items.every((item) => item.origin === 'brief')) return priceChangeEmail(ctx.recognised.priceChange, greetingFor(ctx.recognised.audience));
  if (awayNotice.test(ctx.brief) && !ctx.material.bare) return awayReply(ctx);
  // "email to acme, invoice #1042 for $3,200 is 30 days overdue": the ask and the notes say which invoice; the notes are read for it, not pasted.
  const bill = ctx.recognised.overdueInvoice && overdueInvoiceOf(ctx.brief, ctx.material.sources);
  if (bill) return invoiceReminder(bill, companyGreeting(bill.to ?? ctx.recognised.audience) ?? greetingFor(ctx.recognised.audience));
  // "client is Acme, contact jen": whom the email goes to, a note to the writer, never a line of it.
  const recipient = recipientOf(ctx.material.items);
  const all = ctx.material.items.filter((item) => item !== recipient?.item);
  const internal = all.filter((item) => item.section && /internal|private|writer|author|staff/.test(item.section));
  const incoming = all.filter((item) => !internal.includes(item));
  // The sender: the "From:" line of the message (its speaker), or a name it signs or greets with.
  const sender = incoming.map((item) => item.speaker?.split(/\s+/)[0] ?? /^(?:[Ff]rom|[Hh]i|[Hh]ello|[Dd]ear)\s*[:,]?\s*([A-Z][\p{L}'’-]+)/u.exec(item.text)?.[1]).find((name) => name && !/^(?:Our|We|The|I)$/.test(name) && !dateWord.test(name))
    // "... please fix it asap. - Karen", "Thanks, Karen": the name the message answered signs with.
    ?? (ctx.recognised.reply ? signature.exec(ctx.material.sources.trim())?.[1] : undefined);
  const references = [...new Set(incoming.flatMap((item) => item.text.match(/\b(?:order|invoice|ticket|case|booking|shipment)\s+#?[A-Z0-9-]*\d[A-Z0-9-]*/gi) ?? []))];
  // "confirm" asks only as an order ("confirm by Friday"); "We are writing to confirm the kickoff" is the news itself.
  // "call us", "call me back" ask; "we will add a weekly call" tells.
  const asking = (text: string) => /\b(?:please|let us know|reply|rsvp|book|call\s+(?:us|me)\b|click|visit|sign up|register)\b|^(?:confirm|call)\b/i.test(text) && !/\?$/.test(text);
  const ask = incoming.find((item) => asking(item.text));
  // "team offsite march 12, lisbon, rsvp by feb 20": the ask closes the email ("Please RSVP by February 20."), what came before it on its line stays in the body.
  const askParts = ask ? proseLines([said(ask)]) : [];
  const askLine = askParts.findLast(asking) ?? askParts.at(-1);
  const askRest = askParts.filter((line) => line !== askLine);
  // An email speaks to the people it goes to: "the end of their trial" is "the end of your trial".
  // ... but "existing customers keep their price" keeps the pronoun of its own subject.
  const readers = ctx.recognised.audience?.split(/\s+/).at(-1);
  const ownSubject = readers ? new RegExp(`\\b${literal(readers)}\\b[^.;,]*\\b(?:their|they|them)\\b`, 'i') : undefined;
  const addressed = ctx.recognised.audience && internal.length === 0 ? (text: string) => (ownSubject?.test(text) ? text : secondPerson(text)) : (text: string) => text;
  // A reply answers with the notes' facts; without notes, the material is the message itself.
  // An answer the brief dictates ("reply saying yes we can do the 14th") is the whole body; the message answered is not repeated.
  const introduced = ctx.recognised.introduced && ctx.recognised.reply ? introductionNotes(ctx, ctx.recognised.introduced) : [];
  // An introduction says what the notes say of each person after its opening line.
  const dictated = ctx.recognised.reply && ctx.recognised.apologise ? [apologyFor(incoming), ...ctx.recognised.reply] : introduced.length > 0 ? withNotes(ctx.recognised.reply!, introduced) : ctx.recognised.reply;
  // "reply to this customer: "my order arrived damaged"" with notes: the brief quoted the message, the notes are the answer.
  const quoted = dictated && /\b(?:reply|respond|answer|write\s+back)\s+to\b[^"“]*["“][^"”]{8,}["”]\s*$/i.test(ctx.brief.trim()) && incoming.length > 0;
  const answer = quoted ? [...dictated, ...incoming.filter((item) => !dictated.includes(item.text) && !ctx.brief.toLowerCase().includes(item.text.replace(/[.!]$/, '').toLowerCase())).map((item) => sentenceOfReply(item.text))] : dictated;
  const thanks = /^thank you$/i.test(ctx.recognised.subject.trim()) && !answer;
  const body = answer ? answer : internal.length > 0
    ? [...(references.length > 0 ? [`Thank you for your message about ${references.join(', ')}.`] : []), ...internal.map((item) => sentenceOfReply(item.text))]
    : labelledLines(incoming.filter((item) => !/^(?:from|to|subject|sent|date)\s*:/i.test(item.text)).flatMap((item) => (item !== ask ? [item] : askRest.length > 0 ? [{ ...item, text: askRest.join(' ') }] : []))).map(addressed).map((line) => (thanks ? thankedLine(line) : line));
  // "questions to maria", "ask Dana if anything is unclear": the notes say where questions go, so
  // that line closes the email as its call to action (a stock "reply to this email" would contradict it).
  const directs = ask || answer || internal.length > 0 ? undefined : body.find((line) => !line.includes('\n') && questionsGo.test(line));
  if (directs) body.splice(body.indexOf(directs), 1);
  // "email to the team: office closed Friday ...": without a subject of its own, the first line says what it is about.
  const first = ctx.recognised.generic && !answer ? body.find((line) => !line.includes('\n')) : undefined;
  // "Subject: Workshop dates" in the message answered: the answer's subject is "Re: Workshop dates".
  const answered = answer ? /^subject\s*:\s*(.+)$/im.exec(all.map((item) => item.text).join('\n'))?.[1]?.trim() : undefined;
  // "email to customers about the new hours, from Maria": Maria signs it; she is not the subject.
  // "from Monday", "from March": a date, not a sender.
  const signed = signedBy.exec(ctx.brief.trim().split('\n')[0]!)?.[1];
  const signer = signed && !dateWord.test(signed.replace(/^the\s+/i, '')) ? signed : undefined;
  const subject = answered ? `Re: ${answered.replace(/^re:\s*/i, '')}` : answer && references.length > 0 ? `Re: your ${references[0]!.charAt(0).toLowerCase()}${references[0]!.slice(1)}` : first ? first.replace(/[.!?]+$/, '') : addressed(signer ? ctx.recognised.subject.replace(signedBy, '') : ctx.recognised.subject);
  // "about the end of your trial": a noun of a part takes its article back inside a sentence.
  const inSentence = /^(?:end|start|beginning|launch|close|future|state|cost|price|results?) of\b/i.test(subject) || /^[a-z][\w\s-]*\b(?:update|launch|news|release|event|move|delay|outage|migration|policy|prices?|plan|schedule|changes?|hours|times|rules|process|dates|terms)$/.test(subject) || /^(?:kitchen|office|parking|car park|gym|building|canteen|website|app|wifi|network|server|printer|fire drill|holiday party|offsite|all-hands|budget|survey|deadline|schedule|roadmap|rollout|handover|audit|inspection|renovation|refund|invoice|order|delivery)$/i.test(subject) ? `the ${subject}` : subject;
  // "email about the price increase from 9 to 12 dollars/month starting june 1": the news the subject carries is said in the body too.
  const figures = ctx.recognised.subject.match(/\d[\d.,:/]*/g) ?? [];
  const untold = !answer && !ctx.recognised.stated && figures.length > 0 && !figures.every((figure) => body.some((line) => line.includes(figure)));
  // "welcome email for new users of our budgeting app": its subject welcomes them to it.
  const welcome = /\bwelcome\s+(?:e-?mail|message|note|letter)\b/i.test(ctx.brief) && !/^welcome\b/i.test(subject) ? newHires.test(subject) ? 'Welcome to the team' : `Welcome to ${subject.replace(/^(?:the\s+)?(?:new\s+)?(?:users?|customers?|members?|clients?)\s+of\s+/i, '')}` : undefined;
  // "thank you note to our beta users": a note that is only thanks says so, to whom, and first.

  const thanked = thanks && ctx.recognised.audience ? `A thank you to our ${ctx.recognised.audience.replace(/^(?:our|the|all)\s+/i, '')}` : undefined;
  // "apology email to customers, app was down 2 hours, fixed now": an apology with no "for" says sorry before its facts.
  const sorry = /^apology$/i.test(ctx.recognised.subject.trim()) && !answer;
  const opening = thanks && !body.some((line) => /\bthank/i.test(line)) ? ['We want to say thank you.'] : sorry && !body.some((line) => /\b(?:sorry|apologi[sz]e)/i.test(line)) ? ['We are sorry.'] : [];
  // "offsite invite" over "team offsite march 12, lisbon, ...": the invitation names the event, its day and place.
  const event = /\binvit(?:e|es|ation)\b/i.test(ctx.brief) && !answer ? incoming.map((item) => eventIn(item.text)).find(Boolean) : undefined;
  const invited = event ? `Invitation: ${capitalize(event.thing)} on ${event.day}${event.place ? ` in ${event.place}` : ''}` : undefined;
  return {
    // "Prices go up 10% on Jan 1, existing customers keep their price ...": the subject is the first statement.
    subject: invited ?? thanked ?? (sorry ? 'Our apologies' : welcome ? welcome : references.length > 0 && !/^Re: your /.test(subject) ? `${titled(subject)} (${references.join(', ')})` : titled(calendarCase(splitSplices(subject)[0]!.replace(/\.$/, '')))),
    greeting: sender ? `Hi ${sender},` : recipient?.name ? `Hi ${recipient.name},` : greetingFor(ctx.recognised.audience),
    body: [...opening, ...(untold ? [`We are writing to you about ${/^(?:the|a|an|our|your|my|this|these|\p{Lu})/u.test(inSentence) ? inSentence : `the ${inSentence}`}.`] : []), ...(answer ? withCounts(body) : proseLines(withCounts(body))).map((line) => sentenceStart(line))],
    call_to_action: directs ? said({ text: questionsLine(directs), origin: 'context' }) : ask && internal.length === 0 && !answer ? sentenceStart(askLine!) : ctx.recognised.callToAction ?? (thanks ? 'Thank you again.' : ctx.recognised.stated || first || untold || thanks || sorry || told(subject, body) ? 'Reply to this email with any question.' : `Reply to this email with any question about ${inSentence}.`),
    sign_off: signer ? `Kind regards,\n${signer}` : 'Kind regards,',
  };
}

/** A thank-you note's notes said to those thanked: "served 120 people on time" -> "You served 120 people on time."; "food was amazing" -> "The food was amazing.". */
function thankedLine(line: string): string {
  const first = /^\p{L}+/u.exec(line)?.[0] ?? '';
  // "set up 40 tables": a verb whose past is its base form reads as what they did in a thank-you's notes.
  if (/^\p{Ll}/u.test(line) && (verbInflection(first)?.form === 'past' || /^(?:set|put|cut|shut|ran|built|made|kept|brought|took|gave)$/.test(first))) return `You ${line}`;
  return withArticle(line);
}

/** The introduction's lines with the notes about the two people before why they should talk ("You should ..."). */
function withNotes(lines: string[], notes: string[]): string[] {
  const reason = lines.findIndex((line) => /^You should\b/.test(line));
  const at = reason >= 0 ? reason : lines.length;
  return [...lines.slice(0, at), ...notes, ...lines.slice(at)];
}

/** "app down saturday 2-4am" over "The app is down Saturday 2-4am.": the subject repeats a fact of the body, so questions are not "about" it. */
function told(subject: string, body: string[]): boolean {
  const words = (text: string) => text.toLowerCase().match(/[\p{L}\d][\p{L}\d'’-]*/gu) ?? [];
  const said = new Set(body.flatMap(words));
  const own = words(subject);
  return own.length >= 3 && own.every((word) => said.has(word));
}

// "212 testers", "480 bug reports": a count and what it counts, a fragment of the line it was typed on.
const countOnly = /^[$€£]?\d[\d,.]*[kKmM%]?\s+[\p{L}-]+(?:\s+[\p{L}-]+)?[.]?$/u;

/** "Beta ran 6 weeks, 212 testers, 480 bug reports.": counts typed after a statement stay in its sentence, not "212 testers." alone. */
function withCounts(lines: string[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const previous = out.at(-1);
    if (previous !== undefined && countOnly.test(line.trim()) && !previous.includes('\n')) out[out.length - 1] = `${previous.replace(/[.]$/, '')}, ${line.trim().replace(/[.]$/, '')}.`;
    else out.push(line);
  }
  return out;
}

/**
 * A message's lines: what the brief labelled keeps its label ("New: recurring invoices."), and a
 * label over several parts heads them as a list ("New:" then "- Recurring invoices" ...).
 */
function labelledLines(items: Item[]): string[] {
  const lines: string[] = [];
  // The brief's labels, and a note's label over its own line ("agenda: scope, timeline, who owns what"); never a pasted document's headings.
  const label = (item: Item) => (item.section && (item.origin === 'brief' || item.labelled) && item.section.split(/\s+/).length <= 3 ? item.section : undefined);
  for (let index = 0; index < items.length; index += 1) {
    const item = items[index]!;
    const name = label(item);
    // "reason: ..." keeps its label inside the line already (listParts' `explains`).
    if (!name || said(item).toLowerCase().startsWith(`${name.toLowerCase()}:`)) {
      lines.push(said(item));
      continue;
    }
    const group = [item];
    while (index + 1 < items.length && label(items[index + 1]!) === name) group.push(items[(index += 1)]!);
    const heading = `${name.charAt(0).toUpperCase()}${name.slice(1)}:`;
    const text = said(item);
    lines.push(group.length === 1 ? `${heading} ${text.charAt(0).toLowerCase()}${text.slice(1)}` : [heading, ...group.map((part) => `- ${said(part).replace(/[.]$/, '')}`)].join('\n'));
  }
  return lines;
}

/** "Dear volunteers," for a group the ask names ("our volunteers"), "Hi team," for a team; else "Hello,". */
function greetingFor(audience: string | undefined): string {
  // "Acme Corp", "Northwind Ltd": a company is greeted as its team.
  const company = /^(.+?)\s+(?:corp|corporation|inc|ltd|llc|plc|gmbh|co|company|group)\.?$/i.exec(audience ?? '')?.[1];
  if (company && /^\p{Lu}/u.test(company)) return `Hi ${company} team,`;
  // "Sarah and Tom": two people introduced to each other, both by name.
  const pair = /^([A-Z][\p{Ll}'’-]+) and ([A-Z][\p{Ll}'’-]+)$/u.exec(audience ?? '');
  if (pair) return `Hi ${pair[1]} and ${pair[2]},`;
  // "my manager Dana": the person by name.
  const person = /(?:^|\s)([A-Z][\p{Ll}'’-]+)$/u.exec(audience ?? '')?.[1];
  if (person && audience!.split(/\s+/).length <= 3) return `Hi ${person},`;
  const group = audience?.replace(/^(?:our|the|all|all\s+our|all\s+the|my)\s+/i, '').trim();
  if (!group || group.split(/\s+/).length > 3 || !/s$|^(?:team|staff|crew|everyone|all)$/i.test(group)) return 'Hello,';
  return /^(?:team|crew|everyone)$/i.test(group) ? `Hi ${group.toLowerCase()},` : `Dear ${group},`;
}

function sentenceOfReply(text: string): string {
  const reply = asReply(text.trim());
  return /[.!?]$/.test(reply) ? reply.charAt(0).toUpperCase() + reply.slice(1) : `${reply.charAt(0).toUpperCase()}${reply.slice(1)}.`;
}

export function landingCopy(ctx: DocumentContext): DeliverableData['landing_copy'] {
  if (ctx.recognised.productDescription) return productDescription(ctx);
  const items = byWeight(forReaders(ctx));
  const [sub, ...rest] = items;
  const benefits = rest.filter((item) => !isRisk(item.text)).slice(0, 4).map((item) => ({ title: benefitTitle(item.text), text: said(item) }));
  const proof = rest.filter((item) => /\d|["“]/.test(item.text) && !benefits.some((benefit) => benefit.text === said(item))).map(said);
  const cta = items.find((item) => /\b(?:sign up|book|order|try|join|start|get)\b/i.test(item.text));
  return { headline: titled(ctx.recognised.subject), subheadline: sub ? said(sub) : '', benefits, proof, call_to_action: cta ? said(cta) : `Get started with ${ctx.recognised.subject}` };
}
