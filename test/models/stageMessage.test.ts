import test from 'ava';
import v8 from 'node:v8';
import { crews } from '../../crews/index.js';
import { fromStageMessage, toStageMessage } from '../../models/workerPool/stageMessage.js';
import type { StageInput } from '../../models/types.js';
import { stageInput } from './runCrew.js';

/** What a worker thread receives: a structured clone. */
const across = <T>(value: T): T => v8.deserialize(v8.serialize(value)) as T;

test('a built-in crew crosses to a model worker by id and arrives as the same definition and stage', (t) => {
  const input = stageInput('writer', 2, { brief: 'Write a blog post about remote work', requirements: { tone: 'casual' } }, [{ summary: 's', content: 'c' }]);
  const message = toStageMessage(input);
  t.is(message.crew, 'writer');
  t.is(message.stage, 2);
  t.true(v8.serialize(message).length < v8.serialize(input).length);
  const arrived = fromStageMessage(across(message));
  t.deepEqual(arrived, input);
  t.is(arrived.crew, crews.writer);
  t.is(arrived.stage, crews.writer.stages[2]!);
});

test('a crew that is not a built-in definition crosses whole', (t) => {
  const input = stageInput('pilot', 0, { brief: 'Plan a CSV export' });
  const custom: StageInput = { ...input, crew: { ...crews.pilot, name: 'Custom pilot' } };
  const arrived = fromStageMessage(across(toStageMessage(custom)));
  t.deepEqual(arrived, custom);
  t.is(arrived.crew.name, 'Custom pilot');
});
