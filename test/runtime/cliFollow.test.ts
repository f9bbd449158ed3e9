import test from 'ava';
import { manualClock } from '../../runtime/clock.js';
import { createProgressDisplay, titleOf } from '../../app/cli/follow.js';

const message = (event: string, sequence: number, data: Record<string, unknown>) => ({ event, timestamp: '2026-01-01T00:00:00.000Z', sequence, data });

test('on a terminal the follow display redraws one line with stage, agent, percentage and elapsed time', (t) => {
  const clock = manualClock();
  let out = '';
  const display = createProgressDisplay({ write: (text) => void (out += text), isTTY: true }, clock);
  display.update(message('outcome.snapshot', 0, { status: 'processing', progress: { current_stage: 'queued', completion_percentage: 0 } }));
  clock.advance(1500);
  display.update(message('crew.agent_started', 3, { agent: 'ResearchAgent', stage: 'research', progress: { current_stage: 'research', completion_percentage: 0 } }));
  clock.advance(1000);
  display.update(message('crew.agent_completed', 4, { agent: 'ResearchAgent', stage: 'research', progress: { current_stage: 'writing', completion_percentage: 33 } }));
  display.finish();
  const frames = out.split('\r\x1b[K').filter(Boolean);
  t.is(frames.length, 3);
  t.false(frames.slice(0, -1).some((frame) => frame.includes('\n')), 'frames overwrite each other');
  t.regex(frames[1]!, /^\s+1\.5s\s+0%\s+research\s+\(ResearchAgent\)\s+crew\.agent_started$/);
  t.regex(frames[2]!, /^\s+2\.5s\s+33%\s+research\s+\(ResearchAgent\)\s+crew\.agent_completed\n$/);
  t.is(display.elapsed(), '2.5s');
});

test('on a pipe the follow display prints a plain line only when the progress changed', (t) => {
  const clock = manualClock();
  const lines: string[] = [];
  const display = createProgressDisplay({ write: (text) => void lines.push(text), isTTY: false }, clock);
  const started = message('crew.agent_started', 3, { agent: 'WriterAgent', stage: 'writing', progress: { completion_percentage: 50 } });
  display.update(started);
  clock.advance(200);
  display.update(started);
  t.is(lines.length, 1);
  t.false(lines.join('').includes('\x1b'));
});

test('a result title is its own title, else the first line of its content without Markdown marks', (t) => {
  t.is(titleOf({ title: 'Given', content: '# Other' }), 'Given');
  t.is(titleOf({ content: '\n## Composting at home\n\nBody' }), 'Composting at home');
  t.is(titleOf(null), '(untitled)');
});
