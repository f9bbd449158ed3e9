import { renderSprintPlan } from '../build/sprintPlan.js';
import { renderBugReport } from '../build/bugReport.js';
import { renderUserStories } from '../build/userStories.js';
import type { DeliverableData, ReleaseEntryType, TicketData } from '../../../../schemas/deliverables/index.js';
import { storyText } from '../build/pilot.js';
import type { DocumentContext } from '../context.js';
import { table } from '../formats.js';
import { checklistTail, factsLine, join, listed } from './shared.js';

export function renderPrd(data: DeliverableData['prd'], ctx: DocumentContext): string {
  const blocks = [
    `# ${data.title}`,
    ...factsLine(ctx),
    ...listed(ctx, 'Problem', data.problem),
    ...listed(ctx, 'Goals', data.goals),
    ...listed(ctx, 'Who it is for', data.personas),
    ...listed(ctx, 'User stories', data.user_stories.map(storyText)),
    ...listed(ctx, 'Requirements', data.requirements, true),
    ...listed(ctx, 'How we measure it', data.metrics),
    ...listed(ctx, 'Open questions', data.open_questions),
  ];
  return join([...blocks, ...checklistTail(ctx, data.requirements, blocks)]);
}

/** A project's plan as numbered steps: the work, its date, who does it and what else it needs. */
function renderSteps(data: DeliverableData['roadmap'], ctx: DocumentContext): string {
  const steps = data.phases.map((phase, index) => {
    const [first, ...rest] = phase.items;
    const owner = first?.startsWith('Owner: ') ? first : undefined;
    const details = [...(owner ? [] : first ? [first] : []), ...rest];
    const head = `${index + 1}. **${phase.name.replace(/[.]$/, '')}**${phase.dates ? ` (${phase.dates})` : ''}${owner ? `. ${owner}.` : ''}`;
    return [head, ...details.map((detail) => `   - ${/[.!?]$/.test(detail) ? detail : `${detail}.`}`)].join('\n');
  });
  const blocks = [`# ${data.title}`, ...(data.timeline ? [`**${/^(?:by|before|until|no later|due)\b/i.test(data.timeline) ? 'Deadline' : 'When'}:** ${data.timeline}`] : []), ...factsLine(ctx).filter((fact) => !data.timeline || !fact.includes(data.timeline)), '## Steps', steps.join('\n')];
  return join([...blocks, ...checklistTail(ctx, data.phases.map((phase) => phase.name), blocks)]);
}

export function renderRoadmap(data: DeliverableData['roadmap'], ctx: DocumentContext): string {
  if (ctx.recognised.projectPlan && !ctx.form.table && !ctx.form.timeline) return renderSteps(data, ctx);
  const phases = ctx.form.table || ctx.form.timeline
    ? ['## Phases', table(['Phase', 'Dates', 'Work'], data.phases.map((phase) => [phase.name, phase.dates ?? 'No date given', phase.items.join('; ')]))]
    : data.phases.flatMap((phase) => [`## ${phase.name}${phase.dates && phase.dates.toLowerCase() !== phase.name.toLowerCase() ? ` (${phase.dates})` : ''}`, phase.items.length > 0 ? phase.items.map((item) => `- ${item}`).join('\n') : '- Work for this phase is not named in the material yet.']);
  const blocks = [`# ${data.title}`, ...factsLine(ctx), ...phases];
  return join([...blocks, ...checklistTail(ctx, data.phases.map((phase) => phase.name), blocks)]);
}

function estimateText(ticket: TicketData, unit: string | null): string {
  if (ticket.estimate) return `${ticket.estimate.value} ${ticket.estimate.unit}`;
  return unit ? `not given (in ${unit})` : 'not given';
}

