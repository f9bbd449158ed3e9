import test from 'ava';
import { outcome } from './helpers.js';

/** Issue 26: the writer crew writes the deliverable asked for, from every fact of the request, in the asked form. */

test('an install page from notes: prerequisites, numbered steps with the commands as written, troubleshooting', async (t) => {
  const context = 'pgmigrate requires Node 20 and PostgreSQL 14 or later.\nInstall it with `npm install -g pgmigrate`.\nRun `pgmigrate init` to create the migrations folder.\nIf you see ECONNREFUSED, check that PostgreSQL is running.';
  const result = await outcome('writer', { brief: 'Write the pgmigrate install page', context });
  t.is(result.deliverable.kind, 'documentation_page');
  t.regex(result.content, /^# Install pgmigrate\n/);
  t.notRegex(result.content, /^# Page|What page can change/m);
  t.regex(result.content, /^## Before you start\n\n- pgmigrate requires Node 20 and PostgreSQL 14 or later\./m);
  t.regex(result.content, /^1\. Install it with `npm install -g pgmigrate`/m);
  t.regex(result.content, /^2\. Run `pgmigrate init` to create the migrations folder/m);
  t.regex(result.content, /^## Troubleshooting\n\nIf you see ECONNREFUSED/m);
});

test('a reply to a customer email answers with the notes for the writer, never printing them as notes', async (t) => {
  const context = 'From: Ana Costa\nHi, our pallet (order 88213) was due Tuesday and still has not arrived.\nInternal notes: the pallet is at the Venlo hub, ETA Friday before noon. Offer a 15% discount on the freight.';
  const result = await outcome('writer', { brief: 'Reply to this customer email about a late pallet delivery', context });
  t.is(result.deliverable.kind, 'email');
  t.regex(result.content, /^\*\*Subject:\*\* Late pallet delivery \(order 88213\)/);
  t.regex(result.content, /^Hi Ana,$/m);
  t.true(result.content.includes('Friday before noon'));
  t.true(result.content.includes('We can offer a 15% discount on the freight.'));
  t.notRegex(result.content, /Internal notes/i);
  if (result.deliverable.kind === 'email') t.truthy(result.deliverable.data.call_to_action);
});

test('social posts: one per network, each within its length, with the facts as given', async (t) => {
  const context = 'The subscription starts on 1 March. A loaf every Friday for 9.50 euros a week. The rye is fermented for 36 hours.';
  const result = await outcome('writer', { brief: 'LinkedIn and X posts announcing our new rye sourdough subscription', context });
  if (result.deliverable.kind !== 'social_posts') return t.fail(result.deliverable.kind);
  t.deepEqual(result.deliverable.data.posts.map((post) => post.network), ['LinkedIn', 'X']);
  for (const post of result.deliverable.data.posts) t.true(post.text.length <= post.max_characters, `${post.network}: ${post.text.length}`);
  t.true(result.deliverable.data.posts[1]!.text.length <= 280);
  for (const fact of ['1 March', '9.50 euros', '36 hours']) t.true(result.content.includes(fact), fact);
  t.notRegex(result.content, /^#{1,2} /m);
});

test('a how-to asked as a checklist for patients', async (t) => {
  const context = 'Do not eat for 10 to 12 hours before the test. Water is fine. Take your usual medication unless your doctor said otherwise. Bring your insurance card.';
  const result = await outcome('writer', { brief: 'How-to for patients preparing for a fasting blood test', context, requirements: { format: 'checklist', audience: 'patients' } });
  t.is(result.deliverable.kind, 'how_to');
  t.regex(result.content, /^- \[ \] /m);
  t.true(result.content.includes('10 to 12 hours'));
  t.deepEqual(result.unmet, []);
});

test('a newsletter in bullets with a call to action, and the keywords of the requirements', async (t) => {
  const context = 'The new scanning app goes live on 3 June. It works offline. Training sessions are on 28 and 29 May at the Tilburg depot.';
  const result = await outcome('writer', { brief: 'Newsletter for our drivers about the new scanning app', context, requirements: { format: 'bullet points', include_call_to_action: true, target_keywords: ['driver training'] } });
  t.is(result.deliverable.kind, 'newsletter');
  t.regex(result.content, /^- Training sessions are on 28 and 29 May at the Tilburg depot\./m);
  t.regex(result.content, /^\*\*[^*]+\*\*$/m);
  t.true(result.content.includes('driver training'));
});

test('a bare how-to is an outline in the grammar a person writes', async (t) => {
  const result = await outcome('writer', { brief: 'A guide to composting in small apartments' });
  t.is(result.deliverable.kind, 'how_to');
  t.is(result.draftKind, 'outline');
  t.notRegex(result.content, /To Composting|to composting/);
  t.regex(result.content, /^# (?:How to compost in small apartments|Composting in small apartments: a step-by-step guide)\n/);
  t.notRegex(result.content, /\d/);
  t.true(result.notes.some((note) => /outline of the how to/.test(note)));
});

test('a blog post from staff notes never prints the attendee roll, the notes for the author or commit hashes', async (t) => {
  const notes = await outcome('writer', {
    brief: 'Write a blog post for patients about what changed at the clinic this month',
    context: 'Present: Dr. Amara Okafor, Raj Patel (RN)\nThe clinic now opens at 7:30 on weekdays.\nOnline booking went live on 3 March and 40% of appointments are now booked online.\nInternal notes: do not mention the staffing gap.',
  });
  t.regex(notes.content, /^# What changed at the clinic this month for patients$/m);
  for (const fact of ['7:30', '3 March', '40%']) t.true(notes.content.includes(fact), fact);
  for (const hidden of ['Amara Okafor', 'Raj Patel', 'staffing gap']) t.false(notes.content.includes(hidden), hidden);
  const commits = await outcome('writer', { brief: 'Blog post about what is new in jobrunner 1.8', context: 'a1b2c3d fix: retries no longer duplicate jobs when a worker restarts\n9f8e7d6 feat: cron schedules accept time zones' });
  t.true(commits.content.includes('Retries no longer duplicate jobs when a worker restarts'));
  t.notRegex(commits.content, /a1b2c3d|9f8e7d6|\bfeat:|\bfix:/);
});

test('a writer asked for release notes writes release notes: each commit an entry under its kind, not a blog post without them', async (t) => {
  const result = await outcome('writer', { brief: 'Release notes for v2.3: feat: export invoices as CSV; fix: login loop on Safari; perf: faster search' });
  if (result.deliverable.kind !== 'release_notes') return t.fail(result.deliverable.kind);
  t.regex(result.content, /^# v2\.3: release notes\n/);
  t.regex(result.content, /^## New\n\n- Export invoices as CSV$/m);
  t.regex(result.content, /^## Fixed\n\n- Login loop on Safari$/m);
  t.regex(result.content, /^## Improved\n\n- Faster search$/m);
  t.deepEqual(result.unmet, []);
  // A blog post about release notes is still a blog post.
  t.is((await outcome('writer', { brief: 'A blog post on how we write release notes customers read', context: 'We group entries by what changed for the customer. Every entry starts with a verb.' })).deliverable.kind, 'blog_post');
});

test('a changelog asked of the writer with the commit list as context: customer-facing entries, without hashes or chores', async (t) => {
  const context = 'a1b2c3d feat(billing): export invoices as CSV\n9f8e7d6 fix(auth): login loop on Safari\n1234abc chore: bump eslint\n5e6f7a8 perf(search): faster search on large workspaces';
  const result = await outcome('writer', { brief: 'Write the changelog for our customers for version 4.1', context });
  if (result.deliverable.kind !== 'release_notes') return t.fail(result.deliverable.kind);
  t.is(result.deliverable.data.version, '4.1');
  t.true(result.content.includes('Export invoices as CSV'));
  t.true(result.content.includes('Login loop on Safari'));
  t.notRegex(result.content, /a1b2c3d|eslint/);
  t.deepEqual(result.unmet, []);
});

test('a changelog asked in a sentence of what changed: each change an entry under its kind', async (t) => {
  const result = await outcome('writer', { brief: 'Can you write up a changelog for 4.1? We added dark mode, fixed the crash when uploading large photos, and made search faster.' });
  if (result.deliverable.kind !== 'release_notes') return t.fail(result.deliverable.kind);
  t.regex(result.content, /^## New\n\n- Added dark mode$/m);
  t.regex(result.content, /^## Improved\n\n- Made search faster$/m);
  t.regex(result.content, /^## Fixed\n\n- Fixed the crash when uploading large photos$/m);
  t.deepEqual(result.deliverable.data.highlights, ['Added dark mode']);
});

test('a one-line ask that passes on a statement is written from it: the post says it, the email tells it', async (t) => {
  const post = await outcome('writer', { brief: 'A LinkedIn post announcing that our bakery now delivers in Utrecht, every Saturday from 9 to 12.' });
  if (post.deliverable.kind !== 'social_posts') return t.fail(post.deliverable.kind);
  t.is(post.draftKind, 'grounded');
  t.regex(post.deliverable.data.posts[0]!.text, /^Our bakery now delivers in Utrecht, every Saturday from 9 to 12\.$/m);
  t.deepEqual(post.deliverable.data.posts[0]!.hashtags, ['#Utrecht', '#Bakery'], 'no day or number as a hashtag');
  const email = await outcome('writer', { brief: 'Email our customers to let them know that the office is closed on Friday 12 December for the move' });
  if (email.deliverable.kind !== 'email') return t.fail(email.deliverable.kind);
  t.is(email.deliverable.data.subject, 'Office is closed on Friday 12 December for the move');
  t.deepEqual(email.deliverable.data.body, ['The office is closed on Friday 12 December for the move.']);
  t.is(email.deliverable.data.call_to_action, 'Reply to this email with any question.');
});

test('a newsletter typed as one line of news: a title for the month, each piece of news its own', async (t) => {
  const result = await outcome('writer', { brief: 'Newsletter for our customers this month: we opened a second shop in Haarlem on 3 March, the sourdough course is back (Saturdays, 25 euros), and we now take orders on WhatsApp.' });
  if (result.deliverable.kind !== 'newsletter') return t.fail(result.deliverable.kind);
  t.is(result.deliverable.data.title, "What's new this month");
  t.regex(result.content, /^# What's new this month\n/);
  for (const news of ['We opened a second shop in Haarlem on 3 March.', 'The sourdough course is back (Saturdays, 25 euros).', 'We now take orders on WhatsApp.']) t.true(result.content.includes(news.replace(/\.$/, '')), news);
});

test('a how-to typed as one line of instructions: a numbered step each, the short ones too', async (t) => {
  const result = await outcome('writer', { brief: 'How to reset your password: go to Settings, click Security, choose Reset password, and check your inbox for the link. The link expires after 30 minutes.' });
  if (result.deliverable.kind !== 'how_to') return t.fail(result.deliverable.kind);
  t.regex(result.content, /^1\. Go to Settings\n2\. Click Security\n3\. Choose Reset password\n4\. Check your inbox for the link$/m);
  t.true(result.content.includes('The link expires after 30 minutes.'));
});

test('landing copy from a one-line list of benefits: a heading each, never cut on a word that leads on', async (t) => {
  const result = await outcome('writer', { brief: 'Write a landing page for our dog-walking app: book a walker in 2 taps, every walker is insured and background-checked, live GPS tracking of each walk, first walk free.' });
  if (result.deliverable.kind !== 'landing_copy') return t.fail(result.deliverable.kind);
  t.regex(result.content, /^### Every walker is insured\n\nEvery walker is insured and background-checked\.$/m);
  t.regex(result.content, /^### Live GPS tracking\n\nLive GPS tracking of each walk\.$/m);
  t.notRegex(result.content, /^### .*\b(?:and|of|each)$/m);
});

test('a one-line ask for a message with a purpose is that message, not an outline: a thank-you email, an invitation post', async (t) => {
  const thanks = await outcome('writer', { brief: 'Email our volunteers to thank them for helping at the charity run last Sunday' });
  if (thanks.deliverable.kind !== 'email') return t.fail(thanks.deliverable.kind);
  t.is(thanks.draftKind, 'grounded');
  t.deepEqual(
    { subject: thanks.deliverable.data.subject, greeting: thanks.deliverable.data.greeting, body: thanks.deliverable.data.body, cta: thanks.deliverable.data.call_to_action },
    { subject: 'Thank you for helping at the charity run last Sunday', greeting: 'Dear volunteers,', body: ['Thank you for helping at the charity run last Sunday.'], cta: 'Thank you again.' },
  );
  const invitation = await outcome('writer', { brief: 'Email our members inviting them to the summer barbecue on 12 July. Bring a dish to share.' });
  if (invitation.deliverable.kind !== 'email') return t.fail(invitation.deliverable.kind);
  t.is(invitation.deliverable.data.subject, 'Invitation: Summer barbecue on 12 July');
  t.deepEqual(invitation.deliverable.data.body, ['We would like to invite you to the summer barbecue on 12 July.', 'Bring a dish to share.']);
  t.is(invitation.deliverable.data.call_to_action, 'Please reply to let us know whether you can come.');
  const post = await outcome('writer', { brief: 'LinkedIn post congratulating our design team on winning the Dutch Design Award' });
  if (post.deliverable.kind !== 'social_posts') return t.fail(post.deliverable.kind);
  t.regex(post.deliverable.data.posts[0]!.text, /^Congratulations to our design team on winning the Dutch Design Award!/);
  t.false(post.deliverable.data.posts[0]!.hashtags.includes('#Congratulations'), "the sentence's first word is not a name");
});

test('a post asked with its facts in one line says them of its subject; a bio opens with who the person is', async (t) => {
  const post = await outcome('writer', { brief: "Write a LinkedIn post about our new office in Rotterdam, we move in on 1 March and we're hiring 5 developers" });
  if (post.deliverable.kind !== 'social_posts') return t.fail(post.deliverable.kind);
  t.is(post.draftKind, 'grounded');
  t.regex(post.deliverable.data.posts[0]!.text, /^New office in Rotterdam: we move in on 1 March\.\n\nWe're hiring 5 developers\./);
  t.deepEqual(post.deliverable.data.posts[0]!.hashtags, ['#Rotterdam']);
  const bio = await outcome('writer', { brief: 'Write a short bio for our new CTO, Maya Patel. She spent 10 years at Adyen building payment systems and loves sailing.' });
  if (bio.deliverable.kind !== 'blog_post') return t.fail(bio.deliverable.kind);
  t.is(bio.deliverable.data.lede, 'Maya Patel is our new CTO. She spent 10 years at Adyen building payment systems and loves sailing.');
});

test('everyday emails and tweets typed in one go: the subject is what they say, form words stay out, labels stay in', async (t) => {
  const update = await outcome('writer', { brief: 'Write a product update email to customers. New: recurring invoices, multi-currency (EUR, GBP, USD), and a Zapier integration. Available today on all paid plans.' });
  if (update.deliverable.kind !== 'email') return t.fail(update.deliverable.kind);
  t.like(update.deliverable.data, { subject: 'Product update', greeting: 'Dear customers,' });
  t.deepEqual(update.deliverable.data.body, ['New:\n- Recurring invoices\n- Multi-currency (EUR, GBP, USD)\n- A Zapier integration', 'Available today on all paid plans.']);
  const late = await outcome('writer', { brief: 'Write an email to a client (Acme Corp) telling them the project will be 2 weeks late because the payment API vendor delayed their sandbox. New launch date is June 14. Keep it short and professional.' });
  if (late.deliverable.kind !== 'email') return t.fail(late.deliverable.kind);
  t.is(late.deliverable.data.subject, 'Project will be 2 weeks late');
  t.deepEqual(late.deliverable.data.body, ['The project will be 2 weeks late because the payment API vendor delayed their sandbox.', 'New launch date is June 14.']);
  const leave = await outcome('writer', { brief: "email my manager Dana asking for Friday off next week (March 14) for my sister's wedding, I'll finish the Q1 report by Thursday" });
  if (leave.deliverable.kind !== 'email') return t.fail(leave.deliverable.kind);
  t.like(leave.deliverable.data, { greeting: 'Hi Dana,', call_to_action: 'Please let me know if that works.' });
  t.deepEqual(leave.deliverable.data.body, ["I would like to ask for Friday off next week (March 14) for my sister's wedding.", "I'll finish the Q1 report by Thursday."]);
  for (const brief of ['tweet: our new dark mode ships tomorrow for all users on iOS and Android', 'tweet announcing our new dark mode, ships tomorrow for all users on iOS and Android, under 280 chars']) {
    const tweet = await outcome('writer', { brief });
    if (tweet.deliverable.kind !== 'social_posts') return t.fail(tweet.deliverable.kind);
    t.regex(tweet.deliverable.data.posts[0]?.text ?? '', /^Our new dark mode ships tomorrow for all users on iOS and Android\./, brief);
    t.false(tweet.content.includes('280'), 'the length asked is not printed');
  }
});

test('more everyday messages: a team notice titled by its first line, a favour asked of a landlord, a Facebook post, a newsletter typed as dashes', async (t) => {
  const notice = await outcome('writer', { brief: 'email to the team: office closed Friday Dec 22 for the holiday party, party starts 5pm at Rooftop Bar, plus-ones welcome, RSVP to Marta by Dec 15' });
  if (notice.deliverable.kind !== 'email') return t.fail(notice.deliverable.kind);
  t.like(notice.deliverable.data, { subject: 'Office closed Friday Dec 22 for the holiday party', greeting: 'Hi team,', call_to_action: 'RSVP to Marta by Dec 15.' });
  const favour = await outcome('writer', { brief: "Short email to my landlord asking to fix the leaking kitchen tap, it's been dripping since Monday, I'm home after 5pm weekdays" });
  if (favour.deliverable.kind !== 'email') return t.fail(favour.deliverable.kind);
  t.deepEqual(favour.deliverable.data.body, ['Could you please fix the leaking kitchen tap?', "It's been dripping since Monday.", "I'm home after 5pm weekdays."]);
  const post = await outcome('writer', { brief: "post for our company Facebook page: we're closed Monday May 27 for Memorial Day, normal hours resume Tuesday 8am" });
  if (post.deliverable.kind !== 'social_posts') return t.fail(post.deliverable.kind);
  t.deepEqual(post.deliverable.data.posts.map((one) => one.network), ['Facebook']);
  t.deepEqual(post.deliverable.data.posts[0]!.hashtags, ['#MemorialDay'], 'no day as a tag');
  const news = await outcome('writer', { brief: 'Can you draft the March newsletter? Items: - new office in Lisbon opens April 3 - Priya joined as Head of Design - we hit 10,000 customers - webinar on pricing March 28, 4pm CET' });
  for (const item of ['New office in Lisbon opens April 3.', 'Priya joined as Head of Design.', 'We hit 10,000 customers.', 'Webinar on pricing March 28, 4pm CET.']) t.true(news.content.includes(item.replace(/\.$/, '')), item);
});

test('a blog post asked "Write a blog post: 5 tips ..." with numbered lines; a caption after a dash; a tweet of opening hours keeps every line that fits', async (t) => {
  const tips = await outcome('writer', { brief: 'Write a blog post: 5 tips for keeping houseplants alive in winter\n1. water less - once every 2 weeks is fine for most\n2. move them away from radiators\n3. wipe dust off the leaves\n4. no repotting until spring\n5. group them together for humidity' });
  if (tips.deliverable.kind !== 'blog_post') return t.fail(tips.deliverable.kind);
  t.is(tips.deliverable.data.title, '5 tips for keeping houseplants alive in winter');
  for (const tip of ['Water less - once every 2 weeks is fine for most.', 'Move them away from radiators.', 'Group them together for humidity.']) t.true(tips.content.includes(tip), tip);
  const caption = await outcome('writer', { brief: 'Instagram caption for our bakery - new sourdough cinnamon buns, 3.50 each, only on weekends, come early they sell out by 11' });
  if (caption.deliverable.kind !== 'social_posts') return t.fail(caption.deliverable.kind);
  t.is(caption.draftKind, 'grounded');
  t.regex(caption.deliverable.data.posts[0]!.text, /^New sourdough cinnamon buns\.\n\n3\.50 each\.\n\nOnly on weekends\.\n\nCome early they sell out by 11\./);
  const hours = await outcome('writer', { brief: 'write a tweet announcing our new opening hours: Mon-Fri 8am-6pm, Sat 9am-1pm, closed Sundays. starts next week' });
  if (hours.deliverable.kind !== 'social_posts') return t.fail(hours.deliverable.kind);
  t.regex(hours.deliverable.data.posts[0]!.text, /^New opening hours: Mon-Fri 8am-6pm\. Sat 9am-1pm\. Closed Sundays\. Starts next week\./);
});

test('a how-to with numbered lines keeps every line a step in its order, and "include a checklist at the end" is followed, not printed', async (t) => {
  const result = await outcome('writer', { brief: 'How-to for non-technical staff on setting up 2-factor login, include a checklist at the end.\n1. Install Microsoft Authenticator on your phone\n2. Go to myaccount.contoso.com and choose Security info\n3. Click Add method, pick Authenticator app\n4. Scan the QR code with the app\n5. Approve the test notification' });
  if (result.deliverable.kind !== 'how_to') return t.fail(result.deliverable.kind);
  t.is(result.deliverable.data.title, 'How to set up 2-factor login');
  t.deepEqual(result.deliverable.data.steps.map((step) => step.instruction), ['Install Microsoft Authenticator on your phone', 'Go to myaccount.contoso.com and choose Security info', 'Click Add method, pick Authenticator app', 'Scan the QR code with the app', 'Approve the test notification']);
  t.regex(result.content, /^## Checklist\n/m);
});

test('"draft a reply saying ..." above a forwarded email: "Re:" its subject, "Hi Mark,", the answer alone, the message answered not repeated', async (t) => {
  const result = await outcome('writer', { brief: 'Forwarding below - can you draft a reply saying yes we can do the 14th but not the 15th, and the quote stays at 2,400\n\nFrom: Mark Ellis <mark@hollowayprint.co.uk>\nSent: Tuesday\nSubject: Workshop dates\n\nHi, could you run the print workshop on the 14th and 15th? Also can you confirm the price? Thanks, Mark' });
  if (result.deliverable.kind !== 'email') return t.fail(result.deliverable.kind);
  t.like(result.deliverable.data, { subject: 'Re: Workshop dates', greeting: 'Hi Mark,' });
  t.deepEqual(result.deliverable.data.body, ['Yes, we can do the 14th but not the 15th.', 'The quote stays at 2,400.']);
  t.false(result.content.includes('could you run the print workshop'), 'his question is not sent back to him');
});

test('a newsletter typed as a list of news is one item per entry, in order, each under its own headline, never "What happened"', async (t) => {
  const context = '- the pool reopens on 3 March after the retiling\n- new yoga class on Tuesdays at 7pm with Sara\n- reminder: the annual general meeting is on 20 March, 8pm in the clubhouse\n- membership fees go up by 5% from April\n- thanks to everyone who helped at the winter fair, we raised 2,340 euros';
  const result = await outcome('writer', { brief: 'newsletter for our members this month', context });
  if (result.deliverable.kind !== 'newsletter') return t.fail(result.deliverable.kind);
  t.deepEqual(result.deliverable.data.items.map((item) => item.heading), ['Pool reopens on 3 March', 'New yoga class on Tuesdays at 7pm', 'Annual general meeting on 20 March', 'Membership fees', 'Thank you']);
  t.regex(result.content, /^## Annual general meeting on 20 March\n\nThe annual general meeting is on 20 March, 8pm in the clubhouse\.$/m);
  t.notRegex(result.content, /What happened|What changed|The details|Background|How it works/);
  // Short lines of news typed one per line read the same way; a newsletter named before its word keeps its name.
  const parish = await outcome('writer', { brief: 'Weekly parish newsletter', context: 'Christmas Eve mass is at 6pm and midnight.\nThe food bank collection runs until 20 December, please bring tins and pasta.\nOur choir needs two more tenors - talk to Margaret after Sunday service.' });
  t.regex(parish.content, /^# Weekly parish newsletter\n/);
  t.regex(parish.content, /^## Food bank collection runs until 20 December\n\nThe food bank collection runs until 20 December, please bring tins and pasta\.$/m);
});


test('"thank you note to our beta users" says thank you to them, with counts typed after a statement kept in its sentence', async (t) => {
  const result = await outcome('writer', { brief: 'thank you note to our beta users', context: 'beta ran 6 weeks, 212 testers, 480 bug reports\nv1 launches march 3' });
  t.regex(result.content, /^\*\*Subject:\*\* A thank you to our beta users\n\nDear beta users,\n\nWe want to say thank you\.\n\nBeta ran 6 weeks, 212 testers, 480 bug reports\.\n/);
  t.notRegex(result.content, /about thank you|These notes/);
  const bare = await outcome('writer', { brief: 'thank you note to our beta users' });
  t.regex(bare.content, /^# A thank you to our beta users\n/);
});
