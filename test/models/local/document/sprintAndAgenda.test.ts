import test from 'ava';
import { outcome } from './helpers.js';

/** A sprint plan asked of pilot, and an agenda asked of the writer crew. */

test('"sprint plan for next 2 weeks: ..." is the items with owners and estimates, the capacity and what is planned, not a PRD', async (t) => {
  const result = await outcome('pilot', { brief: 'sprint plan for next 2 weeks: finish checkout redesign (ana, 5 pts), fix search bug (tom, 2 pts), write onboarding emails (lee, 3 pts). team capacity 20 pts' });
  t.is(result.deliverable.kind, 'ticket_set');
  t.regex(result.content, /^# Sprint plan: next 2 weeks$/m);
  t.regex(result.content, /\*\*Capacity:\*\* 20 points · \*\*Planned:\*\* 10 points/);
  t.regex(result.content, /\| 1 \| Finish checkout redesign \| Ana \| 5 points \|\n\| 2 \| Fix search bug \| Tom \| 2 points \|\n\| 3 \| Write onboarding emails \| Lee \| 3 points \|/);
  t.notRegex(result.content, /product requirements|## Problem/);
});

test('a sprint plan over notes keeps the goal, reads "capacity: 8 pts", and says which item has no estimate or owner', async (t) => {
  const result = await outcome('pilot', { brief: 'sprint plan', context: 'goal: ship the new onboarding\n- onboarding emails - lee - 3 pts\n- welcome screen (maya, 5 pts)\n- analytics events\ncapacity: 8 pts' });
  t.regex(result.content, /^# Sprint plan$/m);
  t.regex(result.content, /\*\*Sprint goal:\*\* Ship the new onboarding/);
  t.regex(result.content, /\*\*Capacity:\*\* 8 points · \*\*Planned:\*\* 8 points \(1 item not estimated\)/);
  t.regex(result.content, /\| 3 \| Analytics events \| not given \| not given \|/);
});

test('"sprint plan for next 2 weeks" with nothing else: an outline asking for the goal, the items and the capacity', async (t) => {
  const result = await outcome('pilot', { brief: 'sprint plan for next 2 weeks' });
  t.is(result.draftKind, 'outline');
  t.regex(result.content, /## Sprint goal[\s\S]+## Items[\s\S]+## Capacity/);
});

test('"agenda for ..." asked of the writer crew is an agenda, not a blog post outline', async (t) => {
  const bare = await outcome('writer', { brief: "agenda for monday's planning meeting" });
  t.is(bare.deliverable.kind, 'process_plan');
  t.regex(bare.content, /^# Agenda: Monday's planning meeting$/m);
  t.regex(bare.content, /^1\. Goal of the meeting$/m);
  const listed = await outcome('writer', { brief: 'agenda for the q3 kickoff: roadmap review, hiring, budget, aob' });
  t.regex(listed.content, /^# Agenda: Q3 kickoff\n\n1\. Roadmap review\n2\. Hiring\n3\. Budget\n4\. AOB$/m);
  const post = await outcome('writer', { brief: 'blog post about how to write a meeting agenda' });
  t.is(post.deliverable.kind, 'blog_post');
});
