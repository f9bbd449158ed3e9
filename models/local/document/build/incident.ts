import type { DeliverableData } from '../../../../schemas/deliverables/index.js';
import { titled, type DocumentContext } from '../context.js';
import type { Item } from '../material.js';
import { literal } from '../../text/phrases.js';

/**
 * What an incident write-up does with its notes beyond a general analysis: the follow-ups go to
 * the action items only (not also to the findings), "root cause:" says which list a cause is for
 * and is not repeated in it, the people the notes name in lower case ("11:10 sam on it") are
 * written as the action items name them, and the title says it is an incident report.
 */

// "follow ups:", "action items:", "next steps:", "todo:": a label over the work that comes of it.
const workSection = /^(?:follow[- ]?ups?|action(?: items?)?|next steps?|to-?dos?|todos?|remediation|fixes)$/i;

/** Lines listed under a follow-up label, which the action items carry. */
function followUpItems(items: Item[]): Item[] {
  return items.filter((item) => item.section !== undefined && workSection.test(item.section));
}

const causeLabel = /^(?:(?:the\s+)?root\s+cause|cause|why)\s*(?:was|is)?\s*[:\-–—]\s*/i;

/** "Root cause: the pool default was unbounded" -> "The pool default was unbounded". */
function causeText(text: string): string {
  const bare = text.replace(causeLabel, '').trim();
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}

/** `text` with the action items' owners written with their capitals ("sam on it" -> "Sam on it"). */
function withOwnerNames(text: string, owners: string[]): string {
  return owners.reduce((out, owner) => out.replace(new RegExp(String.raw`(^|[^\p{L}])${literal(owner.toLowerCase())}(?![\p{L}])`, 'gu'), (_, before: string) => `${before}${owner}`), text);
}

// "last night", "yesterday", "this morning", "on 3 March": when, not what, the incident was.
const when = /^(?:(?:the\s+)?(?:incident|outage)\s+)?(?:from\s+|of\s+|on\s+)?(last night|yesterday|today|this (?:morning|afternoon|week)|(?:mon|tues|wednes|thurs|fri|satur|sun)day(?: night| morning)?|\d{1,2}\s+\w+|\w+\s+\d{1,2})$/i;

/** "Incident report: Payments outage", "Incident report, last night". */
function incidentTitle(ctx: Pick<DocumentContext, 'recognised'>): string {
  const subject = ctx.recognised.subject.trim().replace(/^(?:the|our)\s+/i, '');
  const time = when.exec(subject);
  if (time) return `Incident report, ${time[1]!.toLowerCase()}`;
  if (ctx.recognised.generic || /^(?:(?:incident|outage|post-?mortem)s?\s*)?(?:summary|report|write-?up|recap|review|notes)?$/i.test(subject)) return 'Incident report';
  return `Incident report: ${titled(subject.replace(/\s+(?:incident|post-?mortem)$/i, ''))}`;
}

// "ops to add disk alerts", "the SRE team will ...": a team takes the follow-up.
const teamTask = /^(?:the\s+)?(ops|operations|sre|infra(?:structure)?|platform|security|support|engineering|eng|devops|dev|qa|it|on-?call|backend|frontend|data|dba|network(?:ing)?)(?:\s+team)?\s+(?:to|will|should|needs? to|is going to)\s+(.+?)[.!]?$/i;
const acronyms = new Set(['sre', 'qa', 'it', 'dba']);

/** A follow-up a team takes ("ops to add disk alerts" -> Ops: "Add disk alerts"), or undefined. */
function teamFollowUp(text: string): DeliverableData['analysis']['action_items'][number] | undefined {
  const found = teamTask.exec(text.trim());
  if (!found) return undefined;
  const team = found[1]!.toLowerCase();
  const task = found[2]!.trim();
  return { owner: acronyms.has(team) ? team.toUpperCase() : `${team.charAt(0).toUpperCase()}${team.slice(1)}`, task: `${task.charAt(0).toUpperCase()}${task.slice(1)}`, due: null };
}

/** The analysis of an incident, from the general analysis of the same notes. */
export function incidentAnalysis(ctx: DocumentContext, general: DeliverableData['analysis']): DeliverableData['analysis'] {
  const followUps = new Set(followUpItems(ctx.material.items).map((item) => item.text.toLowerCase()));
  const teamItems = general.findings.map((item) => teamFollowUp(item.finding)).filter((item) => item !== undefined);
  const actionItems = [...general.action_items, ...teamItems.filter((item) => !general.action_items.some((taken) => taken.task.toLowerCase() === item.task.toLowerCase()))];
  const owners = [...new Set(general.action_items.map((item) => item.owner).filter((owner): owner is string => owner !== null))];
  // A finding that is a follow-up ("Dana will move the export to its own pool by Friday") is listed with the follow-ups only.
  const tasks = actionItems.map((item) => item.task.toLowerCase());
  const isFollowUp = (finding: string) =>
    [...followUps].some((line) => finding.toLowerCase().includes(line)) || tasks.some((task) => finding.toLowerCase().includes(task)) || /^(?:follow[- ]?ups?|action items?|next steps?|to-?dos?)\s*:/i.test(finding);
  // "cause: disk full on primary": the label says which list the line is for.
  const labelledCauses = general.findings.filter((item) => causeLabel.test(item.finding)).map((item) => item.finding);
  return {
    ...general,
    title: incidentTitle(ctx),
    findings: general.findings.filter((item) => !isFollowUp(item.finding) && !labelledCauses.includes(item.finding)).map((item) => ({ ...item, finding: withOwnerNames(item.finding, owners) })),
    causes: [...general.causes, ...labelledCauses].map((cause) => withOwnerNames(causeText(cause), owners)),
    action_items: actionItems,
  };
}
