import type { DeliverableData, Estimate, PhaseData, ReleaseEntry, TicketData, UserStoryData } from '../../../../schemas/deliverables/index.js';
import { isClause, startsWithVerb, thirdPersonOf, verbBase } from '../../text/grammar.js';
import { spellNames } from '../../text/spelling.js';
import { capitalize, isPlural, lowerFirst } from '../../text/phrases.js';
import { related, sentenceStart, titleWith, titled, type DocumentContext } from '../context.js';
import { changesIn, fixedChange, pastTense, typeOfMessage } from '../commits.js';
import { isQuestion, isRisk } from '../cues.js';
import { phaseName } from '../listParts.js';
import type { Item } from '../material.js';
import { deadlineOf, planSkeleton, readPlanAsk, stepOf } from './projectPlan.js';
import { kindOf } from './planSkeletons.js';
import { testPlan } from './testPlan.js';
import { epicOf } from './epic.js';
import { sprintPlan } from './sprintPlan.js';
import { bugReport } from './bugReport.js';
import { bugsOf } from '../bugMessage.js';
import { userStorySet } from './userStories.js';
import { criterionOf, peopleWant } from './ticketCriterion.js';
import { thingTask } from './thingTask.js';

/** The pilot crew's deliverables: plans and tickets read from the material. */

