import test from 'ava';
import { outcome } from './helpers.js';

/** A roadmap from notes typed one quarter a line. */

const notes = 'q1: offline mode, push notifications\nq2: dark mode, ipad layout, in-app purchases\nmust ship offline mode before the march conference';

test('every part of "q1: a, b" is Q1\'s work, and a line of no quarter holds across the phases', async (t) => {
  const result = await outcome('pilot', { brief: 'roadmap for the mobile app next two quarters', context: notes });
  if (result.deliverable.kind !== 'roadmap') return t.fail(result.deliverable.kind);
  t.deepEqual(result.deliverable.data.phases.map((phase) => [phase.name, phase.items]), [
    ['Q1', ['Offline mode', 'Push notifications']],
    ['Q2', ['Dark mode', 'iPad layout', 'In-app purchases']],
    ['Across all phases', ['Must ship offline mode before the march conference']],
  ]);
});

test('the title says what the roadmap is of, then the span it covers', async (t) => {
  const result = await outcome('pilot', { brief: 'roadmap for the mobile app next two quarters', context: notes });
  t.regex(result.content, /^# Mobile app roadmap: next two quarters$/m);
  const yearly = await outcome('pilot', { brief: 'product roadmap for 2026', context: notes });
  t.regex(yearly.content, /^# Roadmap: 2026$/m);
});

test('"roadmap by quarter for the mobile app next year": the split by quarter is its form, not its title', async (t) => {
  const context = `q1: offline mode, push notif revamp
q2: tablet layout, apple pay
q3: widgets
q4: wear os app (maybe)`;
  const result = await outcome('pilot', { brief: 'roadmap by quarter for the mobile app next year', context });
  t.regex(result.content, /^# Mobile app roadmap: next year$/m);
  t.regex(result.content, /^## Q2\n\n- Tablet layout\n- Apple Pay$/m);
  const bare = await outcome('pilot', { brief: 'roadmap by quarter', context });
  t.regex(bare.content, /^# Roadmap$/m);
});

test('"roadmap for Q1 from these themes": the themes are the material, and a theme\'s own label stays with its work', async (t) => {
  const context = '- reliability (uptime 99.9, fewer pages)\n- self-serve onboarding\n- enterprise: sso, audit logs\n- mobile app v2';
  const result = await outcome('pilot', { brief: 'roadmap for Q1 from these themes', context });
  t.regex(result.content, /^# Roadmap: Q1$/m);
  t.notRegex(result.content, /these themes/i);
  t.regex(result.content, /^- Enterprise: SSO, audit logs$/m);
});
