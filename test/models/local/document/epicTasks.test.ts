import test from 'ava';
import { outcome } from './helpers.js';

/** An epic pasted to be broken into tasks: one ticket per thing the epic lets people do. */

const epic = 'epic: team workspaces - users can create a workspace, invite teammates by email, set roles (admin/member), and switch between workspaces from the sidebar';

test('"break this epic into tasks": titled by the epic, a ticket per part, each done when its doer can do it', async (t) => {
  const result = await outcome('pilot', { brief: 'break this epic into tasks', context: epic });
  if (result.deliverable.kind !== 'ticket_set') return t.fail(result.deliverable.kind);
  t.regex(result.content, /^# Team workspaces: tickets$/m);
  t.deepEqual(result.deliverable.data.tickets.map((ticket) => [ticket.title, ticket.acceptance_criteria]), [
    ['Create a workspace', ['Users can create a workspace.']],
    ['Invite teammates by email', ['Users can invite teammates by email.']],
    ['Set roles', ['Users can set roles (admin/member).']],
    ['Switch between workspaces from the sidebar', ['Users can switch between workspaces from the sidebar.']],
  ]);
  t.notRegex(result.content, /Epic:|in epic\.|Into tasks/);
});

test('"break this epic into tasks" over an epic without a name: "Tickets", never "Into tasks" or "Epic"', async (t) => {
  const result = await outcome('pilot', { brief: 'break this epic into tasks', context: 'epic: users can create a workspace, invite teammates by email' });
  t.regex(result.content, /^# Tickets$/m);
});

test('"estimate these tasks": each task a ticket with its estimate\'s place, never a PRD titled "Estimate these tasks"', async (t) => {
  const context = '- add password reset flow\n- migrate user table to uuid ids\n- build admin dashboard for refunds\n- fix typo on pricing page';
  const result = await outcome('pilot', { brief: 'estimate these tasks', context });
  if (result.deliverable.kind !== 'ticket_set') return t.fail(result.deliverable.kind);
  // Tasks asked for are tasks; the notes give no estimate, said once.
  t.regex(result.content, /^# Tasks\n\n\*\*Estimates:\*\* the notes give none/);
  t.deepEqual(result.deliverable.data.tickets.map((ticket) => ticket.title), ['Add password reset flow', 'Migrate user table to uuid IDs', 'Build admin dashboard for refunds', 'Fix typo on pricing page']);
});
