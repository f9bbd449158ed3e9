import test from 'ava';
import { createLocalProvider } from '../../models/local/index.js';
import type { StageOutput } from '../../models/types.js';
import { finalContent, stageInput, type Request } from './runCrew.js';

// Everyday requests read as the person who asked would: a blog post from notes, a chat export
// mixing its two line formats, and tone revisions on grounded drafts (issue 26, items 1, 2 and 7).
const provider = createLocalProvider();

interface RevisionData {
  applied: string[];
  not_applied: Array<{ part: string; reason: string }>;
}

async function revise(crew: 'writer' | 'mind' | 'pilot', request: Request, feedback: string): Promise<{ before: string; content: string; data: RevisionData }> {
  const before = await finalContent(provider, crew, request);
  const result = await provider.step(stageInput(crew, 0, request, [], { feedback, requirements: {}, previousContent: before }), [], [], new AbortController().signal);
  if (result.kind !== 'final') throw new Error('expected a final output');
  return { before, content: result.output.content, data: (result.output as StageOutput).data as unknown as RevisionData };
}

const headingsOf = (content: string) => [...content.matchAll(/^## (.+)$/gm)].map((match) => match[1]!);
const stockHeading = /why .* matters|getting .* right|in practice|common pitfalls|a closer look|where to start|further details|making .* work/i;

test('a blog post from notes: the title from the subject, an intro with the point, sections named after the notes\' topics, thanks at the close', async (t) => {
  const content = await finalContent(provider, 'writer', {
    brief: 'Blog post for our bakery customers about the new sourdough schedule',
    context: 'Notes from Sam:\n- sourdough now baked tue, thu, sat (was daily)\n- reason: starter needs 18h, we were rushing it\n- preorders open on the website, cutoff 6pm the day before\n- price stays at $7.50\n- rye loaf comes back in October\n- thanks to everyone who gave feedback in the survey, 212 replies',
  });
  t.regex(content, /^# .*[Ss]ourdough schedule/m);
  const body = content.replace(/^---\n[\s\S]*?\n---\n/, '');
  // The intro states the point before any section.
  const intro = body.split(/^## /m)[0]!;
  t.regex(intro, /baked tue, thu, sat/i);
  for (const fact of ['18h', '6pm', '$7.50', 'October', '212 replies']) t.true(content.includes(fact), `keeps ${fact}`);
  const headings = headingsOf(content);
  t.true(headings.length >= 1, 'the post has sections');
  t.deepEqual(headings.filter((heading) => stockHeading.test(heading)), [], 'no stock template heading');
  t.true(headings.some((heading) => /rye loaf|starter|price|preorders/i.test(heading)), `a heading names a topic of the notes: ${headings.join(' | ')}`);
  t.deepEqual(headings.filter((heading) => /^(?:minutes|reason|thanks|day benefit)$/i.test(heading)), [], 'no unit, label or thanks as a topic');
  // Thanks close the post.
  t.regex(body.trim().split('\n').at(-1)!, /thanks to everyone/i);
});

test('a release blog post keeps every figure and puts no keyword on a section that is not about it', async (t) => {
  const content = await finalContent(provider, 'writer', {
    brief: 'Blog post announcing tinyqueue 2.0',
    context: 'tinyqueue 2.0 drops support for Node 16. Priority queues are now 40% faster on large inputs. The API adds peekMany(n). Thanks to 14 contributors.',
    requirements: { target_keywords: ['priority queue', 'tinyqueue'], tone: 'friendly' },
  });
  for (const fact of ['40%', 'peekMany(n)', '14 contributors', 'Node 16']) t.true(content.includes(fact), `keeps ${fact}`);
  t.deepEqual(headingsOf(content).filter((heading) => /^priority queue: /i.test(heading) && !/queue/i.test(heading.slice(16))), [], 'no "Priority queue:" prefix over a section on the API');
  t.deepEqual(headingsOf(content).filter((heading) => stockHeading.test(heading)), []);
});

const mixedChat = `[6:32 AM] Maria Lopez: morning all, van 3 is still in the shop, brakes
[6:40 AM] Tom Becker: ok so we're down to 6 vans for the north route today
Jan de Vries  6:45 AM
I'll send van 7 to cover the north route, it's back from service
[6:50 AM] Maria Lopez: thanks Jan. we decided to push the Oakwood deliveries to Thursday
[6:52 AM] Tom Becker: I will call the Oakwood customers by 10am to tell them`;

test('a chat export mixing "[time] Name: text" lines and an author line: each message keeps its own author', async (t) => {
  const content = await finalContent(provider, 'mind', { brief: 'Summarize this morning dispatch chat', context: mixedChat });
  t.regex(content, /^# .*Dispatch Chat/m, 'the title names the chat, not "The Notes"');
  t.notRegex(content, /Jan de Vries: \[6:5\dAM?/, 'no later message is credited to the author line before it');
  t.notRegex(content, /\[6:\d\d AM\]/, 'no raw chat timestamps');
  t.regex(content, /\*\*Tom Becker\*\*: Call the Oakwood customers by 10am/);
  t.regex(content, /\*\*Jan de Vries\*\*: Send van 7/);
  t.notRegex(content.split('## Topics')[1] ?? '', /Thanks Jan/, 'thanking someone is not a topic');
  t.notRegex(content, /morning all|\bok so\b/i, 'greetings and filler are not what was said');
  t.regex(content, /Maria Lopez: Van 3 is still in the shop, brakes/);
});

test('a checklist added to a chat summary lists each action once, whoever wrote it how', async (t) => {
  const { content, data } = await revise('mind', { brief: 'Summarize this morning dispatch chat', context: mixedChat }, 'Add a checklist at the end');
  t.true(data.applied.includes('add_checklist'));
  const checklist = content.split('## Checklist')[1] ?? '';
  const van7 = checklist.split('\n').filter((line) => /van 7/i.test(line));
  t.is(van7.length, 1, `one item for sending van 7: ${van7.join(' | ')}`);
  t.regex(checklist, /Tom Becker\**: Call the Oakwood customers/i);
});

test('a staff roll with titles ("Dr. Amara Okafor") is read as people, never printed as a summary line', async (t) => {
  const content = await finalContent(provider, 'mind', {
    brief: 'Summarize our Monday clinic staff meeting',
    context: 'Attendees: Dr. Amara Okafor, Raj Patel (RN), Lena Fischer\nAverage check-in wait is 22 minutes, we want it under 10 minutes by June.\nWe decided to open a second check-in desk from 1 April.\nRaj will draft the new intake form by Friday.',
  });
  const summary = content.split('## Summary')[1]?.split('\n## ')[0] ?? '';
  t.notRegex(summary, /Okafor/, 'the roll is not a point of the summary');
  t.regex(content, /22 minutes/);
  t.regex(content, /\*\*Raj Patel\*\*: Draft the new intake form/, 'the owner gets his full name from the roll');
  t.notRegex(content, /\bDr,/);
});

test('tone revisions on grounded drafts: warmer for patients speaks to them; friendlier opens a summary warmly; each is applied only when shown', async (t) => {
  const notice = await revise('writer', { brief: 'Write a notice for patients about the new online booking', context: 'Patients can book appointments online from 1 March. Patients will receive a reminder the day before. It is important that patients arrive 10 minutes early.' }, 'Make it warmer, it is for patients');
  t.deepEqual(notice.data.applied, ['tone_adjustment']);
  t.regex(notice.content, /\bYou can book appointments online from 1 March\b/);
  t.regex(notice.content, /that you arrive 10 minutes early/);

  const meeting = await revise('mind', { brief: 'Summarize our Monday clinic staff meeting', context: 'Average check-in wait is 22 minutes, we want it under 10 minutes by June.\nWe decided to open a second check-in desk from 1 April.\nRaj will draft the new intake form by Friday.' }, 'Make it friendlier, it goes to all staff');
  t.deepEqual(meeting.data.applied, ['tone_adjustment']);
  t.regex(meeting.content.split('## ')[0]!, /\byou\b/i, 'the summary opens speaking to its readers');
  t.true(meeting.content.includes('We decided to open a second check-in desk from 1 April.'), 'the facts stay as given');

  const newsletter = await revise('writer', { brief: 'Newsletter for our drivers about the new scanning app', context: 'The new scanning app goes live on 3 June. Drivers must scan every parcel at pickup. Training sessions are on 28 and 29 May at the Tilburg depot.' }, 'friendlier please');
  t.deepEqual(newsletter.data.applied, ['tone_adjustment'], '"friendlier please" is a tone request');
  t.regex(newsletter.content, /\bYou must scan every parcel at pickup\b/);
});

test('a tone the document already has is not reported applied: the content is unchanged and the reason says so', async (t) => {
  const { content, before, data } = await revise('writer', { brief: 'Write a notice for patients about the new online booking', context: 'You can book appointments online from 1 March.' }, 'More formal please');
  t.is(content, before);
  t.deepEqual(data.applied, []);
  t.regex(data.not_applied.find((entry) => entry.part === 'tone_adjustment')?.reason ?? '', /already reads professional/);
});

test('an email to trial users speaks to them: the subject and body say "your", the facts stay as given', async (t) => {
  const content = await finalContent(provider, 'writer', {
    brief: 'Email to trial users about the end of their trial',
    context: 'The trial ends in 3 days. Annual plans get 2 months free. Their data is kept for 30 days after the trial.',
    requirements: { format: 'email', include_call_to_action: true },
  });
  t.regex(content, /^\*\*Subject:\*\* End of your trial$/m);
  t.notRegex(content, /Trial users about/i, 'the audience is whom it goes to, not the subject');
  t.regex(content, /Your data is kept for 30 days after the trial\./);
  for (const fact of ['3 days', '2 months free']) t.true(content.includes(fact));
  t.regex(content, /about the end of your trial\./);
});

test('a blog post tells the notes\' story in their order after the intro', async (t) => {
  const content = await finalContent(provider, 'writer', {
    brief: 'Write a blog post about how we cut dashboard load time for our analytics customers',
    context: 'Dashboards took 4.2 seconds to load at the 95th percentile in January. We moved the heaviest queries to pre-aggregated tables refreshed every 5 minutes. Load time is now 0.9 seconds at p95. Customers with more than 1 million events a day benefit most.',
  });
  t.true(content.indexOf('We moved the heaviest queries') < content.indexOf('Customers with more than 1 million events'), 'what we did comes before who benefits');
  t.deepEqual(headingsOf(content).filter((heading) => stockHeading.test(heading)), []);
});

test('PRD stories: "order cakes online and pick them up" stays one story, staff are a staff member, and no story is told twice', async (t) => {
  const content = await finalContent(provider, 'pilot', {
    brief: 'PRD for online pre-orders at the bakery',
    context: "Customers want to order cakes online and pick them up. Orders must be placed 48 hours ahead. Staff need to see the next day's orders at 5:00. Today 30% of cake orders come by phone and 1 in 10 is written down wrong.",
  });
  const stories = (content.split('## User stories')[1]?.split('\n## ')[0] ?? '').split('\n').filter((line) => line.startsWith('- As '));
  t.deepEqual(stories, ['- As a customer, I want to order cakes online and pick them up.', "- As a staff member, I want to see the next day's orders at 5:00."]);
});

test('a retro written up and a summary asked "with a checklist" are titled after the meeting, not the ask', async (t) => {
  const retro = await finalContent(provider, 'mind', { brief: 'Write up our sprint 14 retro', context: 'Went well:\n- Deploys took 6 minutes instead of 20\nTo improve:\n- Reviews waited two days on average\nActions:\n- Dave will refresh staging data by Friday' });
  t.regex(retro, /^# Retrospective: Sprint 14$/m);
  const churn = await finalContent(provider, 'mind', { brief: 'Meeting summary of the churn review with a checklist', context: "Lena: Churn was 4.1% last month, 3.2% the month before.\nOmar: I'll draft the SSO scope by Wednesday.", requirements: { include_checklist: true } });
  t.regex(churn, /^# Meeting summary: Churn Review$/m);
  t.notRegex(churn.split('## Topics')[1] ?? '', /I'll draft/);
});

test('a summary for the board lists figures and decisions, never milestone or ticket ids', async (t) => {
  const { content, data } = await revise('mind', { brief: 'Q3 status review for the leadership team', context: "Revenue grew 12% to $1.4M in Q3. Churn rose to 3.1% from 2.4%, which we don't love! Acme Corp renewal is due in November. We're hiring 3 support engineers." }, 'More formal for the board');
  t.true(data.applied.includes('tone_adjustment'));
  const summary = content.split('## Summary for the board')[1]?.split('\n## ')[0] ?? '';
  t.regex(summary, /\$1\.4M/);
  const prd = await revise('pilot', { brief: 'PRD for online preorders at our bakery', context: 'Customers want to order bread the day before and pick it up in the morning. Preorders close at 6pm.' }, 'More formal for the board');
  const board = prd.content.split('## Summary for the board')[1]?.split('\n## ')[0] ?? '';
  t.notRegex(board, /\bM\d:|\bT-\d/, 'no milestone or ticket line stands in for a figure');
});

test('a chat handle as author ("sara.kim  10:07 AM") is read as Sara Kim, and her action is hers', async (t) => {
  const content = await finalContent(provider, 'mind', {
    brief: 'Summarize this incident thread from our chat and pull out action items',
    context: "Maria Lopez  10:02 AM\nok so the checkout error rate is at 2.4% since the 1.8.0 release\nTom Becker  10:04 AM\nI'll roll back 1.8.0 tonight\nwe agreed to freeze deploys until Monday\nsara.kim  10:07 AM\nI will write the incident report by Wednesday\nrefunds so far: $12,400 across 310 orders",
  });
  // A thread the brief names is titled as one, not as a meeting.
  t.regex(content, /^# Incident Thread: summary$/m);
  t.regex(content, /\*\*Sara Kim\*\*: Write the incident report \(due Wednesday\)/);
  t.notRegex(content, /Tom Becker: I will write the incident report/);
});
