import { capitalize } from '../text/phrases.js';
import { listOf, namedBeyondSubject, readBrief, type BriefReading } from '../text/briefReading.js';
import { applyTone, type Tone } from '../text/tone.js';
import { hashtags } from './hashtags.js';
import type { Outline, Research } from './writerResearch.js';

/**
 * A brief with no context, documents or passages: a first draft built from the brief itself. The
 * opening says who the piece is for and what they will get; each section is named after the
 * brief's subject, audience, goal or one of its named terms, says in one concrete sentence what it
 * covers for that audience, and lists the questions it must answer; a closing next step speaks to
 * the reader. Invariants: no sentence asserts a fact, number, name or date beyond the brief (the
 * sentences describe and ask); no sentence repeats; the requested tone shapes the wording (the
 * warm registers speak to "you", with contractions); `length` caps the number of sections, and
 * nothing pads a short brief up to a length (the unmet length is reported instead).
 */
export function bareDraft(found: Research, plan: Outline): string {
  const read = readBrief(found.brief, found.requirements);
  // The subject in full opens the piece; headings and sentences repeat a short handle of it.
  const named = namedWithin(read.subject);
  // A subject naming several things ("rotating API keys in Stripe and GitHub") is handled by its head; each name gets a section.
  const head = named.length > 0 ? /^(.+?)\s+(?:in|with|on|for|using|across|and|via)\s/i.exec(handleOf(read.subject))?.[1] : undefined;
  const reading = { ...read, subject: head && head.split(/\s+/).length >= 2 ? head : handleOf(read.subject), ...(read.audience ? { audience: asWritten(read.audience, found.brief) } : {}) };
  const fullSubject = read.subject;
  const { spec } = found;
  const warm = spec.tone === 'friendly' || spec.tone === 'casual';
  const terms = [...namedBeyondSubject(read), ...named].filter((term) => !within(term, reading.audience ?? ''));
  if (spec.format === 'social_media') return applyTone(socialPost(found, reading, namedBeyondSubject(read), warm), spec.tone);
  const kind = formatNames[spec.format];
  // Short pieces get the core sections only; the named terms fill the room a longer piece has.
  const room = spec.targetWords <= 300 ? 0 : spec.targetWords <= 500 ? 1 : spec.targetWords <= 900 ? 3 : 4;
  const voice = voiceOf(reading, warm);
  const blocks = [`# ${plan.title}`, opening({ ...reading, subject: fullSubject }, kind, warm, spec.tone)];
  const sections: Section[] = [whyItMatters(reading, voice), ...terms.slice(0, room).map((term) => termSection(term, reading, voice))];
  sections.push(gettingStarted(reading, voice));
  if (room >= 1) sections.push(pitfalls(reading, voice));
  for (const section of sections) blocks.push(`## ${section.heading}`, section.covers, section.questions.map((question) => `- ${question}`).join('\n'));
  blocks.push(`## ${nextStepHeadings[spec.tone]}`, nextStep(reading, warm));
  return applyTone(blocks.join('\n\n'), spec.tone);
}

interface Section {
  heading: string;
  /** One sentence: what the section covers, for whom. */
  covers: string;
  questions: string[];
}

/** How the draft names its reader: "you" in the warm registers, the audience otherwise. */
interface Voice {
  warm: boolean;
  /** "engineering teams", or "the reader". */
  who: string;
  /** "you" (warm) or the audience. */
  reader: string;
  /** "your" (warm) or "their". */
  their: string;
}

function voiceOf(reading: BriefReading, warm: boolean): Voice {
  const who = reading.audience ?? 'the reader';
  return { warm, who, reader: warm ? 'you' : who, their: warm ? 'your' : 'their' };
}

function opening(reading: BriefReading, kind: string, warm: boolean, tone: Tone): string {
  const { subject, audience, goal } = reading;
  const sentences: string[] = [];
  if (tone === 'casual') sentences.push(audience ? `Hey ${audience}, this ${kind} is for you.` : `Hey there, this ${kind} is for you.`, `Let's walk through ${subject} and the questions worth answering first.`);
  else if (warm) sentences.push(audience ? `Welcome, ${audience}! This ${kind} is for you.` : `Welcome! This ${kind} is for you.`, `It walks you through ${subject}, and you will come away knowing which questions to answer first.`);
  else sentences.push(`This ${kind} is written for ${audience ?? 'readers new to the subject'}.`, `It sets out ${subject} and the questions ${audience ?? 'a reader'} should answer first.`);
  if (goal) sentences.push(warm ? `The aim is simple: ${goal}.` : `Its goal: ${goal}.`);
  return sentences.join(' ');
}

function whyItMatters(reading: BriefReading, voice: Voice): Section {
  const { subject, audience, goal } = reading;
  return {
    heading: `What ${subject} can change${audience ? ` for ${audience}` : ''}`,
    covers: voice.warm
      ? `Here you will see what ${subject} can change for you, and what it looks like when it works.`
      : `This section explains what ${subject} can change for ${voice.who} and what it looks like when it works.`,
    questions: [`Which problem can ${subject} solve for ${voice.who}?`, goal ? `What has to be true so that ${goal}?` : `How will ${voice.who} know that the work on ${subject} pays off?`],
  };
}

