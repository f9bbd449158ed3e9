import type { DeliverableData } from '../../../../schemas/deliverables/index.js';
import { sentenceStart, type DocumentContext } from '../context.js';
import { listLines } from '../formats.js';
import { table } from '../formats.js';
import { switchOf } from '../build/switchDecision.js';
import { renderIncident } from './incident.js';
import { renderInterviews, renderProsCons, renderRisks } from './mindShapes.js';
import { actionLines, checklistTail, factsLine, join, listed, paragraphs } from './shared.js';

export function renderMeetingSummary(data: DeliverableData['meeting_summary'], ctx: DocumentContext): string {
  const blocks = [
    `# ${data.title}`,
    ...factsLine(ctx),
    ...(data.date ? [`**Date:** ${data.date}`] : []),
    // "Attendees: Ruth, Kwame, Lisa": who was there is part of the record.
    ...(ctx.material.people.length > 0 ? [`**Attendees:** ${ctx.material.people.join(', ')}`] : []),
    ...listed(ctx, 'Summary', data.summary),
    ...listed(ctx, 'Decisions', data.decisions.map((decision) => (decision.source ? `${decision.text} (${decision.source})` : decision.text))),
    ...actionLines(ctx, data.action_items),
    ...listed(ctx, 'Risks', data.risks),
    ...listed(ctx, 'Open questions', data.open_questions),
  ];
  return join([...blocks, ...checklistTail(ctx, data.action_items.map((item) => item.task), blocks)]);
}

