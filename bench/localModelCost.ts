import { crews, type CrewId } from '../crews/index.js';
import { createNlp } from '../quality/nlp.js';
import { createQualityMeter } from '../quality/qualityMeter.js';
import { createLocalProvider } from '../models/local/index.js';
import { referenceOutcomes } from '../models/local/referenceOutcomes.js';
import { createWorkbench } from '../models/local/workbench.js';
import type { StageOutput } from '../models/types.js';

/**
 * The model worker's work per outcome, in process: every stage of the engine bench's three briefs
 * on the local provider, then the result's measurement, as `models/workerPool/modelWorker.ts` runs
 * them, three outcomes interleaved. Prints the process's CPU ms per outcome (load disturbs it far
 * less than a rate) and the wall ms the measurement took. Compare two trees back to back:
 *
 *   N=1500 npx tsx bench/localModelCost.ts
 */

const briefs: Array<[CrewId, string]> = [
  ['writer', 'Write a blog post about the benefits of remote work for software teams'],
  ['mind', 'Analyse the weekly operations meeting: Priya will update the pricing page by Friday. Marco owns the launch email.'],
  ['pilot', 'Plan a feature that lets customers export their invoices as CSV files'],
];
const nlp = createNlp();
const provider = createLocalProvider({ delayMs: 0, nlp });
const meter = createQualityMeter({ nlp, references: () => referenceOutcomes(createWorkbench(nlp)) });
const signal = new AbortController().signal;

/** One outcome: its stages in order, then the measurement; the measurement's wall ms. */
async function one(i: number): Promise<number> {
  const [crewId, brief] = briefs[i % briefs.length]!;
  const crew = crews[crewId];
  const outputs: StageOutput[] = [];
  for (let stageIndex = 0; stageIndex < crew.stages.length; stageIndex += 1) {
    const input = { crew, stage: crew.stages[stageIndex]!, stageIndex, brief, requirements: {}, contextDocuments: [], knowledge: [], previous: [...outputs] };
    const result = await provider.step(input, [], [], signal);
    if (result.kind !== 'final') throw new Error(`stage ${stageIndex} asked for tools`);
    outputs.push(result.output);
  }
  const t0 = process.hrtime.bigint();
  meter.measure({ content: outputs.at(-1)!.content, brief, requirements: {} });
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

const count = Number(process.env.N ?? 900);
for (let i = 0; i < 60; i += 1) await one(i); // warm up
const cpu0 = process.cpuUsage();
let measureMs = 0;
for (let i = 0; i < count; i += 3) measureMs += (await Promise.all([one(i), one(i + 1), one(i + 2)])).reduce((a, b) => a + b, 0);
const cpu = process.cpuUsage(cpu0);
console.log(`CPU ms per outcome ${((cpu.user + cpu.system) / 1000 / count).toFixed(3)}; measurement wall ms per outcome ${(measureMs / count).toFixed(3)}`);
