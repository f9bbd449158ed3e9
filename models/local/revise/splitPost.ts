import { splitParagraph, type Block } from '../text/blocks.js';
import { isHashtagLine } from './email.js';
import { letterParts } from './letter.js';
import { failed, readableLines, type ChangeOutcome, type DeliverableValue } from './outcome.js';

/**
 * "split this into two posts", "make it a thread", "turn it into 3 tweets": the post's sentences in
 * that many posts, in order and of near the same length, each under "**Post 1 of 2**" and each with
 * the post's hashtags; the deliverable gets one post per part, so an integration publishes them
 * one after the other. Group 1: how many ("two", "3"), none for a thread (as many as it has
 * paragraphs, at most four).
 */
export const splitPosts = /\b(?:split|break|divide|cut|turn|make)\s+(?:it|this|the\s+post|the\s+tweet)\s+(?:up\s+)?(?:into|in)\s+(?:a\s+)?(two|three|four|2|3|4)?\s*(?:separate\s+|shorter\s+)?(?:posts|tweets|parts|thread)\b/i;

const counts: Record<string, number> = { two: 2, three: 3, four: 4 };
/** "**Post 1 of 2**": where each post of a split starts. */
export const postLabel = /^\*\*Post (\d+) of (\d+)\*\*$/;

export function splitPost(blocks: Block[], said: string | undefined): ChangeOutcome {
  const part = 'split into posts';
  if (letterParts(blocks) || blocks.some((block) => block.type === 'heading')) return failed(part, 'only a social post splits into posts; the document is not one');
  if (blocks.some((block) => block.type === 'paragraph' && postLabel.test(block.text.trim()))) return failed(part, 'the post is split already');
  const tags = blocks.filter((block) => block.type === 'paragraph' && isHashtagLine(block.text)).map((block) => block.text.trim()).join(' ');
  const paragraphs = blocks.filter((block) => (block.type === 'paragraph' || block.type === 'list') && !isHashtagLine(block.text));
  const sentences = paragraphs.flatMap((block) => (block.type === 'list' ? [block.text] : splitParagraph(block.text)));
  const wanted = said ? (counts[said.toLowerCase()] ?? Number(said)) : Math.min(4, Math.max(2, paragraphs.length));
  if (sentences.length < wanted) return failed(part, `the post has ${sentences.length} sentence(s): not enough for ${wanted} posts`);
  // Near-equal shares of the characters, cut only between sentences.
  const total = sentences.reduce((sum, sentence) => sum + sentence.length, 0);
  const groups: string[][] = [];
  let used = 0;
  for (const [index, sentence] of sentences.entries()) {
    const left = sentences.length - index;
    const due = groups.length < wanted && (groups.length === 0 || used + sentence.length / 2 > (total * groups.length) / wanted || left <= wanted - groups.length);
    if (due) groups.push([]);
    groups.at(-1)!.push(sentence);
    used += sentence.length;
  }
  const texts = groups.map((group) => group.join(' '));
  const rebuilt: Block[] = texts.flatMap((text, index) => [
    { type: 'paragraph' as const, text: `**Post ${index + 1} of ${texts.length}**` },
    { type: 'paragraph' as const, text },
    ...(tags ? [{ type: 'paragraph' as const, text: tags }] : []),
  ]);
  blocks.splice(0, blocks.length, ...blocks.filter((block) => block.type === 'frontmatter'), ...rebuilt);
  return {
    part: `${part}: ${texts.length}`,
    change: { type: 'restructure', posts: texts.length },
    check: (content) => (readableLines(content).filter((line) => postLabel.test(line.trim())).length === texts.length ? undefined : 'the posts are not there'),
  };
}

/** The posts of a split document, each with its own text and hashtags; undefined for a document that is one post. */
export function splitTexts(content: string): string[] | undefined {
  const parts = content.split(/^\*\*Post \d+ of \d+\*\*\s*$/m).map((part) => part.trim()).filter(Boolean);
  return /^\*\*Post 1 of \d+\*\*\s*$/m.test(content) ? parts : undefined;
}

/** The deliverable's posts read from a split document: one per part, each like the first post was. */
export function syncSplitPosts(deliverable: DeliverableValue, content: string): boolean {
  const texts = splitTexts(content);
  const posts = deliverable.data.posts;
  if (!texts || deliverable.kind !== 'social_posts' || !Array.isArray(posts) || posts.length === 0) return false;
  const model = posts[0] as Record<string, unknown>;
  deliverable.data.posts = texts.map((text) => ({ ...model, text, ...(Array.isArray(model.hashtags) ? { hashtags: text.match(/(?<![\w#])#\w+/g) ?? [] } : {}) }));
  return true;
}
