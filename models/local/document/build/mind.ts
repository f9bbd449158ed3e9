import type { ActionItemData, DeliverableData, Priority, RankedItem } from '../../../../schemas/deliverables/index.js';
import { sentenceStart, titleWith, titled, type DocumentContext } from '../context.js';
import { usualAgenda } from './usualAgenda.js';
import { actionOf, dueOf, isAction, isDecision, isNegative, isPositive, isQuestion, isRisk, metricOf, priorityOf } from '../cues.js';
import type { Item } from '../material.js';
import { incidentAnalysis } from './incident.js';
import { interviewSynthesis } from './interviews.js';
import { prosCons } from './prosCons.js';
import { riskList } from './risks.js';
import { checklist } from './checklist.js';
import { retroTitle } from './retroTitle.js';
import { sideOf, switchAnalysis, switchOf } from './switchDecision.js';
import { commaList } from '../listParts.js';
import { verbBase } from '../../text/grammar.js';
import { literal } from '../../text/phrases.js';
import { readableDate } from '../../text/dates.js';
import { calledStandup, standupTitle } from '../../mind/standupTitle.js';

/** The mind crew's deliverables, built from the material's statements (never from a template). */

function actions(items: Item[]): ActionItemData[] {
  const found: ActionItemData[] = [];
  for (const item of items) {
    if (!isAction(item) || isDecision(item.text)) continue;
    const action = actionOf(item);
    if (action.task.split(/\s+/).length < 2 || found.some((taken) => taken.task.toLowerCase() === action.task.toLowerCase())) continue;
    // "next week: start the pricing experiment": the label is when.
    const when = !action.due && item.section && timeLabel.test(item.section.trim()) ? readableDate(item.section.trim()) : null;
    found.push(when ? { ...action, due: when } : action);
  }
  return found.slice(0, 20);
}

// A label that says when: "next week:", "monday:", "by friday:", "tomorrow:".
const timeLabel = /^(?:(?:by|before|on)\s+)?(?:(?:next|this)\s+(?:week|month|sprint|quarter)|today|tomorrow|tmrw|eod|eow|(?:mon|tues|wednes|thurs|fri|satur|sun)day|mon|tue|wed|thu|fri)$/i;

const inSection = (item: Item, pattern: RegExp) => item.section !== undefined && pattern.test(item.section);

export function meetingSummary(ctx: DocumentContext): DeliverableData['meeting_summary'] {
  const items = ctx.material.items;
  // "Not decided: whether to move the AGM": a question still open, not a decision.
  const undecided = (item: Item) => inSection(item, /not decided|undecided|pending|tbd|to decide|still open|unresolved/) || /^whether\b/i.test(item.text);
  const decisions = items.filter((item) => !undecided(item) && (inSection(item, /decision|decided|agreed/) || isDecision(item.text))).map((item) => ({ text: item.text, source: item.speaker ?? null }));
  const actionList = actions(items.filter((item) => !isDecision(item.text) && !undecided(item)));
  const questions = items.filter((item) => inSection(item, /question|open/) || isQuestion(item.text) || undecided(item)).map((item) => item.text);
  const asked = new Set(questions);
  // "risk: QA is short one person", "we're worried the vendor slips": raised as a risk, listed as one (not as the summary).
  const risks = items.filter((item) => !asked.has(item.text) && !isDecision(item.text) && !isAction(item) && risky(item)).map((item) => sentenceStart(item.text));
  const taken = new Set([...decisions.map((decision) => decision.text), ...questions, ...items.filter(riskSection).map((item) => item.text)]);
  const summary = items.filter((item) => !taken.has(item.text) && !isAction(item)).slice(0, 8).map((item) => (item.speaker ? `${item.speaker}: ${item.text}` : item.text));
  const date = items.map((item) => /\b\d{4}-\d{2}-\d{2}\b/.exec(item.text)?.[0]).find(Boolean) ?? null;
  // "summarize today's standup": "Standup summary" (or "Standup, 12 May"), as a person titles it.
  const standup = calledStandup(ctx.brief) ? standupTitle(ctx.recognised.subject) : undefined;
  return { title: standup?.title ?? titleWith(ctx, 'summary'), date: date ?? standup?.date ?? null, summary, decisions: decisions.slice(0, 12), action_items: actionList, risks: risks.slice(0, 8), open_questions: questions.slice(0, 8) };
}

