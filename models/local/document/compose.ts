import type { Deliverable, DeliverableData, DeliverableKind } from '../../../schemas/deliverables/index.js';
import type { UnmetRequirement } from '../../../quality/completeness.js';
import type { StageInput } from '../../types.js';
import { hash } from '../text/seed.js';
import * as mind from './build/mind.js';
import * as pilot from './build/pilot.js';
import { storiesOfAsk, storyText } from './build/pilot.js';
import * as writer from './build/writer.js';
import { titled, type DocumentContext } from './context.js';
import { formsMissing, readForm } from './formats.js';
import { readMaterial } from './material.js';
import { outlineNote, renderOutline } from './outline.js';
import { recognise } from './recognise.js';
import { subjectNews } from './build/subjectNews.js';
import { coldEmailOf } from './coldEmail.js';
import * as mindView from './render/mind.js';
import * as pilotView from './render/pilot.js';
import * as writerView from './render/writer.js';

/** A deliverable's data built from the request, its Markdown rendered from that data, and what it could not do. */
export interface ComposedDocument {
  deliverable: Deliverable;
  markdown: string;
  draftKind: 'grounded' | 'outline';
  unmet: UnmetRequirement[];
  notes: string[];
}

type Kinds = { [K in DeliverableKind]: { build: (ctx: DocumentContext) => DeliverableData[K]; render: (data: DeliverableData[K], ctx: DocumentContext) => string } };

const kinds: Kinds = {
  blog_post: { build: writer.blogPost, render: writerView.renderBlogPost },
  social_posts: { build: writer.socialPosts, render: writerView.renderSocialPosts },
  newsletter: { build: writer.newsletter, render: writerView.renderNewsletter },
  documentation_page: { build: writer.documentationPage, render: writerView.renderDocumentationPage },
  how_to: { build: writer.howTo, render: writerView.renderHowTo },
  email: { build: writer.email, render: writerView.renderEmail },
  landing_copy: { build: writer.landingCopy, render: writerView.renderLandingCopy },
  meeting_summary: { build: mind.meetingSummary, render: mindView.renderMeetingSummary },
  status_review: { build: mind.statusReview, render: mindView.renderStatusReview },
  analysis: { build: mind.analysis, render: mindView.renderAnalysis },
  process_plan: { build: mind.processPlan, render: mindView.renderProcessPlan },
  retro: { build: mind.retro, render: mindView.renderRetro },
  priority_ranking: { build: mind.priorityRanking, render: mindView.renderPriorityRanking },
  prd: { build: pilot.prd, render: pilotView.renderPrd },
  roadmap: { build: pilot.roadmap, render: pilotView.renderRoadmap },
  ticket_set: { build: pilot.ticketSet, render: pilotView.renderTicketSet },
  release_notes: { build: pilot.releaseNotes, render: pilotView.renderReleaseNotes },
  technical_spec: { build: pilot.technicalSpec, render: pilotView.renderTechnicalSpec },
};

const internalReaders = /\b(?:team|internal|engineers?|developers?|devs|staff|ops|board|leadership|management|contributors|maintainers)\b/i;

export function documentContext(input: Pick<StageInput, 'crew' | 'brief' | 'context' | 'contextDocuments' | 'knowledge' | 'requirements'>): DocumentContext {
  const material = readMaterial(input);
  const recognised = recognise(input.crew.id, input.brief, input.requirements, !material.bare && (input.context !== undefined || input.contextDocuments.length > 0));
  const readers = `${recognised.audience ?? ''} ${typeof input.requirements.audience === 'string' ? input.requirements.audience : ''}`;
  // Writers address the outside world; mind and pilot documents are the team's unless an outside audience is named.
  const internal = recognised.audience ? internalReaders.test(readers) : input.crew.id !== 'writer' && recognised.kind !== 'release_notes';
  return { recognised, material, form: readForm(input.requirements, input.brief), brief: input.brief, requirements: input.requirements, internal, seed: hash(input.brief) };
}

