import test from 'ava';
import { outcome } from './helpers.js';

test('"cold email to acme\'s head of ops about our scheduling tool, saves 5 hours a week" is a short cold email, not an outline', async (t) => {
  const result = await outcome('writer', { brief: "cold email to acme's head of ops about our scheduling tool, saves 5 hours a week" });
  t.is(result.draftKind, 'grounded');
  t.regex(result.content, /^\*\*Subject:\*\* Our scheduling tool for Acme$/m);
  t.regex(result.content, /^Dear Head of Operations,$/m);
  t.regex(result.content, /^I am reaching out about our scheduling tool\.$/m);
  t.regex(result.content, /^It saves 5 hours a week\.$/m);
  t.regex(result.content, /short call to see whether it could help Acme\?/);
  // Nothing made up: no figure but the ask's, no name but Acme.
  t.deepEqual(result.content.match(/\d+/g), ['5']);
  t.notRegex(result.content, /\[|\bJohn\b|\bminutes?\b|\bnext week\b/);
});

test('cold emails typed other ways: a role at a company, a group, a company alone; each fact said of the offer', async (t) => {
  const role = await outcome('writer', { brief: 'write a cold email to the cto of globex about our security audit service' });
  t.regex(role.content, /^Dear CTO,$/m);
  t.regex(role.content, /^\*\*Subject:\*\* Our security audit service for Globex$/m);
  const group = await outcome('writer', { brief: 'cold outreach email to dentists about our booking app, cuts no-shows by 30%' });
  t.regex(group.content, /^I am reaching out about our booking app for dentists\.$/m);
  t.regex(group.content, /^It cuts no-shows by 30%\.$/m);
  const company = await outcome('writer', { brief: 'cold email to acme about our analytics platform' });
  t.regex(company.content, /^Hi Acme team,$/m);
  t.is(company.draftKind, 'grounded');
});
