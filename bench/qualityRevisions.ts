import type { CrewId } from '../crews/index.js';
import { crews } from '../crews/index.js';
import { composeOutcome, composeStage, type ComposeRequest } from '../models/local/index.js';
import { createWorkbench } from '../models/local/workbench.js';
import { documentWordCount } from '../quality/markdown.js';
import type { Nlp } from '../quality/index.js';

/**
 * "Revisions applied" of `npm run bench -- quality` (issue 26 item 7): everyday revision requests
 * on the local model's own outcomes. Each case says what a reader checks on the revised content
 * (shorter with the figures kept, a checklist at the end, the owner fixed on every line about the
 * task ...), independently of what the revision reports. Printed:
 * - revisions applied: the content shows every requested change (target: all);
 * - reports honest: every part in `applied` is shown by the content, and every requested part the
 *   content does not show is in `not_applied` with a reason (target: all).
 */
interface RevisionCase {
  name: string;
  crew: CrewId;
  request: ComposeRequest;
  feedback: string;
  /** The document to revise when it is not the crew's own outcome (a draft the client brought). */
  original?: string;
  /** Per requested part (as the revision names it in applied / not_applied), whether the content shows it. */
  shows: Record<string, (revised: string, original: string) => boolean>;
}

const dispatch: ComposeRequest = {
  brief: 'Summarize this morning dispatch chat',
  context:
    "[6:32 AM] Maria Lopez: morning all, van 3 is still in the shop, brakes\n[6:40 AM] Tom Becker: ok so we're down to 6 vans for the north route today\nJan de Vries  6:45 AM\nI'll send van 7 to cover the north route, it's back from service\n[6:50 AM] Maria Lopez: thanks Jan. we decided to push the Oakwood deliveries to Thursday\n[6:52 AM] Tom Becker: I will call the Oakwood customers by 10am to tell them",
};
const triage = 'We sort every ticket into three priority lanes. The red lane is for outages and payment failures, answered within 15 minutes. The amber lane is for bugs that block one user, answered within 4 hours. For example, a customer who cannot log in goes to the amber lane, while a checkout outage for everyone goes to the red lane. Since we started the lanes, first response time fell from 9 hours to 3 hours.';
const lastSection = (content: string) => content.split(/\n(?=## )/).at(-1) ?? '';
const checklistAtEnd = (content: string) => /^## Checklist\n/.test(lastSection(content)) && (lastSection(content).match(/^- \[ \] \S/gm) ?? []).length >= 2;
const words = (content: string) => documentWordCount(content.split('\n## Checklist\n')[0]!);

const cases: RevisionCase[] = [
  { name: 'cut it in half', crew: 'mind', request: dispatch, feedback: 'Cut it in half.', shows: { length: (revised, original) => documentWordCount(revised) <= 0.6 * documentWordCount(original) && /Thursday/.test(revised) } },
  {
    name: 'checklist at the end',
    crew: 'mind',
    request: dispatch,
    feedback: 'Add a checklist at the end',
    // Each action once: the chat's "I'll send van 7" and the summary's action item are one item.
    shows: { add_checklist: (revised) => checklistAtEnd(revised) && lastSection(revised).split('\n').filter((line) => /van 7/i.test(line)).length === 1 },
  },
  {
    name: 'fix the owner',
    crew: 'mind',
    request: dispatch,
    feedback: 'Jan de Vries is the one sending van 7, not Maria. Please fix the owner.',
    shows: { 'correct owner: sending van 7: Jan de Vries, not Maria': (revised) => revised.split('\n').filter((line) => /van 7/.test(line) && /send/i.test(line)).every((line) => !/Maria/.test(line) && /Jan de Vries/.test(line)) },
  },
  {
    name: 'dates per phase',
    crew: 'pilot',
    request: { brief: 'A roadmap for the patient portal rebuild', context: 'Phase 1 is the login and appointment booking. Phase 2 adds online payments and invoices. Phase 3 adds video consultations.' },
    feedback: 'Add the dates to each phase: Phase 2 is August 2025, Phase 3 is Q4 2025.',
    shows: {
      'add date: Phase 2 August 2025': (revised) => revised.split('\n').some((line) => /Phase 2\b.*August 2025/.test(line)),
      'add date: Phase 3 Q4 2025': (revised) => revised.split('\n').some((line) => /Phase 3\b.*Q4 2025/.test(line)),
    },
  },
  {
    name: 'formal for the board + a section',
    crew: 'mind',
    request: { brief: 'Q3 status review for the leadership team', context: "Revenue grew 12% to $1.4M in Q3. Churn rose to 3.1% from 2.4%, which we don't love! Acme Corp renewal is due in November and their usage dropped 40% since July. We're hiring 3 support engineers." },
    feedback: 'More formal for the board, and add a section on the risk to the Acme renewal',
    shows: {
      tone_adjustment: (revised) => !/\b\w+'(?:s|t|re|ll|ve)\b|!/.test(revised.replace(/^#.*$/gm, '')) && /^## Summary for the board$/m.test(revised),
      'add section: the risk to the Acme renewal': (revised) => /^## Risk to the Acme renewal\n+- .*Acme/m.test(revised),
    },
  },
  {
    name: 'an example of the priority lanes',
    crew: 'writer',
    request: { brief: 'Write a blog post about how we triage support tickets', context: triage },
    original: '# How we triage support tickets\n\nWe sort every ticket into three priority lanes. The red lane is for outages and payment failures, answered within 15 minutes. The amber lane is for bugs that block one user, answered within 4 hours.\n\n## What changed\n\nSince we started the lanes, first response time fell from 9 hours to 3 hours.',
    feedback: 'add an example of the priority lanes',
    // An example of the lanes the first draft did not have.
    shows: { add_examples: (revised, original) => /(?:for example|for instance)[^.]*lane/i.test(revised.replace(original, '')) || revised.split(/(?<=[.!?])\s+/).some((sentence) => /(?:for example|for instance)/i.test(sentence) && /lane/.test(sentence) && !original.includes(sentence)) },
  },
  { name: 'shorter, add a checklist', crew: 'writer', request: { brief: 'Write a blog post about how we triage support tickets', context: triage }, feedback: 'Shorter, add a checklist', shows: { length: (revised, original) => words(revised) <= 0.85 * documentWordCount(original), add_checklist: checklistAtEnd } },
  { name: 'warmer for patients', crew: 'writer', request: { brief: 'Write a notice for patients about the new online booking', context: 'Patients can book appointments online from 1 March. Patients will receive a reminder the day before. It is important that patients arrive 10 minutes early.' }, feedback: 'Make it warmer, it is for patients', shows: { tone_adjustment: (revised, original) => (revised.match(/\b(?:you|your)\b|\b\w+'(?:s|ll|re)\b/gi) ?? []).length > (original.match(/\b(?:you|your)\b|\b\w+'(?:s|ll|re)\b/gi) ?? []).length } },
  { name: 'friendlier please (newsletter)', crew: 'writer', request: { brief: 'Newsletter for our drivers about the new scanning app', context: 'The new scanning app goes live on 3 June. Drivers must scan every parcel at pickup. Training sessions are on 28 and 29 May at the Tilburg depot.' }, feedback: 'friendlier please', shows: { tone_adjustment: (revised) => /\bYou must scan every parcel\b/.test(revised) } },
  {
    name: 'friendlier staff meeting summary',
    crew: 'mind',
    request: { brief: 'Summarize our Monday clinic staff meeting', context: 'Average check-in wait is 22 minutes, we want it under 10 minutes by June.\nWe decided to open a second check-in desk from 1 April.\nRaj will draft the new intake form by Friday.' },
    feedback: 'Make it friendlier, it goes to all staff',
    shows: { tone_adjustment: (revised, original) => /\byou\b/i.test(revised.split('\n## ')[0]!) && revised.includes('We decided to open a second check-in desk from 1 April.') && revised !== original },
  },
  {
    name: 'formal for the board (blog post)',
    crew: 'writer',
    request: { brief: 'Write a blog post about how we triage support tickets', context: `${triage} We're proud of it!` },
    feedback: 'More formal for the board',
    shows: { tone_adjustment: (revised) => !/\b\w+'(?:s|t|re|ll|ve)\b|!/.test(revised.replace(/^#.*$/gm, '')) && /^## Summary for the board$/m.test(revised) },
  },
];

export function benchRevisions(nlp: Nlp, verbose = false): Record<string, string> {
  let applied = 0;
  let honest = 0;
  const missed: string[] = [];
  for (const item of cases) {
    const original = item.original ?? composeOutcome(item.crew, item.request, createWorkbench(nlp));
    const crew = crews[item.crew];
    const output = composeStage(
      { crew, stage: crew.stages.at(-1)!, stageIndex: crew.stages.length - 1, brief: item.request.brief, ...(item.request.context ? { context: item.request.context } : {}), requirements: item.request.requirements ?? {}, contextDocuments: item.request.contextDocuments ?? [], knowledge: [], previous: [], revision: { feedback: item.feedback, requirements: {}, previousContent: original } },
      createWorkbench(nlp),
    );
    const reported = (output.data?.applied as string[] | undefined) ?? [];
    const reasons = new Map(((output.data?.not_applied as Array<{ part: string; reason: string }> | undefined) ?? []).map((entry) => [entry.part, entry.reason]));
    const notApplied = [...reasons.keys()];
    const shown = Object.entries(item.shows).map(([part, shows]) => ({ part, shown: shows(output.content, original) }));
    if (shown.every((entry) => entry.shown)) applied += 1;
    else missed.push(`${item.name}: ${shown.filter((entry) => !entry.shown).map((entry) => entry.part).join(', ')}`);
    // A change the document already showed may be reported not applied, saying so ("already ...").
    const truthful = shown.every((entry) => (entry.shown ? reported.includes(entry.part) || /\balready\b/.test(reasons.get(entry.part) ?? '') : !reported.includes(entry.part) && notApplied.includes(entry.part)));
    if (truthful) honest += 1;
    else missed.push(`${item.name}: report ${JSON.stringify({ applied: reported, not_applied: notApplied })}`);
    if (verbose) console.log(`\n===== revision ${item.crew} / ${item.name}: "${item.feedback}"`, JSON.stringify({ applied: reported, not_applied: output.data?.not_applied }), `\n${output.content}`);
  }
  return {
    'revisions applied: content shows every requested change (target all)': `${applied}/${cases.length}${missed.length > 0 ? ` (missed: ${missed.join('; ')})` : ''}`,
    'revisions reported honestly: applied shown, the rest in not_applied': `${honest}/${cases.length}`,
  };
}
