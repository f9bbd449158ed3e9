import { crews, type CrewId } from '../crews/index.js';
import { createLocalProvider } from '../models/local/index.js';
import type { KnowledgePassage, ModelProvider, StageOutput } from '../models/types.js';
import { referenceOutcomes } from '../models/local/referenceOutcomes.js';
import { createWorkbench } from '../models/local/workbench.js';
import { createNlp, createQualityMeter } from '../quality/index.js';

/**
 * CPU cost of the local model and of the computed metrics per outcome: every stage of a crew run
 * in order feeding `previous` (as the engine does, no think time), then `computeMetadata` and
 * the quality meter (metadata, unmet requirements, relevance against the context's salient items,
 * boilerplate) on the final content, in CPU time. Each outcome gets a fresh provider, so nothing
 * one outcome memoised helps the next: the figures are what a stream of distinct requests costs.
 * The English model is loaded once (as each worker thread does) and not counted.
 */

interface Request {
  brief: string;
  context?: string;
  requirements?: Record<string, unknown>;
  contextDocuments?: string[];
  knowledge?: KnowledgePassage[];
}

const remote = 'Our company has 50 engineers across 5 time zones. We adopted async standups last year and saw 30% fewer meetings. Documentation quality improved because decisions are written down.';

/** Typical briefs: one to three sentences, a paragraph of context, a few requirements. */
const typical: Record<CrewId, Request[]> = {
  writer: [
    { brief: 'Write a blog post about the benefits of remote work for software teams', context: remote },
    { brief: 'Write a blog post about remote work for software teams', context: remote, requirements: { tone: 'casual', length: '600 words', target_keywords: ['remote work'], include_examples: true, seo_optimized: true } },
    { brief: 'Write a newsletter about our new onboarding programme for engineers', context: 'Every new engineer gets a buddy. The first week ends with a small production change.', requirements: { tone: 'friendly', format: 'newsletter', target_keywords: ['onboarding'] } },
    { brief: 'Create a guide to code review for new hires. Keep it practical.', context: remote, requirements: { format: 'documentation', tone: 'technical', include_code_examples: true } },
    { brief: 'Draft a LinkedIn post announcing our move to a four-day week', context: 'We piloted a four-day week for six months. Output stayed flat and sick days fell by a third.', requirements: { format: 'social_media', target_keywords: ['four-day week'] } },
  ],
  mind: [
    {
      brief: 'Summarize our weekly product sync and extract action items',
      context: `Weekly product sync. Attendees: Alice, Bob, Carol, Dave
Alice: The Q3 launch is at risk because the payment provider integration is delayed.
Bob: We decided to go with Stripe instead of building our own billing.
Alice: I will send the revised launch plan by Friday.
TODO: Bob to fix login by 2026-12-01
Action: Carol — update docs (due Monday)
Carol: Dave, can you review the onboarding emails before Thursday?
Dave: Sure. We agreed that the beta stays invite-only until the end of the month.`,
    },
    { brief: 'Summarize the meeting', context: 'Alice: I will send the report by Friday. Bob: We decided to ship on Monday. Carol is worried that the vendor contract is not signed yet.' },
  ],
  pilot: [
    {
      brief: 'Build a mobile app that lets freelancers track invoices and send reminders to clients so that they get paid faster.',
      context: 'Freelancers lose hours every month chasing late payments by hand. Admins need to manage user roles. Customers want to export reports as PDF. The payment provider integration is a risk because its API is in beta.',
      requirements: { include_technical_specs: true, include_user_stories: true },
    },
    { brief: 'Build a tool that lets managers approve expenses', context: 'Managers approve expenses by email today and receipts get lost. Finance wants a monthly export.', requirements: { timeline: '8 weeks' } },
  ],
};

