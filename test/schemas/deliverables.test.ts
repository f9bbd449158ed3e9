import test from 'ava';
import { Ajv } from 'ajv';
import { crewDeliverables, deliverableKinds, deliverableSchema, deliverableSchemas, type Deliverable } from '../../schemas/deliverables/index.js';

const samples: Deliverable[] = [
  { kind: 'blog_post', data: { title: 'Composting in small apartments', lede: 'A bokashi bin fits under a sink.', sections: [{ heading: 'What you need', body: ['A bin.'] }], call_to_action: null } },
  { kind: 'social_posts', data: { posts: [{ network: 'X', text: 'pgmigrate 2.0 is out.', hashtags: ['#postgres'], max_characters: 280 }] } },
  { kind: 'newsletter', data: { title: 'March at the clinic', intro: 'Hello.', items: [{ heading: 'New hours', body: ['Open at 7.'] }], call_to_action: 'Book online.' } },
  { kind: 'documentation_page', data: { title: 'Install pgmigrate', summary: 'Install it.', prerequisites: ['Node 20'], steps: [{ instruction: 'Install', detail: null, command: 'npm i pgmigrate' }], sections: [] } },
  { kind: 'how_to', data: { title: 'How to proof dough', summary: 'Proof it.', you_need: ['A bowl'], steps: [{ instruction: 'Cover the bowl.', detail: null, command: null }], tips: [] } },
  { kind: 'email', data: { subject: 'Your order', greeting: 'Hi Ana,', body: ['It ships Friday.'], call_to_action: 'Reply to confirm.', sign_off: 'Best,' } },
  { kind: 'landing_copy', data: { headline: 'Faster check-in', subheadline: 'Under 10 minutes.', benefits: [{ title: 'Shorter waits', text: 'From 22 minutes.' }], proof: [], call_to_action: 'Book a demo' } },
  { kind: 'meeting_summary', data: { title: 'Ops sync', date: null, summary: ['Backlog is 1,240 tickets.'], decisions: [{ text: 'Freeze on Friday.', source: 'Maria' }], action_items: [{ owner: 'Jan de Vries', task: 'Send van 7', due: 'Monday' }], risks: ['Two drivers are out.'], open_questions: [] } },
  { kind: 'status_review', data: { title: 'Check-in KPI', period: 'Q1', metrics: [{ name: 'Check-in wait', current: '22 minutes', target: 'under 10 minutes', due: 'June', status: 'off_track' }], highlights: [], risks: [], action_items: [] } },
  { kind: 'analysis', data: { title: 'Backlog', subject: 'backlog', findings: [{ finding: '1,240 tickets', evidence: null }], causes: [], recommendations: [{ text: 'Triage', priority: 'high' }], action_items: [] } },
  { kind: 'process_plan', data: { title: 'Returns', goal: 'Faster returns', steps: [{ step: 'Scan', owner: null, due: null }], risks: [], measures: [] } },
  { kind: 'retro', data: { title: 'Sprint 12', went_well: ['Deploys'], to_improve: ['Reviews'], action_items: [] } },
  { kind: 'priority_ranking', data: { title: 'Q3', criteria: ['impact'], items: [{ rank: 1, item: 'SSO', priority: 'high', reason: 'Acme renewal' }] } },
  { kind: 'prd', data: { title: 'Reminders', problem: ['No-shows'], goals: [], personas: ['patients'], user_stories: [{ persona: 'patient', want: 'an SMS reminder', benefit: null }], requirements: [], metrics: [], open_questions: [] } },
  { kind: 'roadmap', data: { title: 'Driver app', timeline: 'Q1-Q2 2026', phases: [{ name: 'Phase 1', dates: 'Q1 2026', items: ['Offline mode'] }] } },
  { kind: 'ticket_set', data: { title: 'SMS reminders', estimate_unit: 'points', tickets: [{ title: 'Send reminder', description: 'd', acceptance_criteria: ['sent 24 h before'], estimate: { value: 3, unit: 'points' } }], user_stories: [] } },
  { kind: 'release_notes', data: { title: 'Driver app 2.3', version: '2.3', date: null, highlights: [], entries: [{ type: 'fix', text: 'Scanner no longer freezes.', reference: 'a1b2c3d' }] } },
  { kind: 'technical_spec', data: { title: 'Sync', overview: 'o', goals: [], design: [], interfaces: [], risks: [], open_questions: [] } },
];

test('every kind has a schema, a sample that validates, and belongs to one crew', (t) => {
  const ajv = new Ajv({ strict: false });
  const validate = ajv.compile(deliverableSchema);
  t.deepEqual(samples.map((sample) => sample.kind).sort(), [...deliverableKinds].sort());
  for (const sample of samples) t.true(validate(sample), `${sample.kind}: ${ajv.errorsText(validate.errors)}`);
  t.deepEqual(Object.values(crewDeliverables).flat().sort(), [...deliverableKinds].sort());
});

test('a deliverable with a missing field or the wrong kind is refused', (t) => {
  const validate = new Ajv({ strict: false }).compile(deliverableSchemas.ticket_set);
  t.false(validate({ kind: 'ticket_set', data: { title: 'x', estimate_unit: null, tickets: [{ title: 't', description: 'd', estimate: null }], user_stories: [] } }));
  t.false(validate({ kind: 'prd', data: {} }));
});

/** OpenAI strict structured outputs: every object closed and every property required. */
function strictViolations(schema: unknown, path: string): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const node = schema as Record<string, unknown>;
  const found: string[] = [];
  if (node.type === 'object' || (Array.isArray(node.type) && node.type.includes('object'))) {
    const keys = Object.keys((node.properties as object | undefined) ?? {});
    if (node.additionalProperties !== false) found.push(`${path}: additionalProperties`);
    if (JSON.stringify([...((node.required as string[] | undefined) ?? [])].sort()) !== JSON.stringify(keys.sort())) found.push(`${path}: required`);
  }
  for (const [key, value] of Object.entries(node)) {
    if (Array.isArray(value)) value.forEach((item, index) => found.push(...strictViolations(item, `${path}.${key}[${index}]`)));
    else if (value && typeof value === 'object') found.push(...strictViolations(value, `${path}.${key}`));
  }
  return found;
}

test('every schema is in the strict form structured outputs accept', (t) => {
  for (const kind of deliverableKinds) t.deepEqual(strictViolations(deliverableSchemas[kind], kind), []);
});
