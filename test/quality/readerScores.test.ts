import test from 'ava';
import type { CrewId } from '../../crews/index.js';
import { composeOutcome, type ComposeRequest } from '../../models/local/index.js';
import { referenceOutcomes } from '../../models/local/referenceOutcomes.js';
import { createWorkbench } from '../../models/local/workbench.js';
import { createNlp, createQualityMeter } from '../../quality/index.js';

// The orderings a reader agrees with, on the local model's real outputs.
const nlp = createNlp();
const bench = createWorkbench(nlp);
const meter = createQualityMeter({ nlp, references: () => referenceOutcomes(createWorkbench(nlp)) });

type Case = ComposeRequest & { crew: CrewId };
const measure = (request: Case, content: string) =>
  meter.measure({ content, brief: request.brief, requirements: request.requirements ?? {}, ...(request.context ? { context: request.context } : {}) });

const bare: Case[] = [
  { crew: 'writer', brief: 'Write a blog post about composting in small apartments' },
  { crew: 'mind', brief: 'A KPI review for our support team' },
  { crew: 'pilot', brief: 'A PRD for SMS appointment reminders' },
  { crew: 'pilot', brief: 'A roadmap for the patient portal rebuild' },
];
const grounded: Case[] = [
  { crew: 'writer', brief: 'Write a newsletter item for clinic staff: average check-in wait is 22 minutes and we want it under 10 minutes by June' },
  { crew: 'writer', brief: 'Write a blog post about how we triage support tickets', context: 'We sort every ticket into three priority lanes. The red lane is for outages and payment failures, answered within 15 minutes. The amber lane is for bugs that block one user, answered within 4 hours. Since we started the lanes, first response time fell from 9 hours to 3 hours.' },
  { crew: 'mind', brief: 'Summarize the meeting', context: 'Attendees: Ana, Raj\nAna: Backlog is 1,240 tickets.\nWe decided to hire 2 contractors for March.\nRaj will post the job ad by Friday.' },
  { crew: 'pilot', brief: 'Release notes for driver app 2.3', context: 'feat: offline mode for delivery lists\nfix: crash when scanning damaged barcodes\nfeat: route ETA shows traffic delays' },
];

test('every outline scores below every grounded draft, and reads neutral', (t) => {
  const outlines = bare.map((request) => ({ request, measured: measure(request, composeOutcome(request.crew, request, bench)) }));
  const drafts = grounded.map((request) => ({ request, measured: measure(request, composeOutcome(request.crew, request, bench)) }));
  const best = Math.max(...outlines.map((outline) => outline.measured.quality.overall_score));
  const worst = Math.min(...drafts.map((draft) => draft.measured.quality.overall_score));
  t.true(best < worst, `best outline ${best}, worst grounded draft ${worst}`);
  for (const outline of outlines) {
    t.is(outline.measured.metadata.sentiment, 'neutral', outline.request.brief);
    t.false(outline.measured.signals.grounded, outline.request.brief);
  }
  // The fluent template is not clearer than the client's own material.
  const templateClarity = Math.max(...outlines.map((outline) => outline.measured.quality.criteria.clarity));
  const draftClarity = Math.max(...drafts.map((draft) => draft.measured.quality.criteria.clarity));
  t.true(templateClarity < draftClarity, `${templateClarity} vs ${draftClarity}`);
});

test("a draft that drops the request's facts scores below the one that keeps them", (t) => {
  for (const request of grounded) {
    const content = composeOutcome(request.crew, request, bench);
    const kept = measure(request, content);
    // What a careless draft does: the lines with the figures and dates are gone.
    const dropped = content.split('\n').filter((line) => !/\d/.test(line)).join('\n');
    const lost = measure(request, dropped);
    t.true(lost.quality.overall_score < kept.quality.overall_score, `${request.brief}: ${lost.quality.overall_score} vs ${kept.quality.overall_score}`);
    t.true((lost.signals.factsCarried ?? lost.signals.contextRecall ?? 1) <= (kept.signals.factsCarried ?? kept.signals.contextRecall ?? 1), request.brief);
  }
});

test('facts written only in the brief or the requirements count: a timeline left out is missed', (t) => {
  const request: Case = { crew: 'pilot', brief: 'A roadmap for the patient portal rebuild: booking first, then payments, then video consultations', requirements: { timeline: 'Q1-Q2 2026' } };
  const withTimeline = '# Patient portal rebuild: roadmap\n\n**Timeline:** Q1-Q2 2026\n\n## Phases\n\n1. Booking\n2. Payments\n3. Video consultations';
  const without = withTimeline.replace('**Timeline:** Q1-Q2 2026\n\n', '');
  const a = measure(request, withTimeline);
  const b = measure(request, without);
  t.is(a.signals.factsCarried, 1);
  t.is(b.signals.factsCarried, 0);
  t.true(b.quality.overall_score < a.quality.overall_score, `${b.quality.overall_score} vs ${a.quality.overall_score}`);
});

test('the deliverable the brief names and the form it asks for are checked, and reported unmet when missing', (t) => {
  const request: Case = { crew: 'pilot', brief: 'Release notes for driver app 2.3 as a table', context: 'feat: offline mode for delivery lists\nfix: crash when scanning damaged barcodes' };
  const notes = '# Driver app 2.3: release notes\n\n| Change | Type |\n| --- | --- |\n| Offline mode for delivery lists | New |\n| Crash when scanning damaged barcodes | Fixed |\n\n## New\n\n- Offline mode for delivery lists\n\n## Fixed\n\n- Crash when scanning damaged barcodes';
  const prd = '# PRD: release notes for driver app 2.3\n\n## Problem\n\n- Offline mode for delivery lists is missing.\n- The app crashes when scanning damaged barcodes.';
  const good = measure(request, notes);
  const wrong = measure(request, prd);
  t.deepEqual(good.metadata.unmet_requirements, []);
  t.deepEqual(
    wrong.metadata.unmet_requirements.map((entry) => entry.requirement),
    ['deliverable: release notes', 'format: table'],
  );
  t.true(wrong.quality.criteria.completeness < good.quality.criteria.completeness);
  t.true(wrong.quality.overall_score < good.quality.overall_score);
  // "A blog post about how we triage tickets" is a blog post, not a ticket set.
  const blog = measure({ crew: 'writer', brief: 'Write a blog post about how we triage support tickets' }, '# How we triage support tickets\n\nWe sort tickets into three lanes.');
  t.false(blog.metadata.unmet_requirements.some((entry) => entry.requirement.startsWith('deliverable')));
});
