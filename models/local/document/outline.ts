import type { DeliverableKind } from '../../../schemas/deliverables/index.js';
import { namedBeyondSubject, readBrief } from '../text/briefReading.js';
import { contract } from '../text/contractions.js';
import { pick } from '../text/seed.js';
import type { DocumentContext } from './context.js';
import { factsLine, join } from './render/shared.js';

/**
 * An honest outline of the recognised deliverable when the request carries nothing but the ask:
 * the document's own parts, each saying what the client should add to fill it. No fact, figure
 * or date is made up; the request's requirement values (timeline, version ...) are copied. Each
 * prompt has several wordings picked by the brief's hash, so two outlines of one kind read apart.
 */
type Prompt = [heading: string, wordings: string[]];

const parts: Record<DeliverableKind, Prompt[]> = {
  blog_post: [
    ['Opening', ['Lead with the one thing a reader should take from {s}: a figure, a story or a change seen first-hand.', 'Open with a moment from real work with {s} that {a} will recognise.', 'State the point of the post in two sentences: what {s} can change for {a}.', 'Start from the question {a} ask most about {s}, and answer it straight away.']],
    ['The substance', ['Add the facts known first-hand: numbers, dates, names of tools or places.', 'Give two or three concrete examples, each with what happened and what it cost or saved.', 'List what was measured or observed; the draft keeps every figure exactly as given.', 'Paste the notes here and each point becomes a paragraph in the same words.']],
    ['What to do next', ['Close with one step {a} can take this week.', 'End on the action you want from the reader, and where they can take it.', 'Say what to try first, and how a reader will know it worked.', 'Finish with a link, an offer or a question for the reader to answer.']],
  ],
  social_posts: [
    ['Each network', ['One post per network, kept within its length: give the news in one sentence and the reason to care in a second.', 'Supply the single fact worth sharing about {s}, and the link people should open.', 'Tell us the announcement, the date and the link; each post is cut to its network\u2019s limit.', 'Name the hook (a figure, a first, a date) and the call to action for each network.']],
  ],
  newsletter: [
    ['Lead story', ['Which change about {s} should readers hear first, and from when does it apply?', 'Give the headline item: what is new, for whom, and the date it starts.', 'Put the most useful piece of news at the top, with its date and who to contact.', 'Open with what changes for {a} and what they need to do about it.']],
    ['Other items', ['Add two or three short updates, each with a date or a name.', 'List the smaller news items as notes; each becomes a short paragraph.', 'Paste reminders, dates and shout-outs you want to include.', 'Add anything readers should put in their calendar.']],
    ['Call to action', ['One thing readers should do after reading, with the link or number.', 'Where readers book, reply or read more.', 'The action you want, and by when.', 'How readers reach you with questions.']],
  ],
  documentation_page: [
    ['Before you start', ['List the versions, accounts and access a reader needs before installing {s}.', 'Name supported platforms and minimum versions.', 'What must already be installed or configured, with exact versions.', 'Requirements: runtime, database, permissions.']],
    ['Steps', ['Give the exact commands in order; each becomes a numbered step with a code block.', 'Paste the install and first-run commands as you would type them.', 'Write each step as one action and the command that performs it.', 'Add the commands, config keys and expected output for each step.']],
    ['Check it works', ['How a reader confirms the install: a command and its expected output.', 'The quickest check that {s} runs.', 'What success looks like after the last step.', 'A smoke test the reader can run.']],
    ['Troubleshooting', ['Known errors and their fixes, as error message then cause then fix.', 'Paste the errors people hit most and what solves them.', 'Common failures and how to recover.', 'Where to ask for help, and what to include in a report.']],
  ],
  how_to: [
    ['What you need', ['List the tools, materials and time the reader needs.', 'Everything to have at hand before starting, with sizes or amounts.', 'Materials and costs, as you would buy them.', 'What to gather first, and what can be swapped for something cheaper.']],
    ['Steps', ['Write the steps in order, one action each; they are numbered as given.', 'Describe what you do first, next and last, with amounts and times.', 'Give each step and how long it takes.', 'Add the method you use, step by step, with the mistakes to avoid.']],
    ['Tips', ['Add what you learnt the hard way.', 'Warnings and shortcuts from experience.', 'What to do when something goes wrong.', 'Signs that it is working, and signs that it is not.']],
  ],
  email: [
    ['Body', ['Give the facts the reader needs: what happened, what you are doing about it, and when.', 'Paste the message you are answering and the facts of the case (order number, dates).', 'State the situation, the fix and the timing in three sentences.', 'Add names, dates and amounts the reader will look for.']],
    ['Call to action', ['The one thing you want the reader to do, and by when.', 'How the reader should reply or confirm.', 'The link, phone number or date for the next step.', 'What happens next, and who to contact.']],
  ],
  landing_copy: [
    ['Headline', ['The promise of {s} in under ten words, in the words your customers use.', 'What a visitor gets from {s}, stated as a result.', 'The outcome a customer cares about, with a figure if you have one.', 'One line a visitor should remember.']],
    ['Benefits', ['Three benefits, each with the proof behind it (a figure, a quote, a customer).', 'What changes for the customer, in three short points.', 'The reasons people choose {s}, with evidence.', 'Three results customers have had, with numbers.']],
    ['Call to action', ['The button text and where it leads.', 'The first step a visitor takes: sign up, book or buy.', 'What the visitor does next and what it costs.', 'The offer and the action.']],
  ],
  meeting_summary: [
    ['What to paste', ['Paste the notes or the chat export of {s}; speakers are read from "Name: text" lines and from chat author lines with times.', 'Add the transcript or the notes someone took; decisions, owners and dates come from it word for word.', 'The summary needs what was said: notes, a transcript or a chat log.', 'Share the meeting notes; each decision and action item is taken from them with its owner.']],
    ['Decisions', ['What was decided, and by whom.', 'Each decision in one line.', 'Decisions, with the reason given.', 'What was agreed and what was left open.']],
    ['Action items', ['Who does what, by when.', 'Owner, task and due date for each follow-up.', 'Each action with its owner and date.', 'The follow-ups and who took them.']],
  ],
  status_review: [
    ['Figures', ['Give each measure with its current value, its target and the date: they go into the table as written.', 'Paste the numbers for this period and the targets they are measured against.', 'List the KPIs: now, target, by when.', 'Add current values and goals for each measure of {s}.']],
    ['Highlights and risks', ['What went better than planned, and what is at risk.', 'Wins of the period and the blockers.', 'What moved, what stalled, and why.', 'Good news first, then the risks with owners.']],
  ],
  analysis: [
    ['Material to analyse', ['Paste the backlog export, incident timeline or notes on {s}; findings are read from it.', 'Add the data: tickets with age and type, or the incident log with times.', 'The analysis needs the records themselves: an export, a log or notes.', 'Share counts, ages and categories, or the timeline of events.']],
    ['Findings and causes', ['What stands out, and what caused it.', 'Each finding with its evidence.', 'Patterns in the material and their causes.', 'What the numbers say and why.']],
    ['Recommendations', ['What to do, in order of priority.', 'Numbered recommendations, each with an owner.', 'Actions ranked by impact.', 'Next steps with priorities.']],
  ],
  process_plan: [
    ['Goal', ['What the process for {s} should achieve, with a measure.', 'The outcome and the figure that shows it.', 'Why the process exists and how success is measured.', 'The target the process is held to.']],
    ['Steps', ['The steps as they happen today or should happen, each with an owner.', 'Who does what, in order.', 'Each step, its owner and its hand-off.', 'The sequence of work and the people involved.']],
    ['Risks', ['Where it breaks today.', 'Known failure points.', 'What could go wrong and the fallback.', 'The weak spots in the current way of working.']],
  ],
  retro: [
    ['What went well', ['Paste the sticky notes or the retro board; "went well" items land here.', 'Add what the team wants to keep doing.', 'Wins of the period, in the team\u2019s words.', 'What worked and should stay.']],
    ['What to improve', ['What slowed the team down.', 'Problems raised, in the team\u2019s words.', 'What to stop or change.', 'Frictions and misses.']],
    ['Action items', ['Each improvement with an owner and a date.', 'Who changes what before the next retro.', 'Follow-ups with owners.', 'Concrete actions, one owner each.']],
  ],
  priority_ranking: [
    ['Items to rank', ['List the items to rank, one per line, with anything known about urgency, customers affected or dates.', 'Paste the requests or tickets; each is ranked by dates, impact and the figures given.', 'Add the candidates and what depends on each.', 'Give the list and the deadlines behind it.']],
    ['Criteria', ['How to weigh urgency, revenue, safety and effort.', 'What matters most this time.', 'The rule for breaking ties.', 'Constraints: people, budget, dates.']],
  ],
  prd: [
    ['Problem', ['Who has the problem that {s} solves, how often, and what it costs them today.', 'The pain in the users\u2019 words, with a figure.', 'What goes wrong today and for whom.', 'Evidence of the problem: tickets, quotes, numbers.']],
    ['Users and stories', ['Each kind of user and what they need to do, so stories read "As a ..., I want ..., so that ...".', 'Name the personas and their goals.', 'Who uses it and why.', 'The roles involved and the job each needs done.']],
    ['Requirements and measures', ['What it must do, and the measure of success.', 'Must-haves, nice-to-haves, and the metric.', 'Requirements with acceptance thresholds.', 'Scope, out of scope, and the number that shows success.']],
  ],
  roadmap: [
    ['Phases', ['Name the phases and their dates; without dates the roadmap states none.', 'Give the milestones in order with target dates.', 'What ships first, next and later, and when.', 'The order of the work and the dates you are held to.']],
    ['Dependencies', ['What each phase waits on.', 'Teams, vendors or approvals in the way.', 'Dependencies between phases.', 'What must be true before each phase starts.']],
  ],
  ticket_set: [
    ['Tickets', ['List the pieces of work for {s}, one per line; each becomes a ticket with acceptance criteria.', 'Paste the requirements; each one becomes a ticket.', 'Give the behaviours to build; tickets are cut from them.', 'Add the scope, item by item.']],
    ['Acceptance and estimates', ['For each item, what "done" looks like, and an estimate in the unit you use.', 'Conditions that prove each ticket is done.', 'Checks the reviewer will run, and sizes.', 'Done criteria and estimates.']],
  ],
  release_notes: [
    ['Changes', ['Paste the commit list or merged PR titles for {s}; conventional prefixes (feat, fix) sort them into New, Improved and Fixed.', 'Add the changes since the last release, one per line.', 'Give the merged work: commits, PRs or a changelog draft.', 'List what changed, each with its issue number.']],
    ['Release details', ['Version, date and anything users must do when upgrading.', 'Upgrade steps and breaking changes.', 'The release date and who is affected.', 'Migration notes, if any.']],
  ],
  technical_spec: [
    ['Overview', ['What {s} does and the constraints it must meet (latency, volume, cost).', 'The system as it is and what changes.', 'Scope and non-goals.', 'The problem in engineering terms, with the numbers.']],
    ['Design', ['Components, data and interfaces (endpoints as METHOD /path).', 'How the parts fit: services, storage, queues.', 'The data model and the APIs.', 'Sequence of calls and where state lives.']],
    ['Risks', ['What could fail and how it is detected.', 'Failure modes and rollbacks.', 'Open technical questions.', 'Risks with mitigations.']],
  ],
};