export function renderStatusReview(data: DeliverableData['status_review'], ctx: DocumentContext): string {
  const status = { on_track: 'On track', at_risk: 'At risk', off_track: 'Off track', unknown: 'Not stated' } as const;
  // A column no figure fills ("Target: not given" on every row) is left out; figures with only a
  // name and a value are a list.
  // OKRs set targets: how a key result stands against its target is no status yet.
  const okrs = /\bokrs?\b/i.test(ctx.brief);
  const columns = { target: data.metrics.some((metric) => metric.target), due: data.metrics.some((metric) => metric.due), status: !okrs && data.metrics.some((metric) => metric.status !== 'unknown') };
  const bare = !columns.target && !columns.due && !columns.status;
  const metricBlock = data.metrics.length === 0 ? [] : ctx.form.bullets || ctx.form.numbered || (bare && !ctx.form.table)
    ? listed(ctx, okrs ? 'Key results' : 'Figures', data.metrics.map((metric) => `${metric.name}: ${metric.current ?? 'not given'}${metric.target ? `, target ${metric.target}` : ''}${metric.due ? ` by ${metric.due}` : ''}${metric.status === 'unknown' ? '' : ` (${status[metric.status]})`}`))
    : [okrs ? '## Key results' : '## Figures', table(['Measure', 'Now', ...(columns.target ? ['Target'] : []), ...(columns.due ? ['By'] : []), ...(columns.status ? ['Status'] : [])], data.metrics.map((metric) => [metric.name, metric.current ?? 'not given', ...(columns.target ? [metric.target ?? 'not given'] : []), ...(columns.due ? [metric.due ?? 'not given'] : []), ...(columns.status ? [status[metric.status]] : [])]))];
  // The lines the figures come from, quoted when they say more than the figure's name and value.
  const shown = (text: string) => data.metrics.some((metric) => `${metric.name} ${metric.current ?? ''}`.toLowerCase().includes(text.replace(/[.]$/, '').toLowerCase()));
  const sources = ctx.material.items.filter((item) => !shown(item.text) && data.metrics.some((metric) => metric.current !== null && item.text.includes(metric.current.split(' (')[0]!))).map((item) => `> ${sentenceStart(item.text)}`);
  // "goal: grow self-serve revenue": the objective the key results serve comes first.
  const objective = okrs ? data.highlights.filter((line) => /^(?:goal|objective|mission)s?:\s*/i.test(line)) : [];
  const highlights = data.highlights.filter((line) => !objective.includes(line));
  const blocks = [`# ${data.title}`, ...factsLine(ctx), ...(data.period ? [`**Period:** ${data.period}`] : []), ...(objective.length > 0 ? ['## Objective', objective.map((line) => sentenceStart(line.replace(/^(?:goal|objective|mission)s?:\s*/i, ''))).join(' ')] : []), ...metricBlock, ...(sources.length > 0 ? [sources.join('\n>\n')] : []), ...listed(ctx, okrs ? 'Also planned' : 'Highlights and updates', highlights), ...listed(ctx, 'Risks', data.risks), ...actionLines(ctx, data.action_items, 'Next actions', /\b(?:my|I|I['’]m|me)\b/.test(ctx.brief))];
  return join([...blocks, ...checklistTail(ctx, data.action_items.map((item) => item.task), blocks)]);
}

/** The findings that are an option the ask names with its notes ("Notion: $10/user, great editor"), and what is needed. */
function comparedOptions(data: DeliverableData['analysis'], ctx: DocumentContext): DeliverableData['analysis']['findings'] {
  if (!/\bcompar|\bvs\.?\b|\bversus\b|\boptions\b/i.test(ctx.brief)) return [];
  const named = data.findings.filter((item) => {
    const option = /^([^:]{2,40}): /.exec(item.finding)?.[1];
    return option !== undefined && (option === 'What we need' || ctx.brief.toLowerCase().includes(option.toLowerCase()));
  });
  return named.filter((item) => !item.finding.startsWith('What we need: ')).length >= 2 ? named : [];
}

/** Findings sorted by the side they argue (build/switchDecision.ts): "For: ...", "Against: ...". */
function sided(data: DeliverableData['analysis']): boolean {
  return data.findings.some((item) => item.finding.startsWith('For: ')) && data.findings.some((item) => item.finding.startsWith('Against: '));
}

export function renderAnalysis(data: DeliverableData['analysis'], ctx: DocumentContext): string {
  // An incident is read for its timeline, impact and cause (render/incident.ts); a table asked for keeps the general form.
  if (data.subject === 'incident' && !ctx.form.table) return renderIncident(data, ctx);
  if (ctx.recognised.interviews && !ctx.form.table) return renderInterviews(data, ctx);
  if (ctx.recognised.risks && !ctx.form.table) return renderRisks(data, ctx);
  if (ctx.recognised.prosCons && !ctx.form.table) return renderProsCons(data, ctx);
  const recommendations = data.recommendations.map((item) => `${item.text} (priority: ${item.priority})`);
  const blocks = [
    `# ${data.title}`,
    ...factsLine(ctx),
    // Options compared as a table: a row each, the option and what describes it.
    // Options the ask names ("compare Notion vs Confluence"), each with its notes, are a table whatever the form asked.
    ...(comparedOptions(data, ctx).length >= 2 ? [
      '## Comparison',
      table(['Option', 'Details'], comparedOptions(data, ctx).map((item) => [item.finding.slice(0, item.finding.indexOf(': ')), item.finding.slice(item.finding.indexOf(': ') + 2)])),
      ...listed(ctx, 'Findings', data.findings.filter((item) => !comparedOptions(data, ctx).includes(item)).map((item) => item.finding)),
    ] :
    ctx.form.table && data.findings.length > 0 && data.findings.every((item) => /^[^:]{2,40}: /.test(item.finding)) && /\bcompar|\bvs\.?\b|\boptions\b/i.test(ctx.brief) ? ['## Comparison', table(['Option', 'Details'], data.findings.map((item) => [item.finding.slice(0, item.finding.indexOf(': ')), item.finding.slice(item.finding.indexOf(': ') + 2)]))] :
    sided(data) ? [
      ...listed(ctx, switchOf(ctx.brief) ? `For moving to ${switchOf(ctx.brief)!.to}` : 'For', data.findings.filter((item) => item.finding.startsWith('For: ')).map((item) => item.finding.slice(5))),
      ...listed(ctx, 'Against', data.findings.filter((item) => item.finding.startsWith('Against: ')).map((item) => item.finding.slice(9))),
      ...listed(ctx, 'Also noted', data.findings.filter((item) => !/^(?:For|Against): /.test(item.finding)).map((item) => item.finding)),
    ] :
    ctx.form.table && data.findings.length > 0 ? ['## Findings', table(['Finding', 'Source'], data.findings.map((item) => [item.finding, item.evidence ?? '']))] : listed(ctx, 'Findings', data.findings.map((item) => (item.evidence ? `${item.finding} (${item.evidence})` : item.finding)))),
    // "why did it drop?": what changed may explain it; the notes do not say it did.
    ...listed(ctx, /\bwhy\b/i.test(ctx.brief) ? 'Possible causes' : 'Causes', data.causes),
    ...listed(ctx, 'Recommendations', recommendations, true),
    ...actionLines(ctx, data.action_items),
  ];
  return join([...blocks, ...checklistTail(ctx, data.recommendations.map((item) => item.text), blocks)]);
}

export function renderProcessPlan(data: DeliverableData['process_plan'], ctx: DocumentContext): string {
  if (ctx.recognised.checklist) return renderChecklist(data, ctx);
  // An agenda is its items in order, each with who leads it.
  if (ctx.recognised.agenda) return join([`# ${data.title}`, ...factsLine(ctx), listLines(data.steps.map((step) => (step.owner ? (/\(([^)]*)\)$/.test(step.step) ? step.step.replace(/\(([^)]*)\)$/, `(${step.owner}, $1)`) : `${step.step} (${step.owner})`) : step.step)), ctx.form, true).join('\n')]);
  const steps = data.steps.map((step) => `${step.step}${step.owner ? ` (owner: ${step.owner})` : ''}${step.due ? ` (by ${step.due})` : ''}`);
  const stepBlock = ctx.form.table && data.steps.length > 0 ? ['## Steps', table(['#', 'Step', 'Owner', 'By'], data.steps.map((step, index) => [String(index + 1), step.step, step.owner ?? 'Unassigned', step.due ?? 'No date given']))] : listed(ctx, 'Steps', steps, true);
  const blocks = [`# ${data.title}`, ...factsLine(ctx), ...paragraphs('Goal', [data.goal]), ...stepBlock, ...listed(ctx, 'Risks', data.risks), ...listed(ctx, 'How we will know it works', data.measures)];
  return join([...blocks, ...checklistTail(ctx, data.steps.map((step) => step.step), blocks)]);
}

export function renderRetro(data: DeliverableData['retro'], ctx: DocumentContext): string {
  // An "ideas:" column holds proposals no one has taken yet: listed as ideas, not as unassigned action items.
  const ideaTexts = new Set(ctx.material.items.filter((item) => item.section !== undefined && /^(?:ideas?|proposals?|suggestions?|experiments?)$/i.test(item.section.trim())).map((item) => item.text.toLowerCase().replace(/[.!]$/, '')));
  const idea = (item: DeliverableData['retro']['action_items'][number]) => (item.owner ?? 'Unassigned') === 'Unassigned' && ideaTexts.has(item.task.toLowerCase().replace(/[.!]$/, ''));
  const blocks = [`# ${data.title}`, ...factsLine(ctx), ...listed(ctx, 'What went well', data.went_well), ...listed(ctx, 'What to improve', data.to_improve), ...listed(ctx, 'Ideas', data.action_items.filter(idea).map((item) => sentenceStart(item.task))), ...actionLines(ctx, data.action_items.filter((item) => !idea(item)))];
  return join([...blocks, ...checklistTail(ctx, data.action_items.map((item) => item.task), blocks)]);
}

export function renderPriorityRanking(data: DeliverableData['priority_ranking'], ctx: DocumentContext): string {
  const body = ctx.form.bullets && !ctx.form.table
    ? listed(ctx, 'Ranking', data.items.map((item) => `**${item.priority}**: ${item.item}${item.reason ? ` (${item.reason})` : ''}`))
    : ctx.form.numbered && !ctx.form.table
      ? listed(ctx, 'Ranking', data.items.map((item) => `**${item.priority}**: ${item.item}${item.reason ? ` (${item.reason})` : ''}`), true)
      : ['## Ranking', table(['Rank', 'Item', 'Priority', 'Why'], data.items.map((item) => [String(item.rank), item.item, item.priority, item.reason ?? '']))];
  const blocks = [`# ${data.title}`, ...factsLine(ctx), `Ranked by ${data.criteria.join(', ')}.`, ...body];
  return join([...blocks, ...checklistTail(ctx, data.items.map((item) => item.item), blocks)]);
}

/**
 * A checklist: boxes to tick, "**Owner**: task (due ...)" when the notes say who and when. The
 * usual items of a checklist asked without notes are grouped by the phase each belongs to.
 */
function renderChecklist(data: DeliverableData['process_plan'], ctx: DocumentContext): string {
  const box = (lines: string[]) => listLines(lines, { checklist: !ctx.form.numbered, numbered: ctx.form.numbered }).join('\n');
  if (ctx.material.bare) {
    const phases = [...new Set(data.steps.map((step) => step.due ?? ''))];
    return join([`# ${data.title}`, ...factsLine(ctx), ...phases.flatMap((phase) => [`## ${phase}`, box(data.steps.filter((step) => (step.due ?? '') === phase).map((step) => step.step))])]);
  }
  if (ctx.form.table) return join([`# ${data.title}`, ...factsLine(ctx), table(['Task', 'Owner', 'Due'], data.steps.map((step) => [step.step, step.owner ?? 'Unassigned', step.due ?? 'No date given']))]);
  return join([`# ${data.title}`, ...factsLine(ctx), box(data.steps.map((step) => `${step.owner ? `**${step.owner}**: ` : ''}${step.step}${step.due ? ` (due ${step.due})` : ''}`))]);
}
