import { readFileSync } from 'node:fs';
import type { CrewId } from '../crews/index.js';
import { crews } from '../crews/index.js';
import { composeStage } from '../models/local/index.js';
import { createWorkbench } from '../models/local/workbench.js';
import type { StageOutput } from '../models/types.js';
import { computeMetadata, type Nlp } from '../quality/index.js';

/**
 * The everyday panel of issue 26 (bench/quality/panel.json): 36 requests written the way people
 * write them, 12 per crew (bare, with material, with requirements) over five domains (SaaS, a
 * clinic, a bakery, an open-source library, logistics). Printed per crew:
 * - facts carried: the request's facts (figures, dates, names) found word for word in the outcome;
 * - formats followed: each asked form (table, checklist, numbered, bullets, steps, email subject,
 *   call to action, acceptance criteria, estimate unit, user stories, X length) present, and of
 *   the rest how many were reported in unmet_requirements;
 * - deliverable recognised: the outcome has the structure of the deliverable asked for (read from
 *   the Markdown, so the figure means the same for a model that reports no deliverable data);
 * - attribution: owners named right, no label read as an owner, priorities not all one level;
 * - bare-draft 6-gram sharing: the largest share of 6-word sequences two bare drafts of a crew
 *   have in common once each brief's words are removed (target <= 30%).
 */

interface PanelCase {
  crew: CrewId;
  domain: string;
  type: 'bare' | 'material' | 'requirements';
  name: string;
  brief: string;
  context?: string;
  requirements?: Record<string, unknown>;
  kind: string;
  facts?: string[];
  formats?: string[];
  owners?: Record<string, string>;
  notOwners?: string[];
  hidden?: string[];
  notAllSame?: boolean;
}

const panel = JSON.parse(readFileSync(new URL('./quality/panel.json', import.meta.url), 'utf8')) as PanelCase[];

