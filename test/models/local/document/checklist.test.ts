import test from 'ava';
import { actionOf } from '../../../../models/local/document/cues.js';
import { outcome } from './helpers.js';

/** Checklists and to-do lists: the tasks to tick off, never a meeting summary or a PRD of the list. */

test('"turn this into a todo list" over meeting notes is the tasks as boxes, with who and when; news and decisions are left out', async (t) => {
  const context = 'weekly sync 3/3\n- launch moved to may 3\n- budget approved at 40k\n- tom to update the roadmap by friday\n- lisa will email the vendor about the contract\n- need to hire a QA contractor, raj owns it, end of month';
  const result = await outcome('mind', { brief: 'turn this into a todo list', context });
  t.is(result.deliverable.kind, 'process_plan');
  t.is(result.content, '# To-do list\n\n- [ ] **Tom**: Update the roadmap (due Friday)\n- [ ] **Lisa**: Email the vendor about the contract\n- [ ] **Raj**: Hire a QA contractor (due end of month)\n');
});

test('a checklist from a list of chores keeps every chore, each opening with what to do', async (t) => {
  const result = await outcome('mind', { brief: 'make a checklist from this', context: 'pack the booth banner\nprint 200 flyers\nbook the van for thursday\ncharge the card reader' });
  t.is(result.content, '# Checklist\n\n- [ ] Pack the booth banner\n- [ ] Print 200 flyers\n- [ ] Book the van (due Thursday)\n- [ ] Charge the card reader\n');
});

test('"need to ..., raj owns it": the owner named after the task owns it, and "Need" is no one', (t) => {
  t.deepEqual(actionOf({ text: 'Need to hire a QA contractor, raj owns it, end of month', origin: 'context' }), { owner: 'Raj', task: 'Hire a QA contractor', due: 'end of month' });
  t.is(actionOf({ text: 'Someone should fix the flaky deploy script', origin: 'context' }).owner, null);
});

test('"onboarding checklist for new engineers" asked of the pilot crew is a checklist by phase, not a PRD', async (t) => {
  const result = await outcome('pilot', { brief: 'onboarding checklist for new engineers' });
  t.is(result.deliverable.kind, 'process_plan');
  t.regex(result.content, /^# Onboarding checklist for new engineers\n\n## Before day one\n\n- \[ \] /);
  t.regex(result.content, /^## First week\n\n(?:- \[ \] .+\n)*- \[ \] Set up the development environment and run the app locally$/m);
  t.notRegex(result.content, /product requirements|## Problem|Users and stories/);
  t.true(result.notes.some((note) => /usually holds/.test(note)));
});

test('a checklist typed as one comma list is a box per part, the ones that are no command too', async (t) => {
  const result = await outcome('mind', { brief: 'create a launch checklist for our new pricing page', context: 'legal review of terms, update stripe prices, redirect old /pricing urls, email existing customers, update help center, monitor conversion for 2 weeks' });
  t.regex(result.content, /- \[ \] Legal review of terms\n- \[ \] Update Stripe prices\n- \[ \] Redirect old \/pricing URLs\n- \[ \] Email existing customers\n- \[ \] Update help center\n- \[ \] Monitor conversion for 2 weeks/);
});
