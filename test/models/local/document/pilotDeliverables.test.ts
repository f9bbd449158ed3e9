import test from 'ava';
import { outcome } from './helpers.js';

/** Issue 26: the pilot crew writes the deliverable asked for (not a PRD for everything), from every fact, in the asked form. */

test('release notes from a commit list: grouped by kind, no hashes or chores for customers', async (t) => {
  const context = 'a1b2c3d feat(scan): batch scanning of parcels (#412)\n9f8e7d6 fix: app no longer freezes on low memory\n1234abc chore: bump deps\n77aa88b perf: route list loads twice as fast';
  const result = await outcome('pilot', { brief: 'release notes for driver app 2.3', context });
  if (result.deliverable.kind !== 'release_notes') return t.fail(result.deliverable.kind);
  t.regex(result.content, /^# Driver app 2\.3: release notes\n/);
  t.notRegex(result.content, /PRD/);
  t.regex(result.content, /^## New\n\n- Batch scanning of parcels$/m);
  t.regex(result.content, /^## Fixed\n\n- App no longer freezes on low memory$/m);
  t.regex(result.content, /^## Improved\n\n- Route list loads twice as fast$/m);
  for (const hidden of ['a1b2c3d', '#412', 'bump deps']) t.false(result.content.includes(hidden), hidden);
  t.is(result.deliverable.data.version, '2.3');
  t.is(result.deliverable.data.entries.find((entry) => entry.type === 'feature')?.reference, 'a1b2c3d');
});

test('release notes from commits typed into a one-line brief, one after another: each is an entry under its kind', async (t) => {
  const result = await outcome('pilot', { brief: 'Release notes for v2.3: feat: export invoices as CSV; fix: login loop on Safari, perf: faster search' });
  if (result.deliverable.kind !== 'release_notes') return t.fail(result.deliverable.kind);
  t.regex(result.content, /^# v2\.3: release notes\n/, 'the version as it was written');
  t.regex(result.content, /^## New\n\n- Export invoices as CSV$/m);
  t.regex(result.content, /^## Fixed\n\n- Login loop on Safari$/m);
  t.regex(result.content, /^## Improved\n\n- Faster search$/m);
  t.deepEqual(result.unmet, []);
});

test('release notes from a paragraph about the release: one entry per change, in the past tense, the product name as written', async (t) => {
  const result = await outcome('pilot', { brief: 'Release notes for the iOS app 5.2. This release adds Apple Pay at checkout and fixes the double charge when the payment page is reloaded. We also made the order history load faster.' });
  if (result.deliverable.kind !== 'release_notes') return t.fail(result.deliverable.kind);
  t.regex(result.content, /^# iOS app 5\.2: release notes\n/);
  t.regex(result.content, /^## New\n\n- Added Apple Pay at checkout$/m);
  t.regex(result.content, /^## Improved\n\n- Made the order history load faster$/m);
  t.regex(result.content, /^## Fixed\n\n- Fixed the double charge when the payment page is reloaded$/m);
  t.is(result.deliverable.data.version, '5.2');
});

test('tickets: one per requirement, each with acceptance criteria and the estimate unit asked for', async (t) => {
  const context = 'Patients get an SMS 24 hours before the appointment. Reception staff need to see who confirmed. Patients can reply C to confirm or R to reschedule (3 pts).';
  const result = await outcome('pilot', { brief: 'Jira tickets for SMS appointment reminders', context, requirements: { estimate_unit: 'points' } });
  if (result.deliverable.kind !== 'ticket_set') return t.fail(result.deliverable.kind);
  t.notRegex(result.content, /As an? sms appointment reminder|I want a Jira tickets/i);
  const { tickets } = result.deliverable.data;
  t.is(tickets.length, 3);
  for (const ticket of tickets) t.true(ticket.acceptance_criteria.length > 0, ticket.title);
  t.deepEqual(tickets[2]!.estimate, { value: 3, unit: 'points' });
  t.is(tickets[0]!.estimate, null, '24 hours is a fact of the feature, not an estimate');
  t.true(tickets[0]!.acceptance_criteria.includes('Patients get an SMS 24 hours before the appointment.'));
  t.regex(result.content, /\*\*Estimate:\*\* 3 points/);
  t.true(result.unmet.some((unmet) => unmet.requirement === 'estimates' && /never guessed/.test(unmet.reason)));
  t.true(result.deliverable.data.user_stories.some((story) => story.persona === 'reception staff member'));
});

test('a roadmap keeps the requirements\' timeline and dates each phase from it', async (t) => {
  const result = await outcome('pilot', { brief: 'Roadmap for live van tracking', context: 'Phase 1: GPS from the driver app. Phase 2: customer tracking page. Phase 3: ETA predictions.', requirements: { timeline: 'Q1-Q2 2026', format: 'table' } });
  if (result.deliverable.kind !== 'roadmap') return t.fail(result.deliverable.kind);
  t.regex(result.content, /\*\*Timeline:\*\* Q1-Q2 2026/);
  t.notRegex(result.content, /no timeline was given/i);
  t.regex(result.content, /^\| Phase \| Dates \| Work \|/m);
  t.deepEqual(result.deliverable.data.phases.map((phase) => phase.name), ['Phase 1', 'Phase 2', 'Phase 3']);
  const quarters = await outcome('pilot', { brief: 'Roadmap for the driver app rewrite', context: 'Offline mode is the top request. Drivers need to scan parcels without signal. Supervisors want to see live van positions.', requirements: { timeline: 'Q1-Q2 2026' } });
  if (quarters.deliverable.kind !== 'roadmap') return t.fail();
  t.deepEqual(quarters.deliverable.data.phases.map((phase) => phase.dates), ['Q1 2026', 'Q2 2026']);
});

test('a grounded PRD carries the requirement values and a story for each persona the material names', async (t) => {
  const context = 'Nurses need to see waiting patients sorted by urgency so that critical cases are seen first. Doctors want to claim a patient from the board. The board must refresh within 5 seconds.';
  const result = await outcome('pilot', { brief: 'PRD for the nurse triage board', context, requirements: { include_user_stories: true, timeline: 'pilot in March 2026' } });
  t.is(result.deliverable.kind, 'prd');
  t.regex(result.content, /^# Nurse triage board: product requirements\n/);
  t.true(result.content.includes('pilot in March 2026'));
  t.regex(result.content, /As a nurse, I want to see waiting patients sorted by urgency,? so that critical cases are seen first\./);
  t.is(result.content.match(/As a nurse, I want/g)?.length, 1, 'one story per thing the nurse needs, told once');
  t.true(result.content.includes('As a doctor, I want to claim a patient from the board.'));
});

test('bare pilot requests are outlines of their own deliverables, not one template', async (t) => {
  const tickets = await outcome('pilot', { brief: 'Jira tickets for SMS appointment reminders' });
  const spec = await outcome('pilot', { brief: 'Technical spec for plugin loading in tinyqueue' });
  t.is(tickets.draftKind, 'outline');
  t.is(tickets.deliverable.kind, 'ticket_set');
  t.is(spec.deliverable.kind, 'technical_spec');
  t.notDeepEqual(tickets.content.match(/^## .+$/gm), spec.content.match(/^## .+$/gm));
  t.notRegex(tickets.content, /\d/);
});

test('tickets from a one-line brief that lists who can do what: one ticket each; a PRD keeps every requirement of a sentence', async (t) => {
  const tickets = await outcome('pilot', { brief: 'Tickets for adding two-factor login: users can turn on 2FA with an authenticator app, admins can require it for the whole workspace, and we need recovery codes.' });
  if (tickets.deliverable.kind !== 'ticket_set') return t.fail(tickets.deliverable.kind);
  t.deepEqual(tickets.deliverable.data.tickets.map((ticket) => ticket.title), ['Users can turn on 2FA with an authenticator app', 'Admins can require it for the whole workspace', 'Add recovery codes']);
  const prd = await outcome('pilot', { brief: 'A PRD for SMS appointment reminders. Patients should get a text 24 hours before. Reception needs to see who confirmed; patients can reply C to confirm or R to reschedule.' });
  if (prd.deliverable.kind !== 'prd') return t.fail(prd.deliverable.kind);
  t.true(prd.deliverable.data.requirements.includes('Patients can reply C to confirm or R to reschedule'), prd.deliverable.data.requirements.join(' | '));
  t.true(prd.deliverable.data.requirements.includes('Reception needs to see who confirmed'));
});

test('a roadmap typed into the brief as quarters and their work: a phase each, with its work', async (t) => {
  const result = await outcome('pilot', { brief: 'Roadmap for the mobile app: Q1 offline mode, Q2 push notifications and dark mode, Q3 Android tablet layout.' });
  if (result.deliverable.kind !== 'roadmap') return t.fail(result.deliverable.kind);
  t.deepEqual(result.deliverable.data.phases.map((phase) => [phase.name, phase.items]), [['Q1', ['Offline mode']], ['Q2', ['Push notifications and dark mode']], ['Q3', ['Android tablet layout']]]);
  t.regex(result.content, /^## Q1\n\n- Offline mode$/m, 'the quarter once, not "Q1 (Q1)"');
});

test('a spec whose ask lists its requirements after a colon: each is a point of its own', async (t) => {
  const result = await outcome('pilot', { brief: 'Tech spec for rate limiting our public API: 100 requests per minute per key, return 429 with Retry-After, counts kept in Redis, and admins can raise the limit per workspace.' });
  if (result.deliverable.kind !== 'technical_spec') return t.fail(result.deliverable.kind);
  t.is(result.deliverable.data.overview, '100 requests per minute per key');
  const points = result.deliverable.data.design.flatMap((part) => part.body);
  for (const point of ['Return 429 with Retry-After', 'Counts kept in Redis', 'Admins can raise the limit per workspace']) t.true(points.includes(point), points.join(' | '));
});

test('"Turn this into tickets: ..." gives a ticket a part, titled by what is wanted, each checked by what done looks like', async (t) => {
  const result = await outcome('pilot', { brief: "Turn this into tickets: users want to export invoices as CSV, the invoice PDF shows the wrong VAT number, the search is slow on large accounts, and admins need a way to resend invoices" });
  if (result.deliverable.kind !== 'ticket_set') return t.fail(result.deliverable.kind);
  t.is(result.deliverable.data.title, 'Tickets');
  t.deepEqual(
    result.deliverable.data.tickets.map((ticket) => [ticket.title, ticket.description, ticket.acceptance_criteria[0]]),
    [
      ['Export invoices as CSV', 'As a user, I want to export invoices as CSV.', 'Users can export invoices as CSV.'],
      ['The invoice PDF shows the wrong VAT number', 'The invoice PDF shows the wrong VAT number.', 'The invoice PDF shows the correct VAT number.'],
      ['The search is slow on large accounts', 'The search is slow on large accounts.', 'The search is fast on large accounts.'],
      ['Resend invoices', 'As an admin, I want a way to resend invoices.', 'Admins can resend invoices.'],
    ],
  );
});

test('release notes typed in a line: commits after semicolons with short hashes, and prose changes each under its kind', async (t) => {
  const commits = await outcome('pilot', { brief: 'changelog from these commits: 3f2a1c Fix null pointer in billing sync; 8b7d9e Add Spanish translation; a1c4f0 Remove deprecated v1 webhooks; 77e2b1 Improve search ranking' });
  if (commits.deliverable.kind !== 'release_notes') return t.fail(commits.deliverable.kind);
  t.is(commits.deliverable.data.title, 'Release notes');
  t.deepEqual(commits.deliverable.data.entries.map((entry) => [entry.type, entry.text]).sort(), [
    ['breaking', 'Removed deprecated v1 webhooks'], ['feature', 'Added Spanish translation'], ['fix', 'Fixed null pointer in billing sync'], ['improvement', 'Improved search ranking'],
  ]);
  const prose = await outcome('pilot', { brief: 'release notes for customers, friendly tone: you can now schedule posts up to 90 days ahead, the calendar view got faster, and we fixed the bug where images were cropped on Instagram' });
  if (prose.deliverable.kind !== 'release_notes') return t.fail(prose.deliverable.kind);
  t.is(prose.deliverable.data.title, 'Release notes', 'customers are whom it is for, not its subject');
  t.deepEqual(prose.deliverable.data.entries.map((entry) => entry.type), ['feature', 'improvement', 'fix']);
});

test('roadmaps and tickets typed in a line: "April - SSO", projects with their months and owners, bugs numbered 1) 2) 3)', async (t) => {
  const months = await outcome('pilot', { brief: 'roadmap for next 3 months: April - SSO and audit log, May - mobile app beta, June - usage-based billing. Team of 6 engineers.' });
  if (months.deliverable.kind !== 'roadmap') return t.fail(months.deliverable.kind);
  t.deepEqual(months.deliverable.data.phases.map((phase) => [phase.name, phase.items]), [['April', ['SSO and audit log']], ['May', ['Mobile app beta']], ['June', ['Usage-based billing']], ['Across all phases', ['Team of 6 engineers.']]]);
  const owners = await outcome('pilot', { brief: 'Q2 roadmap as a table with owners: Payments v2 (Sam) April-May, Search revamp (Ines) May-June, Partner API (Kofi) June' });
  if (owners.deliverable.kind !== 'roadmap') return t.fail(owners.deliverable.kind);
  t.regex(owners.content, /^\| Payments v2 \| April-May \| Owner: Sam \|$/m);
  t.regex(owners.content, /^\| Partner API \| June \| Owner: Kofi \|$/m);
  const bugs = await outcome('pilot', { brief: 'tickets for the bugs from QA: 1) login button misaligned on iPad 2) search returns duplicates 3) PDF export missing logo' });
  if (bugs.deliverable.kind !== 'ticket_set') return t.fail(bugs.deliverable.kind);
  t.deepEqual(bugs.deliverable.data.tickets.map((ticket) => [ticket.title, ticket.acceptance_criteria[0]]), [
    ['Login button misaligned on iPad', 'Login button aligned on iPad.'],
    ['Search returns duplicates', 'Search returns no duplicates.'],
    ['PDF export missing logo', 'PDF export includes the logo.'],
  ]);
});

test('a PRD typed in a line files what the product does under requirements and how success is measured under metrics; a spec keeps every point once', async (t) => {
  const prd = await outcome('pilot', { brief: 'PRD for a referral program: users get $20 credit when a friend subscribes, friend gets 20% off first month, max 10 referrals per user, launch in Q3, success = 15% of new signups come from referrals' });
  if (prd.deliverable.kind !== 'prd') return t.fail(prd.deliverable.kind);
  t.deepEqual(prd.deliverable.data.requirements, ['Users get $20 credit when a friend subscribes', 'Friend gets 20% off first month', 'Max 10 referrals per user']);
  t.deepEqual(prd.deliverable.data.metrics, ['Success = 15% of new signups come from referrals']);
  t.deepEqual(prd.deliverable.data.goals, ['Launch in Q3']);
  const spec = await outcome('pilot', { brief: 'tech spec for rate limiting the public API: token bucket per API key, 100 req/min default, 1000 for enterprise, return 429 with Retry-After header, store counters in Redis' });
  if (spec.deliverable.kind !== 'technical_spec') return t.fail(spec.deliverable.kind);
  t.true(spec.content.includes('100 req/min default'), 'no point is dropped');
  t.is(spec.content.match(/Token bucket per API key/g)?.length, 1, 'the overview is not said again');
});

test('release notes typed as "- Added: ..." and "- Fixed: ..." lines: every line under its label\'s kind, a raised minimum version a breaking change', async (t) => {
  const result = await outcome('pilot', { brief: 'Release notes for v2.4.0\n- Added: export to PDF\n- Added: keyboard shortcuts for bold/italic\n- Fixed: crash when uploading files over 2GB\n- Fixed: timezone wrong in weekly digest\n- Changed: minimum iOS version is now 16' });
  if (result.deliverable.kind !== 'release_notes') return t.fail(result.deliverable.kind);
  t.deepEqual(result.deliverable.data.entries.map((entry) => [entry.type, entry.text]), [
    ['feature', 'Export to PDF'], ['feature', 'Keyboard shortcuts for bold/italic'], ['fix', 'Crash when uploading files over 2GB'], ['fix', 'Timezone wrong in weekly digest'], ['breaking', 'Minimum iOS version is now 16'],
  ]);
});

test('a PRD whose brief labels its parts: "Problem:", "Scope:", "Out of scope:" and "Success:" each go where they say', async (t) => {
  const result = await outcome('pilot', { brief: 'PRD for a "save for later" feature in our shopping app. Problem: 38% of carts are abandoned, users tell us they want to come back to items. Scope: move item from cart to a saved list, saved list synced across devices. Out of scope: price-drop alerts. Success: 10% of saved items purchased within 30 days.' });
  if (result.deliverable.kind !== 'prd') return t.fail(result.deliverable.kind);
  t.deepEqual(result.deliverable.data.problem, ['38% of carts are abandoned, users tell us they want to come back to items.']);
  t.deepEqual(result.deliverable.data.requirements, ['Move item from cart to a saved list', 'Saved list synced across devices']);
  t.deepEqual(result.deliverable.data.metrics, ['10% of saved items purchased within 30 days.']);
  t.deepEqual(result.deliverable.data.goals, ['Not in scope: price-drop alerts.']);
  t.regex(result.content, /I want a "save for later" feature\./);
});

test('a roadmap by seasons is a phase a season; "for the council grant application" is what it is for, not its title', async (t) => {
  const result = await outcome('pilot', { brief: 'Roadmap for the community garden project 2025, for the council grant application: Spring - build raised beds and a tool shed. Summer - open to schools, 3 visits a week. Autumn - harvest festival. Winter - composting workshop.' });
  if (result.deliverable.kind !== 'roadmap') return t.fail(result.deliverable.kind);
  t.is(result.deliverable.data.title, 'Community garden project roadmap: 2025');
  t.deepEqual(result.deliverable.data.phases.map((phase) => [phase.name, phase.items]), [['Spring', ['Build raised beds and a tool shed']], ['Summer', ['Open to schools, 3 visits a week']], ['Autumn', ['Harvest festival']], ['Winter', ['Composting workshop']]]);
  const nowNextLater = await outcome('pilot', { brief: 'Roadmap: now - SSO and audit log, next - mobile app beta, later - usage-based billing' });
  if (nowNextLater.deliverable.kind !== 'roadmap') return t.fail(nowNextLater.deliverable.kind);
  t.deepEqual(nowNextLater.deliverable.data.phases.map((phase) => [phase.name, phase.items]), [['Now', ['SSO and audit log']], ['Next', ['Mobile app beta']], ['Later', ['Usage-based billing']]]);
});

test('bug-bash findings as tickets: titled by the findings, each criterion the fixed state, a "where:" label kept, no target made up', async (t) => {
  const context = "- typo on the pricing page: 'anual' should be 'annual'\n- export button does nothing on Safari\n- login page slow, takes 6s on 3G\n- dark mode: the settings icon is invisible\n- checkout: the coupon field is missing on mobile";
  const result = await outcome('pilot', { brief: 'turn the bug bash findings into tickets', context });
  if (result.deliverable.kind !== 'ticket_set') return t.fail(result.deliverable.kind);
  t.is(result.deliverable.data.title, 'Bug bash findings: tickets');
  const tickets = result.deliverable.data.tickets;
  t.deepEqual(tickets.map((ticket) => ticket.acceptance_criteria[0]), [
    'The pricing page says "annual", not "anual".',
    'Export button works on Safari.',
    "Login page loads faster than today's 6s on 3G.",
    'The settings icon is visible in dark mode.',
    'The coupon field is shown on mobile in checkout.',
  ]);
  t.is(tickets[3]!.title, 'Dark mode: the settings icon is invisible');
  t.is(tickets[4]!.title, 'Checkout: the coupon field is missing on mobile');
});


test('"release notes" asked for by name alone is titled "Release notes", never "Release notes: release notes"', async (t) => {
  const result = await outcome('pilot', { brief: 'write release notes', context: 'feat: add dark mode\nfix: crash on login (#231)\nchore: bump deps' });
  t.regex(result.content, /^# Release notes\n/);
});