export function renderTicketSet(data: DeliverableData['ticket_set'], ctx: DocumentContext): string {
  if (ctx.recognised.sprintPlan) return renderSprintPlan(data, ctx);
  if (ctx.recognised.bugReport) return renderBugReport(data, ctx);
  if (ctx.recognised.userStories) return renderUserStories(data, ctx);
  const summary = ctx.form.table && data.tickets.length > 0 ? ['## Overview', table(['#', 'Ticket', 'Estimate'], data.tickets.map((ticket, index) => [String(index + 1), ticket.title, estimateText(ticket, data.estimate_unit)]))] : [];
  // Estimates asked for and none in the notes: said once, plainly, not "not given" under every ticket (none is made up).
  const noneGiven = ctx.form.estimates && !ctx.form.table && data.tickets.length > 0 && data.tickets.every((ticket) => !ticket.estimate);
  const tickets = data.tickets.flatMap((ticket, index) => [
    `## ${index + 1}. ${ticket.title}`,
    ticket.description,
    `**Acceptance criteria**\n\n${ticket.acceptance_criteria.map((criterion) => `- [ ] ${criterion}`).join('\n')}`,
    ...((ctx.form.estimates && !noneGiven) || ticket.estimate ? [`**Estimate:** ${estimateText(ticket, data.estimate_unit)}`] : []),
  ]);
  const unestimated = noneGiven ? [`**Estimates:** the notes give none${data.estimate_unit ? ` (in ${data.estimate_unit})` : ''}, so none is set here; each needs a size from the team.`] : [];
  return join([`# ${data.title}`, ...factsLine(ctx), ...unestimated, ...summary, ...listed(ctx, 'User stories', data.user_stories.map(storyText)), ...tickets]);
}

const typeHeadings: Array<[ReleaseEntryType, string]> = [['breaking', 'Breaking changes'], ['security', 'Security'], ['feature', 'New'], ['improvement', 'Improved'], ['fix', 'Fixed'], ['other', 'Other changes']];

export function renderReleaseNotes(data: DeliverableData['release_notes'], ctx: DocumentContext): string {
  const line = (text: string, reference: string | null) => (ctx.internal && reference ? `${text} (${reference})` : text);
  const groups = ctx.form.table
    ? ['## Changes', table(['Type', 'Change', ...(ctx.internal ? ['Reference'] : [])], data.entries.map((entry) => [entry.type, entry.text, ...(ctx.internal ? [entry.reference ?? ''] : [])]))]
    : typeHeadings.flatMap(([type, heading]) => listed(ctx, heading, data.entries.filter((entry) => entry.type === type).map((entry) => line(entry.text, entry.reference))));
  return join([`# ${data.title}`, ...(data.date ? [`**Release date:** ${data.date}`] : []), ...factsLine(ctx).filter((fact) => !data.date || !fact.includes(data.date)), ...(data.entries.length > 5 ? listed(ctx, 'Highlights', data.highlights) : []), ...groups]);
}

export function renderTechnicalSpec(data: DeliverableData['technical_spec'], ctx: DocumentContext): string {
  if (ctx.recognised.testPlan) return renderTestPlan(data, ctx);
  const blocks = [
    `# ${data.title}`,
    ...factsLine(ctx),
    ...(data.overview ? ['## Overview', data.overview] : []),
    ...listed(ctx, 'Goals and constraints', data.goals),
    ...data.design.flatMap((section) => listed(ctx, section.heading, section.body)),
    ...(data.interfaces.length > 0 ? ['## Interfaces', data.interfaces.map((entry) => `- \`${entry}\``).join('\n')] : []),
    ...listed(ctx, 'Risks', data.risks),
    ...listed(ctx, 'Open questions', data.open_questions),
  ];
  return join([...blocks, ...checklistTail(ctx, data.goals, blocks)]);
}

/** A test plan: its scope, then each case with numbered steps and its expected result (a table when one is asked). */
function renderTestPlan(data: DeliverableData['technical_spec'], ctx: DocumentContext): string {
  const expected = (body: string[]) => body.find((line) => line.startsWith('Expected: '))?.slice('Expected: '.length) ?? '';
  const steps = (body: string[]) => body.filter((line) => !line.startsWith('Expected: '));
  const cases = ctx.form.table
    ? [table(['#', 'Case', 'Steps', 'Expected result'], data.design.map((section, index) => [String(index + 1), section.heading, steps(section.body).map((step, at) => `${at + 1}. ${step}`).join(' '), expected(section.body)]))]
    : data.design.flatMap((section, index) => [`### ${index + 1}. ${section.heading}`, steps(section.body).map((step, at) => `${at + 1}. ${step}`).join('\n'), `**Expected:** ${expected(section.body)}`]);
  return join([`# ${data.title}`, ...factsLine(ctx), '## Scope', data.overview, '## Test cases', ...cases, ...listed(ctx, 'Browsers and devices', data.interfaces)]);
}
