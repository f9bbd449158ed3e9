import type { Format } from '../../quality/requirements.js';
import { capitalize, isPlural } from './phrases.js';
import type { Tone } from './tone.js';

/**
 * Phrasings the local writer composes with. {f} is a focus phrase, {t} the topic, {a} the
 * audience. They frame and advise; facts only ever come from the client's own sources, so the
 * local model never makes up a number, a name or a quote.
 */
export interface Slots {
  f: string;
  t: string;
  a: string;
}

/**
 * Fills a template. {v:is|are} agrees with {f} and {tv:is|are} with {t}: the first form for a
 * singular subject, the second for a plural one.
 */
export function fill(template: string, slots: Slots): string {
  const text = template
    .replace(/\{(t?v):([^|}]*)\|([^}]*)\}/g, (_, subject: string, one: string, many: string) => (isPlural(subject === 'v' ? slots.f : slots.t) ? many : one))
    .replace(/\{([fta])\}/g, (_, key: keyof Slots) => slots[key]);
  return capitalize(text);
}

export const titles: Record<Format, string[]> = {
  blog_post: ['{t}: A Practical Guide', 'Getting {t} Right', '{t}: What {a} Should Know', 'A Closer Look at {t}', 'Making Sense of {t}'],
  documentation: ['{t}: Guide', 'Working with {t}', '{t} Reference Guide', 'Getting Started with {t}'],
  newsletter: ['This Issue: {t}', 'Notes on {t}', '{t}: This Week', 'What to Know About {t}'],
  social_media: ['{t}'],
};

export const headings = [
  'Why {f} matters',
  'Getting {f} right',
  '{f} in practice',
  'Common pitfalls with {f}',
  'Making {f} work for {a}',
  'A closer look at {f}',
  'Where to start with {f}',
  'Measuring {f}',
];

export const conclusionHeadings: Record<Tone, string> = {
  professional: 'Conclusion',
  technical: 'Summary',
  casual: 'Wrapping up',
  friendly: 'Key takeaways',
};

export const hooks: Record<Tone, string[]> = {
  professional: ['This article examines {t} and what it means in practice for {a}.', '{t} {tv:deserves|deserve} careful attention, and this piece sets out why and how.'],
  technical: ['This document describes {t}: the concepts involved and how to apply them.', 'The following sections break {t} down into its components and the steps to apply them.'],
  casual: ["Let's talk about {t}. What actually works, and what is just noise?", 'Ever wondered what {t} really takes? Let us dig in.'],
  friendly: ['If you have been curious about {t}, you are in the right place!', 'Welcome! Today we are exploring {t} together. Where should you begin?'],
};

export const openers: Record<Tone, string[]> = {
  professional: ['{f} {v:deserves|deserve} a closer look.', 'Consider {f} first.', '{f} {v:shapes|shape} much of what follows.'],
  technical: ['{f} {v:is|are} a core component here.', 'Define {f} precisely before applying it.', 'This section specifies how {f} works in practice.'],
  casual: ['Now for {f}.', 'So, what about {f}?', 'Next up: {f}.'],
  friendly: ['Let us look at {f} together.', 'Here is where {f} comes in.', 'Now, what {v:does|do} {f} look like for you?'],
};

export const elaborations = [
  'It helps to be clear about what {f} {v:means|mean} for {a} before changing anything.',
  'Start by writing down how {f} {v:works|work} today and where {v:it slows|they slow} things down.',
  'A small, well-defined experiment with {f} teaches more than a long debate about it.',
  'Agree on what success with {f} looks like and how you will notice it.',
  'Keep the first version of {f} simple, then refine it with the feedback you get.',
  'With {f}, consistency matters more than perfection.',
  'Share what you learn about {f} so that everyone benefits from it.',
  'Revisit {f} regularly, because what works at the start may need adjusting later.',
  'Ask the people closest to {f} what gets in their way.',
  'Write down the decisions you make about {f}, so nobody has to guess later.',
  'Measure {f} before and after a change, so the results speak for themselves.',
  'Be explicit about who owns {f} and how questions about {v:it|them} get answered.',
  'Good documentation turns {f} from tribal knowledge into a shared habit.',
  'Small improvements to {f} add up when they are repeated every week.',
  'Look for the part of {f} that causes the most friction and address that first.',
  'When {f} {v:competes|compete} with other priorities, decide which matters more right now.',
  'Make {f} visible, for instance with a short checklist or a shared page.',
  'Avoid changing everything about {f} at once, since one change at a time is easier to judge.',
  'Plan a short review of {f} after a few weeks and adjust based on what you see.',
  'The point of {f} is not more process but less friction for {a}.',
  'Clear expectations around {f} prevent many of the misunderstandings that slow work down.',
  'Treat {f} as a shared responsibility rather than a task for one person.',
  'Tools can support {f}, but the habits around them make the difference.',
  'Connect {f} to outcomes that {a} care about, and {v:it gets the attention it deserves|they get the attention they deserve}.',
  'Set a simple rhythm for {f}, such as a weekly check-in, and keep to it.',
  'Early wins with {f} build the momentum for bigger changes.',
  'Collect questions about {f} in one place and answer them once for everyone.',
  'A clear owner, a clear goal and a clear deadline make {f} far easier to manage.',
  'Compare notes on {f} with others who have tried {v:it|them}, because their lessons can save you time.',
  'If {f} {v:feels|feel} complicated, break {v:it|the work} into steps that each take less than a day.',
  'Recurring complaints about {f} point to what needs attention next.',
  'Decide in advance how you will know whether a change to {f} helped.',
];

/** Imperative steps for documentation and examples. */
export const steps = [
  'List how {f} {v:works|work} today',
  'Pick the part of {f} that causes the most friction',
  'Agree on one measurable goal for {f}',
  'Try one small change to {f}',
  'Review the result with everyone involved',
  'Write down what you decided about {f}',
  'Repeat with the next part of {f}',
];

export const questions: Record<Tone, string[]> = {
  professional: ['What would improving {f} change for {a}?'],
  technical: [],
  casual: ['So what {v:does|do} {f} look like in practice?', 'Why bother with {f} at all?'],
  friendly: ['What could {f} do for you?', 'Which part of {f} would help you most?'],
};

export const closings: Record<Tone, string> = {
  professional: 'A practical next step is to choose one of the areas above and review it with the people involved.',
  technical: 'Apply the steps above incrementally and measure the effect of each change.',
  casual: 'Give one of these ideas a try this week and see what changes.',
  friendly: 'Pick one idea, try it, and enjoy the progress!',
};

export const greetings: Record<Tone, string> = {
  professional: 'Welcome to this issue.',
  technical: 'This issue covers the following technical topics.',
  casual: 'Hey there, thanks for opening this one!',
  friendly: 'Hello and welcome, it is great to have you here!',
};