/** The structure of each deliverable as a reader sees it. */
const structure: Record<string, (content: string) => boolean> = {
  blog_post: (c) => /^# /m.test(c) && (c.match(/^## /gm) ?? []).length >= 1,
  social_posts: (c) => !/^## /m.test(c) && c.replace(/\s+/g, ' ').length < 3500,
  newsletter: (c) => /^# /m.test(c) && (c.match(/^## /gm) ?? []).length >= 1,
  documentation_page: (c) => /^## (?:Steps|Installation|Install|Before you start|Prerequisites)/im.test(c) && !/^# (?:Page|Documentation)\b/m.test(c),
  how_to: (c) => /^# How to |step-by-step guide|^## Steps/im.test(c) && !/\bTo [A-Z][a-z]+ing\b/.test(c),
  email: (c) => /^(?:\*\*)?Subject:/im.test(c) && /^(?:Hi|Hello|Dear)\b/m.test(c),
  landing_copy: (c) => /^# /m.test(c) && (/\*\*[^*]+\*\*\s*$/m.test(c) || /^## (?:Headline|Benefits)/m.test(c)),
  meeting_summary: (c) => /^## (?:Decisions|Action items)/m.test(c),
  status_review: (c) => /\b(?:Target|target)\b/.test(c) && /^## (?:Figures|Metrics|KPIs?)/m.test(c) && !/Meeting summary/i.test(c),
  analysis: (c) => /^## (?:Findings|Recommendations)/m.test(c) && !/Meeting summary/i.test(c),
  process_plan: (c) => /^## (?:Steps|Goal)/m.test(c) && !/Meeting summary/i.test(c),
  retro: (c) => /went well/i.test(c) && /improve/i.test(c),
  priority_ranking: (c) => /^## (?:Ranking|Priorit)/im.test(c) && /\b(?:high|low)\b/i.test(c),
  prd: (c) => /^## (?:Problem|Goals|User stories|Users and stories|Requirements)/m.test(c),
  roadmap: (c) => /\b(?:Phase|Milestone)s?\b/.test(c) && !/^# PRD/m.test(c),
  ticket_set: (c) => (/acceptance criteria/i.test(c) || /^## Tickets/m.test(c)) && !/As an? [^,\n]*\b(?:reminder|ticket)s?\b, I want/i.test(c),
  release_notes: (c) => /^## (?:New|Fixed|Improved|Changes|Breaking changes|What's new)/im.test(c) && !/\bThis PRD\b|^# PRD/m.test(c),
  technical_spec: (c) => /^## (?:Overview|Design|Components|Interfaces|Architecture)/im.test(c),
};

const formatChecks: Record<string, (content: string) => boolean> = {
  table: (c) => /^\|.+\|\n\|\s*-/m.test(c),
  checklist: (c) => /^- \[ \] /m.test(c),
  numbered: (c) => /^1\. /m.test(c) && /^2\. /m.test(c),
  bullets: (c) => (c.match(/^- (?!\[)/gm) ?? []).length >= 2,
  steps: (c) => /^1\. /m.test(c) && /^2\. /m.test(c),
  email_subject: (c) => /^(?:\*\*)?Subject:/im.test(c),
  cta: (c) => /^\*\*[^*\n]{8,}\*\*\s*$/m.test(c),
  acceptance_criteria: (c) => (c.match(/acceptance criteria/gi) ?? []).length >= 2,
  estimate_unit: (c) => /\bEstimate:\*\*? .*\b(?:points?|pts)\b/i.test(c),
  user_stories: (c) => /\bAs an? [^,\n]+, I want\b/.test(c),
  x_length: (c) => /X\*\* \((\d+)\/280 characters\)/.test(c),
};

function finalOutput(item: PanelCase, nlp: Nlp): StageOutput {
  const crew = crews[item.crew];
  const bench = createWorkbench(nlp);
  const previous: StageOutput[] = [];
  for (let index = 0; index < crew.stages.length; index += 1) {
    previous.push(composeStage({ crew, stage: crew.stages[index]!, stageIndex: index, brief: item.brief, ...(item.context ? { context: item.context } : {}), requirements: item.requirements ?? {}, contextDocuments: [], knowledge: [], previous: [...previous] }, bench));
  }
  return previous.at(-1)!;
}

/** The writer's old stock headings ("Getting X right", "Common pitfalls with X", "X: further details"): template, not topic. */
const stockHeading = /^## (?:.*\bwhy .+ matters|getting .+ right|.+ in practice|common pitfalls with|making .+ work for|a closer look at|where to start with|measuring |(?:.+: )?further details)/gim;

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu) ?? [];

function sixGrams(content: string, brief: string): Set<string> {
  const masked = new Set(words(brief));
  const kept = words(content).filter((word) => !masked.has(word));
  const grams = new Set<string>();
  for (let index = 0; index + 6 <= kept.length; index += 1) grams.add(kept.slice(index, index + 6).join(' '));
  return grams;
}

/** The largest share of 6-grams any two drafts have in common (of the smaller draft's 6-grams). */
export function largestSharing(drafts: Array<{ content: string; brief: string }>): number {
  const sets = drafts.map((draft) => sixGrams(draft.content, draft.brief));
  let largest = 0;
  for (let a = 0; a < sets.length; a += 1) {
    for (let b = a + 1; b < sets.length; b += 1) {
      const small = Math.min(sets[a]!.size, sets[b]!.size);
      if (small === 0) continue;
      let shared = 0;
      for (const gram of sets[a]!) if (sets[b]!.has(gram)) shared += 1;
      largest = Math.max(largest, shared / small);
    }
  }
  return largest;
}

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

export function panelFigures(nlp: Nlp, verbose = false): Record<string, string> {
  const figures: Record<string, string> = {};
  for (const crewId of ['writer', 'mind', 'pilot'] as const) {
    const own = panel.filter((item) => item.crew === crewId);
    let facts = 0;
    let carried = 0;
    let formats = 0;
    let followed = 0;
    let reported = 0;
    let recognised = 0;
    let attribution = 0;
    let attributionChecks = 0;
    let leaks = 0;
    let stock = 0;
    let ms = 0;
    const bare: Array<{ content: string; brief: string }> = [];
    for (const item of own) {
      const started = cpuMs();
      const output = finalOutput(item, nlp);
      ms += cpuMs() - started;
      const content = output.content;
      const unmet = [...computeMetadata(content, item.requirements ?? {}, item.brief).unmet_requirements, ...(((output.data?.unmet_requirements as Array<{ requirement: string }> | undefined) ?? []))];
      const missing: string[] = [];
      for (const fact of item.facts ?? []) {
        facts += 1;
        if (content.toLowerCase().includes(fact.toLowerCase())) carried += 1;
        else missing.push(fact);
      }
      const notFollowed: string[] = [];
      for (const format of item.formats ?? []) {
        formats += 1;
        if (formatChecks[format]!(content)) followed += 1;
        else {
          notFollowed.push(format);
          if (unmet.length > 0) reported += 1;
        }
      }
      const isKind = structure[item.kind]!(content);
      if (isKind) recognised += 1;
      for (const [task, owner] of Object.entries(item.owners ?? {})) {
        attributionChecks += 1;
        if (new RegExp(`${owner}[^\\n]*${task}|${task}[^\\n]*${owner}`).test(content)) attribution += 1;
      }
      for (const name of item.notOwners ?? []) {
        attributionChecks += 1;
        if (!new RegExp(`\\*\\*${name}\\*\\*|\\| ${name} \\|`).test(content)) attribution += 1;
      }
      if (item.notAllSame) {
        attributionChecks += 1;
        if (/\bhigh\b/i.test(content) && /\blow\b/i.test(content)) attribution += 1;
      }
      leaks += (item.hidden ?? []).filter((text) => content.includes(text)).length;
      stock += (content.match(stockHeading) ?? []).length;
      if (item.type === 'bare') bare.push({ content, brief: item.brief });
      if (verbose) console.log(`\n===== ${crewId} / ${item.name} (${item.kind}: ${isKind ? 'recognised' : 'NOT recognised'})${missing.length > 0 ? ` missing facts: ${missing.join(' | ')}` : ''}${notFollowed.length > 0 ? ` formats not followed: ${notFollowed.join(', ')}` : ''}\n${content}`);
    }
    figures[`${crewId} panel: facts carried`] = `${carried}/${facts} (${Math.round((100 * carried) / Math.max(1, facts))}%)`;
    figures[`${crewId} panel: formats followed (of the rest, reported unmet)`] = `${followed}/${formats} (${reported})`;
    figures[`${crewId} panel: deliverable recognised`] = `${recognised}/${own.length}`;
    figures[`${crewId} panel: attribution checks passed`] = attributionChecks === 0 ? 'n/a' : `${attribution}/${attributionChecks}`;
    figures[`${crewId} panel: author-only material printed (target 0)`] = String(leaks);
    figures[`${crewId} panel: stock template headings (target 0)`] = String(stock);
    figures[`${crewId} panel: bare-draft 6-gram sharing, largest pair (target <= 30%)`] = `${Math.round(100 * largestSharing(bare))}%`;
    figures[`${crewId} panel: composer CPU ms per outcome`] = (ms / own.length).toFixed(2);
  }
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { createNlp } = await import('../quality/index.js');
  for (const [label, value] of Object.entries(panelFigures(createNlp(), process.env.QUALITY_VERBOSE === '1'))) console.log(`${label.padEnd(72)} ${value}`);
}
