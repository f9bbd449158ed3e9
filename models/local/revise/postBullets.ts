import { splitParagraph, type Block } from '../text/blocks.js';
import { verbInflection } from '../text/grammar.js';
import { isHashtagLine } from './email.js';
import { readableLines, type ChangeOutcome } from './outcome.js';

/**
 * "bullet points instead" on a post (paragraphs only, a line of hashtags): its facts, the news line
 * first, become the bullets; its call to action stays one line after them ("Know someone? Send
 * them our way." is one ask, not two points), and a stock opener ("Some news to share:") stays above.
 */

/** A sentence that asks the reader: a question, an imperative ("Apply on our careers page"), a "link in the comments". */
function asks(sentence: string): boolean {
  const first = /^\s*([\p{L}'’-]+)/u.exec(sentence)?.[1] ?? '';
  return /\?\s*$/.test(sentence) || verbInflection(first)?.form === 'base' || /\b(?:link in (?:the )?(?:comments|bio)|dm me|reach out|get in touch|sign up)\b/i.test(sentence);
}

const opener = (text: string) => !/\d/.test(text) && /^(?:(?:some|big|exciting|quick|great|good|happy)\s+(?:news|update)|news|update|announcement)\b|:\s*$/i.test(text.trim());

/** The post as a list, or undefined when it is no post of paragraphs (a letter, a document with headings or lists). */
export function postAsBullets(blocks: Block[], part: string): ChangeOutcome | undefined {
  if (blocks.some((block) => block.type !== 'paragraph' && block.type !== 'frontmatter')) return undefined;
  const paragraphs = blocks.filter((block) => block.type === 'paragraph' && !isHashtagLine(block.text));
  if (paragraphs.length < 2) return undefined;
  const open = opener(paragraphs[0]!.text) ? paragraphs[0] : undefined;
  const calls = paragraphs.filter((block) => block !== open && splitParagraph(block.text).every(asks));
  const facts = paragraphs.filter((block) => block !== open && !calls.includes(block)).flatMap((block) => splitParagraph(block.text));
  if (facts.length < 2) return undefined;
  const first = blocks.indexOf(paragraphs[0]!);
  const last = blocks.indexOf(paragraphs.at(-1)!);
  const rebuilt: Block[] = [...(open ? [open] : []), { type: 'list', text: facts.map((sentence) => `- ${sentence}`).join('\n') }, ...(calls.length > 0 ? [{ type: 'paragraph' as const, text: calls.map((block) => block.text).join(' ') }] : [])];
  // Hashtag lines among the paragraphs stay after the rest.
  const tags = blocks.slice(first, last + 1).filter((block) => block.type === 'paragraph' && isHashtagLine(block.text));
  blocks.splice(first, last - first + 1, ...rebuilt, ...tags);
  return { part, change: { type: 'format', paragraphs_to_lists: 1 }, check: (content) => (readableLines(content).filter((line) => /^- \S/.test(line)).length >= 2 ? undefined : 'the post has no bullet list') };
}
