import { documentWordCount } from '../../quality/markdown.js';
import { readRevision, type RevisionRequest } from '../revisionRequest.js';
import type { RevisionInput, StageInput, StageOutput } from '../types.js';
import { blockWords, parseBlocks, renderBlocks, splitParagraph, type Block } from './blocks.js';
import { keyPhrases, lowerFirst, rankSentences } from './phrases.js';
import { pick } from './seed.js';
import { applyTone, asides } from './tone.js';
import { Memo, requestKey } from './memo.js';
import { Composer } from './writerDraft.js';
import { optimize } from './writerPolish.js';
import { research, type Research } from './writerResearch.js';

const closingHeading = /^(conclusion|summary|wrapping up|key takeaways|next steps|until next time|release plan)$/i;

/**
 * Applies revision feedback to the completed content. Every stage of a revision run computes the
 * same result from `previousContent`, so the changes never compound however many stages run.
 */
export function reviseStep(input: StageInput, revision: RevisionInput, memo: Memo = new Memo()): StageOutput {
  const request = readRevision(revision.feedback, revision.requirements);
  const revised = { ...input, requirements: { ...input.requirements, ...revision.requirements } };
  const found = memo.get(requestKey('research', revised), () => research(revised));
  const composer = new Composer(found);
  let blocks = parseBlocks(revision.previousContent);
  composer.markUsed(blocks.flatMap((block) => (block.type === 'paragraph' ? splitParagraph(block.text) : [])));
  const before = documentWordCount(revision.previousContent);
  const changes: Array<Record<string, unknown>> = [];
  const added = new Set<Block>();
  if (request.addExamples) {
    const inserted = insertExamples(blocks, composer, found);
    inserted.forEach((block) => added.add(block));
    changes.push({ type: 'add_examples', examples_added: inserted.filter((block) => block.text.startsWith('**Example')).length });
  }
  if (request.keywords.length > 0) {
    const seo = optimize(renderBlocks(blocks), request.keywords, { social: found.spec.format === 'social_media', tone: request.tone ?? found.spec.tone, seed: found.seed, thorough: false });
    blocks = parseBlocks(seo.content);
    changes.push({ type: 'add_keywords', keywords: request.keywords, added_to_body: seo.keywordsAdded });
  }
  const target = targetFor(request, before);
  if (target !== undefined) {
    const now = blockWords(blocks);
    if (now > target * 1.05) shorten(blocks, target, found, added);
    else if (now < target * 0.95) lengthen(blocks, target, composer, found);
    changes.push({ type: request.length === 'maintain' ? 'maintain_length' : 'length', target_words: target });
  }
  let content = renderBlocks(blocks.filter((block) => block.type !== 'paragraph' || block.text.trim() !== ''));
  if (request.tone) {
    content = retone(content, request.tone, found.seed);
    changes.push({ type: 'tone_adjustment', tone: request.tone });
  }
  const after = documentWordCount(content);
  const labels = request.labels.join(', ').replace(/_/g, ' ');
  return {
    summary: `${input.stage.agent} applied the revision (${labels}): ${before} -> ${after} words`,
    content,
    data: { changes_requested: request.labels, changes, words_before: before, words_after: after, feedback: revision.feedback },
  };
}

function targetFor(request: RevisionRequest, before: number): number | undefined {
  if (request.targetWords !== undefined) return request.targetWords;
  if (request.length === 'maintain') return before;
  if (request.length === 'shorter') return Math.round(before * 0.7);
  if (request.length === 'longer') return Math.round(before * 1.3);
  return undefined;
}

