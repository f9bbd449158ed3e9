import type { DeliverableData } from '../../../../schemas/deliverables/index.js';
import type { DocumentContext } from '../context.js';
import { actionLines, checklistTail, factsLine, join, listed } from './shared.js';

// "11:02pm ...", "at 14:05 the API ...", "[14:05] ...", "by 3am": a line that says when, for the incident's timeline.
const timed = /(?:^|[\s[(])(?:\d{1,2}[:.]\d{2}(?:\s*[ap]\.?m\.?)?|\d{1,2}\s*[ap]\.?m\.?)(?=[\s\]),.;:]|$)/i;
// What the incident cost: people or orders affected, money lost, time down.
const impact = /\b(?:failed|lost|affected|impacted|customers?|users?|orders?|checkouts?|revenue|refunds?|downtime|down for|sla|tickets?|complaints?)\b/i;

/**
 * An incident write-up in the order its readers look for: what happened when (the timed lines),
 * what it cost (lines with a figure of people, orders, money or time), what else was found, why
 * it happened, and what is being done.
 */
export function renderIncident(data: DeliverableData['analysis'], ctx: DocumentContext): string {
  const lines = data.findings.map((item) => (item.evidence ? `${item.finding} (${item.evidence})` : item.finding));
  const timeline = lines.filter((line) => timed.test(line));
  const costs = lines.filter((line) => !timed.test(line) && /\d/.test(line) && impact.test(line));
  const rest = lines.filter((line) => !timeline.includes(line) && !costs.includes(line));
  const blocks = [
    `# ${data.title}`,
    ...factsLine(ctx),
    ...listed(ctx, 'Timeline', timeline),
    ...listed(ctx, 'Impact', costs),
    ...listed(ctx, timeline.length > 0 || costs.length > 0 ? 'Other findings' : 'Findings', rest),
    ...listed(ctx, data.causes.length === 1 ? 'Root cause' : 'Causes', data.causes),
    ...listed(ctx, 'Recommendations', data.recommendations.map((item) => `${item.text} (priority: ${item.priority})`), true),
    ...actionLines(ctx, data.action_items, 'Follow-ups'),
  ];
  return join([...blocks, ...checklistTail(ctx, data.recommendations.map((item) => item.text), blocks)]);
}
