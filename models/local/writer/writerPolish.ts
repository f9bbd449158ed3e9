import { containsPhrase } from '../../../quality/text.js';
import { parseBlocks, renderBlocks, splitParagraph, titleOf, type Block } from '../text/blocks.js';
import { capitalize, lowerFirst, titleCase } from '../text/phrases.js';
import { pick } from '../text/seed.js';
import { applyTone, type Tone } from '../text/tone.js';

const fillers = /\b(?:basically|actually|literally|really|very|quite)\s+(?=\w)/gi;

function normalizeSentence(sentence: string): string {
  return sentence.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

/** The editor's pass: drops repeated sentences and filler words, tidies spacing, applies the tone. */
export function edit(markdown: string, tone: Tone): { content: string; duplicatesRemoved: number; fillersRemoved: number } {
  const seen = new Set<string>();
  let duplicatesRemoved = 0;
  let fillersRemoved = 0;
  const blocks: Block[] = [];
  for (const block of parseBlocks(markdown)) {
    if (block.type !== 'paragraph' && block.type !== 'list') {
      blocks.push(block);
      continue;
    }
    const units = block.type === 'list' ? block.text.split('\n') : splitParagraph(block.text);
    const kept = units
      .filter((unit) => {
        const key = normalizeSentence(unit);
        if (key.split(' ').length < 4 || !seen.has(key)) {
          seen.add(key);
          return true;
        }
        duplicatesRemoved += 1;
        return false;
      })
      .map((unit) =>
        unit
          .replace(fillers, () => {
            fillersRemoved += 1;
            return '';
          })
          .replace(/\s{2,}/g, ' ')
          .replace(/\s+([,.;:!?])/g, '$1')
          .replace(/([.!?])\1+/g, '$1'),
      );
    if (kept.length > 0) blocks.push({ ...block, text: kept.join(block.type === 'list' ? '\n' : ' ') });
  }
  return { content: applyTone(renderBlocks(blocks), tone), duplicatesRemoved, fillersRemoved };
}

const keywordSentences = ['{k} is part of this picture too.', 'Keep {k} in mind here as well.', 'The same applies to {k}.'];

// Sections whose headings name their role; rewriting them around a keyword would hide that role.
const fixedHeadings = /^(overview|key concepts|examples|conclusion|summary|wrapping up|key takeaways|next steps|in this issue|until next time)$/i;

/** The text of the section under a heading, up to the next heading of its level or above. */
function sectionText(blocks: Block[], heading: Block): string {
  const start = blocks.indexOf(heading);
  const levelOf = (block: Block) => (block.type === 'heading' ? block.level : 9);
  const end = blocks.findIndex((block, index) => index > start && levelOf(block) <= levelOf(heading));
  return blocks.slice(start + 1, end < 0 ? undefined : end).map((block) => block.text).join('\n');
}

export interface SeoResult {
  content: string;
  titleHasKeyword: boolean;
  keywordsInHeadings: string[];
  keywordsAdded: string[];
  metaDescription: string;
}

/**
 * Works keywords into the title, the headings that lack one, and the body where missing, and
 * writes a meta description (front matter) that carries the primary keyword. Without keywords
 * only the meta description is written. Social posts get no front matter.
 */
export function optimize(markdown: string, keywords: string[], options: { social: boolean; tone: Tone; seed: number; thorough: boolean }): SeoResult {
  const blocks = parseBlocks(markdown).filter((block) => block.type !== 'frontmatter');
  const result: SeoResult = { content: markdown, titleHasKeyword: false, keywordsInHeadings: [], keywordsAdded: [], metaDescription: '' };
  const [primary = ''] = keywords;
  const title = blocks.find((block) => block.type === 'heading' && block.level === 1);
  if (title && primary && !containsPhrase(title.text, primary)) {
    title.text = title.text.includes(':') ? `${titleCase(primary)}: ${title.text.split(':')[0]!.trim()}` : `${titleCase(primary)}: ${title.text}`;
  }
  result.titleHasKeyword = title !== undefined && primary !== '';
  const sections = blocks.filter((block) => block.type === 'heading' && block.level === 2 && !fixedHeadings.test(block.text));
  const headingText = () => sections.map((block) => block.text).join('\n');
  const missing = keywords.filter((keyword) => !containsPhrase(headingText(), keyword));
  // A thorough pass (seo_optimized) puts a keyword in every section heading.
  const targets = options.thorough ? missing.concat(keywords) : missing;
  for (const heading of sections) {
    if (targets.length === 0) break;
    if (keywords.some((keyword) => containsPhrase(heading.text, keyword))) continue;
    // A keyword names a section only when the section is about it: "Priority queue: PeekMany" over
    // a line on the API is a stock prefix, not a topic (a thorough pass still names every section).
    const about = sectionText(blocks, heading);
    const index = options.thorough ? 0 : targets.findIndex((keyword) => containsPhrase(about, keyword));
    if (index < 0) continue;
    const keyword = targets.splice(index, 1)[0]!;
    heading.text = `${capitalize(keyword)}: ${lowerFirst(heading.text)}`;
  }
  result.keywordsInHeadings = keywords.filter((keyword) => containsPhrase(headingText(), keyword));
  const paragraphs = blocks.filter((block) => block.type === 'paragraph');
  const body = () => paragraphs.map((block) => block.text).join('\n');
  for (const keyword of keywords) {
    if (containsPhrase(body(), keyword) || paragraphs.length === 0) continue;
    const home = paragraphs[Math.min(paragraphs.length - 1, 1 + result.keywordsAdded.length)]!;
    const sentence = pick(keywordSentences, options.seed, keyword).replace('{k}', keyword);
    home.text = `${home.text} ${applyTone(capitalize(sentence), options.tone)}`;
    result.keywordsAdded.push(keyword);
  }
  if (options.social) {
    result.content = renderBlocks(blocks);
    return result;
  }
  result.metaDescription = metaDescription(paragraphs[0]?.text ?? '', primary);
  const front = [`title: ${JSON.stringify(titleOf(blocks))}`, `description: ${JSON.stringify(result.metaDescription)}`];
  if (keywords.length > 0) front.push(`keywords: ${JSON.stringify(keywords.join(', '))}`);
  result.content = renderBlocks([{ type: 'frontmatter', text: front.join('\n') }, ...blocks]);
  return result;
}

/** Up to 155 characters of the opening, at a word boundary, carrying the primary keyword. */
export function metaDescription(opening: string, primary: string): string {
  const plain = opening.replace(/\*\*|__|`/g, '');
  let text = splitParagraph(plain).slice(0, 2).join(' ');
  if (primary && !containsPhrase(text, primary)) text = `${capitalize(primary)}: ${lowerFirst(text)}`;
  if (text.length <= 155) return text;
  const cut = text.slice(0, 154);
  return `${cut.slice(0, cut.lastIndexOf(' '))}…`;
}

/** The publisher's pass: one blank line between blocks, no trailing spaces, nothing else changed. */
export function publish(markdown: string): string {
  return renderBlocks(parseBlocks(markdown)).replace(/[ \t]+$/gm, '').trim();
}
