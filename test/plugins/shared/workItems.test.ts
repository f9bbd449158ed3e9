import test from 'ava';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import type { PluginContext } from '../../../plugins/contract.js';
import { builtInPlugins } from '../../../plugins/index.js';
import { workItems } from '../../../plugins/shared/workItems.js';
import { createGuardedFetch } from '../../../runtime/tools/guardedFetch.js';
import { startVendorServer } from '../../fixtures/vendorServer.js';
import { memoryKv } from '../../helpers/pluginKv.js';

/** A pilot PRD as the local model writes it: the tickets in a table, dates and context in lists elsewhere. */
const prd = `# PRD: Mobile Inspection App for Building Inspectors That Works Offline

## Problem

- Inspectors lose signal in basements.

## Requirements

- Photos must attach to each checklist item.
- Sync must resolve conflicts when two inspectors edit the same site.

## User stories

- As a building inspector, I want to finish an inspection without signal.
- As a building inspector, I want to finish an inspection without signal.

### Risks

- The beta ships to 20 inspectors by 15 January 2026.

## Roadmap

The beta ships to 20 inspectors by 15 January 2026.

### Dates from the brief and context

- The beta ships to 20 inspectors by 15 January 2026.

## Tickets

| Ticket | Title | Acceptance criteria |
| --- | --- | --- |
| T-1 | Offline checklist | an inspection completes without signal |
| T-2 | Photo attachments | each checklist item takes photos |
| T-3 | Offline checklist | an inspection completes without signal |

## Release plan

- The beta ships to 20 inspectors by 15 January 2026.
`;

test('work items come from the sections of tickets, stories and tasks, once per distinct title, never a date sentence or context', (t) => {
  const items = workItems(prd, 'PRD', /tickets?|stories|roadmap|milestones?/i);
  t.deepEqual(
    items.map((item) => item.title),
    ['As a building inspector, I want to finish an inspection without signal.', 'T-1: Offline checklist', 'T-2: Photo attachments'],
  );
});

test('action items keep their owner and due date; a numbered or checkbox list counts; a date-only line does not', (t) => {
  const notes = `# Weekly ops\n\n## Decisions\n\n- We will move the launch to March 3.\n\n## Action items\n\n1. [ ] Priya to update the pricing page (owner: Priya, due 2026-01-09)\n2. [x] **Marco** to draft the customer email by 2026-01-13\n3. 15 January 2026\n4. Priya to update the pricing page (owner: Priya, due 2026-01-09)\n`;
  t.deepEqual(workItems(notes, 'Weekly ops', /action items?|next steps|tasks/i), [
    { title: 'Priya to update the pricing page (owner: Priya, due 2026-01-09)', owner: 'Priya', due: '2026-01-09' },
    { title: 'Marco to draft the customer email by 2026-01-13', due: '2026-01-13' },
  ]);
});

test('a document without a work-item section is one item: its title (never every bullet of the document)', (t) => {
  t.deepEqual(workItems('# Launch notes\n\n- We ship on Monday.\n- The beta ships by 15 January 2026.\n', 'Launch notes', /tickets?/i), [{ title: 'Launch notes' }]);
});

const guarded = createGuardedFetch({ allowPrivate: true });
test.after.always(() => guarded.close());
const plugins = new Map(builtInPlugins().map((plugin) => [plugin.manifest.id, plugin]));

const creating = [
  { plugin: 'planner', tool: 'planner_create_issues', vendor: 'linear', settings: (url: string) => ({ team_id: 'team-1', base_url: url }), secrets: (token: string) => ({ api_key: token }), title: (o: any) => o.title },
  { plugin: 'tracker', tool: 'tracker_create_issues', vendor: 'jira', settings: (url: string) => ({ base_url: url, project_key: 'ENG', email: 'ops@example.com' }), secrets: (token: string) => ({ api_token: token }), title: (o: any) => o.fields.summary },
] as const;

for (const c of creating) {
  test(`${c.plugin}: one object per distinct work item of the PRD, and a retry of the stage (next attempt, new key) creates none again`, async (t) => {
    const vendor = await startVendorServer();
    t.teardown(() => vendor.close());
    const context: PluginContext = { workspaceId: 'ws', settings: c.settings(vendor.url), secrets: c.secrets(vendor.token), logger: { debug() {}, info() {}, warn() {}, error() {} }, clock: { now: () => new Date() }, kv: memoryKv(), fetch: guarded, dataDir: '/tmp', apiUrls: {} };
    const server = await plugins.get(c.plugin)!.register(context);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'test', version: '1' }, { versionNegotiation: { mode: 'auto' } });
    await client.connect(clientSide);
    t.teardown(() => client.close());
    const input = (attempt: number) => ({ outcome_id: 'out_prd', crew: 'pilot', stage: 'tickets', flag: 'f', flag_value: true, title: 'PRD: Mobile Inspection App', content: prd, idempotency_key: `out_prd:tickets:${attempt}:${c.plugin}` });

    const first = await client.callTool({ name: c.tool, arguments: input(1) });
    t.falsy(first.isError, JSON.stringify(first.content));
    const titles = vendor.created(c.vendor).map(c.title);
    t.is(new Set(titles).size, titles.length, `no title twice: ${JSON.stringify(titles)}`);
    t.false(titles.some((title: string) => /15 January 2026/.test(title)), 'no date sentence');
    t.true(titles.includes('T-1: Offline checklist'));
    t.true(titles.includes('T-2: Photo attachments'));

    const retried = await client.callTool({ name: c.tool, arguments: input(2) });
    t.falsy(retried.isError, JSON.stringify(retried.content));
    t.is(vendor.created(c.vendor).length, titles.length, 'the retry found every object of the first run');
  });
}
