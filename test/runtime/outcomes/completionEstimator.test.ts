import test from 'ava';
import { manualClock } from '../../../runtime/clock.js';
import { crews } from '../../../crews/index.js';
import { createCompletionEstimator, type QueueView } from '../../../runtime/outcomes/completionEstimator.js';

const writer = crews.writer;

function setup(limit = 1) {
  const clock = manualClock('2026-03-01T12:00:00.000Z');
  const waiting: string[] = [];
  const running: string[] = [];
  const queue: QueueView = {
    ahead: (_workspace, id) => (waiting.includes(id) ? waiting.slice(0, waiting.indexOf(id)) : [...waiting]),
    running: () => [...running],
    runningCount: () => running.length,
    aheadCount: (_workspace, id) => (waiting.includes(id) ? waiting.indexOf(id) : waiting.length),
    limit: () => limit,
  };
  const estimator = createCompletionEstimator({ now: () => clock.now().getTime(), queue });
  const secondsFromNow = (iso: string) => (Date.parse(iso) - clock.now().getTime()) / 1000;
  return { clock, waiting, running, estimator, secondsFromNow };
}

/** Runs one outcome of `crew` through the estimator's eyes: every stage takes `ms`. */
function measure(estimator: ReturnType<typeof setup>['estimator'], ms: number): void {
  for (const stage of writer.stages) estimator.observe(writer.id, stage.name, ms);
}

test('a fast crew is estimated seconds ahead, not minutes, once a few outcomes were measured', (t) => {
  const { estimator, secondsFromNow } = setup();
  const before = secondsFromNow(estimator.estimate({ id: 'out_a', workspaceId: 'ws', crew: writer, stageIndex: 0, phase: 'queued' }));
  t.is(before, writer.stages.length * writer.secondsPerStage, 'with nothing measured, the configured seconds per stage');
  for (let i = 0; i < 3; i += 1) measure(estimator, 60); // 7 stages x 60 ms: about 0.4 s per outcome
  const after = secondsFromNow(estimator.estimate({ id: 'out_b', workspaceId: 'ws', crew: writer, stageIndex: 0, phase: 'queued' }));
  t.true(after > 0 && after < 1, `estimated ${after} s ahead`);
});

test('the running average follows the measurements and a stage not measured yet counts the crew mean', (t) => {
  const { estimator, secondsFromNow } = setup();
  estimator.observe(writer.id, writer.stages[0]!.name, 1000);
  const estimate = secondsFromNow(estimator.estimate({ id: 'out_a', workspaceId: 'ws', crew: writer, stageIndex: 0, phase: 'queued' }));
  t.is(estimate, writer.stages.length);
  estimator.observe(writer.id, writer.stages[0]!.name, 2000);
  t.is(estimator.measured(writer.id)[writer.stages[0]!.name], 1300);
});

test('a queued outcome is estimated later the further back it waits in line', (t) => {
  const { estimator, waiting, running, clock, secondsFromNow } = setup(1);
  measure(estimator, 1000);
  running.push('out_run');
  estimator.estimate({ id: 'out_run', workspaceId: 'ws', crew: writer, stageIndex: 0, phase: 'processing', stageStartedAt: clock.now().toISOString() });
  const estimates: number[] = [];
  for (const id of ['out_1', 'out_2', 'out_3', 'out_4']) {
    estimates.push(secondsFromNow(estimator.estimate({ id, workspaceId: 'ws', crew: writer, stageIndex: 0, phase: 'queued' })));
    waiting.push(id);
  }
  for (let i = 1; i < estimates.length; i += 1) t.true(estimates[i]! > estimates[i - 1]!, `position ${i + 1} after position ${i}: ${estimates.join(', ')}`);
  t.is(estimates[0], 2 * writer.stages.length, 'the first in line starts when the running one ends');
  t.is(estimates[3], 5 * writer.stages.length);
});

test('with two slots, two waiting outcomes share the wait', (t) => {
  const { estimator, waiting, secondsFromNow } = setup(2);
  measure(estimator, 1000);
  const first = secondsFromNow(estimator.estimate({ id: 'out_1', workspaceId: 'ws', crew: writer, stageIndex: 0, phase: 'queued' }));
  waiting.push('out_1');
  const second = secondsFromNow(estimator.estimate({ id: 'out_2', workspaceId: 'ws', crew: writer, stageIndex: 0, phase: 'queued' }));
  waiting.push('out_2');
  const third = secondsFromNow(estimator.estimate({ id: 'out_3', workspaceId: 'ws', crew: writer, stageIndex: 0, phase: 'queued' }));
  t.is(first, second);
  t.is(third, 2 * first);
});

test("a dependent's estimate is never before the estimates of what it waits for", (t) => {
  const { estimator } = setup(3);
  measure(estimator, 500);
  const dependency = estimator.estimate({ id: 'out_dep', workspaceId: 'ws', crew: writer, stageIndex: 0, phase: 'queued' });
  const other = estimator.estimate({ id: 'out_other', workspaceId: 'ws', crew: crews.mind, stageIndex: 0, phase: 'queued', alsoAhead: ['out_dep'] });
  const dependent = estimator.estimate({ id: 'out_child', workspaceId: 'ws', crew: crews.pilot, stageIndex: 0, phase: 'held', dependsOn: ['out_dep', 'out_other'] });
  t.true(Date.parse(dependent) >= Date.parse(dependency));
  t.true(Date.parse(dependent) >= Date.parse(other));
});

test('a processing outcome counts only the work left in its stages', (t) => {
  const { estimator, clock, secondsFromNow } = setup();
  measure(estimator, 1000);
  const startedAt = clock.now().toISOString();
  clock.advance(400);
  const estimate = secondsFromNow(estimator.estimate({ id: 'out_a', workspaceId: 'ws', crew: writer, stageIndex: 5, phase: 'processing', stageStartedAt: startedAt }));
  t.is(estimate, (writer.stages.length - 5) - 0.4);
});

test('behind a long line, the earliest free slot takes each outcome in turn (three slots, uneven work)', (t) => {
  const { estimator, waiting, running, clock, secondsFromNow } = setup(3);
  measure(estimator, 1000);
  const stages = writer.stages.length;
  // Three running, finishing after 1, 2 and 3 stages of work.
  for (const [index, id] of ['run_a', 'run_b', 'run_c'].entries()) {
    running.push(id);
    estimator.estimate({ id, workspaceId: 'ws', crew: writer, stageIndex: stages - 1 - index, phase: 'processing', stageStartedAt: clock.now().toISOString() });
  }
  // 600 waiting, each a whole crew run: slots free at 1, 2, 3 stages; each takes `stages` more.
  const estimates: number[] = [];
  for (let i = 0; i < 600; i += 1) {
    const id = `out_${i}`;
    estimates.push(secondsFromNow(estimator.estimate({ id, workspaceId: 'ws', crew: writer, stageIndex: 0, phase: 'queued' })));
    waiting.push(id);
  }
  // The i-th in line starts at slot (i mod 3)'s free time plus floor(i / 3) whole runs.
  for (const i of [0, 1, 2, 3, 299, 599]) t.is(estimates[i], 1 + (i % 3) + (Math.floor(i / 3) + 1) * stages, `position ${i + 1}`);
});