/** An FAQ page's parts (a documentation page of questions and answers). */
const faqParts: Prompt[] = [
  ['Questions', ['List the questions {a} ask most about {s}, one per line; each becomes a heading.', 'Paste the questions people send in, in their own words; each gets a section of its own.', 'Write down what people ask at the desk, on the phone or by email about {s}.', 'Add the questions, one per line, the most asked first.']],
  ['Answers', ['Under each question, the answer as you would give it: prices, times, limits and who to contact.', 'Give each answer with its exact figures and dates; they are kept as written.', 'Answer each question in a sentence or two; nothing is added to your answers.', 'Put the answer below its question ("Q: ... A: ..." works too), with any link or number people need.']],
  ['More help', ['Where readers go when their question is not here: an email address, a phone number or a form.', 'Who answers the questions this page does not.', 'The contact for anything else, and when they reply.', 'How to reach a person, and the hours.']],
];

/** A job ad's parts (a blog post of the role). */
const jobAdParts: Prompt[] = [
  ['About the company', ['Who you are in two sentences: what the company does, how many people, where.', 'The company, its product and the team the new person joins.', 'What the company makes and for whom, and where the team works.', 'A line on the company and one on the team.']],
  ['What you will do', ['What the {s} will work on in the first months, in plain words.', 'The work itself: what they build, own or run, and with whom.', 'Three or four things the {s} does week to week.', 'The problems the {s} will solve.']],
  ['What we are looking for', ['The experience and skills the role needs, and what is a bonus.', 'Must-haves, then nice-to-haves.', 'Years of experience, tools and languages, as you would screen for them.', 'What a strong candidate has done before.']],
  ['What we offer', ['Salary range, working hours, remote or office days, and the benefits.', 'Pay, leave, equipment and flexibility, as figures.', 'What the job pays and the terms: contract, hours, location.', 'The salary band and what comes with the job.']],
  ['How to apply', ['Where to send a CV, to whom, and the closing date.', 'The address or link to apply, and the deadline.', 'How to apply and what happens next.', 'The application steps and the date they close.']],
];

