import type { Nlp } from '../../../quality/nlp.js';
import { contentTerms, stem } from '../../../quality/text.js';
import { startsWithVerb } from '../text/grammar.js';
import { capitalize } from '../text/phrases.js';
import { bareDraft } from './bareDraft.js';
import { blogPost } from './blogPost.js';
import { hashtags } from './hashtags.js';
import { cited } from '../text/sources.js';
import type { Outline, Research } from './writerResearch.js';

const exampleCue = /\b(for example|for instance|e\.g\.|such as|we tried|tried|piloted|last (?:cohort|quarter|year|month)|rated|fell|rose|grew|dropped)\b/i;

/**
 * The writer's draft, built from the client's own sentences: the strongest two open the piece,
 * each section gathers the sentences about its focus, documentation gets the imperative sentences
 * as steps, and examples and code appear only when the sources hold them (otherwise the metadata
 * reports the requirement unmet rather than the draft inventing one). Nothing is padded to reach
 * a length: a short context gives a short piece, and the unmet length is reported.
 */
export function groundedDraft(found: Research, plan: Outline, nlp: Nlp): string {
  const all = orderedSentences(found);
  const used = new Set<string>();
  const take = (sentence: string) => {
    used.add(sentence);
    return sentence;
  };
  const unused = () => all.filter((sentence) => !used.has(sentence));
  const { spec } = found;
  const blocks: string[] = [];
  if (all.length === 0) return bareDraft(found, plan);
  if (spec.format === 'social_media') {
    const post = unused().slice(0, 4).map(take);
    blocks.push(post.join(' ') || `${capitalize(found.topic)}.`);
    blocks.push(hashtags(found).join(' '));
    return blocks.join('\n\n');
  }
  // Examples are the client's own cases (a pilot, a trial, a figure that moved), kept for their section.
  const examples = spec.includeExamples ? all.filter((sentence) => exampleCue.test(sentence)).slice(0, 3).map(take) : [];
  if (spec.format === 'blog_post') blocks.push(blogPost({ title: plan.title, sentences: unused(), order: found.sources.sentences.map(cited) }, nlp));
  else blocks.push(...sectionedDraft(found, plan, all, used));
  if (examples.length > 0) blocks.push('## Examples', examples.map((example) => `- For example: ${example}`).join('\n'));
  if (spec.includeCodeExamples) {
    const code = codeFromSources(found);
    if (code.length > 0) blocks.push('## Code from the sources', ...code.map((snippet) => `\`\`\`\n${snippet}\n\`\`\``));
  }
  return blocks.join('\n\n');
}

/** Newsletters and documentation: the plan's sections, each gathering the sentences about its focus. */
function sectionedDraft(found: Research, plan: Outline, all: string[], used: Set<string>): string[] {
  const take = (sentence: string) => {
    used.add(sentence);
    return sentence;
  };
  const unused = () => all.filter((sentence) => !used.has(sentence));
  const { spec } = found;
  const blocks: string[] = [`# ${plan.title}`];
  const intro = unused().slice(0, spec.format === 'documentation' ? 1 : 2).map(take);
  if (intro.length > 0) blocks.push(...(spec.format === 'documentation' ? ['## Overview'] : []), intro.join(' '));
  const bodies = plan.sections.filter((section) => section.kind === 'body');
  const sections: Array<{ heading: string; sentences: string[] }> = [];
  for (const section of bodies) {
    const about = unused().filter((sentence) => shares(sentence, section.focus)).slice(0, 4).map(take);
    if (about.length > 0) sections.push({ heading: section.heading, sentences: about });
  }
  // What no focus claimed goes to the section it shares most words with, else to its own section.
  for (const sentence of unused()) {
    if (spec.format === 'documentation' && startsWithVerb(sentence)) continue;
    const home = best(sections, sentence);
    if (home) home.sentences.push(take(sentence));
  }
  const rest = unused().filter((sentence) => !(spec.format === 'documentation' && startsWithVerb(sentence)));
  if (rest.length > 0) sections.push({ heading: 'Further details', sentences: rest.map(take) });
  if (spec.format === 'newsletter' && sections.length > 1) blocks.push('## In this issue', sections.map((section) => `- ${section.heading}`).join('\n'));
  for (const section of sections) blocks.push(`## ${capitalize(section.heading)}`, paragraphs(section.sentences));
  if (spec.format === 'documentation') {
    const steps = all.filter((sentence) => startsWithVerb(sentence));
    if (steps.length > 0) blocks.push('## Steps', steps.map((step, index) => `${index + 1}. ${step}`).join('\n'));
  }
  return blocks;
}

/** Ranked facts first, then every other source sentence in the order the client wrote them. */
function orderedSentences(found: Research): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const sentence of [...found.facts, ...found.sources.sentences.map(cited)]) {
    if (seen.has(sentence)) continue;
    seen.add(sentence);
    result.push(sentence);
  }
  return result;
}

function shares(sentence: string, focus: string): boolean {
  const terms = new Set(contentTerms(sentence).map(stem));
  return contentTerms(focus).some((term) => terms.has(stem(term)));
}

function best<T extends { heading: string; sentences: string[] }>(sections: T[], sentence: string): T | undefined {
  const terms = new Set(contentTerms(sentence).map(stem));
  let winner: T | undefined;
  let score = 0;
  for (const section of sections) {
    const overlap = contentTerms(`${section.heading} ${section.sentences.join(' ')}`).filter((term) => terms.has(stem(term))).length;
    if (overlap > score) [winner, score] = [section, overlap];
  }
  return score >= 2 ? winner : undefined;
}

/** Paragraphs of at most three sentences. */
function paragraphs(sentences: string[]): string {
  const result: string[] = [];
  for (let index = 0; index < sentences.length; index += 3) result.push(sentences.slice(index, index + 3).join(' '));
  return result.join('\n\n');
}

/** Code the client gave: fenced blocks and inline code spans of the context and documents. */
function codeFromSources(found: Research): string[] {
  const corpus = found.sources.corpus;
  const fenced = [...corpus.matchAll(/```[\w-]*\n([\s\S]*?)```/g)].map((match) => match[1]!.trimEnd());
  const inline = [...corpus.matchAll(/`([^`\n]{3,})`/g)].map((match) => match[1]!);
  return [...fenced, ...(inline.length > 0 ? [inline.join('\n')] : [])].slice(0, 3);
}

