import test from 'ava';
import { personCase } from '../../../../models/local/text/people.js';
import { outcome } from './helpers.js';

/** Emails from a line of lower-case notes, as people type them. */

test('"questions to maria": the name gets its capital and the line closes the email instead of a stock "reply to this email"', async (t) => {
  const result = await outcome('writer', { brief: 'email to the team: office closed friday for the holiday, payroll goes out thursday instead, questions to maria' });
  t.regex(result.content, /^\*\*Questions to Maria\.\*\*$/m);
  t.notRegex(result.content, /Reply to this email|maria/);
  if (result.deliverable.kind !== 'email') return t.fail(result.deliverable.kind);
  t.is(result.deliverable.data.call_to_action, 'Questions to Maria.');
  t.false(result.deliverable.data.body.some((line) => /Maria/.test(line)));
});

test('"email the staff about the fire drill": the staff are whom it goes to, the fire drill its subject', async (t) => {
  const result = await outcome('writer', { brief: 'email the staff about the fire drill', context: 'fire drill on thursday at 10am\nmeet at the north parking lot\nany questions, ask dana in facilities' });
  t.regex(result.content, /^\*\*Subject:\*\* Fire drill$/m);
  t.regex(result.content, /^Dear staff,$/m);
  t.regex(result.content, /^\*\*Any questions, ask Dana in facilities\.\*\*$/m);
});

test('a first name typed in lower case is capitalised where it names someone; an everyday word is left alone', (t) => {
  t.is(personCase('send the deck to priya and dana'), 'send the deck to priya and Dana');
  t.is(personCase('ping jess for access'), 'ping Jess for access');
  t.is(personCase('the grace period ends friday'), 'the grace period ends friday');
  t.is(personCase('send it to will by monday'), 'send it to will by monday');
  t.is(personCase('deploy to staging, then email ops'), 'deploy to staging, then email ops');
});

test('"questions: support@acme.io" in the notes closes the email as an invitation to write there, not beside a stock "reply to this email"', async (t) => {
  const result = await outcome('writer', { brief: 'email to customers about the price change', context: '- pro plan goes from $12 to $15/month on march 1\n- existing customers keep old price until june 1\n- questions: support@acme.io' });
  if (result.deliverable.kind !== 'email') return t.fail(result.deliverable.kind);
  t.is(result.deliverable.data.call_to_action, 'Questions? Write to support@acme.io.');
  t.false(result.deliverable.data.body.some((line) => /support@acme\.io/.test(line)));
  t.notRegex(result.content, /Reply to this email/);
});

test('a place "closed friday ..., back monday" typed as notes is a sentence in the email: "The office is closed Friday ..., and we\'re back Monday."', async (t) => {
  const result = await outcome('writer', { brief: 'email to the team: office closed friday for the holiday, back monday' });
  if (result.deliverable.kind !== 'email') return t.fail(result.deliverable.kind);
  t.deepEqual(result.deliverable.data.body, ["The office is closed Friday for the holiday, and we're back Monday."]);
  t.is(result.deliverable.data.subject, 'Office closed Friday for the holiday, back Monday');
  const kitchen = await outcome('writer', { brief: 'email to the team about the kitchen', context: '- kitchen closed thursday for cleaning\n- take your food home wednesday' });
  if (kitchen.deliverable.kind !== 'email') return t.fail(kitchen.deliverable.kind);
  t.is(kitchen.deliverable.data.body[0], 'The kitchen is closed Thursday for cleaning.');
  t.is(kitchen.deliverable.data.call_to_action, 'Reply to this email with any question about the kitchen.');
});

