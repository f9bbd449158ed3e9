import test from 'ava';
import { createLocalProvider } from '../../../runtime/models/local/index.js';
import { userStories } from '../../../runtime/models/local/stories.js';
import { parseDocument } from '../../../runtime/quality/markdown.js';
import { runCrew, type Request } from './runCrew.js';

const invoices: Request = {
  brief: 'Build a mobile app that lets freelancers track invoices and send reminders to clients so that they get paid faster.',
  context:
    'Freelancers lose hours every month chasing late payments by hand. Admins need to manage user roles. Customers want to export reports as PDF. The payment provider integration is a risk because its API is in beta.',
};

const storyForm = /^As an? [a-z ]+, I want to .+ so that .+\.$/;

test('user stories name a role, a capability and a benefit taken from the brief', (t) => {
  const stories = userStories([invoices.brief, invoices.context!], 'Invoice App');
  t.deepEqual(
    stories.map((story) => story.text),
    [
      'As a freelancer, I want to track invoices so that I get paid faster.',
      'As a freelancer, I want to send reminders to clients so that I get paid faster.',
      'As an admin, I want to manage user roles so that I can keep user roles accurate and up to date.',
      'As a customer, I want to export reports as PDF so that I can use reports outside the product.',
    ],
  );
});

test('a brief without a recognisable capability still yields a well-formed story', (t) => {
  const [story] = userStories(['Dark mode for the dashboard.'], 'Dark Mode');
  t.regex(story!.text, storyForm);
});

test('the PRD has problem, goals and user stories; specs and tickets when asked', async (t) => {
  const outputs = await runCrew(createLocalProvider(), 'pilot', { ...invoices, requirements: { include_technical_specs: true, include_user_stories: true } });
  const prd = outputs.at(-1)!.content;
  const parts = parseDocument(prd);
  t.is(parts.title, 'PRD: Mobile App That Lets Freelancers Track Invoices');
  for (const heading of ['Problem', 'Goals', 'User stories', 'Technical specifications', 'Interfaces', 'Roadmap', 'Tickets', 'Release plan']) {
    t.true(parts.headings.includes(heading), heading);
  }
  t.true(prd.includes('- Freelancers lose hours every month chasing late payments by hand.'));
  t.true(prd.includes('| GET | `/invoices` | Track invoices |'));
  const data = outputs.at(-1)!.data as { tickets: Array<{ title: string; acceptance_criteria: string[]; estimate: number }>; user_stories: string[] };
  for (const story of data.user_stories) t.regex(story, storyForm);
  t.true(data.tickets.length >= data.user_stories.length);
  for (const ticket of data.tickets) {
    t.true(ticket.acceptance_criteria.length >= 2);
    t.true([1, 2, 3, 5, 8, 13].includes(ticket.estimate));
  }
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
