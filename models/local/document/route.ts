import type { DeliverableKind } from '../../../schemas/deliverables/index.js';
import type { StageInput, StageOutput } from '../../types.js';
import type { Workbench } from '../workbench.js';
import { storyText, userStories } from './build/pilot.js';
import { formsMissing, readForm } from './formats.js';
import { readMaterial } from './material.js';
import { recognise } from './recognise.js';
import { notesSubject, notesTitle } from './headline.js';
import { legacyDeliverable, legacyInput, legacyKinds } from './legacy.js';
import { documentStep } from './step.js';
import { spellNames } from '../text/spelling.js';
import { isLastStage, requestKey } from '../memo.js';

/**
 * One crew stage: the deliverable is recognised first. A grounded blog post, meeting summary or
 * PRD (material beyond the brief) goes to the crew's own composer, fed the brief's facts and a
 * readable chat export, and its result carries the deliverable's data; every other deliverable,
 * and every bare request, is built as data and rendered (document/compose.ts).
 */
export function deliverableStage(typed: StageInput, bench: Workbench, legacyStep: (input: StageInput, bench: Workbench) => StageOutput): StageOutput {
  // "sql migration", "excel export": every reader below sees names and acronyms as their owners spell them.
  const input = withNamesSpelled(typed, bench);
  // Recognition reads only the ask and requirements: cheap enough to repeat per stage, so the memo keeps one entry per request.
  const route = routeOf(input);
  if (!route.legacy) return documentStep(input, bench);
  const output = supplemented(legacyStep(legacyInput(input), bench), input, route.kind, bench);
  const deliverable = legacyDeliverable(route.kind, output);
  // The crews' own composers do not know the list forms: what they did not give is reported, never skipped silently.
  const missing = formsMissing(readForm(input.requirements, input.brief), output.content);
  return { ...output, data: { ...output.data, ...(deliverable ? { deliverable } : {}), draft_kind: route.outline ? 'outline' : 'grounded', ...(missing.length > 0 ? { unmet_requirements: missing } : {}) } };
}

/**
 * What the crew's own composer leaves out of the request: requirement values (a timeline, a
 * version) go under the title, and user stories the material states ("Nurses need to ... so that
 * ...") join the PRD's stories.
 */
function supplemented(output: StageOutput, input: StageInput, kind: DeliverableKind, bench: Workbench): StageOutput {
  // The same material for every stage of the request: read once (memo.ts).
  const material = bench.memo.get(requestKey('material', input), () => readMaterial(input), isLastStage(input));
  let content = output.content;
  let data = output.data;
  const facts = material.requirements.filter((fact) => fact.key !== 'audience' && !content.includes(fact.value)).map((fact) => `**${fact.label}:** ${fact.value}`);
  if (facts.length > 0) content = content.replace(/^(# .+\n)/m, `$1\n${facts.join(' · ')}\n`);
  if (kind === 'blog_post') {
    // The subject as the client wrote it ("What changed at the clinic this month"), not the old Title Case of the ask.
    const found = recognise(input.crew.id, input.brief, input.requirements, true);
    const audience = found.audience && input.brief.includes(found.audience) ? ` for ${found.audience}` : '';
    // "a blog post from my notes": titled by what the first note tells, not "Notes".
    const title = (found.generic || notesSubject.test(found.subject.trim())) && material.items[0] ? notesTitle(material.items[0].text) : `${found.subject.charAt(0).toUpperCase()}${found.subject.slice(1)}${audience}`;
    const old = /^# (.+)$/m.exec(content)?.[1];
    if (old && !/^(?:Research|Outline)\b/.test(old) && found.subject.length >= 3 && !material.keywords.some((keyword) => old.toLowerCase().includes(keyword.toLowerCase()) && !title.toLowerCase().includes(keyword.toLowerCase()))) {
      content = content.replace(/^# .+$/m, `# ${title}`).replace(/^title: ".*"$/m, `title: "${title.replace(/"/g, "'")}"`);
      if (typeof data?.title === 'string') data = { ...data, title };
    }
  }
  if (kind === 'prd') {
    const subject = recognise(input.crew.id, input.brief, input.requirements, true).subject;
    content = content.replace(/^# PRD: .+$/m, `# ${subject.charAt(0).toUpperCase()}${subject.slice(1)}: product requirements`);
    // A story the plan already tells, whole or split ("order cakes online" and "pick them up"), is not told twice.
    const told = content.toLowerCase();
    const stories = userStories(material.items)
      .filter((story) => !story.want.replace(/^to\s+/i, '').replace(/[.!]$/, '').split(/\s+and\s+/).every((part) => told.includes(part.toLowerCase())))
      .map(storyText)
      .filter((story) => !content.includes(story.replace(/\.$/, '')));
    if (stories.length > 0) {
      const lines = stories.map((story) => `- ${story}`).join('\n');
      content = /^## User stories\n\n/m.test(content) ? content.replace(/^## User stories\n\n/m, `## User stories\n\n${lines}\n`) : content.replace(/^(## (?:Technical|Roadmap|Tickets|Release)[^\n]*)$/m, `## User stories\n\n${lines}\n\n$1`);
    }
  }
  return content === output.content ? output : { ...output, content, ...(data ? { data } : {}) };
}

function routeOf(input: StageInput): { kind: DeliverableKind; legacy: boolean; outline?: boolean } {
  const given = Boolean(input.context?.trim()) || input.contextDocuments.some((text) => text.trim() !== '') || input.knowledge.length > 0;
  const { kind, jobAd, pressRelease, bio } = recognise(input.crew.id, input.brief, input.requirements, given);
  // A job ad, a press release and a bio are built as their own parts, not as a blog post's sections (build/jobAd.ts, pressRelease.ts, bio.ts).
  return { kind, legacy: legacyKinds[input.crew.id] === kind && given && !jobAd && !pressRelease && !bio };
}

/**
 * The client's brief, context and documents with tool names and acronyms spelled as their owners
 * do ("SQL", "Excel", "GitHub"): spelled once per request, every stage after the first looks it up.
 */
function withNamesSpelled(input: StageInput, bench: Workbench): StageInput {
  const spelled = bench.spelled.get(
    requestKey('spelled', input),
    () => ({ brief: spellNames(input.brief), ...(input.context !== undefined ? { context: spellNames(input.context) } : {}), contextDocuments: input.contextDocuments.map(spellNames) }),
    isLastStage(input),
  );
  return { ...input, ...spelled };
}