// Labels that only say which list a line belongs to ("risk:", "update:", "fyi:"): the section it goes under says so.
const sortingLabel = /^(?:risks?|blockers?|concerns?|watch ?outs?|issues?|highlights?|lowlights?|updates?|wins?|news|fyi|notes?|status|other|misc|general|metrics?|kpis?|numbers|actions?|action items?|next steps?|decisions?|(?:open )?questions?)$/i;

/**
 * A status line with the label it was typed under: how far it got ("Done: search filters") or what
 * it is about ("Hiring: 2 engineers started Monday"), unless the label only sorts it or the line says it already.
 */
function labelled(item: Item, sources: string): string {
  const label = item.section;
  if (!label || label.split(/\s+/).length > 3 || sortingLabel.test(label) || /internal|private|writer|author/.test(label) || item.text.toLowerCase().includes(label.toLowerCase())) return item.text;
  // "Shipped: new onboarding flow": after its label the line goes on as it was typed, in lower case when it was.
  const typed = `${item.text.charAt(0).toLowerCase()}${item.text.slice(1)}`;
  const at = sources.toLowerCase().indexOf(typed.replace(/[.]$/, '').toLowerCase());
  const text = at >= 0 && /\p{Ll}/u.test(sources.charAt(at)) ? typed : item.text;
  return `${label.charAt(0).toUpperCase()}${label.slice(1)}: ${text}`;
}

/** A risk by its words, or by the label it was written under ("risk: the vendor contract ends in March"). */
const riskSection = (item: Item) => inSection(item, /^(?:risks?|blockers?|blocked|concerns?|watch ?outs?|lowlights?)$/i);
const risky = (item: Item) => isRisk(item.text) || riskSection(item);

/** "revenue: 84k MRR, up from 81k": a figure typed under its label is that measure's. */
function measured(item: Item) {
  const named = item.section !== undefined && /^[$€£]?\d/.test(item.text) && !sortingLabel.test(item.section) && item.section.split(/\s+/).length <= 3;
  return metricOf(named ? `${item.section} ${item.text}` : item.text);
}

/** What the ask calls it: "status update", "status report", "weekly update"; a status review otherwise. */
function reportName(brief: string): string {
  return /\bstatus\s+report\b/i.test(brief) ? 'status report' : /\b(?:status\s+)?update\b/i.test(brief) && !/\breview\b/i.test(brief) ? 'status update' : 'status review';
}

export function statusReview(ctx: DocumentContext): DeliverableData['status_review'] {
  const items = ctx.material.items;
  const metrics = items.map(measured).filter((metric): metric is NonNullable<typeof metric> => metric !== null);
  const metricTexts = new Set(items.filter((item) => measured(item)).map((item) => item.text));
  const okrs = /\bokrs?\b/i.test(ctx.brief);
  const period = ctx.material.requirements.find((fact) => /period|quarter|month|week|timeline/.test(fact.key))?.value ?? items.map((item) => /\b(?:Q[1-4]\s+\d{4}|(?:week|sprint)\s+\d{1,3})\b(?![,.]\d)/i.exec(item.text)?.[0]).find(Boolean) ?? null;
  return {
    // "OKRs for Q1 for the growth team": the key results of the quarter, named as such.
    title: /\bokrs?\b/i.test(ctx.brief) ? (ctx.recognised.audience ? `${titled(ctx.recognised.audience.replace(/^(?:the|our)\s+/i, ''))} OKRs for ${ctx.recognised.subject}` : `OKRs: ${titled(ctx.recognised.subject)}`) : titleWith(ctx, reportName(ctx.brief)),
    period,
    metrics,
    // Everything not a figure, a risk or an action is an update the reader should see.
    // "Done: search filters, CSV import", "hiring: 2 engineers started monday": a line keeps the label that says how far it got or what it is about.
    highlights: items.filter((item) => !metricTexts.has(item.text) && !risky(item) && !(isAction(item) && !isPositive(item.text))).map((item) => labelled(item, ctx.material.sources)).map(sentenceStart).slice(0, 10),
    // A figure that moved the wrong way is a risk too ("activation 38% (was 41%)").
    // OKRs set where a figure should go: a key result below its target is the point, not a risk.
    risks: items.filter((item) => (!metricTexts.has(item.text) && risky(item)) || riskSection(item) || (!okrs && (measured(item)?.status === 'at_risk' || measured(item)?.status === 'off_track'))).map((item) => labelled(item, ctx.material.sources)).map(sentenceStart).slice(0, 8),
    action_items: actions(items.filter((item) => !metricTexts.has(item.text))),
  };
}

