import test from 'ava';
import { outcome } from '../document/helpers.js';

/** Meeting notes as people type them after a call: lower case, no roll, labels and short dates. */

const notes = `planning sync 11/24
decided to ship v2 on dec 9
dana owns the launch email, due fri
lee will book the venue by dec 1
launch will slip a week if QA is late
risk: QA is short one person`;

test('a lower-case name opening a commitment owns it; "launch will slip" is no one\'s', async (t) => {
  const result = await outcome('mind', { brief: 'summarize the planning sync', context: notes });
  t.regex(result.content, /^- \[ \] \*\*Dana\*\*: Own the launch email \(due Friday\)$/m);
  t.regex(result.content, /^- \[ \] \*\*Lee\*\*: Book the venue \(due Dec 1\)$/m);
  t.notRegex(result.content, /\*\*Launch\*\*/);
  t.regex(result.content, /## Participants\n\nDana, Lee$/m);
  if (result.deliverable.kind !== 'meeting_summary') return t.fail(result.deliverable.kind);
  t.deepEqual(result.deliverable.data.action_items.map((item) => [item.owner, item.due]), [['Dana', 'Friday'], ['Lee', 'Dec 1']]);
});

test('a line typed under "risk:" is a risk without its label, and not a line of the summary', async (t) => {
  const result = await outcome('mind', { brief: 'summarize the planning sync', context: notes });
  const risks = result.content.split('## Risks and open questions\n\n')[1]!.split('\n\n')[0]!;
  t.regex(risks, /^- QA is short one person$/m);
  t.notRegex(result.content, /Risk: QA/);
  const summary = result.content.split('## Summary\n\n')[1]!.split('\n\n')[0]!;
  t.notRegex(summary, /QA is short one person|Dana|Lee/);
  t.regex(result.content, /^- Decided to ship v2 on Dec 9$/m);
  if (result.deliverable.kind !== 'meeting_summary') return t.fail(result.deliverable.kind);
  t.deepEqual(result.deliverable.data.risks, ['Launch will slip a week if QA is late', 'QA is short one person']);
});

test("short dates and the meeting's own name are no topics", async (t) => {
  const result = await outcome('mind', { brief: 'summarize the planning sync', context: notes });
  const topics = result.content.split('## Topics\n\n')[1]!.split('\n\n')[0]!;
  t.notRegex(topics, /^- (?:Dec|Fri|Sync|Planning)$/im);
  t.regex(topics, /^- Launch email$/m);
});

test('notes typed into the brief itself: the risk is listed as one and the due date read', async (t) => {
  const result = await outcome('mind', { brief: 'summarize: planning sync 11/24. decided to ship v2 on dec 9. dana owns the launch email, due fri. risk: QA is short one person' });
  t.regex(result.content, /^- \[ \] \*\*Dana\*\*: Own the launch email \(due Friday\)$/m);
  t.regex(result.content, /## Risks\n\n- QA is short one person$/m);
  if (result.deliverable.kind !== 'meeting_summary') return t.fail(result.deliverable.kind);
  t.deepEqual(result.deliverable.data.risks, ['QA is short one person']);
  t.deepEqual(result.deliverable.data.summary, []);
});

test('the notes\' heading line ("planning sync 11/24") dates the title and is no line of the summary', async (t) => {
  const result = await outcome('mind', { brief: 'summarize the planning sync', context: notes });
  t.regex(result.content, /^# Meeting summary: Planning Sync, 11\/24$/m);
  const summary = result.content.split('## Summary\n\n')[1]!.split('\n\n')[0]!;
  t.notRegex(summary, /planning sync/i);
});

test('a request for a decision in meeting notes is an open question, never a decision: "we need a decision on the vendor by Friday"', async (t) => {
  const result = await outcome('mind', { brief: 'meeting notes', context: 'Ana: budget review. We need a decision on the vendor by Friday. Ben will send the quotes tomorrow.\nCarla: I need an answer from legal by Monday.' });
  t.notRegex(result.content, /## Decisions/);
  t.regex(result.content, /## Open questions\n\n- We need a decision on the vendor by Friday \(asked by Ana\)\n- Carla needs an answer from legal by Monday\n/);
  t.deepEqual(result.deliverable.kind === 'meeting_summary' && result.deliverable.data.decisions, []);
});

test('notes typed on one line in lower case: the speaker, an everyday-word name after a full stop and an owner are all people', async (t) => {
  const result = await outcome('mind', {
    brief: 'summarize this meeting',
    context: 'ana: launch moved to dec 10. bob owns the pricing page. we agreed to drop the beta banner. carl to send the customer email by friday.',
  });
  t.regex(result.content, /^- \[ \] \*\*Bob\*\*: Own the pricing page$/m);
  t.regex(result.content, /^- \[ \] \*\*Carl\*\*: Send the customer email \(due Friday\)$/m);
  t.regex(result.content, /## Participants\n\nAna, Bob, Carl$/m);
  const topics = result.content.split('## Topics\n\n')[1]!.split('\n\n')[0]!;
  t.notRegex(topics, /^- (?:Bob|Ana|Carl)$/m);
});

test('"launch: moved to april" alone keeps its word: a single opener before a colon is a person only when it is a name', async (t) => {
  const result = await outcome('mind', { brief: 'summarize this meeting', context: 'launch: moved to april\nbob owns the pricing page' });
  t.notRegex(result.content, /## Participants\n\n[^\n]*Launch/);
  t.regex(result.content, /Launch: moved to April|Moved to April/);
});

test('bullet notes: "decided:" is the label of a decision and "Carl: send ..." is Carl\'s action item', async (t) => {
  const result = await outcome('mind', {
    brief: "notes from today's sync",
    context: 'Attendees: Ana, Bob, Carl\n- launch moved to dec 10\n- Bob owns the pricing page\n- decided: drop the beta banner\n- Carl: send the customer email by friday',
  });
  const decisions = result.content.split('## Decisions\n\n')[1]!.split('\n\n')[0]!;
  t.is(decisions, '- Drop the beta banner');
  t.regex(result.content, /^- \[ \] \*\*Carl\*\*: Send the customer email \(due Friday\)$/m);
  const summary = result.content.split('## Summary\n\n')[1]!.split('\n\n')[0]!;
  t.notRegex(summary, /Carl|Decided/);
});

test('a brief that only asks ("meeting notes -> summary pls", "action items from this") is no title: the notes\' heading is', async (t) => {
  const notes = 'weekly product sync\npresent: jen, marco, priya\n- marco will dig into the analytics by thursday\n- jen: can someone own the changelog? -> marco';
  const asked = await outcome('mind', { brief: 'meeting notes -> summary pls', context: notes });
  t.regex(asked.content, /^# Meeting summary: Weekly Product Sync$/m);
  const bare = await outcome('mind', { brief: 'action items from this', context: 'Tom: I\'ll update the deck before the board meeting\nLisa: can you also add the Q3 numbers?\nTom: sure' });
  t.regex(bare.content, /^# Meeting summary$/m);
  t.notRegex(bare.content, /From This|Action Items from/i);
});

test('who took the work: "can someone own the changelog? -> marco", "can you also add ...?" then "sure", and "(me)" on a next step', async (t) => {
  const sync = await outcome('mind', { brief: 'summarize the sync', context: 'weekly product sync\npresent: jen, marco, priya\n- jen: can someone own the changelog? -> marco' });
  t.regex(sync.content, /^- \[ \] \*\*Marco\*\*: Own the changelog$/m);
  const call = await outcome('mind', { brief: 'action items from this', context: 'Tom: I\'ll update the deck before the board meeting\nLisa: can you also add the Q3 numbers?\nTom: sure' });
  t.regex(call.content, /^- \[ \] \*\*Tom\*\*: Add the Q3 numbers$/m);
  const acme = await outcome('mind', { brief: 'summarize the call with acme', context: 'call w/ acme (sarah, head of ops)\nasked about pricing for 100 seats\nnext: send SSO timeline + quote for 100 seats by fri (me)\nsarah to loop in their IT lead' });
  t.regex(acme.content, /^- \[ \] \*\*Me\*\*: Send SSO timeline \+ quote for 100 seats \(due Friday\)$/m);
  t.regex(acme.content, /## Participants\n\nSarah$/m);
});

test('notes as typed after a review: "ppl:" is the roll, "todo kim - ..." is Kim\'s, and the brief\'s "clean up my notes from" is no title', async (t) => {
  const result = await outcome('mind', {
    brief: 'clean up my notes from the design review',
    context: 'design review - checkout redesign\nppl: kim, omar, li\nkim showed new flow, 3 steps instead of 5\nomar worried about guest checkout, legal needs to sign off\nli: mobile mocks not ready, eta next tue\ndecision: go with single page for desktop\ntodo kim - update figma w/ feedback\ntodo omar - ping legal re guest checkout',
  });
  t.regex(result.content, /^# Meeting summary: Design Review$/m);
  t.regex(result.content, /^- \[ \] \*\*Kim\*\*: Update Figma w\/ feedback$/m);
  t.regex(result.content, /^- \[ \] \*\*Omar\*\*: Ping legal re guest checkout$/m);
  t.regex(result.content, /## Participants\n\nKim, Omar, Li$/m);
  t.notRegex(result.content, /Ppl:|Todo /);
  const topics = result.content.split('## Topics\n\n')[1]!.split('\n\n')[0]!;
  t.regex(topics, /^- Guest checkout$/m);
  t.notRegex(topics, /^- (?:Re |Kim)/m);
});

test('a numbered recap: no doubled list markers, "Ana books flights by end of month" is her action item, "open:" an open question', async (t) => {
  const result = await outcome('mind', {
    brief: 'recap for people who missed it',
    context: '1. Budget: approved 25k for the conference\n2. Venue: Lisbon, dates 12-14 May\n3. Open: who runs the booth? nobody yet\n4. Ana books flights by end of month',
  });
  t.regex(result.content, /^# Meeting summary$/m);
  t.notRegex(result.content, /^- \d\. /m);
  t.regex(result.content, /^- Venue: Lisbon, dates 12-14 May$/m);
  t.regex(result.content, /^- \[ \] \*\*Ana\*\*: Book flights \(due end of month\)$/m);
  const open = result.content.split('## Risks and open questions\n\n')[1]!.split('\n\n')[0]!;
  t.regex(open, /Who runs the booth\?/);
  const topics = result.content.split('## Topics\n\n')[1]!.split('\n\n')[0]!;
  t.notRegex(topics, /^- (?:End|Dates|Ana books flights)$/m);
});

test('a transcript: "Raj can you set up the interview loop?" then Raj\'s "yes, will do by next wednesday" is one action item with that date', async (t) => {
  const result = await outcome('mind', {
    brief: 'summarize',
    context: "00:00:05 Sam Lee: ok let's start. main thing today is the Q4 hiring plan\n00:02:15 Maya Chen: I'll post the job ads by Friday\n00:02:50 Sam Lee: Raj can you set up the interview loop?\n00:03:01 Raj Patel: yes, will do by next wednesday",
  });
  const actions = result.content.split('## Action items\n\n')[1]!.split('\n\n')[0]!;
  t.is(actions, '- [ ] **Maya Chen**: Post the job ads (due Friday)\n- [ ] **Raj Patel**: Set up the interview loop (due next Wednesday)');
  const topics = result.content.split('## Topics\n\n')[1]!.split('\n\n')[0]!;
  t.notRegex(topics, /Main thing/);
});

test('"write up our 1:1" over "1:1 w/ sam" notes: titled after the notes, "i\'ll ..." is the note-taker\'s, "Feels" is no topic', async (t) => {
  const result = await outcome('mind', {
    brief: 'write up our 1:1',
    context: "1:1 w/ sam\n- sam wants to move toward tech lead\n- feels stretched on the billing project\n- agreed: sam leads the next design review\n- i'll find a mentor for sam by end of month",
  });
  t.regex(result.content, /^# Meeting summary: 1:1 with Sam$/m);
  t.regex(result.content, /^- \[ \] \*\*Me\*\*: Find a mentor for sam \(due end of month\)$/m);
  t.regex(result.content, /## Decisions\n\n- Sam leads the next design review$/m);
  const topics = result.content.split('## Topics\n\n')[1]!.split('\n\n')[0]!;
  t.notRegex(topics, /^- (?:Feels|Up)$/m);
});

test('"what did we decide in this call": "ok so we go with vendor B" and "we push the migration" are the decisions, "agreed" alone is none, and "ill tell" is Carla\'s action', async (t) => {
  const result = await outcome('mind', { brief: 'what did we decide in this call', context: 'ana: ok so we go with vendor B, cheaper and faster support\nben: agreed\nana: and we push the migration to january\ncarla: fine, ill tell the customers next week' });
  if (result.deliverable.kind !== 'meeting_summary') return t.fail(result.deliverable.kind);
  t.is(result.deliverable.data.title, 'Meeting summary');
  t.deepEqual(result.deliverable.data.decisions.map((decision) => decision.text), ['We go with vendor B, cheaper and faster support', 'We push the migration to January']);
  t.deepEqual(result.deliverable.data.action_items.map((item) => [item.owner, item.task, item.due]), [['Carla', 'Tell the customers', 'next week']]);
  t.notRegex(result.content, /^- (?:Fine|Ill|Cheaper)$/m);
});

test('"agreed" after a proposal makes the proposal the decision', async (t) => {
  const result = await outcome('mind', { brief: 'summarise the call', context: 'ana: we should move the standup to 10am\nben: agreed\ncarla: I will update the calendar invite' });
  if (result.deliverable.kind !== 'meeting_summary') return t.fail(result.deliverable.kind);
  t.deepEqual(result.deliverable.data.decisions.map((decision) => decision.text), ['We should move the standup to 10am']);
});

test('"I need the hiring plan from everyone by Wed" is an item for everyone due Wednesday; "agreed, the API work is the bottleneck" is no decision', async (t) => {
  const result = await outcome('mind', { brief: 'meeting notes -> summary', context: 'weekly sync 3/12\n- I need the hiring plan from everyone by Wed\n- agreed, the API work is the bottleneck\n- ana will draft the Q3 roadmap by friday\n- we decided to pause the mobile launch' });
  t.regex(result.content, /- \[ \] \*\*Everyone\*\*: Send the hiring plan \(due Wednesday\)/);
  t.regex(result.content, /## Decisions\n\n- We decided to pause the mobile launch\n\n/);
  t.regex(result.content, /## Summary[\s\S]*- Agreed, the API work is the bottleneck/);
});

test('notes typed as one paragraph: the opening sentence names the meeting and the roll mid-line lists everyone who was there', async (t) => {
  const result = await outcome('mind', {
    brief: 'meeting notes',
    context: 'q3 planning. attendees: ana, ben, chris. ana: revenue 2.1m, 5% under plan. ben: we should cut the events budget. chris disagrees, events bring 30% of leads. decided: keep events, cut paid social by 20%. ben to update forecast by friday. chris to share event roi next week.',
  });
  t.regex(result.content, /^# Meeting summary: Q3 Planning$/m);
  t.regex(result.content, /## Participants\n\nAna, Ben, Chris/);
  t.regex(result.content, /^- \[ \] \*\*Ben\*\*: Update forecast \(due Friday\)$/m);
});