/** A long request: a brief of several sentences and about 3,000 words of context. */
function longRequest(crewId: CrewId): Request {
  const base = typical[crewId][0]!;
  const paragraphs: string[] = [];
  for (let index = 0; paragraphs.join(' ').split(/\s+/).length < 3000; index += 1) paragraphs.push(`${base.context} Note ${index}: team ${index % 7} reviewed item ${index} and will report back by Friday.`);
  return { ...base, brief: `${base.brief}. Cover the trade-offs honestly. Give concrete advice.`, context: paragraphs.join('\n'), requirements: { ...base.requirements, length: 'long' } };
}

async function runCrew(provider: ModelProvider, crewId: CrewId, request: Request): Promise<string> {
  const crew = crews[crewId];
  const outputs: StageOutput[] = [];
  const signal = new AbortController().signal;
  for (let index = 0; index < crew.stages.length; index += 1) {
    const input = {
      crew,
      stage: crew.stages[index]!,
      stageIndex: index,
      brief: request.brief,
      context: request.context,
      requirements: request.requirements ?? {},
      contextDocuments: request.contextDocuments ?? [],
      knowledge: request.knowledge ?? [],
      previous: [...outputs],
    };
    const result = await provider.step(input, [], [], signal);
    if (result.kind !== 'final') throw new Error(`${crewId} stage ${index} asked for tools`);
    outputs.push(result.output);
  }
  return outputs.at(-1)!.content;
}

/** CPU time of this process in ms (user + system): other processes on the machine do not count. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * Mean CPU ms per outcome of the model and of the metrics over `runs` outcomes, after `warmup`
 * untimed ones. The model runs of a batch are timed together, then the metrics of their contents:
 * reading the CPU clock is a system call, too costly to make around every outcome.
 */
async function measure(crewId: CrewId, requests: Request[], runs: number, warmup: number, { nlp, meter }: Kit): Promise<{ model: number; metrics: number }> {
  const pick = (run: number) => requests[run % requests.length]!;
  const metricsOf = (content: string, request: Request) =>
    meter.measure({ content, brief: request.brief, requirements: request.requirements ?? {}, ...(request.context ? { context: request.context } : {}), contextDocuments: request.contextDocuments ?? [] });
  for (let run = 0; run < warmup; run += 1) metricsOf(await runCrew(createLocalProvider({ nlp }), crewId, pick(run)), pick(run));
  const contents: string[] = [];
  const started = cpuMs();
  for (let run = 0; run < runs; run += 1) contents.push(await runCrew(createLocalProvider({ nlp }), crewId, pick(run)));
  const modelled = cpuMs();
  contents.forEach((content, run) => metricsOf(content, pick(run)));
  const ended = cpuMs();
  return { model: (modelled - started) / runs, metrics: (ended - modelled) / runs };
}

const ms = (value: number) => `${value.toFixed(3)} ms`;

type Kit = { nlp: ReturnType<typeof createNlp>; meter: ReturnType<typeof createQualityMeter> };

export async function benchModels(): Promise<Record<string, number | string>> {
  const nlp = createNlp();
  const kit: Kit = { nlp, meter: createQualityMeter({ nlp, references: () => referenceOutcomes(createWorkbench(nlp)) }) };
  const figures: Record<string, number | string> = {};
  let total = 0;
  for (const crewId of ['writer', 'mind', 'pilot'] as const) {
    const { model, metrics } = await measure(crewId, typical[crewId], 300, 50, kit);
    figures[`${crewId}: local model per outcome (typical)`] = ms(model);
    figures[`${crewId}: metrics per outcome (typical)`] = ms(metrics);
    total += model + metrics;
  }
  figures['mean of the three crews, model + metrics (typical)'] = ms(total / 3);
  for (const crewId of ['writer', 'mind', 'pilot'] as const) {
    const { model, metrics } = await measure(crewId, [longRequest(crewId)], 30, 5, kit);
    figures[`${crewId}: model + metrics per outcome (3,000-word context)`] = ms(model + metrics);
  }
  return figures;
}

// `tsx bench/models.ts` runs this section alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [label, value] of Object.entries(await benchModels())) console.log(`${label.padEnd(60)} ${value}`);
}