/**
 * "compare Notion vs Confluence" with notes "notion: $10/user, great editor" and "need: good
 * search, jira integration": the lines under each option's label, and under what is needed, each
 * gathered into one finding ("Notion: $10/user, great editor"), the options first.
 */
function optionGroups(ctx: DocumentContext, items: Item[]): Array<{ label: string; items: Item[] }> {
  const groups = new Map<string, Item[]>();
  for (const item of items) {
    const label = item.section;
    if (!label || !(new RegExp(`\\b${literal(label)}\\b`, 'i').test(ctx.brief) || /^(?:needs?|requirements?|must(?:\s+have)?|criteria|what\s+we\s+need)$/i.test(label))) continue;
    groups.set(label, [...(groups.get(label) ?? []), item]);
  }
  const named = (label: string) => /^(?:needs?|requirements?|must(?:\s+have)?|criteria|what\s+we\s+need)$/i.test(label) ? 'What we need' : /\p{Lu}/u.test(label) ? label : (new RegExp(`\\b(${literal(label)})\\b`, 'i').exec(ctx.brief)?.[1] ?? label);
  const options = [...groups].filter(([label]) => named(label) !== 'What we need');
  return options.length >= 2 ? [...options, ...[...groups].filter(([label]) => named(label) === 'What we need')].map(([label, members]) => ({ label: named(label), items: members })) : [];
}

/** Short parts under one inline label, in the notes' order: "Top complaints" with its parts. */
function labelGroups(items: Item[]): Array<{ label: string; items: Item[] }> {
  const groups = new Map<string, Item[]>();
  for (const item of items) {
    const label = item.section;
    // A label typed before its line ("top complaints: ..."), short, that the line does not repeat; never an internal note.
    if (!label || label.split(/\s+/).length > 4 || /internal|private|writer|author/.test(label) || item.text.toLowerCase().includes(label) || item.text.split(/\s+/).length > 12) continue;
    groups.set(label, [...(groups.get(label) ?? []), item]);
  }
  return [...groups].map(([label, members]) => ({ label: `${label.charAt(0).toUpperCase()}${label.slice(1)}`, items: members }));
}

