import { readFileSync } from 'node:fs';
import type { CrewId } from '../runtime/crews/index.js';
import { composeOutcome, type ComposeRequest } from '../runtime/models/local/index.js';
import { referenceOutcomes } from '../runtime/models/local/referenceOutcomes.js';
import { hash } from '../runtime/models/local/text/seed.js';
import { createWorkbench } from '../runtime/models/local/workbench.js';
import { createNlp, createQualityMeter, salientOf, type Measured, type Nlp } from '../runtime/quality/index.js';

/**
 * `npm run bench -- quality`: is the local composer grounded, and do the metrics tell a real
 * outcome from a bad one? For each brief of bench/quality/briefs.json (four per crew, each with
 * a context written for this) it composes the outcome and reports per crew:
 * - context fact recall: share of the context's salient items (names, systems, numbers, dates)
 *   the outcome uses (target >= 0.6);
 * - boilerplate rate: share of prose sentences the composer also writes for unrelated requests
 *   (target < 10%);
 * - unmet requirements reported in result.metadata.unmet_requirements;
 * - overall_score of the real outcome against two controls measured on the same request: the
 *   outcome of an unrelated brief of the same crew, and the real content with its sentences
 *   shuffled and its facts (the context's salient items) removed (target: both >= 30 below).
 */

interface Brief extends ComposeRequest {
  name: string;
}

const briefs = JSON.parse(readFileSync(new URL('./quality/briefs.json', import.meta.url), 'utf8')) as Record<CrewId, Brief[]>;

/** Prose sentences moved between the document's prose slots (seeded), then every salient item cut out. */
export function shuffledWithoutFacts(content: string, nlp: Nlp, request: Brief): string {
  const lines = content.split('\n');
  // Prose lines trade places with prose lines, table rows with table rows (headers and rules stay).
  const kinds = { prose: { slots: [] as Array<{ line: number; prefix: string }>, pool: [] as string[] }, table: { slots: [] as Array<{ line: number; prefix: string }>, pool: [] as string[] } };
  let code = false;
  let front = content.startsWith('---\n');
  lines.forEach((line, index) => {
    if (front) {
      if (index > 0 && line === '---') front = false;
      return;
    }
    if (/^\s*```/.test(line)) code = !code;
    if (code || /^\s*(```|#)/.test(line) || line.trim() === '') return;
    if (/^\s*\|/.test(line)) {
      if (/^\s*\|\s*-/.test(line) || !/^\s*\|/.test(lines[index - 2] ?? '')) return;
      kinds.table.slots.push({ line: index, prefix: '' });
      kinds.table.pool.push(line);
      return;
    }
    const prefix = /^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ x]\]\s+)?/.exec(line)?.[0] ?? '';
    kinds.prose.slots.push({ line: index, prefix });
    kinds.prose.pool.push(line.slice(prefix.length));
  });
  for (const kind of Object.values(kinds)) {
    const order = kind.pool.map((text, index) => ({ text, key: hash(`${index}:${text}`) })).sort((a, b) => a.key - b.key);
    kind.slots.forEach((slot, index) => {
      lines[slot.line] = slot.prefix + order[index]!.text;
    });
  }
  let text = lines.join('\n');
  const facts = salientOf(nlp, [request.context ?? '', ...(request.contextDocuments ?? [])].join('\n')).map((item) => item.text);
  for (const fact of facts.sort((a, b) => b.length - a.length)) text = text.split(fact).join('');
  return text;
}

const mean = (values: number[]) => (values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length);
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

export async function benchQuality(): Promise<Record<string, number | string>> {
  const nlp = createNlp();
  const meter = createQualityMeter({ nlp, references: () => referenceOutcomes(createWorkbench(nlp)) });
  const figures: Record<string, number | string> = {};
  const verbose = process.env.QUALITY_VERBOSE === '1';
  for (const crewId of ['writer', 'mind', 'pilot'] as const) {
    const list = briefs[crewId];
    const rows: Array<{ real: Measured; unrelated: Measured; shuffled: Measured; ms: number }> = [];
    const outcomes: string[] = [];
    for (const brief of list) {
      // A fresh workbench per outcome: nothing memoised for one brief helps the next.
      const started = cpuMs();
      outcomes.push(composeOutcome(crewId, brief, createWorkbench(nlp)));
      rows.push({ ms: cpuMs() - started } as never);
    }
    list.forEach((brief, index) => {
      const measure = (content: string) => meter.measure({ content, brief: brief.brief, requirements: brief.requirements ?? {}, ...(brief.context ? { context: brief.context } : {}) });
      const real = measure(outcomes[index]!);
      const unrelated = measure(outcomes[(index + 1) % list.length]!);
      const shuffled = measure(shuffledWithoutFacts(outcomes[index]!, nlp, brief));
      rows[index] = { ...rows[index]!, real, unrelated, shuffled };
      if (verbose) {
        console.log(`\n===== ${crewId} / ${brief.name}: overall ${real.quality.overall_score} (unrelated ${unrelated.quality.overall_score}, shuffled ${shuffled.quality.overall_score})`, JSON.stringify(real.quality.criteria), JSON.stringify(real.signals), JSON.stringify(real.metadata.unmet_requirements));
        console.log(`  unrelated: ${JSON.stringify(unrelated.quality.criteria)} ${JSON.stringify(unrelated.signals)}\n  shuffled: ${JSON.stringify(shuffled.quality.criteria)} ${JSON.stringify(shuffled.signals)}`);
        console.log(outcomes[index]);
      }
    });
    const recall = mean(rows.map((row) => row.real.signals.contextRecall ?? 0));
    const boilerplate = rows.reduce((sum, row) => sum + row.real.signals.boilerplateSentences, 0) / Math.max(1, rows.reduce((sum, row) => sum + row.real.signals.sentences, 0));
    const real = mean(rows.map((row) => row.real.quality.overall_score));
    const unrelated = mean(rows.map((row) => row.unrelated.quality.overall_score));
    const shuffled = mean(rows.map((row) => row.shuffled.quality.overall_score));
    const minGap = Math.min(...rows.map((row) => row.real.quality.overall_score - Math.max(row.unrelated.quality.overall_score, row.shuffled.quality.overall_score)));
    figures[`${crewId}: context fact recall (target >= 0.6)`] = recall.toFixed(2);
    figures[`${crewId}: boilerplate sentences (target < 10%)`] = `${(100 * boilerplate).toFixed(1)}%`;
    figures[`${crewId}: unmet requirements reported`] = rows.map((row) => row.real.metadata.unmet_requirements.map((unmet) => unmet.requirement).join('+') || '0').join(', ');
    figures[`${crewId}: overall_score real / unrelated / shuffled`] = `${real.toFixed(1)} / ${unrelated.toFixed(1)} / ${shuffled.toFixed(1)}`;
    figures[`${crewId}: smallest gap to a control (target >= 30)`] = minGap;
    figures[`${crewId}: composer CPU ms per outcome`] = mean(rows.map((row) => row.ms)).toFixed(2);
  }
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [label, value] of Object.entries(await benchQuality())) console.log(`${label.padEnd(60)} ${value}`);
}