// Pieces with a body of sections: a post or an email can say one statement, these cannot.
const longForm = new Set<DeliverableKind>(['blog_post', 'newsletter', 'documentation_page', 'how_to', 'landing_copy']);

/** "blog post announcing that we hit 10k users": the only material is the statement that titles it, so it is an outline under that title, not a title alone. */
function titleOnly(ctx: DocumentContext): boolean {
  const subject = ctx.recognised.subject.replace(/[.!?]+$/, '').toLowerCase();
  return longForm.has(ctx.recognised.kind) && ctx.material.commits.length === 0 && ctx.material.code.length === 0 && ctx.material.items.length > 0 && ctx.material.items.every((item) => item.origin === 'brief' && item.text.replace(/[.!?]+$/, '').toLowerCase().endsWith(subject));
}

function titleOf(markdown: string, fallback: string): string {
  return /^# (.+)$/m.exec(markdown)?.[1] ?? /^\*\*Subject:\*\* (.+)$/m.exec(markdown)?.[1] ?? fallback;
}

export function composeDocument(input: Pick<StageInput, 'crew' | 'brief' | 'context' | 'contextDocuments' | 'knowledge' | 'requirements'>): ComposedDocument {
  const ctx = documentContext(input);
  const kind = ctx.recognised.kind;
  const entry = kinds[kind] as { build: (ctx: DocumentContext) => unknown; render: (data: unknown, ctx: DocumentContext) => string };
  const data = entry.build(ctx);
  const rendered = entry.render(data, ctx);
  // A follow-up needs no notes to be written: it thanks and proposes the next step (build/followUp.ts);
  // a price change the ask states is the whole notice (build/priceChange.ts).
  // A post about news the ask states ("tweet about our new pricing page, live now") says it (build/subjectNews.ts).
  const saysNews = kind === 'social_posts' && subjectNews(ctx.recognised.subject, ctx.brief) !== undefined;
  // A cold email needs only whom it goes to and what it offers (build/coldEmail.ts).
  const cold = kind === 'email' && coldEmailOf(ctx.brief) !== undefined;
  const draftKind = (ctx.material.bare && !ctx.recognised.followUp && !ctx.recognised.priceChange && !ctx.recognised.overdueInvoice && !saysNews && !cold) || titleOnly(ctx) ? 'outline' : 'grounded';
  const stories = (kind === 'prd' || kind === 'ticket_set') && draftKind === 'outline' ? storiesOfAsk(ctx.brief).map(storyText) : [];
  if (kind === 'prd' && stories.length > 0) (data as DeliverableData['prd']).user_stories = storiesOfAsk(ctx.brief);
  // A letter shows no title of its own (a cover letter): its outline is titled by its subject line.
  // A project's plan without notes is the steps such a project takes, each asking what to settle: its own outline.
  // A checklist asked without notes is the items such a checklist usually holds (build/checklist.ts).
  const usualItems = kind === 'process_plan' && ctx.recognised.checklist === true && (data as DeliverableData['process_plan']).steps.length > 0;
  // A test plan asked without notes is the cases such a feature usually needs (testPlan.ts).
  const usualCases = kind === 'technical_spec' && ctx.recognised.testPlan === true;
  // An agenda asked without notes is the items such a meeting usually covers (build/usualAgenda.ts).
  const usualAgenda = kind === 'process_plan' && ctx.recognised.agenda === true;
  const ownOutline = (kind === 'roadmap' && ctx.recognised.projectPlan === true) || usualItems || usualCases || usualAgenda;
  const document = draftKind === 'outline' && !ownOutline ? renderOutline(ctx, titleOf(rendered, titled((data as { subject?: string }).subject ?? ctx.recognised.subject)), { 'Users and stories': stories, Tickets: stories }) : rendered;
  const markdown = ctx.form.email && kind !== 'email' ? asEmail(document) : document;
  const notes = draftKind !== 'outline' ? [] : usualAgenda ? ['The request came without notes: these are the items such a meeting usually covers, in order; no owner or time is stated. Send your own items, one a line with who leads it and how long ("hiring plan (Tom, 15 min)"), and each becomes an item of the agenda.'] : usualCases ? ['The request came without notes: these are the cases a test plan for such a feature usually covers; no product detail is assumed. Send the flows and rules to test, one a line ("apply promo code -> total drops 10%"), and each becomes a case.'] : usualItems ? ['The request came without notes: these are the items such a checklist usually holds, grouped by when they are done; no owner or date is stated. Send your own items, one a line with its owner and date, and each becomes an item of the list.'] : ownOutline ? ['The request came without notes: these are the steps a project of this kind usually takes, each with what the team must settle; no date but the deadline given, no owner and no figure is stated. Send the steps as notes, one a line with its date and owner, and each becomes a step of the plan.'] : [outlineNote(kind)];
  const written = (data as { user_stories?: Array<{ benefit: string | null }> }).user_stories ?? [];
  const reasonless = written.filter((story) => story.benefit === null).length;
  if (reasonless > 0) notes.push(`No reason was given for ${reasonless} user stor${reasonless === 1 ? 'y' : 'ies'}, so ${reasonless === 1 ? 'it has' : 'they have'} no "so that" clause.`);
  if (ctx.material.repeats > 0) notes.push(`${ctx.material.repeats} repeated statement${ctx.material.repeats === 1 ? ' was' : 's were'} read once.`);
  return { deliverable: { kind, data } as Deliverable, markdown, draftKind, unmet: unmetOf(ctx, { kind, data } as Deliverable, markdown, draftKind), notes };
}

