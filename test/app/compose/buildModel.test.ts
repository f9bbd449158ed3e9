import os from 'node:os';
import test from 'ava';
import { buildModel } from '../../../app/compose/buildModel.js';
import { loadConfig } from '../../../runtime/config.js';
import { createLogger } from '../../../runtime/logger.js';
import { createMetrics } from '../../../runtime/metrics/createMetrics.js';
import { createInProcessMeasure } from '../../../models/workerPool/inProcessMeasure.js';
import type { ModelProvider } from '../../../models/types.js';

const logger = createLogger('silent');
const replaced: ModelProvider = { name: 'replaced', step: async () => ({ kind: 'final', output: { summary: 's', content: 'c' } }) };
const content = '# Remote work\n\nTeams that write things down ship faster. Async updates replace most meetings.\n\n## Next steps\n\n- Try a written weekly update for a month.\n';
const brief = 'Write a short post on remote work for software teams';

test('a remote model’s results are measured on worker threads when there is a spare core, with the same figures as in process', async (t) => {
  const model = buildModel(loadConfig({ CREWD_MODEL: 'openai', CREWD_DATA_DIR: os.tmpdir() }), undefined, createMetrics(), logger);
  t.teardown(() => model.close());
  t.is(model.measuredOn, os.availableParallelism() > 1 ? 'workers' : 'process');
  t.is(model.provider.name, 'openai');
  const measured = await model.measure(content, brief, {}, {});
  t.deepEqual(measured, await createInProcessMeasure()(content, brief, {}, {}));
});

test('a replaced provider’s results are measured in process unless asked for workers', async (t) => {
  const inProcess = buildModel(loadConfig({ CREWD_DATA_DIR: os.tmpdir() }), replaced, createMetrics(), logger);
  t.teardown(() => inProcess.close());
  t.is(inProcess.measuredOn, 'process');
  const onWorkers = buildModel(loadConfig({ CREWD_DATA_DIR: os.tmpdir() }), replaced, createMetrics(), logger, true);
  t.teardown(() => onWorkers.close());
  t.is(onWorkers.measuredOn, os.availableParallelism() > 1 ? 'workers' : 'process');
  t.is(onWorkers.provider.name, 'replaced', 'the replaced provider still answers the steps');
});
