import { documentWordCount } from '../../quality/markdown.js';
import { contentTerms, stem } from '../../quality/text.js';
import { readRevision, type RevisionRequest } from '../revisionRequest.js';
import type { RevisionInput, StageInput, StageOutput } from '../types.js';
import { blockWords, parseBlocks, renderBlocks, splitParagraph, type Block } from './text/blocks.js';
import { capitalize, rankSentences } from './text/phrases.js';
import { cited, gatherSources } from './text/sources.js';
import { applyTone } from './text/tone.js';
import type { Workbench } from './workbench.js';
import { optimize } from './writer/writerPolish.js';
import { seedOf } from './writer/writerResearch.js';

/** A part of the feedback the revision could not apply, and why. */
export interface NotApplied {
  part: string;
  reason: string;
}

const exampleCue = /\b(for example|for instance|e\.g\.|such as|we tried|tried|piloted|rated|fell|rose|grew|dropped)\b/i;
const addedFact = /\b(?:mention|add|include|note|say|state)\s+(?:that\s+)(.+?)(?:[.!?]|$)/gi;
const namedSection = /\b(?:add|include|write)\s+(?:a|an|one more)\s+(?:section|part|paragraph)\s+(?:on|about|covering|for)\s+([^.,;!?]+)|\badd\s+(?:a|an)\s+([^.,;!?]+?)\s+section\b/gi;
const removedSection = /\b(?:remove|drop|delete|cut)\s+the\s+([^.,;!?]+?)\s+section\b/gi;
const asBullets = /\b(?:bullet(?:ed)?(?:\s+points?|\s+list)?s?|as (?:a )?list|list form|scannable)\b/i;
const asProse = /\b(?:as (?:plain )?prose|as paragraphs|no bullets|fewer bullets|full sentences)\b/i;
const movedFirst = /\b(?:move|put)\s+(?:the\s+)?([^.,;!?]+?)(?:\s+section)?\s+(?:first|to the top|at the top|up front|to the start)\b|\b(?:start|lead|open) with\s+(?:the\s+)?([^.,;!?]+?)(?:\s+section)?(?=[.,;!?]|$)/i;
const noModel = 'the local model only rearranges the client\'s own material; this needs a real model (CREWD_MODEL=openai)';

/**
 * Applies revision feedback to the completed content, from the client's material only: tone,
 * length (dropping the least central sentences, or adding unused source sentences), examples
 * (source sentences that are examples), sections the feedback names or removes, facts the feedback
 * itself states ("mention that ..."), keywords. Whatever it cannot apply is listed in
 * `data.not_applied` with the reason; content identical to the previous document is never
 * reported as applied. Tables, lists and code blocks are carried through untouched.
 * Every stage of a revision run computes the same result from `previousContent`.
 */
