import type { Block } from '../text/blocks.js';
import { shortSubject } from './emailParts.js';
import { failed, readableLines, type ChangeOutcome } from './outcome.js';

/**
 * "make the titles shorter", "shorter headings", "shorten the title": the headings, never the body
 * (it was read as "make it shorter" and cut tickets' acceptance criteria). A heading loses its aside
 * and, past seven words, the place it names ("Csv export times out on large accounts in the EU
 * region" keeps "Csv export times out on large accounts"); a numbered ticket keeps its number.
 */
export const shorterTitles = /\b(?:make|keep|get)\s+the\s+(?:ticket\s+|section\s+|post\s+|blog\s+)?(titles?|headings?|headers?|headlines?)\s+(?:a\s+(?:bit|lot)\s+|much\s+)?(?:shorter|tighter|more\s+concise)|\b(?:shorter|tighter)\s+(titles?|headings?|headers?|headlines?)|\bshorten\s+the\s+(?:ticket\s+|section\s+)?(titles?|headings?|headers?|headlines?)|\b(titles?|headings?|headers?|headlines?)\s+(?:is|are)\s+too\s+long\b/i;

const number = /^\d+\.\s+/;

function withoutCondition(text: string): string {
  const words = text.split(/\s+/);
  const at = words.findIndex((word, index) => index >= 3 && /^(?:when|whenever|if|unless|while|during|after|before|until|once)$/i.test(word));
  return words.length > 7 && at > 0 ? words.slice(0, at).join(' ') : text;
}

export function shortenTitles(blocks: Block[], match: RegExpMatchArray): ChangeOutcome {
  const word = (match[1] ?? match[2] ?? match[3] ?? match[4] ?? 'title').toLowerCase();
  const plural = /s$/.test(word);
  const part = `shorter ${plural ? 'headings' : 'title'}`;
  const headings = blocks.filter((block): block is Block & { type: 'heading'; level: number } => block.type === 'heading' && (plural ? block.level >= 2 || !blocks.some((other) => other.type === 'heading' && other.level >= 2) : block.level === 1));
  if (headings.length === 0) return failed(part, `the document has no ${plural ? 'headings' : 'title'}`);
  const changed: string[] = [];
  for (const heading of headings) {
    const numbered = number.exec(heading.text)?.[0] ?? '';
    const text = heading.text.slice(numbered.length).replace(/\s*\([^)]*\)\s*$/, '').trim();
    // A heading cut off mid-phrase ("... on mobile Safari when the") loses the words that lead nowhere.
    // Past seven words, a heading also ends before its condition ("... on mobile Safari when the keyboard is open").
    const short = withoutCondition(shortSubject(text)).replace(/(?:\s+(?:the|a|an|when|while|if|in|on|of|for|to|and|or|with|at|by|from|is|are))+$/i, '');
    if (short === heading.text.slice(numbered.length)) continue;
    heading.text = `${numbered}${short}`;
    changed.push(heading.text);
  }
  const longest = Math.max(...headings.map((heading) => heading.text.replace(number, '').split(/\s+/).length));
  if (changed.length === 0) return failed(part, `the ${plural ? 'headings are' : 'title is'} ${longest} words at most, with no aside or place to leave out; give the ${plural ? 'ones' : 'one'} you want ("change the title to ...")`);
  return { part: `${part}: ${changed.join('; ')}`, check: (content) => (changed.every((text) => readableLines(content).some((line) => line.replace(/^#+\s+/, '') === text)) ? undefined : 'a heading is not the shorter one') };
}
