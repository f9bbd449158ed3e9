import type { ActionItemData } from '../../../../schemas/deliverables/index.js';
import { printedFacts, type DocumentContext } from '../context.js';
import { listLines, table } from '../formats.js';

/** Markdown pieces every renderer uses: a titled part, lists in the asked form, action items. */

export function part(heading: string, lines: string[], level = 2): string[] {
  return lines.length === 0 ? [] : [`${'#'.repeat(level)} ${heading}`, lines.join('\n')];
}

export function paragraphs(heading: string, texts: string[], level = 2): string[] {
  return texts.length === 0 ? [] : [`${'#'.repeat(level)} ${heading}`, ...texts];
}

export function listed(ctx: DocumentContext, heading: string, items: string[], numbered = false, level = 2): string[] {
  return items.length === 0 ? [] : [`${'#'.repeat(level)} ${heading}`, listLines(items, ctx.form, numbered).join('\n')];
}

/**
 * Action items as a checklist or a table. `mine`: the writer's own next actions (a status update
 * "for my manager"), so one without an owner is the writer's, not "Unassigned".
 */
export function actionLines(ctx: DocumentContext, items: ActionItemData[], heading = 'Action items', mine = false): string[] {
  if (items.length === 0) return [];
  const nobody = mine ? 'Me' : 'Unassigned';
  if (ctx.form.table) return [`## ${heading}`, table(['Owner', 'Task', 'Due'], items.map((item) => [item.owner ?? nobody, item.task, item.due ?? 'No date given']))];
  const lines = items.map((item) => `${item.owner ? `**${item.owner}**: ` : mine ? '' : '**Unassigned**: '}${item.task}${item.due ? ` (due ${item.due})` : ''}`);
  return [`## ${heading}`, listLines(lines, { checklist: ctx.form.checklist || !ctx.form.numbered, numbered: ctx.form.numbered }).join('\n')];
}

/** The request's own facts (timeline, version, budget ...) under the title. */
export function factsLine(ctx: DocumentContext): string[] {
  const facts = printedFacts(ctx);
  return facts.length === 0 ? [] : [facts.join(' · ')];
}

/** A checklist at the end when one was asked and the document has none yet. */
export function checklistTail(ctx: DocumentContext, items: string[], markdown: string[]): string[] {
  if (!ctx.form.checklist || items.length === 0 || markdown.some((block) => /^- \[ \]/m.test(block))) return [];
  return ['## Checklist', items.map((item) => `- [ ] ${item}`).join('\n')];
}

export function join(blocks: string[]): string {
  return `${blocks.filter((block) => block.trim() !== '').join('\n\n')}\n`;
}