// "Inspectors need to work offline", "Supervisors want to see ...", "As a dispatcher, I want ...".
const asA = /^as an?\s+([^,]+),\s*I\s+(?:want|need)\s+(?:to\s+)?(.+?)(?:,?\s+so\s+(?:that\s+)?(.+?))?[.!]?$/i;
const peopleNeed = /^(?:(?:our|the|all|most|many|some)\s+)?((?:[a-z-]+\s+)?(?:[a-z-]+(?:ers|ors|ists|ians|ees|ants|ents)|staff|people|users|customers|patients|drivers|managers|admins|owners|nurses|doctors|bakers|inspectors|supervisors|dispatchers|couriers|clinicians|parents|students|teachers|members|guests))\s+(?:need|needs|want|wants|would like|must be able|should be able|have to|can't|cannot)\s+(?:to\s+)?(.+?)(?:,?\s+(?:so\s+(?:that\s+)?|because\s+)(.+?))?[.!]?$/i;

function singular(phrase: string): string {
  if (/staff|people$/i.test(phrase)) return phrase.toLowerCase().replace(/^(.*)\s+staff$/, '$1 staff member');
  return phrase.replace(/ies$/i, 'y').replace(/(ss|x|ch|sh)es$/i, '$1').replace(/([^s])s$/i, '$1').toLowerCase();
}

export function userStories(items: Item[]): UserStoryData[] {
  const stories: UserStoryData[] = [];
  for (const item of items) {
    const story = asA.exec(item.text);
    const need = story ? null : peopleNeed.exec(item.text);
    if (story) stories.push({ persona: story[1]!.trim(), want: story[2]!.trim(), benefit: story[3]?.trim() ?? null });
    else if (need && !/^(?:we|they|you|i)$/i.test(need[1]!)) {
      const cannot = /can't|cannot/i.test(item.text);
      const want = cannot ? `to be able to ${need[2]!.trim()}` : need[2]!.trim();
      stories.push({ persona: singular(need[1]!.trim()), want, benefit: need[3]?.trim() ?? null });
    }
  }
  return stories.slice(0, 12);
}

export function storyText(story: UserStoryData): string {
  const want = story.want.replace(/^to\s+/i, '').replace(/[.!]$/, '');
  // "I want to download invoices" for a verb, "I want an offline notes app" for a thing.
  // 'a "save for later" feature' is a thing one wants, not something to do.
  const thing = /^["“'‘]/.test(want) && /\b(?:feature|option|button|mode|view|page|tool|report|dashboard|setting|integration)s?$/i.test(want);
  const verb = thing ? 'a ' : /^(?:an?|the|some|more|offline|online|[a-z]+\s+(?:mode|app|tool|view|list|page))\b/i.test(want) && !startsWithVerb(want) ? '' : 'to ';
  const article = /^(?:[aeio]|u(?!s|ni|ti))/i.test(story.persona) ? 'an' : 'a';
  return `As ${article} ${story.persona}, I want ${verb}${want}${story.benefit ? `, so that ${story.benefit.replace(/[.!]$/, '')}` : ''}.`;
}

// "patients can reply C to confirm": what someone can do is a requirement too (not "can't", "cannot").
const requirementCue = /\b(?:must|should|needs? to|has to|have to|can(?!['’]t)|support|allow|let|enable|require|want|send|show|sync|store|notify|remind|export|import|track|work offline|available)\b/i;

// "a portal that lets customers download invoices": the ask names who and what.
const askStory = /\b(?:lets?|allows?|helps?|enables?)\s+((?:[a-z-]+\s+)?[a-z-]+s)\s+(?:to\s+)?([^,.;]+)/i;

// "an offline notes app for field inspectors", "offline mode in our field inspection app".
const productFor = /\b(?:for|of)\s+(?:an?\s+|the\s+)?(.+?)\s+for\s+((?:[a-z-]+\s+)?[a-z-]+s)\b/i;
const featureIn = /\b(?:for|of)\s+(?:an?\s+|the\s+)?(.+?)\s+(?:in|to|for)\s+(?:our|the|my)\s+(.+?\b(?:app|site|portal|tool|platform|system|service))\b/i;

export function storiesOfAsk(brief: string): UserStoryData[] {
  const ask = brief.split(/(?<=[.!?])\s/)[0] ?? '';
  const found = askStory.exec(ask);
  if (found) return [{ persona: singular(found[1]!), want: found[2]!.trim(), benefit: null }];
  const product = productFor.exec(ask);
  if (product) return [{ persona: singular(product[2]!), want: `${/^[aeiou]/i.test(product[1]!) ? 'an' : 'a'} ${product[1]!.trim()}`, benefit: null }];
  const feature = featureIn.exec(ask);
  if (feature) return [{ persona: `user of the ${feature[2]!.trim()}`, want: feature[1]!.trim(), benefit: null }];
  return [];
}

export function prd(ctx: DocumentContext): DeliverableData['prd'] {
  const items = ctx.material.items;
  const found = userStories(items);
  const stories = found.length > 0 ? found : storiesOfAsk(ctx.brief);
  // "Problem: ...", "Success: ...", "Out of scope: ...": the brief's own labels say where a line belongs.
  const labelled = (item: Item, pattern: RegExp) => item.section !== undefined && pattern.test(item.section);
  const outOfScope = items.filter((item) => labelled(item, /out of scope|not in scope|non-?goals?|later|not now/));
  const problem = items.filter((item) => !outOfScope.includes(item) && (labelled(item, /problem|pain|why/) || (!item.section && (isRisk(item.text) || /\b(?:problem|today|currently|pain|manual|slow|no-show|complain)\w*/i.test(item.text))))).map((item) => item.text);
  const goals = items.filter((item) => !outOfScope.includes(item) && !item.section?.match(/scope|requirements?|must|success|metrics?/) && /\b(?:goal|want|target|aim|so that|reduce|increase|cut|by (?:june|q\d|\d{4})|launch(?:es|ing)?\s+(?:in|by|on))\b/i.test(item.text) && !problem.includes(item.text)).map((item) => item.text);
  // How success is measured: a figure with a measure's words ("success = 15% of new signups come from referrals").
  const metrics = items.filter((item) => !outOfScope.includes(item) && (labelled(item, /success|metrics?|kpis?|measure/) || (/\d/.test(item.text) && /\b(?:success|measure[sd]?|metrics?|kpis?|target|conversion|retention|rate|nps|adoption|churn|signups?)\b|=/i.test(item.text))) && !problem.includes(item.text) && !goals.includes(item.text)).map((item) => item.text);
  // What the product does is the rest: "users get $20 credit when a friend subscribes", "max 10 referrals per user".
  const requirements = items.filter((item) => !outOfScope.includes(item) && !problem.includes(item.text) && !goals.includes(item.text) && !metrics.includes(item.text) && !isQuestion(item.text) && (requirementCue.test(item.text) || !userStories([item]).length)).map((item) => item.text);
  return {
    title: titleWith(ctx, 'product requirements'),
    problem: problem.slice(0, 6),
    // Not in scope is the other side of a goal: said beside them.
    goals: [...goals.slice(0, 6), ...outOfScope.map((item) => `Not in scope: ${item.text.charAt(0).toLowerCase()}${item.text.slice(1)}`)],
    personas: [...new Set(stories.map((story) => story.persona))],
    user_stories: stories,
    requirements: requirements.slice(0, 12),
    metrics: metrics.slice(0, 6),
    open_questions: items.filter((item) => isQuestion(item.text)).map((item) => item.text).slice(0, 6),
  };
}

// A phase is named by a number, a quarter, a month, a season or "now / next / later".
const phaseLine = /^(?:(phase|stage|milestone|step|sprint)\s*(\d+|[ivx]+)|(q[1-4](?:\s*\d{4})?)|((?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*(?:\s+\d{4})?|(?:spring|summer|autumn|fall|winter)(?:\s+\d{4})?|now|next|later)(?=\s*[:\-–]))\b[^:]*[:\-–]?\s*(.*)$/i;

const month = '(?:q[1-4]|jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
/** A project with its months at the end: "Payments v2 (Sam) April-May". */
const datedProject = new RegExp(`^(.{3,60}?)\\s+(${month}(?:\\s*[-–]\\s*${month})?(?:\\s+\\d{4})?)$`, 'i');

export function roadmap(ctx: DocumentContext): DeliverableData['roadmap'] {
  if (ctx.recognised.projectPlan) return projectPlan(ctx);
  const timeline = ctx.material.requirements.find((fact) => /timeline|deadline|dates?|launch|due/.test(fact.key))?.value ?? null;
  const phases: PhaseData[] = [];
  const loose: string[] = [];
  for (const item of ctx.material.items) {
    // "jan-feb: SSO + SCIM", "may-june: EU data residency, public API v2": the label is the phase and its dates.
    if (item.section && periodLabel.test(item.section)) {
      const name = item.section.split(/\s*[-–]\s*/).map(titled).join('–');
      const last = phases.at(-1);
      if (last?.name === name) last.items.push(capitalize(item.text.replace(/[.]$/, '')));
      else phases.push({ name, dates: name, items: [capitalize(item.text.replace(/[.]$/, ''))] });
      continue;
    }
    const line = phaseLine.exec(item.text);
    if (line) {
      const name = line[1] ? `${titled(line[1])} ${line[2]}` : titled(line[3] ?? line[4] ?? item.text);
      const dates = /\b(?:q[1-4](?:\s*\d{4})?|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*(?:\s+\d{4})?|\d{4}-\d{2}(?:-\d{2})?|weeks?\s+\d+(?:\s*[-–]\s*\d+)?)\b(?:\s*[-–]\s*(?:q[1-4](?:\s*\d{4})?|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*(?:\s+\d{4})?))?/i.exec(item.text)?.[0] ?? null;
      // "Q1 offline mode": without a colon, the work is what follows the phase's name.
      // "April - SSO and audit log": the dash between a phase and its work is no part of the work.
      const work = (line[5] || (item.text.includes(':') ? '' : item.text.replace(phaseName, '').replace(/^(?:now|next|later|spring|summer|autumn|fall|winter)\b/i, '').trim())).replace(/^[-–—:]\s*/, '');
      // "Q1: offline mode", "Q1: push notifications" (one line's parts): one phase, its work in order.
      const same = phases.find((phase) => phase.name === name);
      if (same && work) same.items.push(capitalize(work.replace(/[.]$/, '')));
      else if (!same) phases.push({ name, dates, items: work ? [capitalize(work.replace(/[.]$/, ''))] : [] });
    // "enterprise: sso, audit logs": the theme its own line names stays with its work.
    } else loose.push(item.labelled && item.section ? `${titled(item.section)}: ${item.text}` : item.text);
  }
  const span = timeline ? /\bQ([1-4])\s*[-–]\s*Q([1-4])\s*(\d{4})\b/i.exec(timeline) : null;
  const projects = phases.length === 0 ? loose.map((text) => datedProject.exec(text.replace(/[.]$/, ''))) : [];
  if (projects.length >= 2 && projects.filter(Boolean).length >= 2) {
    // "Payments v2 (Sam) April-May, Search revamp (Ines) May-June": each project a phase with its months and owner.
    loose.forEach((text, index) => {
      const project = projects[index];
      if (!project) return void phases.at(-1)?.items.push(text);
      const owner = /\(([A-Z][\p{L}'’-]+(?:\s+[A-Z][\p{L}'’-]+)?)\)/u.exec(project[1]!)?.[1];
      phases.push({ name: titled(project[1]!.replace(/\s*\([^)]*\)\s*/g, ' ').trim()), dates: project[2]!, items: owner ? [`Owner: ${owner}`] : [] });
    });
  } else if (phases.length === 0 && span && Number(span[2]) > Number(span[1])) {
    // "Q1-Q2 2026": one phase per quarter of the given timeline, the work in order.
    const count = Number(span[2]) - Number(span[1]) + 1;
    const size = Math.ceil(loose.length / count) || 1;
    for (let index = 0; index < count; index += 1) phases.push({ name: `Phase ${index + 1}`, dates: `Q${Number(span[1]) + index} ${span[3]}`, items: loose.slice(index * size, (index + 1) * size) });
  } else if (phases.length === 0) {
    // No phases named: the work in order, three phases at most, dated only by what the request gives.
    const chunks = Math.min(3, Math.max(1, Math.ceil(loose.length / 3)));
    const size = Math.ceil(loose.length / chunks) || 1;
    for (let index = 0; index < chunks; index += 1) phases.push({ name: `Phase ${index + 1}`, dates: index === 0 && timeline ? timeline : null, items: loose.slice(index * size, (index + 1) * size) });
    if (timeline && chunks > 1) phases.forEach((phase, index) => (phase.dates = index === 0 ? `${timeline} (whole plan)` : phase.dates));
  } else if (loose.length > 0) {
    // "Team of 6 engineers": what holds for the whole plan is not the last phase's work.
    const notes = loose.filter((text) => !isQuestion(text)).slice(0, 4).map(capitalize);
    if (notes.length > 0) phases.push({ name: 'Across all phases', dates: null, items: notes });
  }
  return { title: roadmapTitle(ctx), timeline, phases };
}

/**
 * A project's plan: titled by the project without its deadline ("Migrating our billing service
 * from Heroku to AWS: plan"), the deadline as its timeline, and its steps: one per line of notes
 * when the notes are a list of steps (up to twelve), the steps such a project takes when there
 * are no notes, else the roadmap's phases.
 */
function projectPlan(ctx: DocumentContext): DeliverableData['roadmap'] {
  const ask = readPlanAsk(ctx.recognised.subject);
  const timeline = ctx.material.requirements.find((fact) => /timeline|deadline|dates?|launch|due/.test(fact.key))?.value ?? ask.deadline ?? ask.when;
  const kind = ctx.recognised.planKind;
  // "launch plan for the new pricing page": "New pricing page launch: plan".
  // "rollout plan for SSO to all customers": "SSO rollout to all customers: plan".
  const named = kind && kindOf(ask.subject) === 'other' ? ask.subject.replace(/^(.+?)(?=\s+(?:to|for|in|at|across|on)\s+|$)/i, `$1 ${kind}`) : ask.subject;
  const title = `${titled(named)}: plan`;
  const lines = ctx.material.items.filter((item) => item.origin !== 'brief' && !isQuestion(item.text));
  if (ctx.material.bare || lines.length === 0) return { title, timeline, phases: planSkeleton(ask, kind) };
  const labelled = lines.some((item) => (item.section && periodLabel.test(item.section)) || phaseLine.test(item.text));
  // "we have ~300 pages in mdx. search is algolia. must keep old urls working": notes that say what
  // is true, not what to do, are what the team knows; the steps are the ones such a project takes,
  // dated by the deadline the notes give ("want it done before march").
  // A step says what to do, or has its own date, duration or owner ("cutover weekend jan 24-25", "inventory, 1 week").
  const steps = lines.filter((item) => {
    if (deadlineOf(item.text) !== null) return false;
    const step = stepOf(item.text, item.section);
    return isCommand(item.text) || step.dates !== null || step.items.some((line) => line.startsWith('Owner: '));
  });
  if (!labelled && lines.length >= 3 && steps.length * 2 < lines.length) {
    const dated = lines.map((item) => ({ item, due: deadlineOf(item.text) }));
    const deadline = dated.find((line) => line.due !== null)?.due ?? null;
    const facts = dated.filter((line) => line.due === null).map((line) => sentenceStart(line.item.text.replace(/[.]$/, '')));
    return { title, timeline: timeline ?? deadline, phases: [{ name: 'What we know', dates: null, items: facts }, ...planSkeleton({ ...ask, deadline: ask.deadline ?? deadline }, kind)] };
  }
  if (!labelled && lines.length <= 12) return { title, timeline, phases: lines.map((item) => stepOf(item.text, item.section)) };
  return { ...roadmap({ ...ctx, recognised: { ...ctx.recognised, projectPlan: false } }), title, timeline };
}

// "for the mobile app next two quarters", "for 2026", "for Q1": the span a roadmap covers.
const spanTail = /(?:^|\s+)(?:for\s+|over\s+|in\s+|through\s+)?((?:the\s+)?(?:next|coming|this|last)\s+(?:\w+\s+)?(?:quarters?|months?|years?|weeks?|sprints?|halves|half)|(?:q[1-4]|h[12])(?:\s*[-–]\s*(?:q[1-4]|h[12]))?(?:\s+\d{4})?|\d{4}(?:\s*[-–]\s*\d{4})?)$/i;

/** "Mobile app roadmap: next two quarters": what the roadmap is of, then the span it covers. */
// "roadmap by quarter for the mobile app": how the roadmap is split is its form, not what it is of.
const splitBy = /^(?:split\s+|broken\s+down\s+|laid\s+out\s+)?(?:by|per)\s+(?:the\s+)?(?:quarters?|months?|weeks?|halves|half|sprints?|phases?|milestones?|seasons?)(?:\s+(?:for|of)\s+(?:the\s+|our\s+|my\s+)?|\s*$)/i;

function roadmapTitle(ctx: DocumentContext): string {
  const subject = ctx.recognised.subject.replace(splitBy, '').trim();
  if (subject !== ctx.recognised.subject.trim()) return roadmapTitle({ ...ctx, recognised: { ...ctx.recognised, subject: subject || 'this', ...(subject ? {} : { generic: true }) } });
  const span = spanTail.exec(ctx.recognised.subject);
  const of = span ? ctx.recognised.subject.slice(0, span.index).trim() : '';
  if (!span || ctx.recognised.generic) return titleWith(ctx, 'roadmap');
  const when = span[1]!.replace(/^the\s+/i, '').replace(/\b(q[1-4]|h[12])\b/gi, (found) => found.toUpperCase());
  return of === '' ? `Roadmap: ${when}` : `${titled(of)} roadmap: ${when}`;
}

// A label that is a time: a month or a range of months, a quarter, a half, a season, a week.
const periodLabel = new RegExp(`^(?:${month}(?:\\s*[-–]\\s*${month})?(?:\\s+\\d{4})?|q[1-4](?:\\s*[-–]\\s*q[1-4])?(?:\\s+\\d{4})?|h[12](?:\\s+\\d{4})?|(?:spring|summer|autumn|fall|winter)(?:\\s+\\d{4})?|weeks?\\s+\\d+(?:\\s*[-–]\\s*\\d+)?)$`, 'i');

// "(3 pts)", "5 points", "estimate: 2 days", "(4h)": a duration outside brackets or an estimate label is a fact of the feature, not its size.
const estimateIn = /\((\d+(?:\.\d+)?)\s*(points?|pts?|sp|hours?|hrs?|h|days?|d)\)|\b(?:estimate[ds]?|size|effort)\s*[:=]?\s*(\d+(?:\.\d+)?)\s*(points?|pts?|sp|hours?|hrs?|h|days?|d)\b|\b(\d+(?:\.\d+)?)\s*(story points?|points|pts|sp)\b/i;
const unitName = (raw: string) => (/^p|^sp/i.test(raw) ? 'points' : /^h/i.test(raw) ? 'hours' : 'days');

// Labels that sort a list rather than say where the problem is.
const categoryLabel = /^(?:epics?|stor(?:y|ies)|user\s+stories|initiatives?|bugs?|bug\s*bash(?:\s+findings)?|findings|issues?|features?|feature\s+requests?|requests?|ideas?|notes?|todo|to\s*do|tasks?|backlog|fixes|fixed|added|changed|improvements?|nice\s+to\s+have|must\s+have|should\s+have|could\s+have|p[0-3]|high|medium|low|urgent|blockers?|tech\s+debt|chores?|misc|other|questions?|open\s+questions?|reminders?|next\s+steps?|action\s+items?|decisions?)$/i;

// "set up astro", "book movers": a line that says what to do; "search is algolia", "deploys on netlify" say what is.
function isCommand(text: string): boolean {
  const first = text.trim().split(/\s+/)[0]!.toLowerCase();
  return startsWithVerb(text) && verbBase(first) === first && !/^\S+\s+(?:is|are|was|were|has|have)\b/i.test(text.trim());
}

// "launch the referral program: ...": a label of several words that starts with a verb is a goal, not a place ("checkout").
const goalLabel = (label: string) => label.trim().split(/\s+/).length >= 2 && startsWithVerb(label);

function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

// "when", "if", "during": where a condition starts, a long title may end without leaving a phrase open.
const conditionWord = /^(?:when|whenever|if|unless|while|during|after|before|until|once|because)$/i;
// "the", "is", "when": a title never ends on a word that leads on to another.
const openEnd = /(?:\s+(?:the|a|an|when|whenever|while|if|in|on|of|for|to|and|or|with|at|by|from|is|are|has|have|was|were|than|more|less|that))+$/i;

/**
 * A ticket's title is its clause whole while it reads as one line (14 words); a longer one ends
 * before its condition ("Export to PDF cuts off the last page", the rest is in the description),
 * never mid-phrase ("... when the").
 */
function titleLength(clause: string): string {
  const words = clause.split(/\s+/);
  if (words.length <= 14) return clause;
  const condition = words.findIndex((word, at) => at >= 3 && at <= 12 && conditionWord.test(word));
  return (condition > 0 ? words.slice(0, condition) : words.slice(0, 12)).join(' ').replace(openEnd, '');
}

function titleOf(text: string): string {
  const clause = text.split(/[,;:(]|\s[-–]\s|\bso that\b/)[0]!.trim().replace(/[.!]$/, '');
  const short = titleLength(clause);
  const first = short.split(/\s+/)[0]!.toLowerCase();
  // "onboarding email sends twice": a word in -ing before the line's own verb names a thing, it is no command.
  const base = /ing$/.test(first) && /\s(?:is|are|was|were|does|doesn['’]?t|don['’]?t|can['’]?t|cannot|won['’]?t|isn['’]?t|aren['’]?t|\w+s)\s/i.test(` ${short.split(/\s+/).slice(2).join(' ')} `) ? undefined : verbBase(first);
  return titled(base && base !== first ? `${base}${short.slice(first.length)}` : short);
}


export function ticketSet(ctx: DocumentContext): DeliverableData['ticket_set'] {
  if (ctx.recognised.sprintPlan) return sprintPlan(ctx);
  if (ctx.recognised.bugReport) return bugReport(ctx);
  if (ctx.recognised.userStories) return userStorySet(ctx);
  // "two things: export to csv hangs on big files, and the date picker ...": a ticket for each thing the message says it has.
  const counted = bugsOf(ctx.material.sources);
  const items = (counted.length > 1 ? counted.map((text): Item => ({ text: sentence(text), origin: 'context', listed: true })) : ctx.material.items).filter((item) => !isQuestion(item.text));
  const stories = userStories(items);
  // A line of its own is a ticket however it is typed ("coupon field missing on mobile"); a
  // sentence of prose is one when it asks for something or starts as a statement does.
  const sources = items.filter((item) => requirementCue.test(item.text) || /^(?:[A-Z][a-z]+)\b/.test(item.text) || (item.listed === true && /^\p{Ll}/u.test(item.text) && item.text.split(/\s+/).length >= 3)).slice(0, 12);
  const epic = epicOf(items);
  // "marketing wants it live by feb 1": a date the whole set is due by, said in every ticket, never a ticket.
  const deadline = items.find((item) => !sources.includes(item) && deadlineOf(item.text) !== null);
  // "break this into tasks with estimates" over "new onboarding flow: welcome screen, ...": an ask that names only the form is titled by what the notes' tasks are of.
  const noun = /\btasks?\b/i.test(ctx.brief) && !/\btickets?\b/i.test(ctx.brief) ? 'tasks' : 'tickets';
  const formOnly = /^(?:(?:the\s+|some\s+)?(?:estimates?|estimation|sizes?|sizing)|(?:tasks?|tickets?)\s+with\s+estimates?)(?:\s+in\s+(?:story\s+)?(?:points|hours|days|t-?shirt\s+sizes))?$/i.test(ctx.recognised.subject.trim());
  const shared = sources[0]?.section && !categoryLabel.test(sources[0].section) && sources.every((item) => item.section === sources[0]!.section) ? sources[0].section : undefined;
  const heading = formOnly ? (shared ? `${titled(shared)}: ${noun}` : capitalize(noun)) : undefined;
  const tickets: TicketData[] = sources.map((item) => {
    const part = epic?.parts.get(item);
    if (part) return { title: titleOf(part.task), description: `Part of the ${epic!.name} epic: ${lowerFirst(part.criterion)}`, acceptance_criteria: [part.criterion], estimate: null };
    const found = estimateIn.exec(item.text);
    const value = found ? (found[1] ?? found[3] ?? found[5]) : undefined;
    const unit = found ? (found[2] ?? found[4] ?? found[6]) : undefined;
    const estimate: Estimate | null = value && unit ? { value: Number(value), unit: unitName(unit) } : null;
    const text = found ? item.text.replace(found[0], '').replace(/\s+([.,;!?])/g, '$1').replace(/\s{2,}/g, ' ').trim().replace(/[,;]+(?=[.!?]?$)/, '') : item.text;
    const facts = items.filter((other) => other !== item && /\d/.test(other.text) && related(other.text, text, 2)).map((other) => other.text);
    const story = stories.find((candidate) => related(candidate.want, text, 2));
    const wanted = peopleWant.exec(text);
    // "Users want to export invoices as CSV" is the story itself: said once, titled by what they want.
    const description = story ? (wanted ? storyText(story) : `${storyText(story)} ${sentence(text)}`) : sentence(text);
    // "Dark mode: the settings icon is invisible": the label says where, so the ticket keeps it.
    // A label the document's title names already ("New onboarding flow: tasks") is not said again on each ticket.
    const where = item.section && !categoryLabel.test(item.section) && !text.toLowerCase().includes(item.section) ? `${titled(item.section)}: ` : '';
    // "launch the referral program: give $20 credit ...": a label that is a goal says what for, not where.
    const place = where && !goalLabel(item.section!) ? item.section : undefined;
    // "needs landing page": titled by what is done to the thing ("Build landing page"), when
    // nothing in it says what is wrong ("PDF export missing logo" is a bug's title as it is).
    const criterion = criterionOf(text);
    const thing = wanted ? undefined : thingTask(text);
    const named = wanted ? titleOf(wanted[2]!) : thing && criterion === sentence(thing.criterion) ? thing.title : titleOf(text);
    const due = deadline && deadline !== item ? ` ${sentence(sentenceStart(deadline.text))}` : '';
    const titleWhere = heading && item.section === shared ? '' : where;
    // "coupon field missing on mobile": the ticket's sentences start with their capital.
    return { title: `${titleWhere}${titleWhere ? lowerFirst(named) : named}`, description: `${where}${where ? lowerFirst(description) : sentenceStart(description)}${due}`, acceptance_criteria: [place ? criterion.replace(/[.!]?$/, `${spellNames(` in ${place}`)}.`) : sentenceStart(criterion), ...facts].slice(0, 4), estimate };
  });
  // "turn these into jira tickets": the tracker is where they go, not what they are about.
  const tracker = /^(?:(?:jira|linear|github|gitlab|asana|trello|clickup|shortcut)\s+)?(?:tickets?|issues?|stories|tasks)$/i.test(ctx.recognised.subject.trim());
  // "break this epic into tasks": the epic's own name titles its tickets.
  // "break this down into tasks" over "launch the referral program: ...": the goal the notes open with titles them.
  const goal = (tracker || ctx.recognised.generic) && items[0]?.section && goalLabel(items[0].section) ? `${capitalize(items[0].section)}: ${noun}` : undefined;
  return { title: epic ? `${epic.name}: tickets` : (heading ?? goal ?? (tracker ? capitalize(noun) : titleWith(ctx, 'tickets'))), estimate_unit: ctx.form.estimateUnit, tickets, user_stories: stories };
}

const sectionKinds: Array<[RegExp, ReleaseEntry['type']]> = [
  [/^(?:added|new|features?|what'?s new)$/i, 'feature'],
  [/^(?:fixed|fixes|bug\s*fixes|bugs)$/i, 'fix'],
  [/^(?:changed|changes|improved|improvements?|updated|updates)$/i, 'improvement'],
  [/^(?:removed|breaking(?:\s+changes?)?|deprecated)$/i, 'breaking'],
  [/^security$/i, 'security'],
];

const chore = /^(?:bump|bumped|chore|deps?\b|dependenc|lint|ci\b|typos?\b|docs?\b|readme|tests?\b|cleanup|clean\s+up|wip\b|merge)/i;

export function releaseNotes(ctx: DocumentContext): DeliverableData['release_notes'] {
  const entries: ReleaseEntry[] = ctx.material.commits.map((commit) => {
    const text = pastTense(commit.subject.replace(/[.]$/, ''));
    return { type: commit.type, text: commit.type === 'fix' ? fixedChange(text) : text, reference: commit.ref };
  });
  for (const item of ctx.material.items) {
    if (/^(?:version|release|date)\b/i.test(item.text) || isQuestion(item.text)) continue;
    // "- Fixed: crash when uploading files over 2GB": the line's label is its kind.
    const labelled = item.section ? sectionKinds.find(([pattern]) => pattern.test(item.section!))?.[1] : undefined;
    if (labelled) {
      const kind = typeOfMessage(item.text) === 'breaking' ? 'breaking' : labelled;
      entries.push({ type: kind, text: item.text.replace(/[.]$/, ''), reference: null });
      continue;
    }
    // "release notes for v2.4: dark mode, faster sync, csv export": a thing named without a verb is what the release brings.
    // ("bump deps", "ci: lint" are the team's chores, never news).
    for (const change of changesIn(item.text)) entries.push({ type: typeOfMessage(change) === 'other' && !isClause(change) && !startsWithVerb(change) && !chore.test(change) ? 'feature' : typeOfMessage(change), text: change, reference: null });
  }
  const version = /\bv?(\d+\.\d+(?:\.\d+)?)\b/.exec(`${ctx.recognised.subject} ${ctx.brief}`)?.[1] ?? null;
  const date = ctx.material.requirements.find((fact) => /date|release|ship/.test(fact.key))?.value ?? null;
  const shown = entries.filter((entry) => entry.type !== 'other' || ctx.internal);
  return { title: titleWith(ctx, 'release notes'), version, date, highlights: shown.filter((entry) => entry.type === 'feature').slice(0, 3).map((entry) => entry.text), entries: shown };
}

export function technicalSpec(ctx: DocumentContext): DeliverableData['technical_spec'] {
  if (ctx.recognised.testPlan) return testPlan(ctx);
  const items = ctx.material.items;
  const interfaces = items.map((item) => /\b(?:GET|POST|PUT|PATCH|DELETE)\s+\/[\w/{}:.-]*/.exec(item.text)?.[0]).filter((value): value is string => Boolean(value));
  const component = (item: Item) => /\b(?:service|api|database|db|queue|worker|cache|table|endpoint|webhook|job|cron|client|server|storage|schema|index|event)s?\b/i.test(item.text);
  const risks = items.filter((item) => isRisk(item.text)).map((item) => item.text);
  const goals = items.filter((item) => /\b(?:goal|must|should|need|under|within|p\d\d|latency|throughput)\b/i.test(item.text) && !risks.includes(item.text)).map((item) => item.text);
  const design = items.filter((item) => component(item) && !risks.includes(item.text) && !goals.includes(item.text)).map((item) => item.text);
  // The first statement is the overview; it is not said again below.
  const rest = items.filter((item, index) => index > 0 && !risks.includes(item.text) && !goals.includes(item.text) && !design.includes(item.text) && !isQuestion(item.text)).map((item) => item.text);
  return {
    title: titleWith(ctx, 'technical specification'),
    overview: items[0]?.text ?? '',
    goals: goals.slice(0, 8),
    design: [...(design.some((text) => text !== items[0]?.text) ? [{ heading: 'Components', body: design.filter((text) => text !== items[0]?.text).slice(0, 10) }] : []), ...(rest.length > 0 ? [{ heading: 'Behaviour', body: rest.slice(0, 10) }] : [])],
    interfaces,
    risks: risks.slice(0, 8),
    open_questions: items.filter((item) => isQuestion(item.text)).map((item) => item.text).slice(0, 6),
  };
}
