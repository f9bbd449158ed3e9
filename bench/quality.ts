import { readFileSync } from 'node:fs';
import type { CrewId } from '../crews/index.js';
import { crews } from '../crews/index.js';
import { composeOutcome, composeStage, type ComposeRequest } from '../models/local/index.js';
import { topicOf } from '../models/local/text/topic.js';
import { referenceOutcomes } from '../models/local/referenceOutcomes.js';
import { hash } from '../models/local/text/seed.js';
import { createWorkbench } from '../models/local/workbench.js';
import { createNlp, createQualityMeter, salientOf, type Measured, type Nlp } from '../quality/index.js';
import { panelFigures } from './qualityPanel.js';
import { benchRevisions } from './qualityRevisions.js';

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

/** A request written the way people write (bare briefs, paragraph and chat meetings, dotted keywords). */
interface Everyday extends Brief {
  crew: CrewId;
  /** Facts of the context the outcome must carry word for word. */
  facts?: string[];
  /** Names that must not be listed as integrations (pilot). */
  notIntegrations?: string[];
  /** Revisions to apply to the outcome; `applicable`: the local model can apply it. */
  revisions?: Array<{ feedback: string; requirements?: Record<string, unknown>; applicable: boolean }>;
}

const briefs = JSON.parse(readFileSync(new URL('./quality/briefs.json', import.meta.url), 'utf8')) as Record<CrewId, Brief[]> & { everyday: Everyday[] };

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
  Object.assign(figures, everyday(nlp, meter, verbose));
  Object.assign(figures, bareDrafts(nlp, meter, verbose));
  // Issue 26: the everyday panel of 36 requests (bench/qualityPanel.ts).
  Object.assign(figures, panelFigures(nlp, verbose));
  Object.assign(figures, benchRevisions(nlp, verbose));
  return figures;
}