/** A press release's parts (a blog post of the news). */
const pressReleaseParts: Prompt[] = [
  ['The news', ['What happened, who did it, when and where, in one sentence: {s}.', 'The announcement with its date, place and figures.', 'Say what is new, for whom, and from when.', 'The one fact a journalist should print first.']],
  ['Quote', ['A sentence from a named person (name and role) on why it matters.', 'What your CEO or founder would say about it, in their words.', 'One quote, with who said it and their title.', 'A line from a customer or partner, with their name.']],
  ['About the company', ['Two sentences on the company: what it makes, since when, how many customers.', 'The standard paragraph about your company.', 'Founded when, by whom, based where, serving whom.', 'What the company does, with one figure.']],
  ['Press contact', ['Name, email and phone for press questions.', 'Who journalists contact, and how.', 'The media contact.', 'Where to get images and more information.']],
];

/** A cover letter's parts (an email to a hiring manager). */
const coverLetterParts: Prompt[] = [
  ['Why this role', ['Where you saw the {s} and what draws you to it, in a sentence.', 'What you know of the company and why you want to work there.', 'The one reason you are a fit for the {s}.']],
  ['Experience', ['Your jobs, years, tools and results, one per line ("2 years excel + sql at a logistics firm"); each becomes a sentence in the first person.', 'What you built, ran or improved, with a figure each; every line is kept.', 'The experience the role asks for, as notes: where, how long, what you did.']],
  ['Education', ['Your degree or training and the year ("bsc economics 2023").', 'Courses or certificates that matter for the role, with the year.', 'Where you studied, what, and when.']],
  ['Sign-off', ['Your name for the signature, and the hiring manager\u2019s name if you know it ("hiring manager: ...").', 'Who the letter goes to and who signs it.', 'Your name, and whom to address: otherwise it opens "Dear Hiring Manager,".']],
];

