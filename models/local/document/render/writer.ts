import type { DeliverableData, Section, StepData } from '../../../../schemas/deliverables/index.js';
import { missingKeywords, type DocumentContext } from '../context.js';
import { listLines } from '../formats.js';
import { checklistTail, join, listed } from './shared.js';

function sectionBlocks(ctx: DocumentContext, sections: Section[]): string[] {
  return sections.flatMap((section) => [`## ${section.heading}`, ...(ctx.form.bullets || ctx.form.numbered || ctx.form.checklist ? [listLines(section.body, ctx.form).join('\n')] : section.body)]);
}

function stepLines(steps: StepData[]): string {
  return steps.map((step, index) => `${index + 1}. ${step.instruction}${step.command && !step.instruction.includes('`') ? `\n\n   \`\`\`sh\n   ${step.command}\n   \`\`\`` : ''}`).join('\n');
}

/** Target keywords the body misses, said once in the opening (copied exactly). */
function keywordLine(ctx: DocumentContext, text: string): string[] {
  const missing = missingKeywords(ctx, text);
  return missing.length === 0 ? [] : [`This piece covers ${missing.join(', ')}.`];
}

/** The material's own code blocks, as written (never invented). */
function codeBlocks(ctx: DocumentContext): string[] {
  if (ctx.material.code.length === 0) return [];
  return ['## Example', ...ctx.material.code.map((block) => `\`\`\`${block.language}\n${block.code}\n\`\`\``)];
}

function cta(ctx: DocumentContext, text: string | null): string[] {
  return text ? [`**${text}**`] : [];
}

export function renderBlogPost(data: DeliverableData['blog_post'], ctx: DocumentContext): string {
  const blocks = [`# ${data.title}`, data.lede, ...sectionBlocks(ctx, data.sections), ...codeBlocks(ctx), ...cta(ctx, data.call_to_action)];
  const all = blocks.join('\n');
  return join([blocks[0]!, ...keywordLine(ctx, all), ...blocks.slice(1), ...checklistTail(ctx, data.sections.map((section) => section.heading), blocks)]);
}

export function renderNewsletter(data: DeliverableData['newsletter'], ctx: DocumentContext): string {
  const blocks = [`# ${data.title}`, data.intro, ...sectionBlocks(ctx, data.items), ...cta(ctx, data.call_to_action)];
  return join([blocks[0]!, ...keywordLine(ctx, blocks.join('\n')), ...blocks.slice(1)]);
}

export function renderSocialPosts(data: DeliverableData['social_posts'], ctx: DocumentContext): string {
  // Posts are pasted as they are: no Markdown headings, one labelled post per network.
  if (data.posts.length === 1) return join([data.posts[0]!.text]);
  // Posts asked one by one for the same network are numbered, not labelled by a network they share.
  if (new Set(data.posts.map((post) => post.network)).size === 1) return join(data.posts.flatMap((post, index) => [`**Post ${index + 1} of ${data.posts.length}**`, post.text, '---']).slice(0, -1));
  return join(data.posts.flatMap((post) => [`**${post.network}** (${post.text.length}/${post.max_characters} characters)`, post.text, '---']).slice(0, -1));
}

export function renderDocumentationPage(data: DeliverableData['documentation_page'], ctx: DocumentContext): string {
  const blocks = [
    `# ${data.title}`,
    // An FAQ opens with its introduction; its sections are the questions.
    ...(data.summary ? (ctx.recognised.faq ? [data.summary] : ['## Overview', data.summary]) : []),
    ...listed(ctx, 'Before you start', data.prerequisites),
    ...(data.steps.length > 0 ? ['## Steps', stepLines(data.steps)] : []),
    ...codeBlocks(ctx),
    ...sectionBlocks(ctx, data.sections),
  ];
  return join([blocks[0]!, ...keywordLine(ctx, blocks.join('\n')), ...blocks.slice(1), ...checklistTail(ctx, data.steps.map((step) => step.instruction), blocks)]);
}

export function renderHowTo(data: DeliverableData['how_to'], ctx: DocumentContext): string {
  const blocks = [`# ${data.title}`, data.summary, ...listed(ctx, 'What you need', data.you_need), ...(data.steps.length > 0 ? ['## Steps', stepLines(data.steps)] : []), ...codeBlocks(ctx), ...listed(ctx, 'Tips', data.tips)];
  return join([blocks[0]!, ...keywordLine(ctx, blocks.join('\n')), ...blocks.slice(1), ...checklistTail(ctx, data.steps.map((step) => step.instruction), blocks)]);
}

export function renderEmail(data: DeliverableData['email'], ctx: DocumentContext): string {
  // A cover letter is a letter: no subject line, its closing paragraph plain, the sender's name under the sign-off.
  if (ctx.recognised.coverLetter) return join([data.greeting, ...data.body, data.call_to_action, data.sign_off.replace(/\n/g, '  \n')]);
  const body = ctx.form.bullets || ctx.form.numbered || ctx.form.checklist ? [listLines(data.body, ctx.form).join('\n')] : data.body;
  // "Kind regards,\nMaria": the name under the sign-off, as a revision that signs it writes it.
  return join([`**Subject:** ${data.subject}`, data.greeting, ...body, `**${data.call_to_action}**`, ...data.sign_off.split('\n')]);
}

export function renderLandingCopy(data: DeliverableData['landing_copy'], ctx: DocumentContext): string {
  // A product description: its name, the lead, every feature a bullet, then proof and the notes' own call to action.
  if (ctx.recognised.productDescription) return join([`# ${data.headline}`, data.subheadline, listLines(data.benefits.map((benefit) => benefit.text.replace(/[.]$/, '')), ctx.form).join('\n'), ...data.proof, ...(data.call_to_action ? [`**${data.call_to_action}**`] : [])]);
  const benefits = data.benefits.flatMap((benefit) => [`### ${benefit.title}`, benefit.text]);
  return join([`# ${data.headline}`, data.subheadline, ...keywordLine(ctx, [data.headline, data.subheadline, ...data.benefits.map((b) => b.text)].join('\n')), ...(benefits.length > 0 ? ['## Why it helps', ...benefits] : []), ...listed(ctx, 'In numbers', data.proof), `**${data.call_to_action}**`]);
}
