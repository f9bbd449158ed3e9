import { countWords } from '../../../quality/text.js';

/** A markdown document as blocks, so later stages can edit it without re-deriving it. */
export type Block =
  | { type: 'frontmatter'; text: string }
  | { type: 'heading'; level: number; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'list'; text: string }
  /** A Markdown table, kept line for line: no edit may join or reflow its rows. */
  | { type: 'table'; text: string }
  | { type: 'code'; text: string };

export function parseBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.replace(/\r\n/g, '\n').split('\n');
  let index = 0;
  if (lines[0] === '---') {
    const end = lines.indexOf('---', 1);
    if (end > 0) {
      blocks.push({ type: 'frontmatter', text: lines.slice(1, end).join('\n') });
      index = end + 1;
    }
  }
  let pending: string[] = [];
  let pendingType: 'paragraph' | 'list' = 'paragraph';
  const flush = () => {
    // A paragraph's hard line break (two trailing spaces: a letter's "Sincerely,  " over the name) is kept.
    if (pending.length > 0) blocks.push({ type: pendingType, text: pendingType === 'list' ? pending.join('\n') : pending.map((line, at) => (at === 0 ? '' : / {2}$/.test(pending[at - 1]!) ? '\n' : ' ') + line).join('').trim() });
    pending = [];
  };
  for (; index < lines.length; index += 1) {
    const line = lines[index]!;
    if (/^\s*(```|~~~)/.test(line)) {
      flush();
      const fence = line.trim().slice(0, 3);
      const body = [line];
      for (index += 1; index < lines.length && !lines[index]!.trim().startsWith(fence); index += 1) body.push(lines[index]!);
      body.push(lines[index] ?? fence);
      blocks.push({ type: 'code', text: body.join('\n') });
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      blocks.push({ type: 'heading', level: heading[1]!.length, text: heading[2]!.trim() });
      continue;
    }
    if (line.trim() === '') {
      flush();
      continue;
    }
    if (/^\s*\|/.test(line)) {
      flush();
      const rows = [line];
      while (index + 1 < lines.length && /^\s*\|/.test(lines[index + 1]!)) rows.push(lines[(index += 1)]!);
      blocks.push({ type: 'table', text: rows.join('\n') });
      continue;
    }
    const isItem = /^\s*(?:[-*+]|\d+[.)])\s+/.test(line);
    if (pending.length > 0 && (isItem ? 'list' : 'paragraph') !== pendingType && !(pendingType === 'list' && /^\s+/.test(line))) flush();
    if (pending.length === 0) pendingType = isItem ? 'list' : 'paragraph';
    pending.push(pendingType === 'paragraph' ? (/\S {2,}$/.test(line) ? `${line.trim()}  ` : line.trim()) : line);
  }
  flush();
  return blocks;
}

export function renderBlocks(blocks: Block[]): string {
  return blocks
    .map((block) => {
      switch (block.type) {
        case 'frontmatter':
          return `---\n${block.text}\n---`;
        case 'heading':
          return `${'#'.repeat(block.level)} ${block.text}`;
        default:
          return block.text;
      }
    })
    .join('\n\n');
}

/** Sentences of one paragraph; a bold lead-in such as "**Example 1: X.**" stays one unit. */
export function splitParagraph(text: string): string[] {
  return text.split(/(?<=[.!?]["'”’)]?|[.!?]\*\*)\s+(?=[A-Z0-9*"“(#])/).filter((sentence) => sentence.trim() !== '');
}

export function blockWords(blocks: Block[]): number {
  return blocks.reduce((sum, block) => sum + (block.type === 'code' || block.type === 'frontmatter' || block.type === 'table' ? 0 : countWords(block.text)), 0);
}

/** The title (first level-1 heading) of the blocks, or ''. */
export function titleOf(blocks: Block[]): string {
  const title = blocks.find((block) => block.type === 'heading' && block.level === 1);
  return title?.text ?? '';
}
