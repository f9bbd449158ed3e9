import test from 'ava';
import { revisions } from './helpers.js';

/** A ticket set revised with "add a ticket: ...". */

const bugBash = {
  brief: 'tickets for the bug bash',
  context: '- login fails with a plus sign in the email\n- csv export times out for 10k rows\n- dark mode toggle resets after reload\n- search ignores accents',
};

type Ticket = { title: string; description: string; acceptance_criteria: string[] };
const tickets = (deliverable: { data: Record<string, unknown> }) => deliverable.data.tickets as Ticket[];

test('"add a ticket: ..." adds a fifth ticket written like the others, in the document and the deliverable', async (t) => {
  const { revised: [after] } = await revisions('pilot', bugBash, 'add a ticket: the export button is hidden on mobile');
  t.regex(after!.content, /## 5\. The export button is hidden on mobile\n\nThe export button is hidden on mobile\.\n\n\*\*Acceptance criteria\*\*\n\n- \[ \] The export button is shown on mobile\./);
  t.deepEqual(after!.notApplied, []);
  t.deepEqual(tickets(after!.deliverable).at(-1), { title: 'The export button is hidden on mobile', description: 'The export button is hidden on mobile.', acceptance_criteria: ['The export button is shown on mobile.'], estimate: null } as Ticket);
});

test('"remove the first ticket" removes that ticket from the document and the data, and the rest are numbered from 1 again', async (t) => {
  const { revised: [after] } = await revisions('pilot', { brief: 'tickets for adding dark mode to the settings page: add a toggle, persist the preference, respect the OS setting' }, 'remove the first ticket');
  t.notRegex(after!.content, /toggle/i);
  t.regex(after!.content, /^## 1\. Persist the preference$/m);
  t.regex(after!.content, /^## 2\. Respect the OS setting$/m);
  const tickets = (after!.deliverable.data as { tickets: Array<{ title: string }> }).tickets;
  t.deepEqual(tickets.map((ticket) => ticket.title), ['Persist the preference', 'Respect the OS setting']);
  t.deepEqual(after!.notApplied, []);
});