function termSection(term: string, reading: BriefReading, voice: Voice): Section {
  const { subject } = reading;
  return {
    heading: capitalize(term),
    covers: voice.warm ? `This part shows you where ${term} fits in ${subject}, and what it asks of you.` : `This section covers where ${term} fits in ${subject} and what it asks of ${voice.who}.`,
    questions: [`How does ${term} relate to ${subject}?`, `What needs deciding about ${term}, and by whom?`],
  };
}

function gettingStarted(reading: BriefReading, voice: Voice): Section {
  const { subject } = reading;
  return {
    heading: `Getting started with ${subject}`,
    covers: voice.warm ? `This is where you will find the first steps with ${subject}, in the order you are likely to take them.` : `This section lists the first steps for ${voice.who} with ${subject}, in order.`,
    questions: [`What should ${voice.who} do first about ${subject}?`, `Who else needs to be involved, and what do they need from ${voice.reader}?`],
  };
}

function pitfalls(reading: BriefReading, voice: Voice): Section {
  const { subject } = reading;
  return {
    heading: `What to watch out for with ${subject}`,
    covers: voice.warm ? `Here we look at the trade-offs you will want to plan for with ${subject}.` : `This section covers the trade-offs ${voice.who} should plan for with ${subject}.`,
    questions: [`Where can ${subject} go wrong, and how would ${voice.reader} notice?`],
  };
}

function nextStep(reading: BriefReading, warm: boolean): string {
  const { subject, audience } = reading;
  return warm
    ? `Your next step: pick the question about ${subject} that matters most to you, and answer it for ${audience ? 'your own team' : 'yourself'} before you read on.`
    : `As a next step, ${audience ?? 'the reader'} should answer the first question about ${subject} for their own situation before moving on.`;
}

function socialPost(found: Research, reading: BriefReading, terms: string[], warm: boolean): string {
  const who = reading.audience ?? found.spec.audience;
  // The channel is where the post goes, not what it is about.
  terms = terms.filter((term) => !channels.test(term));
  const post = [
    warm ? `${capitalize(reading.subject)}: what do you want to know first?` : `${capitalize(reading.subject)}: what should ${who} know first?`,
    terms.length > 0 ? `${listOf(terms)} ${terms.length === 1 ? 'is' : 'are'} part of it.` : '',
    reading.goal ? `The aim: ${reading.goal}.` : '',
  ].filter(Boolean);
  return [post.join(' '), hashtags(found).join(' ')].join('\n\n');
}

// The closing is a next step for the reader, and its heading says so.
const nextStepHeadings: Record<Tone, string> = { friendly: 'Your next step', casual: "What's next", professional: 'Next steps', technical: 'Next steps' };

const channels = /^(?:linkedin|twitter|facebook|instagram|mastodon|bluesky|threads)$/i;

const formatNames = { blog_post: 'post', social_media: 'post', documentation: 'guide', newsletter: 'newsletter' } as const;

/** "how to verify webhook signatures (HMAC-SHA256 over the raw body)" -> "verifying webhook signatures". */
export function handleOf(subject: string): string {
  const plain = subject.replace(/\s*\([^)]*\)/g, '').replace(/^that\s+/i, '').trim() || subject;
  const howTo = /^how to ([a-z]+)\b(.*)$/i.exec(plain);
  return howTo ? `${gerund(howTo[1]!)}${howTo[2]}` : plain;
}

function gerund(verb: string): string {
  const lower = verb.toLowerCase();
  if (lower.endsWith('ie')) return `${lower.slice(0, -2)}ying`;
  if (lower.endsWith('e') && !lower.endsWith('ee')) return `${lower.slice(0, -1)}ing`;
  return `${lower}ing`;
}

/** The audience with the brief's own capitals ("our API customers", not "our api customers"). */
function asWritten(audience: string, brief: string): string {
  const at = brief.toLowerCase().indexOf(audience.toLowerCase());
  return at >= 0 ? brief.slice(at, at + audience.length) : audience;
}

/**
 * "Kubernetes cost controls with Karpenter and Spot" -> ["Karpenter", "Spot"]: a subject that names
 * several things gets a section for each; one name ("Node.js worker threads") is the subject itself.
 */
function namedWithin(subject: string): string[] {
  const names: string[] = [];
  let run: string[] = [];
  // Consecutive capitalised words are one name ("Northwind Labs").
  for (const raw of [...subject.split(/\s+/).slice(1), '']) {
    const word = raw.replace(/[,;:]+$/, '');
    // Short acronyms ("API" of "API keys") qualify a noun rather than name a thing.
    const named = /^[A-Z][\w.-]+$/.test(word) && !/^[A-Z]{2,4}s?$/.test(word) && !/^(?:And|Or|With|For|The|A|An|In|On|Of)$/.test(word);
    if (named) run.push(word);
    if ((!named || raw !== word) && run.length > 0) {
      names.push(run.join(' '));
      run = [];
    }
  }
  return names.length >= 2 ? [...new Set(names)] : [];
}

function within(term: string, phrase: string): boolean {
  const words = new Set(phrase.toLowerCase().split(/\s+/));
  return term.toLowerCase().split(/\s+/).every((word) => words.has(word));
}
