import test from 'ava';
import { crews, type CrewDefinition } from '../../../crews/index.js';
import { createLocalProvider } from '../../../models/local/index.js';
import { ModelCallError } from '../../../models/errors.js';
import { createWorkerModel } from '../../../models/workerPool/modelWorkers.js';
import { createNlp } from '../../../quality/nlp.js';
import { runCrew, stageInput } from '../runCrew.js';

const briefs = Array.from({ length: 16 }, (_, i) =>
  [
    `Write a blog post about the benefits of remote work for software teams, part ${i + 1}`,
    `A short note on keeping release notes readable for customers (issue ${i + 1})`,
    `Announce our new dark mode to ${i + 2} thousand subscribers`,
    `Explain why we moved the standup to ${8 + Math.floor(i / 4)}:30`,
  ][i % 4]!,
);

test('steps asked in the same turn by many outcomes are each answered with their own request, as the model in process answers it', async (t) => {
  const workers = createWorkerModel({ workers: 1, delayMs: 0, onError: (error) => t.fail(String(error)) });
  t.teardown(() => workers.close());
  const inProcess = createLocalProvider({ delayMs: 0, nlp: createNlp() });
  // Every crew runs its stages in order and all run at once: each turn, many outcomes ask for a step.
  const [fromWorkers, expected] = await Promise.all([
    Promise.all(briefs.map((brief) => runCrew(workers.provider, 'writer', { brief }))),
    Promise.all(briefs.map((brief) => runCrew(inProcess, 'writer', { brief }))),
  ]);
  t.deepEqual(fromWorkers, expected);
  // Answers go to their own callers: no two requests got one another's drafts.
  t.is(new Set(fromWorkers.map((outputs) => outputs.at(-1)!.content)).size, briefs.length);
});

test('a step that fails on the worker, or cannot be sent to it, fails alone: the other requests of its turn are answered', async (t) => {
  const workers = createWorkerModel({ workers: 1, delayMs: 0, onError: (error) => t.fail(String(error)) });
  t.teardown(() => workers.close());
  const signal = new AbortController().signal;
  // A crew the local model has no agent for: the worker throws on it.
  const unknown: CrewDefinition = { ...crews.writer, id: 'nobody' as CrewDefinition['id'] };
  const bad = { ...stageInput('writer', 0, { brief: briefs[0]! }), crew: unknown, stage: unknown.stages[0]! };
  const results = await Promise.allSettled([
    workers.provider.step(stageInput('writer', 0, { brief: briefs[1]! }), [], [], signal),
    workers.provider.step(bad, [], [], signal),
    workers.provider.step(stageInput('writer', 0, { brief: briefs[2]! }), [], [], signal),
    workers.measure('Our new dark mode is here: switch it on in Settings.', briefs[2]!, {}),
    // A function cannot cross to a thread: this request alone is refused.
    workers.provider.step(stageInput('writer', 0, { brief: briefs[3]! }), [{ name: 'lookup', description: 'Looks up', inputSchema: {}, call: () => 1 } as never], [], signal),
  ]);
  t.is(results[0]!.status, 'fulfilled');
  t.is(results[1]!.status, 'rejected');
  t.true((results[1] as PromiseRejectedResult).reason instanceof ModelCallError);
  t.is(results[2]!.status, 'fulfilled');
  t.is(results[3]!.status, 'fulfilled');
  t.is(results[4]!.status, 'rejected');
  t.regex(String((results[4] as PromiseRejectedResult).reason), /clone/i);
  const measured = (results[3] as PromiseFulfilledResult<Awaited<ReturnType<typeof workers.measure>>>).value;
  t.true(measured.metadata.word_count > 0);
});