/** A bio's parts (a blog post of the person). */
const bioParts: Prompt[] = [
  ['Now', ['What {s} does now: the role, the company, and since when.', 'The current job and what it involves, in a line.', 'Role and organisation today, as notes ("head of design at Loomly").']],
  ['Background', ['Years in the field and where before ("12 years in product design, ex-Figma").', 'Earlier jobs, studies and one achievement with a figure.', 'The path so far: past roles, degree, a result to be proud of.']],
  ['Beyond work', ['Talks, writing, where {s} lives or a hobby, one line each; every line is kept.', 'What {s} speaks or writes about, and anything personal to include.', 'Where {s} is based and one thing people remember.']],
];

/** A product description's parts (landing copy of the product). */
const productParts: Prompt[] = [
  ['Name and lead', ['The product\u2019s name and one sentence on what it is and who it is for.', 'What {s} is, in the words your customers use.', 'The name on the label and a line that says what it does.']],
  ['Features', ['Each feature or spec on its own line (sizes, materials, warranty); each becomes a bullet as written.', 'What it has and does, one line each, with the figures.', 'Specs and features as notes; nothing is added to them.']],
  ['Call to action', ['What a buyer does next, and any offer ("order now and get free delivery").', 'Where to buy, the price and the offer.', 'The button text and where it leads.']],
];

/** A meeting agenda's parts. */
const agendaParts: Prompt[] = [
  ['Items', ['The topics in order, one per line, each with who leads it and how long: "review Q3 numbers (Jen, 15 min)".', 'What the meeting must cover, most important first, with an owner each.', 'List the items; each becomes a numbered point with its owner and time.', 'The points to discuss, with who brings each one.']],
  ['Decisions needed', ['What the meeting has to decide, and who decides.', 'The questions that need an answer by the end.', 'Decisions to take, with the options.', 'What must be agreed before people leave.']],
  ['Before the meeting', ['What to read or prepare, and by when.', 'Documents to review beforehand.', 'Numbers or drafts people should bring.', 'Pre-reads and who sends them.']],
];

