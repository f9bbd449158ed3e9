import { documentWordCount } from '../quality/markdown.js';
import { containsPhrase, contentTerms, stem } from '../quality/text.js';
import { readRevision, type RevisionRequest } from './revisionRequest.js';
import { requestedEdits } from './local/revise/edits.js';

/**
 * What a revision did, read from the content: each change the feedback asks for (read the same
 * way the local model reads it) is checked on the revised document against the one it revised,
 * with the marks a reader checks (word counts, a checklist's boxes, a new heading on the named
 * topic, the corrected name on the lines about the task, the given dates, contractions and "you").
 * A change is in `applied` only when the content shows it; every other requested change is in
 * `not_applied` with what the content lacks. Used for models that do not report their own
 * revisions (the `openai` provider), so the revision record is never left at null.
 */
export interface RevisionReport {
  applied: string[];
  not_applied: Array<{ part: string; reason: string }>;
}

interface Check {
  part: string;
  /** Why the content does not show the change; undefined when it does. */
  missing: () => string | undefined;
}

const contractions = (text: string) => (text.match(/\b\w+['’](?:t|re|ve|ll|m|d|s)\b/gi) ?? []).length;
const exclamations = (text: string) => (text.match(/!(?=\s|$)/g) ?? []).length;
const addressed = (text: string) => (text.match(/\byou(?:r|rs)?\b/gi) ?? []).length;
const boxes = (text: string) => (text.match(/^\s*[-*] \[[ xX]\] \S/gm) ?? []).length;
const examplesIn = (text: string) => (text.match(/\b(?:for example|for instance|e\.g\.|such as|example)\b/gi) ?? []).length;
const headings = (text: string) => [...text.matchAll(/^#{2,6}\s+(.+)$/gm)].map((match) => match[1]!);
const prose = (text: string) => text.replace(/^(?:#|\||```).*$/gm, '');

function lengthCheck(request: RevisionRequest, before: number, after: () => number): Check | undefined {
  const part = request.length === 'maintain' ? 'maintain_length' : 'length';
  if (request.targetWords !== undefined) {
    const target = request.targetWords;
    return { part, missing: () => (Math.abs(after() - target) <= target * 0.25 ? undefined : `the document has ${after()} words, not about ${target}`) };
  }
  if (request.length === 'maintain') return { part, missing: () => (Math.abs(after() - before) <= before * 0.15 ? undefined : `the length changed from ${before} to ${after()} words`) };
  if (request.length === 'shorter') {
    const most = request.lengthRatio !== undefined ? Math.round(before * (request.lengthRatio + 0.1)) : before - 1;
    return { part, missing: () => (after() <= most ? undefined : `the document has ${after()} words of ${before}; at most ${most} were asked for`) };
  }
  if (request.length === 'longer') return { part, missing: () => (after() > before ? undefined : `the document is not longer than its ${before} words`) };
  return undefined;
}

function toneCheck(request: RevisionRequest, previous: string, revised: string): Check | undefined {
  if (!request.tone) return undefined;
  const part = 'tone_adjustment';
  if (request.tone === 'professional' || request.tone === 'technical') {
    return {
      part,
      missing: () => {
        const left = contractions(prose(revised)) + exclamations(prose(revised));
        if (left > 0) return `the document still has ${left} contractions or exclamations`;
        return revised.trim() === previous.trim() ? 'the document is unchanged' : undefined;
      },
    };
  }
  return { part, missing: () => (contractions(prose(revised)) + addressed(prose(revised)) > contractions(prose(previous)) + addressed(prose(previous)) ? undefined : `the document reads no ${request.tone === 'casual' ? 'more casual' : 'warmer'} than before`) };
}

/** A heading that is new and names the topic's words. */
function sectionCheck(topic: string, previous: string, revised: string): Check {
  const terms = contentTerms(topic).map(stem).filter((term) => !/^(?:section|part|paragraph)$/.test(term));
  const before = new Set(headings(previous));
  return {
    part: `add section: ${topic}`,
    missing: () => (headings(revised).some((heading) => !before.has(heading) && terms.some((term) => contentTerms(heading).map(stem).includes(term))) ? undefined : `the document has no new section on "${topic}"`),
  };
}

function correctionChecks(request: RevisionRequest, revised: string): Check[] {
  return request.corrections.map((correction) => {
    const part = correction.kind === 'owner' ? `correct owner: ${correction.about ? `${correction.about}: ` : ''}${correction.right}, not ${correction.wrong}` : `correct fact: ${correction.right}, not ${correction.wrong}`;
    const aboutTerms = correction.about ? contentTerms(correction.about).map(stem) : [];
    return {
      part,
      missing: () => {
        const lines = revised.split('\n').filter((line) => aboutTerms.length === 0 || aboutTerms.some((term) => contentTerms(line).map(stem).includes(term)));
        if (!lines.some((line) => line.includes(correction.right))) return `the document does not say ${correction.right}${correction.about ? ` for "${correction.about}"` : ''}`;
        return lines.some((line) => line.includes(correction.wrong) && !line.includes(correction.right)) ? `the document still says ${correction.wrong}` : undefined;
      },
    };
  });
}

export function revisionReport(feedback: string, requirements: Record<string, unknown>, previous: string, revised: string): RevisionReport {
  const request = readRevision(feedback, requirements);
  const before = documentWordCount(previous);
  const after = () => documentWordCount(revised);
  const checks: Check[] = [];
  const length = lengthCheck(request, before, after);
  if (length) checks.push(length);
  const tone = toneCheck(request, previous, revised);
  if (tone) checks.push(tone);
  const newChecklistHeading = () => headings(revised).some((heading) => /check ?list/i.test(heading)) && !headings(previous).some((heading) => /check ?list/i.test(heading));
  if (request.checklist) checks.push({ part: 'add_checklist', missing: () => (boxes(revised) >= boxes(previous) + 2 || newChecklistHeading() ? undefined : 'the document has no new checklist of at least two items') });
  if (request.addExamples) checks.push({ part: 'add_examples', missing: () => (examplesIn(revised) > examplesIn(previous) ? undefined : 'the document has no example it did not have before') });
  if (request.keywords.length > 0) checks.push({ part: 'add_keywords', missing: () => { const left = request.keywords.filter((keyword) => !containsPhrase(revised, keyword)); return left.length > 0 ? `the document does not use ${left.join(', ')}` : undefined; } });
  for (const topic of request.sections) checks.push(sectionCheck(topic, previous, revised));
  checks.push(...correctionChecks(request, revised));
  for (const dated of request.dates) checks.push({ part: `add date: ${dated.label} ${dated.date}`, missing: () => (revised.split('\n').some((line) => line.includes(dated.label) && line.includes(dated.date)) ? undefined : `no line names ${dated.label} with ${dated.date}`) });
  // An edit ("add a ticket: ...", "move pricing first", "sign it from Maria") is shown by a changed document, under its own label.
  const changed = () => (revised.trim() === previous.trim() ? 'the document came back unchanged' : undefined);
  for (const label of requestedEdits(feedback)) checks.push({ part: label, missing: changed });
  // Feedback the reading names no change in ("make it pop"): shown only by a changed document.
  if (checks.length === 0) checks.push({ part: 'general_feedback', missing: () => (revised.trim() === previous.trim() ? 'the document came back unchanged' : undefined) });
  const report: RevisionReport = { applied: [], not_applied: [] };
  for (const check of checks) {
    const reason = check.missing();
    if (reason === undefined) report.applied.push(check.part);
    else report.not_applied.push({ part: check.part, reason });
  }
  return report;
}
