import test from 'ava';
import { recognise } from '../../../../models/local/document/recognise.js';

/** Issue 26 item 1: the deliverable is recognised, and the subject is what it is about, never the deliverable's name. */

const cases: Array<[Parameters<typeof recognise>[0], string, ReturnType<typeof recognise>['kind'], string]> = [
  ['writer', 'Write the pgmigrate install page', 'documentation_page', 'pgmigrate'],
  ['writer', 'A guide to composting in small apartments', 'how_to', 'composting in small apartments'],
  ['writer', 'LinkedIn and X posts announcing our new sourdough subscription', 'social_posts', 'new sourdough subscription'],
  ['writer', 'Reply to this customer email about a late delivery', 'email', 'late delivery'],
  ['writer', 'Newsletter for patients about the new Saturday hours', 'newsletter', 'new Saturday hours'],
  ['writer', 'Landing page copy for our clinic booking app', 'landing_copy', 'clinic booking app'],
  ['writer', 'Write a blog post about remote onboarding for engineering teams', 'blog_post', 'remote onboarding'],
  ['writer', 'Write a blog post about how to thank your customers for their loyalty', 'blog_post', 'how to thank your customers for their loyalty'],
  ['writer', 'Write a short thank-you note to our volunteers after the charity run last Sunday', 'email', 'Thank you for all your help with the charity run last Sunday'],
  ['writer', 'Invite the team to a farewell lunch for Maria on Friday at 12:30', 'email', 'Invitation: Farewell lunch for Maria on Friday at 12:30'],
  ['writer', 'FAQ page for our gym membership', 'documentation_page', 'gym membership'],
  ['writer', 'We need a frequently asked questions page about the school trip to Paris for parents', 'documentation_page', 'school trip to Paris'],
  ['mind', 'Analyse our support backlog', 'analysis', 'support backlog'],
  ['mind', 'KPI review for the clinic front desk. Average check-in wait is 22 minutes.', 'status_review', 'clinic front desk'],
  ['mind', 'Plan the process for handling returned parcels', 'process_plan', 'handling returned parcels'],
  ['mind', 'Sprint 14 retro', 'retro', 'Sprint 14'],
  ['mind', 'Prioritize these feature requests', 'priority_ranking', 'feature requests'],
  ['mind', 'Summarise our weekly ops sync', 'meeting_summary', 'weekly ops sync'],
  ['pilot', 'release notes for driver app 2.3', 'release_notes', 'driver app 2.3'],
  ['pilot', 'Jira tickets for SMS appointment reminders', 'ticket_set', 'SMS appointment reminders'],
  ['pilot', 'Roadmap for the driver app rewrite', 'roadmap', 'driver app rewrite'],
  ['pilot', 'Technical spec for webhook retries', 'technical_spec', 'webhook retries'],
  ['pilot', 'PRD for offline mode in our field inspection app', 'prd', 'offline mode in our field inspection app'],
];

for (const [crew, brief, kind, subject] of cases) {
  test(`${crew}: "${brief}" is a ${kind} about "${subject}"`, (t) => {
    const found = recognise(crew, brief, {}, false);
    t.is(found.kind, kind);
    t.is(found.subject, subject);
  });
}

test('requirements.format names the deliverable; the ask still marks where the subject starts', (t) => {
  const found = recognise('writer', 'Write a blog post about async code reviews for engineering managers', { format: 'newsletter' }, true);
  t.is(found.kind, 'newsletter');
  t.is(found.subject, 'async code reviews');
  t.is(found.audience, 'engineering managers');
});

test('a mind request without a deliverable word is a meeting summary with notes, an analysis without', (t) => {
  t.is(recognise('mind', 'What do you make of this?', {}, true).kind, 'meeting_summary');
  t.is(recognise('mind', 'What do you make of this?', {}, false).kind, 'analysis');
});

test('an FAQ is recognised as such, and "to Paris for parents" is a trip for parents, not an audience of "Paris for parents"', (t) => {
  const found = recognise('writer', 'We need a frequently asked questions page about the school trip to Paris for parents', {}, false);
  t.true(found.faq);
  t.is(found.audience, 'parents');
  t.is(recognise('writer', 'Write a blog post about remote onboarding for engineering teams', {}, false).faq, undefined);
});