/** Adds examples to an existing Examples section, else a new one before the closing section. */
function insertExamples(blocks: Block[], composer: Composer, found: Research): Block[] {
  const existing = blocks.findIndex((block) => block.type === 'heading' && /^examples?$/i.test(block.text));
  const numbered = blocks.filter((block) => block.type === 'paragraph' && /^\*\*Example \d+/.test(block.text)).length;
  const shift = numbered % Math.max(1, found.focuses.length);
  const focuses = [...found.focuses.slice(shift), ...found.focuses.slice(0, shift)];
  const paragraphs: Block[] = composer.examplesMarkdown(focuses.slice(0, existing >= 0 ? 1 : 2), numbered + 1).map((text) => (text.startsWith('```') ? { type: 'code', text } : { type: 'paragraph', text }));
  if (existing >= 0) {
    let end = existing + 1;
    while (end < blocks.length && blocks[end]!.type !== 'heading') end += 1;
    blocks.splice(end, 0, ...paragraphs);
    return paragraphs;
  }
  const closing = blocks.findIndex((block) => block.type === 'heading' && closingHeading.test(block.text));
  const section: Block[] = [{ type: 'heading', level: 2, text: 'Examples' }, ...paragraphs];
  blocks.splice(closing >= 0 ? closing : blocks.length, 0, ...section);
  return section;
}

/** Drops the least important sentences (never a paragraph's first, nor new examples) until near `target`. */
function shorten(blocks: Block[], target: number, found: Research, keep: Set<Block>): void {
  const candidates: Array<{ block: Block; sentence: string }> = [];
  for (const block of blocks) {
    if (block.type !== 'paragraph' || keep.has(block)) continue;
    // Facts from the client's material are what the piece is built on; framing goes first.
    for (const sentence of splitParagraph(block.text).slice(1)) if (!found.sources.corpus.includes(sentence.replace(/[.!?]$/, ''))) candidates.push({ block, sentence });
  }
  const order = rankSentences(
    candidates.map((candidate) => candidate.sentence),
    renderBlocks(blocks),
    [found.topic, ...found.spec.keywords],
  ).reverse();
  let words = blockWords(blocks);
  for (const sentence of order) {
    if (words <= target) break;
    const candidate = candidates.find((entry) => entry.sentence === sentence && entry.block.text.includes(sentence));
    if (!candidate) continue;
    candidate.block.text = splitParagraph(candidate.block.text)
      .filter((part) => part !== sentence)
      .join(' ');
    words = blockWords(blocks);
  }
}

/** Adds elaborations on each section's subject, section by section, until near `target`. */
function lengthen(blocks: Block[], target: number, composer: Composer, found: Research): void {
  const homes = blocks
    .map((block, index) => ({ block, heading: [...blocks.slice(0, index)].reverse().find((entry) => entry.type === 'heading') }))
    .filter(({ block, heading }) => block.type === 'paragraph' && !block.text.startsWith('**Example') && !(heading && closingHeading.test(heading.text)));
  const last = new Map<Block | undefined, Block>();
  for (const home of homes) last.set(home.heading, home.block);
  const sections = [...last.entries()];
  let words = blockWords(blocks);
  for (let round = 0, idle = 0; words < target && idle < sections.length && sections.length > 0; round += 1) {
    const [heading, paragraph] = sections[round % sections.length]!;
    const focus = (heading && keyPhrases(heading.text, 1)[0]) || found.focuses[0] || found.topic;
    const sentence = composer.elaboration(focus);
    if (!sentence) {
      idle += 1;
      continue;
    }
    idle = 0;
    paragraph.text = `${paragraph.text} ${sentence}`;
    words = blockWords(blocks);
  }
}

/** Applies a tone; casual and friendly text also gets one opener so the change reads at once. */
function retone(content: string, tone: NonNullable<RevisionRequest['tone']>, seed: number): string {
  const toned = applyTone(content, tone);
  if (tone !== 'casual' && tone !== 'friendly') return toned;
  const blocks = parseBlocks(toned);
  const paragraph = blocks.find((block) => block.type === 'paragraph' && !block.text.startsWith('**'));
  if (paragraph && !asides[tone].some((aside) => paragraph.text.startsWith(aside))) {
    paragraph.text = `${pick(asides[tone], seed, 'revision')} ${lowerFirst(paragraph.text)}`;
  }
  return renderBlocks(blocks);
}
