import test from 'ava';
import { createLocalProvider } from '../../models/local/index.js';
import { parseDocument } from '../../quality/markdown.js';
import { runCrew, type Request } from './runCrew.js';

const invoices: Request = {
  brief: 'Build a mobile app that lets freelancers track invoices and send reminders to clients so that they get paid faster.',
  context:
    'Freelancers lose hours every month chasing late payments by hand. Admins need to manage user roles. Customers want to export reports as PDF. The payment provider integration is a risk because its API is in beta.',
};

// The benefit is optional: the composer states one only when the client's material gives it.
const storyForm = /^As (?:an?|the) [A-Za-z ,-]+, I want [^.]+?(?: so that .+)?\.$/;

const sso: Request = {
  brief: 'Write a PRD for adding single sign-on (SAML and OIDC) to our B2B analytics dashboard.',
  context:
    'Enterprise customers on Okta, Azure AD and Google Workspace ask for SSO; 9 deals worth $1.2M are waiting on it. Admins must be able to enforce SSO per organisation, so members cannot fall back to passwords. Each organisation keeps one break-glass account that can log in with a password if the identity provider is down. Users should be provisioned just in time on first login.',
  requirements: { include_technical_specs: true, include_user_stories: true },
};

test('the SSO PRD uses the IdPs: stories for their tenants and admins, an enforcement requirement and a break-glass risk', async (t) => {
  const outputs = await runCrew(createLocalProvider(), 'pilot', sso);
  const prd = outputs.at(-1)!.content;
  const stories = (outputs.at(-1)!.data as { user_stories: string[] }).user_stories;
  t.true(stories.some((story) => /Okta, Azure AD or Google Workspace/.test(story)), stories.join('\n'));
  t.true(stories.includes('As an admin, I want to enforce SSO per organisation so that members cannot fall back to passwords.'));
  const parts = parseDocument(prd);
  t.true(parts.headings.includes('Requirements'));
  t.regex(prd.split('## Requirements')[1]!.split('##')[0]!, /enforce SSO per organisation/);
  t.regex(prd.split('### Risks')[1]!.split('##')[0]!, /break-glass/);
  t.regex(prd.split('### Integrations')[1]!.split('###')[0]!, /Okta[\s\S]*Azure AD[\s\S]*Google Workspace/);
});

test('user stories are grammatical and built from parsed phrases, never the brief pasted in', async (t) => {
  for (const request of [sso, invoices]) {
    const stories = ((await runCrew(createLocalProvider(), 'pilot', request)).at(-1)!.data as { user_stories: string[] }).user_stories;
    t.true(stories.length > 0);
    for (const story of stories) {
      t.regex(story, storyForm);
      t.notRegex(story, /I want to use|get more value from|Adding Single Sign-on/i);
    }
  }
});

test("a story's benefit is the client's own reason or stated problem, never a stock phrase", async (t) => {
  const stories = ((await runCrew(createLocalProvider(), 'pilot', invoices)).at(-1)!.data as { user_stories: string[] }).user_stories;
  t.true(stories.includes('As a freelancer, I want to track invoices so that I get paid faster.'), stories.join('\n'));
  // No reason in "Admins need to manage user roles."; the freelancers' problem is not the admins'.
  t.true(stories.includes('As an admin, I want to manage user roles.'), stories.join('\n'));
  const ssoStories = ((await runCrew(createLocalProvider(), 'pilot', sso)).at(-1)!.data as { user_stories: string[] }).user_stories;
  t.true(ssoStories.includes('As a user, I want to be provisioned just in time on first login.'), ssoStories.join('\n'));
  const reminders = ((await runCrew(createLocalProvider(), 'pilot', { brief: 'Plan payment reminders.', context: 'Freelancers lose hours every month chasing late payments by hand. Freelancers want to choose the reminder schedule.' })).at(-1)!.data as { user_stories: string[] }).user_stories;
  t.true(reminders.includes('As a freelancer, I want to choose the reminder schedule so that I no longer lose hours every month chasing late payments by hand.'), reminders.join('\n'));
  for (const story of [...stories, ...ssoStories, ...reminders]) t.notRegex(story, /I can rely on|get more value/);
});

test('a brief that says who it is for yields that story even without context', async (t) => {
  const final = (await runCrew(createLocalProvider(), 'pilot', { brief: 'Build a portal that lets customers download invoices' })).at(-1)!;
  // A bare brief gives an outline (issue 26): the story the brief spells out is in it and in the deliverable's data.
  t.is(final.data?.draft_kind, 'outline');
  const stories = ((final.data?.deliverable as { data: { user_stories: Array<{ persona: string; want: string }> } }).data.user_stories).map((story) => `As a ${story.persona}, I want to ${story.want}`);
  t.true(final.content.includes('As a customer, I want to download invoices'), final.content);
  t.true(stories.some((story) => story.startsWith('As a customer, I want to download invoices')), stories.join('\n'));
});

