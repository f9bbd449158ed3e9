import type { DeliverableData, TicketData } from '../../../../schemas/deliverables/index.js';
import { sentenceStart, type DocumentContext } from '../context.js';
import { table } from '../formats.js';
import { factsLine, join } from '../render/shared.js';

/**
 * "sprint plan for next 2 weeks: finish checkout redesign (ana, 5 pts), fix search bug (tom, 2
 * pts). team capacity 20 pts": the sprint's items, each with the owner and the estimate the ask
 * gives, the capacity and the goal when stated, and what the estimates add up to. No owner,
 * estimate or goal is made up; an item without one says so.
 */

const capacityLine = /\b(?:(?:team\s+)?capacity|velocity|we\s+have)\s*(?:is|of|:|=|-)?\s*(?:about\s+|around\s+|~)?(\d+(?:\.\d+)?)\s*(pts?|points?|story\s+points|sp|days?|hours?|hrs?|h|d)\b|\b(\d+(?:\.\d+)?)\s*(pts?|points?|story\s+points|sp|days?|hours?)\s+(?:of\s+)?capacity\b/i;
const goalLine = /^(?:(?:sprint\s+)?goal|objective|focus)\s*[:\-–]\s*(.+)$/i;
const estimatePart = /^(\d+(?:\.\d+)?)\s*(pts?|points?|story\s+points|sp|days?|d|hours?|hrs?|h)$/i;

const unitName = (raw: string) => (/^(?:p|sp|story)/i.test(raw) ? 'points' : /^h/i.test(raw) ? 'hours' : 'days');

/** "finish checkout redesign (ana, 5 pts)", "fix search bug - tom - 2d": the task, its owner, its estimate. */
export function sprintItem(text: string): { task: string; owner: string | null; estimate: TicketData['estimate'] } {
  const bracket = /\s*\(([^)]*)\)\s*[.]?$/.exec(text);
  const dashed = bracket ? null : /^(.+?)((?:\s+[-–—]\s+[^-–—]+)+)$/.exec(text);
  const parts = bracket ? bracket[1]!.split(/\s*[,;/]\s*/) : dashed ? dashed[2]!.split(/\s+[-–—]\s+/).map((part) => part.trim()).filter(Boolean) : [];
  const task = bracket ? text.slice(0, bracket.index) : dashed ? dashed[1]! : text;
  let owner: string | null = null;
  let estimate: TicketData['estimate'] = null;
  for (const part of parts) {
    const size = estimatePart.exec(part.trim());
    if (size) estimate = { value: Number(size[1]), unit: unitName(size[2]!) };
    else if (/^@?[\p{L}'’-]+$/u.test(part.trim()) && !owner) owner = part.trim().replace(/^@/, '').replace(/^\p{Ll}/u, (letter) => letter.toUpperCase());
  }
  return { task: sentenceStart(task.trim().replace(/[.]$/, '')), owner, estimate };
}

export interface SprintFacts {
  goal: string | null;
  capacity: { value: number; unit: string } | null;
}

function sprintFacts(ctx: DocumentContext): SprintFacts {
  // "capacity: 8 pts" is read as the figure under a "capacity" label.
  const texts = ctx.material.items.map((item) => (item.section && /^(?:(?:team\s+)?capacity|velocity)$/i.test(item.section) ? `capacity ${item.text}` : item.section && /^(?:sprint\s+)?goal$/i.test(item.section) && !goalLine.test(item.text) ? `goal: ${item.text}` : item.text));
  const capacity = texts.map((text) => capacityLine.exec(text)).find(Boolean);
  const goal = texts.map((text) => goalLine.exec(text)?.[1]).find(Boolean);
  return { goal: goal ? sentenceStart(goal.replace(/[.]$/, '')) : null, capacity: capacity ? { value: Number(capacity[1] ?? capacity[3]), unit: unitName(capacity[2] ?? capacity[4]!) } : null };
}

export function sprintPlan(ctx: DocumentContext): DeliverableData['ticket_set'] {
  const label = (item: { section?: string }) => item.section !== undefined && /^(?:(?:team\s+)?capacity|velocity|(?:sprint\s+)?goal)$/i.test(item.section);
  const items = ctx.material.items.filter((item) => !label(item) && !capacityLine.test(item.text) && !goalLine.test(item.text) && !/\?\s*$/.test(item.text));
  const tickets: TicketData[] = items.map((item) => {
    const { task, owner, estimate } = sprintItem(item.text);
    return { title: task, description: owner ? `Owner: ${owner}.` : 'No owner given.', acceptance_criteria: [], estimate };
  });
  const subject = ctx.recognised.generic ? '' : ctx.recognised.subject.replace(/^(?:the|our|this)\s+/i, '');
  return { title: subject ? `Sprint plan: ${subject}` : 'Sprint plan', estimate_unit: tickets.find((ticket) => ticket.estimate)?.estimate?.unit ?? null, tickets, user_stories: [] };
}

export function renderSprintPlan(data: DeliverableData['ticket_set'], ctx: DocumentContext): string {
  const { goal, capacity } = sprintFacts(ctx);
  const sized = data.tickets.filter((ticket) => ticket.estimate);
  const unit = sized[0]?.estimate?.unit;
  const sameUnit = sized.every((ticket) => ticket.estimate!.unit === unit);
  const planned = sized.length > 0 && sameUnit ? sized.reduce((sum, ticket) => sum + ticket.estimate!.value, 0) : null;
  const owner = (ticket: TicketData) => /^Owner: (.+)\.$/.exec(ticket.description)?.[1] ?? 'not given';
  const load = [
    ...(capacity ? [`**Capacity:** ${capacity.value} ${capacity.unit}`] : []),
    ...(planned !== null ? [`**Planned:** ${planned} ${unit}${sized.length < data.tickets.length ? ` (${data.tickets.length - sized.length} item${data.tickets.length - sized.length === 1 ? '' : 's'} not estimated)` : ''}`] : []),
  ];
  const over = capacity && planned !== null && capacity.unit === unit && planned > capacity.value ? [`The plan is ${planned - capacity.value} ${unit} over capacity: move an item out or split one.`] : [];
  return join([
    `# ${data.title}`,
    ...factsLine(ctx),
    ...(goal ? [`**Sprint goal:** ${goal}`] : []),
    ...(load.length > 0 ? [load.join(' · ')] : []),
    ...over,
    '## Items',
    table(['#', 'Item', 'Owner', 'Estimate'], data.tickets.map((ticket, index) => [String(index + 1), ticket.title, owner(ticket), ticket.estimate ? `${ticket.estimate.value} ${ticket.estimate.unit}` : 'not given'])),
  ]);
}