// "since aug", "since the launch", "since monday": a starting point in time.
const sinceWhen = /\bsince\s+(?:(?:the\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*|(?:mon|tues|wednes|thurs|fri|satur|sun)day|last\s+\w+|q[1-4]|\d{4}|\d{1,2}[/.]\d{1,2}|yesterday|then|(?:the\s+)?(?:launch|release|start|beginning))\b/i;
// What someone changed: "we removed the onboarding call in july", "pricing page changed in august".
const changeVerb = /\b(?:removed|changed|stopped|started|launched|added|raised|lowered|cut|moved|switched|introduced|replaced|redesigned|dropped\s+the|turned\s+off|turned\s+on|killed|paused|increased\s+(?:the\s+)?price|new\s+(?:pricing|onboarding|checkout|signup))\b/i;

export function analysis(ctx: DocumentContext): DeliverableData['analysis'] {
  const items = ctx.material.items;
  const subject = /backlog|ticket|queue/i.test(`${ctx.recognised.subject} ${ctx.brief}`) ? 'backlog' : /incident|outage|post-?mortem|down|failure/i.test(`${ctx.recognised.subject} ${ctx.brief}`) ? 'incident' : 'general';
  // "since" that dates something ("more signups from tiktok ads since aug") gives no reason.
  const said = (item: Item) => /\b(?:because|due to|caused by|root cause|as a result of|led to|triggered)\b/i.test(item.text) || (/\bsince\b/i.test(item.text) && !sinceWhen.test(item.text));
  // "why did conversion drop?" over notes of what changed ("we removed the onboarding call in july"): the changes are what may explain it.
  const why = /\bwhy\b/i.test(ctx.brief);
  const changed = (item: Item) => why && changeVerb.test(item.text) && !isQuestion(item.text);
  const causes = items.filter((item) => said(item) || changed(item)).map((item) => sentenceStart(item.text));
  const causeItems = new Set(items.filter((item) => said(item) || changed(item)));
  // "Should we switch from Heroku to AWS?" is the question the analysis answers, not a recommendation.
  const recommendationItems = items.filter((item) => /\b(?:should|recommend|suggest|propose|could|need to|must)\b/i.test(item.text) && !isQuestion(item.text));
  const question = /\b(?:decision|memo|decide|whether)\b/i.test(ctx.brief) ? items.find((item) => /\?$/.test(item.text.trim())) : undefined;
  // "Compare ... HubSpot free tier, 0 per month, 1M contacts limit": an option, then what describes it.
  const comparing = /\bcompar(?:e|ing|ison)\b|\bvs\.?\b|\bversus\b|\boptions\b/i.test(ctx.brief);
  const options = comparing ? optionGroups(ctx, items) : [];
  // "top complaints: slow support replies, missing dark mode, price": a label over short parts is one finding with its label.
  const grouped = options.length > 0 ? options : labelGroups(items);
  const groupOf = new Map(grouped.flatMap((group) => group.items.map((item) => [item, group] as const)));
  const lower = (text: string) => (/^\p{Lu}\p{Ll}/u.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text);
  const groupFinding = (group: { label: string; items: Item[] }) => ({ finding: `${group.label}: ${group.items.map((item) => lower(item.text).replace(/[.]$/, '')).join(', ')}`, evidence: null });
  const kept = items.filter((item) => groupOf.has(item) || (!causeItems.has(item) && !recommendationItems.includes(item) && item !== question));
  // In the notes' order: a group where its first line was; the options compared first.
  const ordered = options.length > 0 ? [...options.map(groupFinding), ...kept.filter((item) => !groupOf.has(item)).map((item) => ({ finding: sentenceStart(item.text), evidence: item.cite ?? item.speaker ?? null }))] : kept.flatMap((item) => {
    const group = groupOf.get(item);
    if (group) return group.items[0] === item ? [groupFinding(group)] : [];
    const option = comparing ? /^([^,]{2,40}),\s+(.+)$/.exec(item.text.replace(/[.]$/, '')) : null;
    return [option ? { finding: `${option[1]}: ${option[2]}`, evidence: item.cite ?? null } : { finding: sentenceStart(item.text), evidence: item.cite ?? item.speaker ?? null }];
  });
  const findings = ordered.slice(0, (subject === 'incident' ? 16 : 10) + options.length);
  const general: DeliverableData['analysis'] = {
    title: question ? question.text.trim() : titleWith(ctx, options.length > 0 ? 'comparison' : 'analysis'),
    subject,
    findings,
    causes: causes.slice(0, 6),
    recommendations: recommendationItems.slice(0, 8).map((item) => ({ text: item.text, priority: priorityOf(item.text) })),
    action_items: actions(items.filter((item) => !recommendationItems.includes(item) || /\b(?:will|I'll|owner)\b/i.test(item.text))),
  };
  if (subject === 'incident') return incidentAnalysis(ctx, general);
  // Interviews in themes, a plan's risks, pros and cons: each its own shape (build/interviews.ts, risks.ts, prosCons.ts).
  if (ctx.recognised.interviews) return interviewSynthesis(ctx, general);
  if (ctx.recognised.risks) return riskList(ctx, general);
  if (ctx.recognised.prosCons) return prosCons(ctx, general);
  // "should we move our team chat from slack to teams? pros and cons": each line on the side it argues.
  const change = options.length === 0 ? switchOf(ctx.brief) : undefined;
  return change ? switchAnalysis(items.filter((item) => item !== question && !/\?\s*$/.test(item.text) && (!recommendationItems.includes(item) || sideOf(item.text, change))), change, general) : general;
}

const roles = /^(?:the\s+)?(support|finance|sales|ops|operations|engineering|legal|hr|marketing|it|security|the\s+customer|customers?|managers?|admins?|the\s+team|team\s+leads?|reception|front\s+desk|warehouse|dispatch|billing|the\s+system|system|we)\s+(.+)$/i;

/** "support logs the request in Zendesk" -> Support: "Logs the request in Zendesk"; "refunds under $500 are auto-approved" -> the rule as written. */
function roleStep(text: string): { step: string; owner: string | null } | undefined {
  const found = roles.exec(text.trim());
  const verb = found?.[2]!.split(/\s+/)[0]!.toLowerCase() ?? '';
  if (found && verbBase(verb) !== undefined) {
    const owner = found[1]!.replace(/^the\s+/i, '');
    // What happens to the customer is a step no one on the team owns: it stays as written.
    if (/^(?:customers?|system|we)$/i.test(owner)) return { step: `${text.trim().charAt(0).toUpperCase()}${text.trim().slice(1)}`.replace(/[.]$/, ''), owner: null };
    const rest = found[2]!.trim().replace(/[.]$/, '');
    const base = verbBase(verb)!;
    return { step: `${base.charAt(0).toUpperCase()}${base.slice(1)}${rest.slice(verb.length)}`, owner: owner.charAt(0).toUpperCase() + owner.slice(1) };
  }
  if (/\b(?:is|are)\s+(?:auto-?)?[a-z]+ed\b/i.test(text)) return { step: text.replace(/[.]$/, ''), owner: null };
  return undefined;
}

// Words in an agenda item's brackets that say how it is taken, not who leads it.
const notLeads = /^(?:optional|tbd|tbc|tentative|maybe|if\s+time|recurring|all|everyone|team|decision|discussion|fyi|info|update|vote|quick|urgent|brainstorm|review|demo|recap|break|lunch)$/i;

/**
 * A meeting's agenda: each line of the notes an item in its order, even one word ("AOB"); "(Jen,
 * 15 min)" after an item is its owner and its time.
 */
function agenda(ctx: DocumentContext): DeliverableData['process_plan'] {
  // Without notes, the items such a meeting usually covers (build/usualAgenda.ts).
  if (ctx.material.bare) return { title: `Agenda: ${titled(ctx.recognised.subject)}`, goal: titled(ctx.recognised.subject), steps: usualAgenda(ctx.brief).map((step) => ({ step, owner: null, due: null })), risks: [], measures: [] };
  const lines = ctx.material.sources.split(/\r?\n/).map((line) => line.replace(/^\s*(?:[-*+•]|\d+[.)])\s+/, '').trim()).filter((line) => line !== '' && !/:\s*$/.test(line));
  const steps = lines.map((line) => {
    const note = /\s*\(([^)]*)\)\s*$/.exec(line);
    // "hiring plan - tom": a name after a dash leads the item, as one in brackets does.
    const led = note ? null : /\s+[-–—]\s+([\p{L}'’-]+(?:\s+[\p{L}'’-]+)?)$/u.exec(line);
    const parts = note ? note[1]!.split(/\s*,\s*/) : led ? [led[1]!] : [];
    // "(maria, 20 min)": a name typed in lower case leads it too; "(optional)" or "(decision needed)" is said beside it.
    const owned = parts.find((part) => /^[\p{L}'’-]+(?:\s+[\p{L}'’-]+)?$/u.test(part) && !notLeads.test(part) && (/^\p{Lu}/u.test(part) || part.split(/\s+/).length === 1));
    const owner = owned ? owned.replace(/(^|\s)\p{Ll}/gu, (letter) => letter.toUpperCase()) : null;
    const time = parts.find((part) => /\d+\s*(?:min(?:ute)?s?|h(?:ours?)?|hrs?)\b/i.test(part));
    const beside = parts.filter((part) => part !== owned && part !== time && part.trim() !== '');
    const item = sentenceStart((note ? line.slice(0, note.index) : led ? line.slice(0, led.index) : line).replace(/[.]$/, ''));
    const notes = [...beside, ...(time ? [time] : [])];
    return { step: notes.length > 0 ? `${item} (${notes.join(', ')})` : item, owner, due: null };
  });
  return { title: `Agenda: ${titled(ctx.recognised.subject)}`, goal: titled(ctx.recognised.subject), steps, risks: [], measures: [] };
}