/** Headings (## and deeper) with nothing under them (or only a message to the operator) before the next heading of their level or above. */
export function emptySections(markdown: string): string[] {
  const lines = markdown.split('\n');
  const empty: string[] = [];
  lines.forEach((line, index) => {
    const heading = /^(#{2,6})\s+(.+)$/.exec(line);
    if (!heading) return;
    let body = '';
    for (let next = index + 1; next < lines.length; next += 1) {
      const other = /^(#{1,6})\s/.exec(lines[next]!);
      if (other && other[1]!.length <= heading[1]!.length) break;
      body += other ? 'x' : lines[next]!.trim();
    }
    if (body === '' || operatorOnly.test(body)) empty.push(heading[2]!);
  });
  return empty;
}

// A section whose whole body is a message to the operator is empty to its reader.
const operatorOnly = /^(?:(?:No (?:decisions?|action items?|follow-ups?)[^.]*(?:were|was) (?:recorded|found)\.|The material holds no statements[^.]*\.|No recurring topics\.|No follow-ups with an owner were found\.)\s*)+$/;

// Numbers and amounts as written: "$84,000", "1,240", "6.1%", "1.8.0", "12".
const numberPattern = /[$€£]?\d+(?:[.,]\d+)*%?/g;

/** Each number of the context: copied as written, written differently ("1, 240"), or left out. */
export function numberCopies(context: string, content: string): { exact: number; altered: number; omitted: number } {
  const squeezed = content.replace(/[\s,]/g, '');
  const result = { exact: 0, altered: 0, omitted: 0 };
  for (const figure of new Set(context.match(numberPattern) ?? [])) {
    if (new RegExp(`(?<![\\d.,])${figure.replace(/[$.*+?^{}()|[\]\\]/g, '\\$&')}(?![\\d])`).test(content)) result.exact += 1;
    else if (figure.replace(/,/g, '').length >= 3 && squeezed.includes(figure.replace(/[\s,]/g, ''))) result.altered += 1;
    else result.omitted += 1;
  }
  return result;
}

/** What the old composer gave a brief it had no material for: a message to the operator, or empty headings. */
export function placeholderFor(crew: CrewId, brief: string): string {
  const topic = topicOf(brief);
  if (crew === 'writer') return `# ${topic}\n\nThe brief on ${topic} came without context, context documents or knowledge passages, so there are no facts to draft from yet; add them (or use a real model) for a full blog post.\n\n## What it should cover\n\n- ${topic}`;
  if (crew === 'mind') return `# Meeting summary: ${topic}\n\n## Summary\n\nThe material holds no statements long enough to summarize.\n\n## Decisions\n\nNo decisions were recorded.\n\n## Action items\n\nNo action items were recorded.\n\n## Topics\n\n- ${topic}`;
  return `# PRD: ${topic}\n\n## Problem\n\n## Technical notes\n\n## Roadmap\n\n| Milestone | When | Tickets |\n| --- | --- | --- |\n| M1: Launch | Weeks 1-2 | release |`;
}

/** The real outcome with every line of prose, list and table removed: headings only. */
function skeletonOf(content: string): string {
  return content
    .split('\n')
    .filter((line) => /^#/.test(line))
    .join('\n\n');
}

/**
 * The everyday cases (briefs.json "everyday"), per crew: recall of the facts each case names and
 * of the context's salient items, numbers copied exactly, empty sections (target 0), the gap
 * between the grounded outcome and the best placeholder of the same request (target >= 20), the
 * placeholders' best score on the bare request (target < 50), and revisions that changed the
 * content when the feedback was applicable (target 100%) or gave the revision back when not.
 */
function everyday(nlp: Nlp, meter: ReturnType<typeof createQualityMeter>, verbose: boolean): Record<string, number | string> {
  const figures: Record<string, number | string> = {};
  const cases = briefs.everyday;
  for (const crewId of ['writer', 'mind', 'pilot'] as const) {
    const own = cases.filter((item) => item.crew === crewId);
    // The grounded requests of this crew: the original briefs and the everyday ones with context.
    const grounded: Brief[] = [...briefs[crewId], ...own.filter((item) => item.context)];
    let facts = 0;
    let factsFound = 0;
    const recall: number[] = [];
    const numbers = { exact: 0, altered: 0, omitted: 0 };
    let empty = 0;
    let outcomes = 0;
    let badIntegrations = 0;
    const bareScores: number[] = [];
    let revisionsApplicable = 0;
    let revisionsChanged = 0;
    let revisionsNotApplicable = 0;
    let revisionsGivenBack = 0;
    for (const item of own) {
      const content = composeOutcome(crewId, item, createWorkbench(nlp));
      outcomes += 1;
      const emptyHere = emptySections(content);
      empty += emptyHere.length;
      const measured = meter.measure({ content, brief: item.brief, requirements: item.requirements ?? {}, ...(item.context ? { context: item.context } : {}) });
      if (!item.context) bareScores.push(measured.quality.overall_score);
      if (item.context) {
        recall.push(measured.signals.contextRecall ?? 0);
        const copies = numberCopies(item.context, content);
        numbers.exact += copies.exact;
        numbers.altered += copies.altered;
        numbers.omitted += copies.omitted;
      }
      for (const fact of item.facts ?? []) {
        facts += 1;
        if (content.includes(fact)) factsFound += 1;
        else if (verbose) console.log(`  ${crewId} / ${item.name}: fact missing: ${fact}`);
      }
      const integrations = content.split('### Integrations')[1]?.split(/\n#/)[0] ?? '';
      badIntegrations += (item.notIntegrations ?? []).filter((name) => new RegExp(`^- ${name}$`, 'm').test(integrations)).length;
      for (const revision of item.revisions ?? []) {
        const crew = crews[crewId];
        const stageIndex = crew.stages.length - 1;
        const output = composeStage(
          {
            crew,
            stage: crew.stages[stageIndex]!,
            stageIndex,
            brief: item.brief,
            ...(item.context ? { context: item.context } : {}),
            requirements: item.requirements ?? {},
            contextDocuments: [],
            knowledge: [],
            previous: [],
            revision: { feedback: revision.feedback, requirements: revision.requirements ?? {}, previousContent: content },
          },
          createWorkbench(nlp),
        );
        const applied = (output.data?.applied as string[] | undefined) ?? [];
        if (revision.applicable) {
          revisionsApplicable += 1;
          if (output.content.trim() !== content.trim() && applied.length > 0) revisionsChanged += 1;
          else if (verbose) console.log(`  ${crewId} / ${item.name}: revision "${revision.feedback}" changed nothing: ${JSON.stringify(output.data?.not_applied)}`);
        } else {
          revisionsNotApplicable += 1;
          if (output.content.trim() === content.trim() && applied.length === 0) revisionsGivenBack += 1;
        }
      }
      if (verbose) {
        console.log(`\n===== everyday ${crewId} / ${item.name}: overall ${measured.quality.overall_score}`, JSON.stringify(measured.quality.criteria), JSON.stringify(measured.signals), JSON.stringify(measured.metadata.unmet_requirements.map((unmet) => unmet.requirement)), emptyHere.length > 0 ? `EMPTY: ${emptyHere.join(', ')}` : '');
        console.log(content);
      }
    }
    // Placeholders against the grounded outcome of the same request.
    const gaps: number[] = [];
    const bareGaps: number[] = [];
    const bareRequestScores: number[] = [];
    for (const item of grounded) {
      const request = { brief: item.brief, requirements: item.requirements ?? {}, ...(item.context ? { context: item.context } : {}) };
      const content = composeOutcome(crewId, item, createWorkbench(nlp));
      const real = meter.measure({ ...request, content }).quality.overall_score;
      const bareDraft = composeOutcome(crewId, { brief: item.brief, ...(item.requirements ? { requirements: item.requirements } : {}) }, createWorkbench(nlp));
      const placeholders = [placeholderFor(crewId, item.brief), skeletonOf(content)];
      const best = Math.max(...placeholders.map((placeholder) => meter.measure({ ...request, content: placeholder }).quality.overall_score));
      gaps.push(real - best);
      bareGaps.push(real - meter.measure({ ...request, content: bareDraft }).quality.overall_score);
      // The same placeholders judged on the bare request (no material): what a client sending only the brief sees.
      const bare = { brief: item.brief, requirements: item.requirements ?? {} };
      bareRequestScores.push(...placeholders.slice(0, 2).map((placeholder) => meter.measure({ ...bare, content: placeholder }).quality.overall_score));
      if (verbose) console.log(`  gap ${crewId} / ${item.name}: real ${real}, best placeholder ${best}, bare draft gap ${bareGaps.at(-1)}`);
    }
    figures[`${crewId} everyday: cases (bare briefs)`] = `${own.length} (${own.filter((item) => !item.context).length})`;
    figures[`${crewId} everyday: named facts recalled`] = facts === 0 ? 'n/a' : `${factsFound}/${facts} (${(factsFound / facts).toFixed(2)})`;
    figures[`${crewId} everyday: context fact recall`] = recall.length === 0 ? 'n/a' : mean(recall).toFixed(2);
    figures[`${crewId} everyday: numbers copied exactly / altered / left out`] = `${numbers.exact} / ${numbers.altered} / ${numbers.omitted}`;
    figures[`${crewId} everyday: empty sections (target 0)`] = `${empty} in ${outcomes} outcomes`;
    if (crewId === 'pilot') figures['pilot everyday: non-systems listed as integrations (target 0)'] = badIntegrations;
    figures[`${crewId} everyday: bare-brief draft overall_score`] = bareScores.join(', ') || 'n/a';
    figures[`${crewId}: smallest grounded - best placeholder gap (target >= 20)`] = Math.min(...gaps);
    figures[`${crewId}: placeholders on the bare request, best score (target < 50)`] = Math.max(...bareRequestScores);
    figures[`${crewId}: smallest grounded - bare-brief draft gap, same request`] = Math.min(...bareGaps);
    figures[`${crewId} everyday: applicable revisions that changed the content (target 100%)`] = revisionsApplicable === 0 ? 'n/a' : `${revisionsChanged}/${revisionsApplicable} (${Math.round((100 * revisionsChanged) / revisionsApplicable)}%)`;
    figures[`${crewId} everyday: inapplicable revisions given back unchanged`] = revisionsNotApplicable === 0 ? 'n/a' : `${revisionsGivenBack}/${revisionsNotApplicable}`;
  }
  return figures;
}

/**
 * The bare-brief drafts a newcomer sees first (the README's first call, then one brief per other
 * crew): their overall_score on the bare request (honest: below 50), words, `##` sections, and the
 * digits they hold that the brief does not (target 0: the local model invents no figure).
 */
function bareDrafts(nlp: Nlp, meter: ReturnType<typeof createQualityMeter>, verbose: boolean): Record<string, number | string> {
  const cases: Array<[CrewId, string, ComposeRequest]> = [
    ['writer', 'README first call (friendly, short)', { brief: 'Write a blog post about remote onboarding for engineering teams', requirements: { tone: 'friendly', length: 'short' } }],
    ['mind', 'weekly ops sync', { brief: 'Summarise our weekly ops sync' }],
    ['pilot', 'offline mode PRD with stories', { brief: 'PRD for offline mode in our field inspection app', requirements: { include_user_stories: true } }],
  ];
  const figures: Record<string, number | string> = {};
  for (const [crewId, label, request] of cases) {
    const content = composeOutcome(crewId, request, createWorkbench(nlp));
    const measured = meter.measure({ content, brief: request.brief, requirements: request.requirements ?? {} });
    const words = content.replace(/^---\n[\s\S]*?\n---\n/, '').split(/\s+/).filter((word) => /\w/.test(word)).length;
    const sections = (content.match(/^## /gm) ?? []).length;
    const invented = (content.match(/\d+/g) ?? []).filter((digits) => !request.brief.includes(digits)).length;
    figures[`${crewId} bare draft, ${label}: score / words / sections / digits not in the brief`] = `${measured.quality.overall_score} / ${words} / ${sections} / ${invented}`;
    if (verbose) console.log(`\n===== bare ${crewId} / ${label}`, JSON.stringify(measured.quality.criteria), JSON.stringify(measured.metadata.unmet_requirements.map((unmet) => unmet.requirement)), `\n${content}`);
  }
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [label, value] of Object.entries(await benchQuality())) console.log(`${label.padEnd(60)} ${value}`);
}