/** What the request asked for that the document does not give, with the reason. */
function unmetOf(ctx: DocumentContext, deliverable: Deliverable, markdown: string, draftKind: string): UnmetRequirement[] {
  const unmet: UnmetRequirement[] = [];
  const { form } = ctx;
  const outline = draftKind === 'outline';
  unmet.push(...formsMissing(form, markdown));
  if (form.estimates && deliverable.kind === 'ticket_set' && deliverable.data.tickets.some((ticket) => ticket.estimate === null)) {
    unmet.push({ requirement: 'estimates', reason: `the material gives no estimate${form.estimateUnit ? ` in ${form.estimateUnit}` : ''} for ${deliverable.data.tickets.filter((ticket) => ticket.estimate === null).length} ticket(s); estimates are never guessed` });
  }
  if (form.codeExamples && !/```/.test(markdown)) unmet.push({ requirement: 'include_code_examples', reason: 'the material holds no command or code to show' });
  if (form.examples && !/\b(?:for example|e\.g\.|for instance|example)\b/i.test(markdown)) unmet.push({ requirement: 'include_examples', reason: 'the material holds no example to quote' });
  if (form.userStories && !/\bAs an? [^,\n]+, I want\b/.test(markdown)) unmet.push({ requirement: 'include_user_stories', reason: 'the material does not say who uses it and what they need' });
  if (form.actionItems && !/^## (?:Action items|Next actions)/m.test(markdown)) unmet.push({ requirement: 'include_action_items', reason: 'the material names no task with an owner or a date' });
  if (form.callToAction && !/\*\*[^*]+\*\*\s*$/m.test(markdown) && !outline) unmet.push({ requirement: 'include_call_to_action', reason: 'the material names no action for the reader' });
  return unmet;
}

/** A document sent as an email: its title becomes the subject line, with a greeting and a call to reply. */
function asEmail(markdown: string): string {
  const title = /^# (.+)$/m.exec(markdown)?.[1] ?? 'Update';
  const body = markdown.replace(/^# .+\n+/m, '').replace(/^## /gm, '### ');
  return `**Subject:** ${title}\n\nHello,\n\n${body.trim()}\n\n**Please reply with any correction or question.**\n\nKind regards,\n`;
}