export function processPlan(ctx: DocumentContext): DeliverableData['process_plan'] {
  if (ctx.recognised.agenda) return agenda(ctx);
  if (ctx.recognised.checklist) return checklist(ctx);
  const items = ctx.material.items;
  const goalItem = items.find((item) => /\b(?:goal|want|aim|target|so that)\b/i.test(item.text));
  const stepItems = items.filter((item) => item !== goalItem && (isAction(item) || /^(?:first|then|next|after|finally|once)\b/i.test(item.text) || roleStep(item.text) !== undefined) && !isRisk(item.text));
  return {
    title: titleWith(ctx, 'process plan'),
    goal: goalItem?.text ?? `A repeatable process for ${ctx.recognised.subject}.`,
    steps: stepItems.slice(0, 12).map((item) => {
      // "support logs the request in Zendesk": the role owns the step.
      const role = roleStep(item.text);
      if (role) return { step: role.step, owner: role.owner, due: dueOf(item.text) };
      const action = actionOf(item);
      return { step: action.task, owner: action.owner, due: action.due };
    }),
    risks: items.filter((item) => isRisk(item.text) && !stepItems.includes(item)).map((item) => item.text).slice(0, 6),
    measures: items.filter((item) => /\d/.test(item.text) && item !== goalItem && !stepItems.includes(item)).map((item) => item.text).slice(0, 6),
  };
}