/** A welcome email's parts. */
const welcomeParts: Prompt[] = [
  ['Welcome', ['What a new user gets from {s}, in one sentence, and the one thing to do first.', 'Why they signed up, in their words, and what happens next.', 'A line that greets them and says what {s} will do for them.', 'What they can do today, and how long it takes.']],
  ['Getting started', ['The first three steps, in order, with the screen or button for each.', 'Where to start: the first task and where to find it.', 'The setting most people change first, and how.', 'A short path to the first result.']],
  ['Help', ['Where to get help: the help centre link, the support address and its hours.', 'Who answers questions, and how fast.', 'The link to guides or a short video.', 'How to reach a person.']],
];

/** A welcome email to people joining the team: their first day, not a product's first steps. */
const newHireParts: Prompt[] = [
  ['First day', ['When and where to arrive, and who meets them there.', 'The start time, the address or the call link, and the person to ask for.', 'Where to go on the first morning, and who shows them around.', 'The time, the place and the first person they will meet.']],
  ['What to bring and set up', ['What to bring (ID, bank details, a signed contract) and what is ready for them (laptop, accounts).', 'The documents to bring, and the accounts they will get on day one.', 'What is waiting at their desk, and what to have with them.', 'Papers to bring and the logins they receive.']],
  ['Their first week', ['The plan for the first week: who they meet and what they work on first.', 'Who their buddy is, and the first things on their list.', 'The meetings in week one, and the first task.', 'What the first week looks like, day by day.']],
];

// "welcome email for new hires starting monday": people joining the team.
export const newHires = /\bnew\s+(?:hires?|employees?|starters?|joiners?|team\s*mates?|team\s+members?|colleagues?|staff|recruits?|engineers?|interns?)\b/i;

const openers = [
  'Outline: the request names the deliverable but gives no material yet. Each part below says what to add.',
  'This is an outline to fill in; nothing in it is a fact until you add your material.',
  'An outline only: add the material asked for under each heading and the crew writes the full piece.',
  'Starting outline. The parts are the ones this deliverable needs; the notes under them say what is missing.',
  'First pass, built from the ask alone: fill each part with your notes, figures and names.',
  'Nothing here is invented. Send the notes listed below and this becomes a finished draft.',
  'A frame for your draft: every heading lists the material it is waiting for.',
  'Here is the shape of it; the content has to come from you, part by part.',
];

// "pros and cons of moving to a 4 day week" with nothing to go on: the two sides, each asking for what is known.
const prosConsParts: Prompt[] = [
  ['Pros', ['What would get better with {s}, and for whom: one point a line, with any figure you have.', 'The gains of {s} as the team sees them, one a line.', 'What {s} would improve, and the evidence for each point.', 'Each upside of {s}, with who said it or what shows it.']],
  ['Cons', ['What would get worse or harder with {s}, and for whom.', 'The costs and risks of {s}, one a line.', 'What {s} would cost or put at risk, with any figure you have.', 'Each downside of {s}, with who raised it.']],
  ['What would decide it', ['The deadline, the budget or the measure the decision turns on.', 'Who decides, and by when.', 'What must be true for {s} to be worth it.', 'The one question the decision hangs on.']],
];

// "sprint plan for next 2 weeks" with no items: what a sprint plan needs.
const sprintParts: Prompt[] = [
  ['Sprint goal', ['The one outcome the sprint is for.', 'What the team should have shipped or learnt by the end of {s}.', 'The goal in one sentence.', 'What done looks like for the sprint.']],
  ['Items', ['Each item a line with its owner and estimate: "fix search bug (tom, 2 pts)".', 'The tickets to take in, with who owns each and its size.', 'List the work, one item a line, with owner and points.', 'Paste the items from the backlog with owners and estimates.']],
  ['Capacity', ['How many points or days the team has this sprint, and who is out.', 'The team\u2019s capacity, with holidays and on-call taken out.', 'Points available this sprint.', 'Days available per person.']],
];

// "bug report from this slack message" with no message: the parts of a bug ticket, each asking for what the reporter saw.
const bugParts: Prompt[] = [
  ['What happens', ['Paste the message, or say what goes wrong and on which page or screen.', 'What the reporter saw, in their words.', 'What goes wrong, and where.', 'The fault as the reporter saw it.']],
  ['Steps to reproduce', ['Each step from the start, one a line: "go to the cart", "click checkout".', 'What the reporter did before it went wrong, in order.', 'The clicks and inputs that lead to it, one a line.', 'How to make it happen again, step by step.']],
  ['Expected', ['What should have happened instead.', 'What the reporter expected to see.', 'The right behaviour, in one sentence.', 'What working looks like.']],
  ['Environment', ['Browser, device, system and app version.', 'Where it happens: browser and version, or device and app version.', 'The browser or device it was seen on, with versions.', 'Browser, operating system and app version.']],
];

