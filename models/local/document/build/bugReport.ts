import type { DeliverableData } from '../../../../schemas/deliverables/index.js';
import { spellNames } from '../../text/spelling.js';
import { bugsOf, readBugMessage, type BugMessage } from '../bugMessage.js';
import { sentenceStart, type DocumentContext } from '../context.js';
import { factsLine, join } from '../render/shared.js';
import { criterionOf } from './ticketCriterion.js';

/**
 * "turn this slack message into a bug report: '...'": one bug ticket, titled by what happens, with
 * the steps, the expected result, the environment and the error where the message gives them. A part
 * the message leaves out is asked of the reporter, never made up.
 */

/** The bugs of the message: one, or each of those a message says it has ("two things: ..."). */
function messages(ctx: DocumentContext): BugMessage[] {
  return bugsOf(ctx.material.sources).map(readBugMessage);
}

/** What fixed looks like: the message's own "should ...", else the observed fault said the right way round. */
function expectedOf(found: BugMessage): string[] {
  if (found.expected.length > 0) return found.expected;
  const first = found.observed[0];
  if (!first) return [];
  const fixed = sentenceStart(spellNames(criterionOf(first.replace(/[.]$/, ''))));
  return fixed.replace(/[.]$/, '').toLowerCase() === first.replace(/[.]$/, '').toLowerCase() ? [] : [fixed];
}

function titleOf(found: BugMessage): string {
  return (found.observed[0] ?? found.errors[0] ?? '').replace(/[.]$/, '');
}

export function bugReport(ctx: DocumentContext): DeliverableData['ticket_set'] {
  const bugs = messages(ctx);
  const title = titleOf(bugs[0]!);
  return {
    // "two things: ...": each bug is a ticket of its own, under one title for them all.
    title: bugs.length > 1 ? 'Bug reports' : title ? `Bug: ${title}` : 'Bug report',
    estimate_unit: null,
    tickets: bugs.map((found) => ({ title: titleOf(found) || 'Bug', description: [...found.observed, ...found.tried].join(' '), acceptance_criteria: expectedOf(found), estimate: null })),
    user_stories: [],
  };
}

/** One bug's parts under headings of `level` ("##" for a report of one bug, "###" under each bug of several). */
function bugParts(found: BugMessage, level: string): string[] {
  const expected = expectedOf(found);
  const missing = [
    ...(found.steps.length === 0 ? ['The steps that lead to it, from the start.'] : []),
    ...(expected.length === 0 ? ['What they expected to happen.'] : []),
    ...(found.environment.length === 0 ? ['The browser, device or app version.'] : []),
  ];
  return [
    `${level} What happens`,
    found.observed.length > 0 ? found.observed.join(' ') : 'The message says no more than the error below.',
    ...(found.tried.length > 0 ? [`**Reproducibility:** ${found.tried.join(' ')}`] : []),
    `${level} Steps to reproduce`,
    found.steps.length > 0 ? found.steps.map((step, index) => `${index + 1}. ${step}`).join('\n') : 'Not given in the message.',
    `${level} Expected`,
    expected.length > 0 ? expected.join(' ') : 'Not stated in the message.',
    ...(found.environment.length > 0 ? [`${level} Environment`, found.environment.map((name) => `- ${name}`).join('\n')] : []),
    ...(found.errors.length > 0 ? [`${level} Error`, found.errors.map((error) => `\`\`\`\n${error}\n\`\`\``).join('\n\n')] : []),
    ...(missing.length > 0 ? [`${level} To ask the reporter`, missing.map((line) => `- ${line}`).join('\n')] : []),
  ];
}

export function renderBugReport(data: DeliverableData['ticket_set'], ctx: DocumentContext): string {
  const bugs = messages(ctx);
  const parts = bugs.length > 1 ? bugs.flatMap((found, index) => [`## Bug ${index + 1}: ${titleOf(found) || 'Bug'}`, ...bugParts(found, '###')]) : bugParts(bugs[0]!, '##');
  return join([`# ${data.title}`, ...factsLine(ctx), ...parts]);
}
