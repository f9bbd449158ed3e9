import type { DeliverableData } from '../../../../schemas/deliverables/index.js';
import { compromise } from '../../text/compromise.js';
import { usualChecklist } from '../checklist.js';
import { titled, type DocumentContext } from '../context.js';
import { actionOf, dueOf, isAction, isDecision, isQuestion } from '../cues.js';
import type { Item } from '../material.js';
import { commaList } from '../listParts.js';

/**
 * A checklist or to-do list as a process plan: one step per task, its owner and date as the notes
 * give them. Decisions, news and questions in the notes are not tasks. Without notes, the usual
 * items of the kind of checklist asked for, each step's `due` the phase it belongs to ("Day one").
 */
function isTask(item: Item): boolean {
  if (isQuestion(item.text) || isDecision(item.text)) return false;
  return isAction(item) || opensWithCommand(item.text);
}

/** "pack the booth banner", "charge the card reader": a line that opens with a command, as compromise parses it ("launch moved to May 3" opens with a noun). */
function opensWithCommand(text: string): boolean {
  const first = (compromise()(text).json() as Array<{ terms: Array<{ tags: string[] }> }>)[0]?.terms[0];
  return first !== undefined && first.tags.includes('Imperative');
}

export function checklist(ctx: DocumentContext): DeliverableData['process_plan'] {
  const title = titled(ctx.recognised.subject);
  // "legal review of terms, update stripe prices, redirect old urls": a line typed as a comma list is a task per part.
  const listed = new Set<Item>();
  // "hire a QA contractor, raj owns it, by end of month" is one task with its owner and date.
  const items = ctx.material.items.flatMap((item) => (dueOf(item.text) !== null || /\b(?:owns?|will|takes?)\b/i.test(item.text) ? undefined : commaList(item.text))?.map((text) => {
    const part = { ...item, text };
    listed.add(part);
    return part;
  }) ?? [item]);
  if (ctx.material.bare) {
    const phases = usualChecklist(`${ctx.recognised.subject} ${ctx.brief}`) ?? [];
    return { title, goal: title, steps: phases.flatMap((phase) => phase.items.map((step) => ({ step, owner: null, due: phase.when }))), risks: [], measures: [] };
  }
  // Notes that hold no task at all ("milk, eggs, bread") are each an item to tick off.
  // ... and every part of a list typed as one is an item to tick off ("legal review of terms").
  const tasks = items.some(isTask) ? items.filter((item) => listed.has(item) || isTask(item)) : items;
  const seen = new Set<string>();
  const steps = tasks.map((item) => actionOf(item)).filter((action) => {
    const key = action.task.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { title, goal: title, steps: steps.map((action) => ({ step: action.task, owner: action.owner, due: action.due })), risks: [], measures: [] };
}