test('interfaces are only those the material names: no endpoint is made up from a story', async (t) => {
  const prd = (await runCrew(createLocalProvider(), 'pilot', { ...invoices, requirements: { include_technical_specs: true } })).at(-1)!.content;
  t.false(prd.includes('### Interfaces'), prd);
  t.notRegex(prd, /\| (?:GET|POST|PATCH|DELETE) \|/);
  const named = (
    await runCrew(createLocalProvider(), 'pilot', { ...invoices, context: `${invoices.context} The mobile app reads invoices from GET /v1/invoices and marks them paid with POST /v1/invoices/{id}/paid.`, requirements: { include_technical_specs: true } })
  ).at(-1)!.content;
  t.true(named.includes('| GET | `/v1/invoices` |'), named);
  t.true(named.includes('| POST | `/v1/invoices/{id}/paid` |'), named);
});

test('the PRD grows stage by stage: problem and stories, specs, roadmap, tickets with criteria from the requirements, release', async (t) => {
  const outputs = await runCrew(createLocalProvider(), 'pilot', sso);
  const parts = parseDocument(outputs.at(-1)!.content);
  // Issue 26: the subject as a person writes it, not Title Case of every word.
  t.is(parts.title, 'Adding single sign-on (SAML and OIDC) to our B2B analytics dashboard: product requirements');
  for (const heading of ['Problem', 'Requirements', 'User stories', 'Technical specifications', 'Integrations', 'Roadmap', 'Tickets', 'Release plan']) t.true(parts.headings.includes(heading), heading);
  t.false(parseDocument(outputs[0]!.content).headings.includes('Roadmap'));
  const tickets = (outputs.at(-1)!.data as { tickets: Array<{ story: string; acceptance_criteria: string[]; estimate: number | null }> }).tickets;
  const admin = tickets.find((ticket) => ticket.story.startsWith('As an admin'))!;
  t.true(admin.acceptance_criteria.some((criterion) => criterion.includes('Admins must be able to enforce SSO per organisation')));
  // The material gives no story points, so none are guessed.
  for (const ticket of tickets) t.is(ticket.estimate, null);
});

test('without include_technical_specs the design stage writes short notes only', async (t) => {
  const outputs = await runCrew(createLocalProvider(), 'pilot', invoices);
  const headings = parseDocument(outputs[1]!.content).headings;
  t.true(headings.includes('Technical notes'));
  t.false(headings.includes('Technical specifications'));
});

test('a requested timeline spreads the milestones over its weeks', async (t) => {
  const outputs = await runCrew(createLocalProvider(), 'pilot', { ...invoices, requirements: { timeline: '10 weeks' } });
  const milestones = (outputs[2]!.data as { milestones: Array<{ name: string; weeks: string }> }).milestones;
  t.regex(milestones.at(-1)!.name, /Launch/);
  t.regex(milestones.at(-1)!.weeks, /10$/);
});

test('integrations are the systems named, not regulations, currencies, units or a capitalised first word; limits are requirements', async (t) => {
  const prd = (
    await runCrew(createLocalProvider(), 'pilot', {
      brief: 'Write a PRD for letting workspace owners export all their data.',
      context:
        'GDPR article 20 requires a portable format.\nLarge workspaces hold up to 40 GB, so exports run in the background.\nExpenses above 500 EUR need a second approval.\nApproved exports are copied to NetSuite.',
      requirements: { include_technical_specs: true },
    })
  ).at(-1)!.content;
  const integrations = prd.split('### Integrations')[1]!.split('###')[0]!;
  t.regex(integrations, /NetSuite/);
  t.notRegex(integrations, /GDPR|Large|GB|EUR/);
  const requirements = prd.split('## Requirements')[1]!.split('##')[0]!;
  t.regex(requirements, /up to 40 GB/);
  t.regex(requirements, /above 500 EUR/);
});

test('a PRD from lower-case notes: every line starts as a sentence, what the product does is a requirement (not the problem), a label that repeats its section is dropped, and no roadmap note without a roadmap', async (t) => {
  const outputs = await runCrew(createLocalProvider(), 'pilot', {
    brief: 'prd for a referral program',
    context: '- users invite friends via a unique link\n- both get 1 month free when the friend subscribes\n- cap at 12 free months per user\n- fraud: block self-referrals (same card / same device)\n- success: 15% of new signups from referrals in 6 months\n- needs: stripe coupons, email templates',
  });
  const last = outputs.at(-1)!;
  t.regex(last.content, /^## Goals\n\n- 15% of new signups from referrals in 6 months\.$/m);
  t.regex(last.content, /^## Requirements\n\n- Users invite friends via a unique link\.\n- Both get 1 month free when the friend subscribes\.\n- Cap at 12 free months per user\.\n- Needs: Stripe coupons, email templates\.$/m);
  t.regex(last.content, /^- Fraud: block self-referrals \(same card \/ same device\)\.$/m);
  t.notRegex(last.content, /^## Problem/m);
  t.false(((last.data?.notes as string[] | undefined) ?? []).some((note) => /roadmap/i.test(note)));
});