export function reviseStep(input: StageInput, revision: RevisionInput, _bench: Workbench): StageOutput {
  const request = readRevision(revision.feedback, revision.requirements);
  const revised = { ...input, requirements: { ...input.requirements, ...revision.requirements } };
  const sources = gatherSources(revised);
  let blocks = parseBlocks(revision.previousContent);
  const before = documentWordCount(revision.previousContent);
  const inDocument = (sentence: string) => revision.previousContent.includes(sentence.replace(/[.!?]$/, '')) || blocks.some((block) => block.text.includes(sentence.replace(/[.!?]$/, '')));
  const unused = () => sources.sentences.map(cited).filter((sentence) => !inDocument(sentence));
  const applied: string[] = [];
  const notApplied: NotApplied[] = [];
  const changes: Array<Record<string, unknown>> = [];

  for (const match of revision.feedback.matchAll(removedSection)) {
    const name = match[1]!.trim();
    if (removeSection(blocks, name)) applied.push(`remove section: ${name}`);
    else notApplied.push({ part: `remove section: ${name}`, reason: 'the document has no section by that name' });
  }
  for (const match of revision.feedback.matchAll(namedSection)) {
    const name = (match[1] ?? match[2] ?? '').trim();
    const about = unused().filter((sentence) => shares(sentence, name));
    if (about.length > 0) {
      insertBeforeEnd(blocks, [{ type: 'heading', level: 2, text: capitalize(name) }, { type: 'paragraph', text: about.slice(0, 4).join(' ') }]);
      applied.push(`add section: ${name}`);
    } else notApplied.push({ part: `add section: ${name}`, reason: `the brief, context and documents hold nothing about "${name}" that is not in the document already; ${noModel}` });
  }
  const facts = [...revision.feedback.matchAll(addedFact)].map((match) => capitalize(match[1]!.trim()).replace(/[.!?]?$/, '.'));
  for (const fact of facts) {
    const home = bestParagraph(blocks, fact);
    if (home) home.text = `${home.text} ${fact}`;
    else insertBeforeEnd(blocks, [{ type: 'paragraph', text: fact }]);
    applied.push(`add fact: ${fact}`);
  }
  if (request.addExamples) {
    const examples = unused().filter((sentence) => exampleCue.test(sentence) || /\d/.test(sentence)).slice(0, 2);
    if (examples.length > 0) {
      insertBeforeEnd(blocks, [{ type: 'heading', level: 2, text: 'Examples' }, { type: 'list', text: examples.map((example) => `- ${example}`).join('\n') }]);
      applied.push('add_examples');
      changes.push({ type: 'add_examples', examples_added: examples.length });
    } else notApplied.push({ part: 'add_examples', reason: `the client's material holds no example that is not in the document already; ${noModel}` });
  }
  if (request.keywords.length > 0 && input.crew.id === 'writer') {
    const seo = optimize(renderBlocks(blocks), request.keywords, { social: !blocks.some((block) => block.type === 'heading'), tone: request.tone ?? 'professional', seed: seedOf(revised), thorough: false });
    blocks = parseBlocks(seo.content);
    applied.push('add_keywords');
    changes.push({ type: 'add_keywords', keywords: request.keywords, added_to_body: seo.keywordsAdded });
  }
  if (asBullets.test(revision.feedback) && !asProse.test(revision.feedback)) {
    // Format: paragraphs after the opening one become lists of their sentences.
    let converted = 0;
    let seenProse = false;
    blocks = blocks.map((block) => {
      if (block.type !== 'paragraph') return block;
      if (!seenProse) {
        seenProse = true;
        return block;
      }
      const parts = splitParagraph(block.text);
      if (parts.length < 2) return block;
      converted += 1;
      return { type: 'list', text: parts.map((part) => `- ${part}`).join('\n') };
    });
    if (converted > 0) {
      applied.push('format: bullet points');
      changes.push({ type: 'format', paragraphs_to_lists: converted });
    } else notApplied.push({ part: 'format: bullet points', reason: 'the document has no paragraph of several sentences beyond its opening one to turn into a list' });
  } else if (asProse.test(revision.feedback)) {
    let converted = 0;
    blocks = blocks.map((block) => {
      if (block.type !== 'list' || !block.text.split('\n').every((line) => /^- [^\[]/.test(line))) return block;
      converted += 1;
      return { type: 'paragraph', text: block.text.split('\n').map((line) => line.replace(/^- /, '').replace(/([^.!?])$/, '$1.')).join(' ') };
    });
    if (converted > 0) {
      applied.push('format: prose');
      changes.push({ type: 'format', lists_to_paragraphs: converted });
    } else notApplied.push({ part: 'format: prose', reason: 'the document has no plain bullet list to write as prose' });
  }
  const moved = movedFirst.exec(revision.feedback);
  if (moved) {
    const name = (moved[1] ?? moved[2] ?? '').trim();
    if (moveSectionFirst(blocks, name)) {
      applied.push(`order: ${name} first`);
      changes.push({ type: 'order', moved_first: name });
    } else notApplied.push({ part: `order: ${name} first`, reason: 'the document has no section by that name after its first one' });
  }
  const target = targetFor(request, before);
  if (target !== undefined) {
    const now = blockWords(blocks);
    const part = request.length === 'maintain' ? 'maintain_length' : 'length';
    if (now > target * 1.05) {
      shorten(blocks, target, sources.corpus, new Set(facts));
      applied.push(part);
    } else if (now < target * 0.95) {
      const added = lengthen(blocks, target, unused());
      if (added > 0) applied.push(part);
      else notApplied.push({ part, reason: `every sentence of the client's material is in the document already (${now} words, ${target} asked); ${noModel}` });
    } else applied.push(part);
    changes.push({ type: part, target_words: target });
  }
  let content = renderBlocks(blocks.filter((block) => block.type !== 'paragraph' || block.text.trim() !== ''));
  if (request.tone) {
    const toned = applyTone(content, request.tone, { opener: true });
    if (toned !== content) {
      content = toned;
      applied.push('tone_adjustment');
      changes.push({ type: 'tone_adjustment', tone: request.tone });
    } else notApplied.push({ part: 'tone_adjustment', reason: `no wording in the document has a ${request.tone} alternative the local model knows; ${noModel}` });
  }
  if (request.labels.includes('general_feedback') && applied.length === 0 && notApplied.length === 0) notApplied.push({ part: 'general_feedback', reason: `the feedback names no change the local model can make (tone, length, examples, a section, a fact to mention, keywords); ${noModel}` });
  const unchanged = content.trim() === revision.previousContent.trim();
  if (unchanged && applied.length > 0) {
    for (const part of applied) notApplied.push({ part, reason: 'applying it left the document as it was' });
    applied.length = 0;
  }
  const after = documentWordCount(content);
  const summary = unchanged
    ? `${input.stage.agent} could not apply the revision: ${notApplied.map((entry) => entry.part).join(', ')} not applied; the document is unchanged`
    : `${input.stage.agent} applied ${applied.join(', ')}${notApplied.length > 0 ? `; not applied: ${notApplied.map((entry) => entry.part).join(', ')}` : ''} (${before} -> ${after} words)`;
  return {
    summary,
    content,
    data: { changes_requested: request.labels, applied, not_applied: notApplied, unchanged, changes, words_before: before, words_after: after, feedback: revision.feedback },
  };
}

function targetFor(request: RevisionRequest, before: number): number | undefined {
  if (request.targetWords !== undefined) return request.targetWords;
  if (request.length === 'maintain') return before;
  if (request.length === 'shorter') return Math.round(before * 0.7);
  if (request.length === 'longer') return Math.round(before * 1.3);
  return undefined;
}

function shares(sentence: string, phrase: string): boolean {
  const terms = new Set(contentTerms(sentence).map(stem));
  return contentTerms(phrase).some((term) => terms.has(stem(term)));
}

/** Inserts blocks before a closing section (conclusion, next steps, release plan), else at the end. */
function insertBeforeEnd(blocks: Block[], added: Block[]): void {
  const closing = blocks.findIndex((block) => block.type === 'heading' && /^(conclusion|summary|wrapping up|key takeaways|next steps|until next time|release plan)$/i.test(block.text));
  blocks.splice(closing >= 0 ? closing : blocks.length, 0, ...added);
}

function removeSection(blocks: Block[], name: string): boolean {
  const start = blocks.findIndex((block) => block.type === 'heading' && block.level >= 2 && shares(block.text, name));
  if (start < 0) return false;
  const level = (blocks[start] as { level: number }).level;
  let end = start + 1;
  while (end < blocks.length && !(blocks[end]!.type === 'heading' && (blocks[end] as { level: number }).level <= level)) end += 1;
  blocks.splice(start, end - start);
  return true;
}

/** Moves the `##` section whose heading shares a word with `name` before the first `##` section. */
function moveSectionFirst(blocks: Block[], name: string): boolean {
  const isSection = (block: Block) => block.type === 'heading' && block.level === 2;
  const first = blocks.findIndex(isSection);
  const start = blocks.findIndex((block, index) => index > first && isSection(block) && shares(block.text, name));
  if (first < 0 || start < 0) return false;
  let end = start + 1;
  while (end < blocks.length && !(blocks[end]!.type === 'heading' && (blocks[end] as { level: number }).level <= 2)) end += 1;
  const section = blocks.splice(start, end - start);
  blocks.splice(first, 0, ...section);
  return true;
}

/** The paragraph sharing most content words with `sentence`, when it shares at least one. */
function bestParagraph(blocks: Block[], sentence: string): Block | undefined {
  const terms = new Set(contentTerms(sentence).map(stem));
  let best: Block | undefined;
  let score = 0;
  for (const block of blocks) {
    if (block.type !== 'paragraph') continue;
    const overlap = contentTerms(block.text).filter((term) => terms.has(stem(term))).length;
    if (overlap > score) [best, score] = [block, overlap];
  }
  return best;
}

/** Drops the least central sentences (never a paragraph's first, never one the feedback asked for) until near `target`. */
function shorten(blocks: Block[], target: number, corpus: string, keep: Set<string>): void {
  const candidates: Array<{ block: Block; sentence: string }> = [];
  for (const block of blocks) if (block.type === 'paragraph') for (const sentence of splitParagraph(block.text).slice(1)) if (!keep.has(sentence)) candidates.push({ block, sentence });
  // Lists (PRDs and meeting notes are mostly lists) lose their least central items, never their first.
  for (const block of blocks) if (block.type === 'list') for (const line of block.text.split('\n').slice(1)) if (/^- (?!\[)/.test(line) && !keep.has(line.slice(2))) candidates.push({ block, sentence: line.slice(2) });
  const order = rankSentences(
    candidates.map((candidate) => candidate.sentence),
    corpus,
  ).reverse();
  let words = blockWords(blocks);
  for (const sentence of order) {
    if (words <= target) break;
    const candidate = candidates.find((entry) => entry.sentence === sentence && entry.block.text.includes(sentence));
    if (!candidate) continue;
    candidate.block.text =
      candidate.block.type === 'list'
        ? candidate.block.text
            .split('\n')
            .filter((line) => line !== `- ${sentence}`)
            .join('\n')
        : splitParagraph(candidate.block.text)
            .filter((part) => part !== sentence)
            .join(' ');
    words = blockWords(blocks);
  }
}

/** Adds unused source sentences to the paragraphs they fit best, until near `target`; how many were added. */
function lengthen(blocks: Block[], target: number, spare: string[]): number {
  let added = 0;
  for (const sentence of spare) {
    if (blockWords(blocks) >= target) break;
    const home = bestParagraph(blocks, sentence);
    if (home) home.text = `${home.text} ${sentence}`;
    else insertBeforeEnd(blocks, [{ type: 'paragraph', text: sentence }]);
    added += 1;
  }
  return added;
}
