import { parentPort } from 'node:worker_threads';
import { createNlp } from '../../quality/nlp.js';
import { createQualityMeter, type MeasureRequest } from '../../quality/qualityMeter.js';
import { createLocalProvider } from '../local/index.js';
import { referenceOutcomes } from '../local/referenceOutcomes.js';
import { createWorkbench } from '../local/workbench.js';
import type { ToolDescriptor, ToolExchange } from '../types.js';
import { fromStageMessage, type StageMessage } from './stageMessage.js';
import type { WorkerAnswer } from './modelWorkers.js';
import { createWorkerOutbox } from './workerOutbox.js';

/**
 * The CPU side of the local model in a worker thread: stage steps and result measurements. The
 * English model is loaded once here and shared by the provider and the meter.
 * Messages are `{id, op, ...}`; answers `{id, ok, value}` or `{id, ok: false, error}`.
 */
const nlp = createNlp();
const provider = createLocalProvider({ delayMs: 0, nlp });
const meter = createQualityMeter({ nlp, references: () => referenceOutcomes(createWorkbench(nlp)) });
const never = new AbortController().signal;

type Request =
  | { id: number; op: 'step'; input: StageMessage; tools: ToolDescriptor[]; exchanges: ToolExchange[] }
  | { id: number; op: 'measure'; request: MeasureRequest };

// An answer that cannot be cloned fails alone, as an error answer, not the batch or the thread.
const outbox = createWorkerOutbox<WorkerAnswer>((reply, error, target) =>
  target.postMessage([{ id: reply.id, ok: false, error: { message: `the model's answer could not be sent: ${error.message}`, name: 'DataCloneError', retryable: false } }]),
);
const send = (reply: WorkerAnswer): void => outbox.post(parentPort!, reply);

/**
 * Requests arrive in batches (modelWorkers.ts posts a turn's requests as one message); each is
 * answered on its own, and the answers of one turn go back together in one message.
 */
parentPort!.on('message', (requests: Request[]) => {
  for (const request of requests) void answer(request);
});

async function answer(request: Request): Promise<void> {
  try {
    const value = request.op === 'step' ? await provider.step(fromStageMessage(request.input), request.tools, request.exchanges, never) : meter.measure(request.request);
    send({ id: request.id, ok: true, value });
  } catch (error) {
    const e = error as { message?: string; name?: string; retryable?: boolean };
    send({ id: request.id, ok: false, error: { message: e?.message ?? String(error), name: e?.name ?? 'Error', retryable: e?.retryable ?? false } });
  }
}
