import test from 'ava';
import { withoutForm } from '../../../../models/local/document/instructions.js';
import { outcome } from './helpers.js';

/** Requests a user panel typed, and what they expected back (fifteenth session). */

test('how it should read, said after the ask, is followed and never printed: not in the text, the hashtags or the subject', async (t) => {
  t.is(withoutForm('linkedin post announcing our new office in Lisbon, keep it short'), 'linkedin post announcing our new office in Lisbon');
  t.is(withoutForm("instagram caption for our bakery's new sourdough, fun tone"), "instagram caption for our bakery's new sourdough");
  t.is(withoutForm('facebook post for our yoga studio, something warm'), 'facebook post for our yoga studio');
  t.is(withoutForm('release notes for the app store, short and friendly'), 'release notes for the app store');
  t.is(withoutForm('a post about our cookies, they are warm'), 'a post about our cookies, they are warm');
  const post = await outcome('writer', { brief: 'linkedin post announcing our new office in Lisbon, keep it short', context: 'opening march 3rd, room for 40 people, hiring 15 engineers there this year' });
  t.notRegex(post.content, /keep it short|#ItShort/i);
  const email = await outcome('writer', { brief: 'email to the team about the new vacation policy, make it friendly and short', context: 'from jan 1: 28 days instead of 25, unused days roll over max 5, book via Personio, questions to Hanna in HR' });
  t.regex(email.content, /^\*\*Subject:\*\* New vacation policy$/m);
  // A label that says when stays with what it dates.
  t.regex(email.content, /^From Jan 1: 28 days instead of 25\.$/m);
  t.regex(email.content, /^Hi team,$/m, '"From Jan 1" names no sender');
});

test('an email about news with figures says the news in its body; notes typed in lower case start their sentences; "reason:" stays', async (t) => {
  const result = await outcome('writer', { brief: 'email to customers about the price increase from 9 to 12 dollars/month starting june 1', context: 'existing annual plans keep old price until renewal. reason: new features (offline mode, shared folders) and higher hosting costs. they can cancel anytime from settings' });
  // A thing and what it does ("the price increase ... starting june 1") is said as a statement.
  t.regex(result.content, /^The price increase from 9 to 12 dollars\/month starts June 1\.$/m);
  t.regex(result.content, /^Existing annual plans keep old price until renewal\.$/m);
  t.regex(result.content, /^Reason: new features \(offline mode, shared folders\) and higher hosting costs\.$/m);
  t.regex(result.content, /^You can cancel anytime from settings\.$/m);
  t.regex(result.content, /^\*\*Reply to this email with any question\.\*\*$/m);
});

test('"turn this email thread into an FAQ": what it is turned into is the deliverable; quoted questions and their answers are its pairs', async (t) => {
  const context = 'From: Jo\n> Hi, does the annual plan include the mobile app?\nYes, every plan includes iOS and Android.\n> Can I pay by invoice?\nOnly on the annual plan.';
  const result = await outcome('writer', { brief: 'turn this email thread into an FAQ for our customers', context });
  t.is(result.deliverable.kind, 'documentation_page');
  t.regex(result.content, /^# Frequently asked questions\n/);
  t.regex(result.content, /^## Does the annual plan include the mobile app\?\n\nYes, every plan includes iOS and Android\.$/m);
  t.regex(result.content, /^## Can I pay by invoice\?\n\nOnly on the annual plan\.$/m);
  t.notRegex(result.content, /From: Jo|Hi Jo|Subject/);
});

test('a newsletter line with its own label is headed by it; "for our customers, november edition" is an edition for customers', async (t) => {
  const result = await outcome('writer', { brief: 'newsletter for our customers, november edition', context: '1. New: dark mode is live\n2. Holiday support hours: closed Dec 24-26' });
  t.regex(result.content, /^# November edition for our customers\n/);
  t.regex(result.content, /^## Holiday support hours\n\nClosed Dec 24-26\.$/m);
  t.regex(result.content, /^## Dark mode is live$/m);
});

test('bug tickets: "sometimes" is fixed every time, "doesnt open" opens; a roadmap labelled by months keeps its months', async (t) => {
  const tickets = await outcome('pilot', { brief: 'tickets for the bug bash findings', context: '- safari: datepicker doesnt open on iOS 16\n- logout button does nothing on firefox sometimes' });
  if (tickets.deliverable.kind !== 'ticket_set') return t.fail(tickets.deliverable.kind);
  t.deepEqual(tickets.deliverable.data.tickets.map((ticket) => ticket.acceptance_criteria[0]), ['Datepicker opens on iOS 16 in Safari.', 'Logout button works on Firefox, every time.']);
  const roadmap = await outcome('pilot', { brief: 'roadmap for H1', context: 'jan-feb: SSO + SCIM for enterprise\nmarch: mobile app v2 (offline mode)\nmay-june: EU data residency, public API v2' });
  if (roadmap.deliverable.kind !== 'roadmap') return t.fail(roadmap.deliverable.kind);
  t.deepEqual(roadmap.deliverable.data.phases.map((phase) => [phase.name, phase.items]), [
    ['Jan–Feb', ['SSO + SCIM for enterprise']],
    ['March', ['Mobile app v2 (offline mode)']],
    ['May–June', ['EU data residency', 'Public API v2']],
  ]);
});

test('"compare Notion vs Confluence vs Coda": a comparison table of the options the ask names, with what is needed; not a meeting summary', async (t) => {
  const context = 'we are 25 people, mostly eng + product. need: good search, permissions per space, jira integration, not too expensive. notion: $10/user, great editor, search is meh. confluence: $6/user, best jira integration, clunky editor. coda: $12/user, powerful docs+tables, smaller ecosystem';
  const result = await outcome('mind', { brief: 'compare Notion vs Confluence vs Coda for our team wiki', context });
  t.is(result.deliverable.kind, 'analysis');
  t.regex(result.content, /^# Notion vs Confluence vs Coda: comparison\n/);
  t.regex(result.content, /^\| Notion \| \$10\/user, great editor, search is meh \|$/m);
  t.regex(result.content, /^\| Coda \| \$12\/user, powerful docs\+tables, smaller ecosystem \|$/m);
  t.regex(result.content, /^\| What we need \| good search, permissions per space, jira integration, not too expensive \|$/m);
  t.regex(result.content, /^- We are 25 people, mostly eng \+ product\.$/m);
  // "pros and cons" after the question is how to answer it, not a finding.
  const auth = await outcome('mind', { brief: 'should we build our own auth or use Auth0? pros and cons', context: 'we need SSO for enterprise deals by Q2. security audits are easier with a vendor.' });
  t.is(auth.deliverable.kind, 'analysis');
  t.notRegex(auth.content, /^- Pros and cons/im);
  t.regex(auth.content, /^- We need SSO for enterprise deals by Q2\.$/m);
});

test('an out-of-office reply says until when, the notes as written, and who to contact as its closing line; a welcome email welcomes', async (t) => {
  const away = await outcome('writer', { brief: 'out of office email reply', context: 'away aug 5-19, no email access. urgent stuff: contact Mark (mark@acme.com). back on the 20th' });
  t.regex(away.content, /^\*\*Subject:\*\* Out of office until Aug 19$/m);
  t.regex(away.content, /^I'm out of the office from August 5 to August 19, with no email access\.$/m);
  t.regex(away.content, /^\*\*For anything urgent, contact Mark \(mark@acme\.com\)\.\*\*$/m);
  t.notRegex(away.content, /question about reply/i);
  const welcome = await outcome('writer', { brief: 'welcome email for new users of our budgeting app' });
  t.regex(welcome.content, /^# Welcome to our budgeting app\n/);
  t.regex(welcome.content, /^## Getting started$/m);
  t.notRegex(welcome.content, /what happened, what you are doing about it/);
});

test('"summarize the results of our customer survey" is an analysis that keeps every figure and each label with its parts', async (t) => {
  const context = '142 responses. 68% satisfied or very satisfied (was 61%). NPS 31 (was 24 last year). top complaints: slow support replies, missing dark mode, price. top praise: easy to use, good mobile app.';
  const result = await outcome('mind', { brief: 'summarize the results of our customer survey', context });
  t.is(result.deliverable.kind, 'analysis');
  t.regex(result.content, /^# Results of our customer survey: analysis\n/);
  t.regex(result.content, /^- 142 responses\.$/m);
  t.regex(result.content, /^- NPS 31 \(was 24 last year\)\.$/m);
  t.regex(result.content, /^- Top complaints: slow support replies, missing dark mode, price$/m);
  t.regex(result.content, /^- Top praise: easy to use, good mobile app$/m);
  t.notRegex(result.content, /Meeting summary|## Topics/);
});

test('pilot notes typed as one comma list are a ticket per part, never one ticket repeating the whole line', async (t) => {
  const result = await outcome('pilot', { brief: 'tickets for the checkout redesign', context: 'guest checkout, apple pay + google pay, save address for next time, show shipping cost before the payment step, promo code field' });
  if (result.deliverable.kind !== 'ticket_set') return t.fail(result.deliverable.kind);
  t.deepEqual(result.deliverable.data.tickets.map((ticket) => ticket.title), ['Add guest checkout', 'Add Apple Pay + Google Pay', 'Save address for next time', 'Show shipping cost before the payment step', 'Add promo code field']);
});

test('a meeting agenda is every line in order, even "AOB", with who leads it and how long; without notes the items such a meeting covers', async (t) => {
  const result = await outcome('mind', { brief: "agenda for monday's quarterly planning meeting", context: '- review Q3 numbers (Jen, 15 min)\n- hiring plan for Q4 (Omar)\n- budget for the offsite\n- AOB' });
  t.is(result.deliverable.kind, 'process_plan');
  t.regex(result.content, /^# Agenda: Monday's quarterly planning meeting\n\n1\. Review Q3 numbers \(Jen, 15 min\)\n2\. Hiring plan for Q4 \(Omar\)\n3\. Budget for the offsite\n4\. AOB\n$/);
  const bare = await outcome('mind', { brief: 'agenda for the board meeting' });
  t.regex(bare.content, /^# Agenda: Board meeting\n/);
  t.regex(bare.content, /^1\. Approval of the last minutes$/m);
});

test('OKRs: each key result from where it is to where it should be, a count to reach as a target, the goal kept as the goal', async (t) => {
  const result = await outcome('mind', { brief: 'OKRs for Q1 for the growth team', context: 'goal: grow self-serve revenue. ideas: increase trial to paid from 8% to 12%, launch referral program by feb, reduce churn from 4% to 3% monthly, ship 3 onboarding experiments' });
  t.regex(result.content, /^# Growth team OKRs for Q1\n/);
  t.regex(result.content, /^\| Trial to paid \| 8% \| 12% \|/m);
  t.regex(result.content, /^\| Churn \(monthly\) \| 4% \| 3% \|/m);
  t.regex(result.content, /^\| Ship onboarding experiments \| not given \| 3 \|/m);
  t.regex(result.content, /^## Objective\n\nGrow self-serve revenue\.$/m);
  t.notRegex(result.content, /\| Ship \| 3 \||Reduce churn from \|/);
});

