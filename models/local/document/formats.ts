import { flagOf } from '../../../quality/requirements.js';

/** The form a request asks for: `requirements.format` and the `include_*` flags, read once. */
export interface Form {
  table: boolean;
  checklist: boolean;
  numbered: boolean;
  bullets: boolean;
  steps: boolean;
  email: boolean;
  callToAction: boolean;
  acceptanceCriteria: boolean;
  estimates: boolean;
  /** "points", "hours", "days" ... when asked. */
  estimateUnit: string | null;
  actionItems: boolean;
  userStories: boolean;
  codeExamples: boolean;
  examples: boolean;
  timeline: boolean;
  /** The words of requirements.format, for the unmet report. */
  asked: string[];
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value.toLowerCase() : Array.isArray(value) ? value.filter((entry) => typeof entry === 'string').join(' ').toLowerCase() : '';
}

export function readForm(requirements: Record<string, unknown>, brief: string): Form {
  const format = `${textOf(requirements.format)} ${textOf(requirements.structure)} ${textOf(requirements.style)}`;
  const ask = brief.toLowerCase();
  const has = (pattern: RegExp) => pattern.test(format) || pattern.test(ask);
  const unitText = textOf(requirements.estimate_unit) || textOf(requirements.estimates) || textOf(requirements.estimation);
  const unit = /point|pts|sp\b/.test(unitText) ? 'points' : /hour|hrs?\b|\bh\b/.test(unitText) ? 'hours' : /day/.test(unitText) ? 'days' : /t-?shirt|size/.test(unitText) ? 't-shirt size' : /point|story points/.test(ask) && /estimat/.test(ask) ? 'points' : /in hours/.test(ask) ? 'hours' : /in days/.test(ask) ? 'days' : null;
  const asked = [format.trim()].filter(Boolean);
  return {
    table: has(/\btable\b|\btabular\b/),
    checklist: has(/check-?list/) || flagOf(requirements, 'include_checklist'),
    numbered: has(/\bnumbered\b|\bnumbers?\b|\branked list\b|\btop \d+\b/),
    bullets: has(/\bbullets?\b|bullet points|bulleted/),
    steps: has(/step[- ]by[- ]step|\bsteps\b/) || flagOf(requirements, 'include_steps'),
    email: /\be-?mail\b/.test(format),
    callToAction: has(/call to action|\bcta\b/) || flagOf(requirements, 'include_call_to_action') || flagOf(requirements, 'include_cta'),
    acceptanceCriteria: has(/acceptance criteria/) || flagOf(requirements, 'include_acceptance_criteria'),
    estimates: unit !== null || flagOf(requirements, 'include_estimates') || flagOf(requirements, 'estimates') || /\bestimat/.test(ask),
    estimateUnit: unit,
    actionItems: flagOf(requirements, 'include_action_items') || has(/action items/),
    userStories: flagOf(requirements, 'include_user_stories') || has(/user stories/),
    codeExamples: flagOf(requirements, 'include_code_examples'),
    examples: flagOf(requirements, 'include_examples') || flagOf(requirements, 'examples'),
    timeline: flagOf(requirements, 'include_timeline') || has(/\btimeline\b/),
    asked,
  };
}

/** The asked list forms the Markdown does not have, with the reason (for unmet_requirements). */
export function formsMissing(form: Form, markdown: string): Array<{ requirement: string; reason: string }> {
  const missing: Array<{ requirement: string; reason: string }> = [];
  if (form.table && !/^\|.*\|$/m.test(markdown)) missing.push({ requirement: 'format', reason: 'a table was asked, but the material gives no list to fill in as rows' });
  if (form.checklist && !/^- \[ \] /m.test(markdown)) missing.push({ requirement: 'include_checklist', reason: 'a checklist was asked, but the material gives no steps or tasks to check off' });
  if (form.numbered && !/^1\. /m.test(markdown)) missing.push({ requirement: 'format', reason: 'numbered items were asked, but the material gives no list to number' });
  if (form.bullets && !/^- /m.test(markdown)) missing.push({ requirement: 'format', reason: 'bullets were asked, but the material gives no list' });
  return missing;
}

/** A list in the asked form: checklist, numbered or bullets. */
export function listLines(items: string[], form: Pick<Form, 'checklist' | 'numbered'>, numberedByDefault = false): string[] {
  if (form.checklist) return items.map((item) => `- [ ] ${item}`);
  if (form.numbered || numberedByDefault) return items.map((item, index) => `${index + 1}. ${item}`);
  return items.map((item) => `- ${item}`);
}

/** A Markdown table; cells are kept on one line and their pipes escaped. */
export function table(headers: string[], rows: string[][]): string {
  const cell = (value: string) => value.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ').trim() || '—';
  return [`| ${headers.join(' | ')} |`, `| ${headers.map(() => '---').join(' | ')} |`, ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`)].join('\n');
}