test('"welcome email for new hires starting monday" welcomes them to the team and asks for their first day, not a product\'s first steps', async (t) => {
  const result = await outcome('writer', { brief: 'write a welcome email for new hires starting monday' });
  t.regex(result.content, /^# Welcome to the team$/m);
  t.regex(result.content, /^## First day$/m);
  t.notRegex(result.content, /new user|Getting started/);
});

test('"email the team: offsite moved to fri 14th, ...": the team is whom it goes to, the notes say what, and "fri 14th" is a day', async (t) => {
  const result = await outcome('writer', { brief: 'email the team: offsite moved to fri 14th, same place, bring laptops' });
  t.regex(result.content, /^\*\*Subject:\*\* Offsite moved to Friday 14th$/m);
  t.regex(result.content, /^Hi team,$/m);
  t.regex(result.content, /^Bring laptops\.$/m);
  t.notRegex(result.content, /Subject:\*\* Team|about team|\bfri\b/);
});

test('"announce to customers that prices go up 10% on jan 1, existing customers keep their price for 6 months": an email of two sentences, titled by the first', async (t) => {
  const result = await outcome('writer', { brief: 'announce to customers that prices go up 10% on jan 1, existing customers keep their price for 6 months' });
  t.is(result.deliverable.kind, 'email', 'an announcement with its news is written, not outlined');
  t.regex(result.content, /^\*\*Subject:\*\* Prices go up 10% on Jan 1$/m);
  t.regex(result.content, /^Dear customers,$/m);
  t.regex(result.content, /^Prices go up 10% on Jan 1\.$/m);
  t.regex(result.content, /^Existing customers keep their price for 6 months\.$/m);
});

test('"thank you email to the volunteers who helped at saturday\'s beach cleanup" thanks them for it, not an outline', async (t) => {
  const result = await outcome('writer', { brief: "thank you email to the volunteers who helped at saturday's beach cleanup" });
  t.is(result.draftKind, 'grounded');
  t.regex(result.content, /^\*\*Subject:\*\* Thank you to everyone who helped at Saturday's beach cleanup$/m);
  t.regex(result.content, /^Dear volunteers,$/m);
});

test('"reminder email: timesheets due friday 5pm" says it in a sentence: "Timesheets are due Friday at 5pm."', async (t) => {
  const result = await outcome('writer', { brief: 'reminder email: timesheets due friday 5pm' });
  t.regex(result.content, /^\*\*Subject:\*\* Reminder: Timesheets due Friday 5pm$/m);
  t.regex(result.content, /^Timesheets are due Friday at 5pm\.$/m);
  t.notRegex(result.content, /question about timesheets/);
});

test('"out of office message, back jan 6, for urgent stuff contact maria@acme.io" is the away reply, not a blog post outline', async (t) => {
  const result = await outcome('writer', { brief: 'out of office message, back jan 6, for urgent stuff contact maria@acme.io' });
  t.is(result.deliverable.kind, 'email');
  t.regex(result.content, /^\*\*Subject:\*\* Out of office until Jan 6$/m);
  t.regex(result.content, /^I'm out of the office and back on January 6\.$/m);
  t.regex(result.content, /^\*\*For anything urgent, contact maria@acme\.io\.\*\*$/m);
});

test('"email the team: offsite moved ..." without "to": the team is whom it goes to, and the news after the colon is the subject', async (t) => {
  for (const brief of ['email the team: offsite moved to fri 14th, same place, bring laptops', 'email the team - offsite moved to fri 14th, same place, bring laptops']) {
    const result = await outcome('writer', { brief });
    t.regex(result.content, /^\*\*Subject:\*\* Offsite moved to Friday 14th$/m, brief);
    t.regex(result.content, /^Hi team,$/m, brief);
    t.notRegex(result.content, /question about team|Subject:\*\* Team/, brief);
  }
  const everyone = await outcome('writer', { brief: 'email everyone: parking lot closed mon for repaving' });
  t.regex(everyone.content, /^Hi everyone,$/m);
  t.notRegex(everyone.content, /about everyone/);
});

test('"pls email customers - ...": "pls" is a please, not the email\'s subject', async (t) => {
  const result = await outcome('writer', { brief: 'pls email customers - support hours change to 9-5 from monday' });
  t.regex(result.content, /^\*\*Subject:\*\* Support hours change to 9-5 from Monday$/m);
  t.regex(result.content, /^Dear customers,$/m);
  t.notRegex(result.content, /\bpls\b/i);
});

test('"write an intro email connecting sarah (our new designer) with tom from marketing, they should meet about the rebrand" introduces them to each other', async (t) => {
  const result = await outcome('writer', { brief: 'write an intro email connecting sarah (our new designer) with tom from marketing, they should meet about the rebrand' });
  t.regex(result.content, /^\*\*Subject:\*\* Introduction: Sarah and Tom$/m);
  t.regex(result.content, /^Hi Sarah and Tom,$/m);
  t.regex(result.content, /^Sarah is our new designer, and Tom is from marketing\.$/m);
  t.regex(result.content, /^You should meet about the rebrand\.$/m);
  const pricing = await outcome('writer', { brief: 'email introducing our new pricing to customers' });
  t.notRegex(pricing.content, /Introduction:/, 'introducing a thing is no introduction of two people');
});

test('an email to customers speaks to them, but "existing annual plans keep their price" keeps the pronoun of its own subject', async (t) => {
  const result = await outcome('writer', { brief: "email to customers: we're raising prices by 10% from jan 1, existing annual plans keep their price until renewal" });
  t.regex(result.content, /^Existing annual plans keep their price until renewal\.$/m);
  t.notRegex(result.content, /plans keep your price/);
  const trial = await outcome('writer', { brief: 'email to customers: the end of their trial is on friday, they can upgrade any time' });
  t.regex(trial.content, /your trial/);
});

test('an invitation or an apology typed with facts after commas: the subject line names what it is about, days keep their capitals', async (t) => {
  const invite = await outcome('writer', { brief: 'invite the team to our launch party friday 6pm at the office, drinks and pizza' });
  t.regex(invite.content, /^\*\*Subject:\*\* Invitation: Our launch party Friday 6pm at the office$/m);
  t.regex(invite.content, /invite you to our launch party Friday 6pm at the office, drinks and pizza\./);
  const sorry = await outcome('writer', { brief: "apology email to customers for the outage yesterday, down 2 hours, fixed now, we're adding monitoring" });
  t.regex(sorry.content, /^\*\*Subject:\*\* Our apologies for the outage yesterday$/m);
});
