import test from 'ava';
import { outcome } from './helpers.js';

/** A project's plan asked of the pilot crew: its steps, not a PRD. */

const migrationNotes = [
  '- inventory of services and cron jobs: 1 week, dana',
  '- set up aws (rds, ecs) by jan 10',
  '- dry run migration with a copy of prod data',
  '- cutover weekend jan 24-25, rollback plan ready',
  '- decommission heroku after 2 weeks of stable running',
].join('\n');

test('"plan the migration of ..." is a plan titled by the project, its deadline kept whole, not a PRD cut at twelve words', async (t) => {
  const result = await outcome('pilot', { brief: 'plan the migration of our billing service from heroku to aws by end of january', context: migrationNotes });
  if (result.deliverable.kind !== 'roadmap') return t.fail(result.deliverable.kind);
  t.regex(result.content, /^# Migration of our billing service from Heroku to AWS: plan$/m);
  t.regex(result.content, /^\*\*Deadline:\*\* By end of January$/m);
  t.is(result.deliverable.data.timeline, 'By end of January');
});

test('each line of a plan\'s notes is a step in order, with its date, duration and owner apart from the work', async (t) => {
  const result = await outcome('pilot', { brief: 'plan the migration of our billing service from heroku to aws by end of january', context: migrationNotes });
  if (result.deliverable.kind !== 'roadmap') return t.fail(result.deliverable.kind);
  t.deepEqual(
    result.deliverable.data.phases.map((phase) => [phase.name, phase.dates]),
    [
      ['Inventory of services and cron jobs', '1 week'],
      ['Set up AWS (RDS, ECS)', 'by Jan 10'],
      ['Dry run migration with a copy of prod data', null],
      ['Cutover weekend', 'Jan 24-25'],
      ['Decommission Heroku', 'after 2 weeks of stable running'],
    ],
  );
  t.deepEqual(result.deliverable.data.phases[0]!.items, ['Owner: Dana']);
  t.deepEqual(result.deliverable.data.phases[3]!.items, ['Rollback plan ready']);
  t.regex(result.content, /^1\. \*\*Inventory of services and cron jobs\*\* \(1 week\)\. Owner: Dana\.$/m);
  t.regex(result.content, /^4\. \*\*Cutover weekend\*\* \(Jan 24-25\)\n {3}- Rollback plan ready\.$/m);
  t.is(result.draftKind, 'grounded');
});

test('who does a step is read however it is typed: a label, "owner:", a name after a dash; a weekday stays with its date', async (t) => {
  const result = await outcome('pilot', {
    brief: 'project plan for the office move',
    context: 'priya: book movers by nov 30\nit team packs servers dec 5\nmove day dec 12 (sat)\ndesign: new signage for the lobby\n- unpack + test network, owner: marco\nannounce new address to clients - lee',
  });
  if (result.deliverable.kind !== 'roadmap') return t.fail(result.deliverable.kind);
  t.regex(result.content, /^# Office move: plan$/m);
  t.deepEqual(
    result.deliverable.data.phases.map((phase) => [phase.name, phase.dates, phase.items.join('; ')]),
    [
      ['Book movers', 'by Nov 30', 'Owner: Priya'],
      ['IT team packs servers', 'Dec 5', ''],
      ['Move day', 'Dec 12, Saturday', ''],
      ['New signage for the lobby', null, 'Owner: Design'],
      ['Unpack + test network', null, 'Owner: Marco'],
      ['Announce new address to clients', null, 'Owner: Lee'],
    ],
  );
});

test('a plan asked without notes is the steps such a project takes, each asking what to settle, dated only by the ask', async (t) => {
  const migration = await outcome('pilot', { brief: 'plan the migration of our billing service from heroku to aws by end of january' });
  if (migration.deliverable.kind !== 'roadmap') return t.fail(migration.deliverable.kind);
  t.is(migration.draftKind, 'outline');
  t.deepEqual(migration.deliverable.data.phases.map((phase) => phase.name), ['Inventory and scope', 'Prepare AWS', 'Dry run', 'Cutover', 'Switch off Heroku']);
  t.deepEqual(migration.deliverable.data.phases.map((phase) => phase.dates), [null, null, null, 'By end of January', null]);
  t.true(migration.deliverable.data.phases.every((phase) => phase.items.length > 0));
  t.notRegex(migration.content, /product requirements|Users and stories/);
  t.regex(migration.notes.join(' '), /steps a project of this kind usually takes/);

  const offsite = await outcome('pilot', { brief: 'plan our team offsite in lisbon for 20 people in may' });
  if (offsite.deliverable.kind !== 'roadmap') return t.fail(offsite.deliverable.kind);
  t.regex(offsite.content, /^# Team offsite in Lisbon: plan$/m);
  t.regex(offsite.content, /^\*\*When:\*\* May$/m);
  t.regex(offsite.content, /For 20 people\./);
  t.regex(offsite.content, /\*\*Venue and travel\*\*/);

  const launch = await outcome('pilot', { brief: 'launch plan for the new pricing page, going live on march 3' });
  if (launch.deliverable.kind !== 'roadmap') return t.fail(launch.deliverable.kind);
  t.regex(launch.content, /^# New pricing page launch: plan$/m);
  t.is(launch.deliverable.data.phases.find((phase) => phase.name === 'Launch')?.dates, 'March 3');
});

test('planning a feature is still a PRD, and a roadmap asked by name keeps its phases', async (t) => {
  const feature = await outcome('pilot', { brief: 'Plan a feature that lets customers export their invoices as CSV files' });
  t.is(feature.deliverable.kind, 'prd');
  const offline = await outcome('pilot', { brief: 'Plan offline mode for the field app' });
  t.is(offline.deliverable.kind, 'prd');
  const roadmap = await outcome('pilot', { brief: 'roadmap for the mobile app next two quarters', context: 'q1: offline mode, push notifications\nq2: dark mode' });
  if (roadmap.deliverable.kind !== 'roadmap') return t.fail(roadmap.deliverable.kind);
  t.deepEqual(roadmap.deliverable.data.phases.map((phase) => phase.name), ['Q1', 'Q2']);
});

test('a plan\'s kind named before "plan" titles it and picks its steps: hiring, a rollout, an office move', async (t) => {
  const hiring = await outcome('pilot', { brief: 'hiring plan for the support team' });
  t.regex(hiring.content, /^# Support team hiring: plan$/m);
  t.regex(hiring.content, /\*\*Interviews\*\*/);
  const toHire = await outcome('pilot', { brief: 'we need a plan to hire 3 engineers by april' });
  t.regex(toHire.content, /^# Hire 3 engineers: plan$/m);
  t.regex(toHire.content, /^\*\*Deadline:\*\* By April$/m);
  const rollout = await outcome('pilot', { brief: 'rollout plan for sso to all customers' });
  t.regex(rollout.content, /^# SSO rollout to all customers: plan$/m);
  const move = await outcome('pilot', { brief: 'plan the move to the new office' });
  t.regex(move.content, /\*\*Move day\*\*/);
  t.notRegex(move.content, /services, jobs, data/);
});

test('a plan over notes that say what is true, not what to do: the notes as what we know, then the steps such a move takes, dated by the deadline given', async (t) => {
  const result = await outcome('pilot', {
    brief: 'plan the move of our docs site from gatsby to astro',
    context: 'we have ~300 pages in mdx. search is algolia. deploys on netlify. must keep old urls working. sam knows the build, priya does design. want it done before march.',
  });
  if (result.deliverable.kind !== 'roadmap') return t.fail(result.deliverable.kind);
  const phases = result.deliverable.data.phases;
  t.deepEqual(phases[0], { name: 'What we know', dates: null, items: ['We have ~300 pages in MDX', 'Search is Algolia', 'Deploys on Netlify', 'Must keep old URLs working', 'Sam knows the build, priya does design'] });
  t.deepEqual(phases.slice(1).map((phase) => phase.name), ['Inventory and scope', 'Prepare Astro', 'Dry run', 'Cutover', 'Switch off Gatsby']);
  t.is(phases.find((phase) => phase.name === 'Cutover')?.dates, 'Before March');
  t.is(result.deliverable.data.timeline, 'Before March');
  t.notRegex(result.content, /\*\*Search is Algolia\*\*/);
});

test('notes that are steps stay the plan\'s steps', async (t) => {
  const result = await outcome('pilot', { brief: 'plan the office move', context: 'book movers by nov 20\npack the lab, owner: dana\nset up internet at the new place\nmove day dec 12' });
  if (result.deliverable.kind !== 'roadmap') return t.fail(result.deliverable.kind);
  t.is(result.deliverable.data.phases[0]!.name, 'Book movers');
  t.false(result.deliverable.data.phases.some((phase) => phase.name === 'What we know'));
});