/** `known`: lines the ask itself supplies, by heading (a user story the brief spells out). */
export function renderOutline(ctx: DocumentContext, title: string, known: Record<string, string[]> = {}): string {
  const markdown = outlineMarkdown(ctx, title, known);
  const tone = typeof ctx.requirements.tone === 'string' ? ctx.requirements.tone.toLowerCase() : '';
  // A friendly or casual request speaks to the reader with contractions; every other register does not.
  if (/friendly|casual|conversational|informal/.test(tone)) return contract(markdown.replace(/^\*([^*].+[^*])\*$/m, (_, line: string) => `*${pick(friendlyOpeners, ctx.seed, 'friendly')} ${line}*`));
  return markdown;
}

const friendlyOpeners = ['You will find the shape of it below, and it is quick to fill in.', 'We are glad to help: you add the material and we will do the writing.', 'Here you will see what is still missing.', 'It is a short list, and you are most of the way there.'];

/** Parts a blog outline gets for the terms the brief names beyond its subject: none when short, up to three when long. */
function termParts(ctx: DocumentContext): Prompt[] {
  if (ctx.recognised.kind !== 'blog_post' || ctx.recognised.jobAd || ctx.recognised.pressRelease || ctx.recognised.bio) return [];
  const length = String(ctx.requirements.length ?? '').toLowerCase();
  const room = /short|brief/.test(length) ? 0 : /long|detailed|in-depth/.test(length) ? 3 : 1;
  const names = ctx.recognised.subject.match(/\b(?:[A-Z][\w.+-]*[A-Za-z0-9]|[A-Z]{2,})\b/g) ?? [];
  const terms = [...new Set([...namedBeyondSubject(readBrief(ctx.brief, ctx.requirements)), ...names.reverse()])];
  return terms.slice(0, room).map((term) => [term, [`Where ${term} fits in {s}, with one example from practice.`, `What ${term} does here, and what it costs.`, `A short account of ${term} as used for {s}.`, `When ${term} is the right choice, and when it is not.`]]);
}

function outlineMarkdown(ctx: DocumentContext, title: string, known: Record<string, string[]>): string {
  const audience = ctx.recognised.audience ?? 'the readers';
  const fill = (text: string) => text.replaceAll('{s}', ctx.recognised.subject).replaceAll('{a}', audience);
  const blocks = [`# ${title}`, `*${pick(openers, ctx.seed, 'opener')}*`, ...factsLine(ctx)];
  if (ctx.material.keywords.length > 0) blocks.push(`**Keywords to use:** ${ctx.material.keywords.join(', ')}`);
  const welcome = ctx.recognised.kind === 'email' && /\bwelcome\s+(?:e-?mail|message|note|letter)\b/i.test(ctx.brief);
  const { faq, jobAd, pressRelease, agenda, coverLetter, bio, productDescription } = ctx.recognised;
  const shaped = ctx.recognised.prosCons ? prosConsParts : ctx.recognised.sprintPlan ? sprintParts : ctx.recognised.bugReport ? bugParts : faq ? faqParts : jobAd ? jobAdParts : pressRelease ? pressReleaseParts : agenda ? agendaParts : coverLetter ? coverLetterParts : bio ? bioParts : productDescription ? productParts : undefined;
  const all = shaped ?? (welcome ? (newHires.test(ctx.brief) ? newHireParts : welcomeParts) : parts[ctx.recognised.kind]);
  [...all.slice(0, -1), ...termParts(ctx), ...all.slice(-1)].forEach(([heading, wordings], index) => blocks.push(`## ${heading}`, [...(known[heading] ?? []), fill(pick(wordings, ctx.seed, `${heading}${index}`))].map((line) => `- ${line}`).join('\n')));
  return join(blocks);
}

/** What to add, for result.metadata.notes. */
export function outlineNote(kind: DeliverableKind): string {
  return `The request came without context, context documents, knowledge passages or facts in the brief: this is an outline of the ${kind.replace(/_/g, ' ')} with what to add under each heading; it states no facts, figures or dates beyond the request.`;
}