export function retro(ctx: DocumentContext): DeliverableData['retro'] {
  const items = ctx.material.items;
  // "Didn't go well" is a column to improve, though it says "well".
  const toImprove = /improve|bad|didn|n['’]t|\bnot\b|stop|problem|wrong|less|sad|change|delta/;
  const well = (item: Item) => (inSection(item, /well|good|keep|win|liked|positive|glad/) && !inSection(item, toImprove)) || (!item.section && isPositive(item.text) && !isNegative(item.text));
  const improve = (item: Item) => inSection(item, toImprove) || (!item.section && isNegative(item.text));
  const act = (item: Item) => inSection(item, /action|next|todo|try|start|idea|experiment|propos/) || (!item.section && isAction(item) && !well(item) && !improve(item));
  return {
    title: retroTitle(ctx),
    went_well: items.filter((item) => well(item) && !act(item)).map((item) => item.text).slice(0, 10),
    to_improve: items.filter((item) => improve(item) && !well(item) && !act(item)).map((item) => item.text).slice(0, 10),
    // "Try next: no-meeting Wednesdays": what the team's action column lists is an action, however it is worded.
    action_items: [...actions(items.filter(act)), ...items.filter((item) => inSection(item, /action|next|todo|try|start|idea|experiment|propos/) && !isAction(item)).map(actionOf)]
      .filter((action, index, all) => all.findIndex((other) => other.task.toLowerCase() === action.task.toLowerCase()) === index)
      .slice(0, 20),
  };
}

const rankOf: Record<Priority, number> = { high: 0, medium: 1, low: 2 };

/**
 * What there is to rank: a request that lists everything in one sentence ("the checkout bug is
 * losing us orders (urgent), update the FAQ, nice to have: a new logo") ranks its comma parts.
 */
function rankable(items: Item[]): Item[] {
  const parts = items.length === 1 ? commaList(items[0]!.text, 14) : undefined;
  return parts ? parts.map((text) => ({ ...items[0]!, text })) : items;
}

/**
 * The reason a ranked line gives for itself: "fix checkout bug (customers losing carts)" ->
 * "customers losing carts", "speed up search, takes 4s" -> "takes 4s". A priority label in
 * brackets ("(urgent)", "(nice to have)") is no reason.
 */
function statedReason(text: string): string | null {
  const bracket = /\(([^)]{3,80})\)\s*[.!]?$/.exec(text)?.[1];
  const clause = /^[^,(]{3,}?(?:,|\s[-–—]\s|\s+because\s+|\s+since\s+)\s*([^,]{3,80}?)[.!]?$/i.exec(text)?.[1];
  const reason = (bracket ?? clause)?.trim();
  return reason && !/^(?:urgent|asap|p[0-3]|high|medium|low|nice to have|minor|later|blocker|critical|important|optional|\d+\s*(?:h|hours?|days?|pts?|points?))$/i.test(reason) ? reason : null;
}

export function priorityRanking(ctx: DocumentContext): DeliverableData['priority_ranking'] {
  const candidates = rankable(ctx.material.items).filter((item) => !isQuestion(item.text)).slice(0, 20);
  const scored = candidates.map((item, index) => {
    // A list's label says how much each of its items matters ("Nice to have: a logo, dark mode").
    const priority = priorityOf(item.section ? `${item.section}: ${item.text}` : item.text);
    const due = dueOf(item.text);
    // "Q3", "v2" and "B2B" name things; a figure stands on its own ("40 unread", "$12k").
    const figure = /(?<![\p{L}\p{N}])(?:[$€£]\s?)?\d[\d,.]*\s?(?:%|[a-z]+)?(?:\s+[a-z]+)?/iu.exec(item.text)?.[0]?.trim() ?? null;
    const stated = statedReason(item.text);
    const dated = due && !stated?.includes(due) ? `due ${due}` : null;
    const reason = priority === 'high'
      ? ([dated, stated].some(Boolean) ? `urgent: ${[dated, stated].filter(Boolean).join('; ')}` : 'urgent, or affects customers, money or safety')
      : priority === 'low' ? 'stated as minor or for later' : [dated, stated].filter(Boolean).join('; ') || (figure ? `involves ${figure}` : null);
    return { item, index, priority, reason, weight: rankOf[priority] * 10 - (due ? 3 : 0) - (figure ? 2 : 0) };
  });
  scored.sort((a, b) => a.weight - b.weight || a.index - b.index);
  // One priority for everything ranks nothing: then the order itself splits high, medium, low.
  if (scored.length >= 3 && scored.every((entry) => entry.priority === scored[0]!.priority)) {
    const third = Math.ceil(scored.length / 3);
    scored.forEach((entry, index) => {
      entry.priority = index < third ? 'high' : index >= scored.length - third ? 'low' : 'medium';
      entry.reason ??= 'no date or figure given: in the order listed';
    });
  }
  const items: RankedItem[] = scored.map((entry, index) => ({ rank: index + 1, item: entry.item.text, priority: entry.priority, reason: entry.reason }));
  return { title: titleWith(ctx, 'priorities'), criteria: ['urgency and dates', 'impact on customers, money or safety', 'figures the material gives'], items };
}
