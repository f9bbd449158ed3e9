import { countWords } from './text.js';

/**
 * The parts of a markdown document the metrics look at. Results are markdown, optionally opened
 * by a `---` front-matter block whose `description` is the meta description.
 */
export interface DocumentParts {
  frontMatter: Record<string, string>;
  /** The first level-1 heading, else the front matter's title, else ''. */
  title: string;
  /** Every heading below the title, in order. */
  headings: string[];
  /** Prose without markup, code blocks or front matter; one line per block or list item. */
  body: string;
  metaDescription: string;
  codeBlocks: number;
  listItems: number;
}

const frontMatterPattern = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

export function splitFrontMatter(markdown: string): { frontMatter: Record<string, string>; rest: string } {
  const match = frontMatterPattern.exec(markdown);
  if (!match) return { frontMatter: {}, rest: markdown };
  const frontMatter: Record<string, string> = {};
  for (const line of (match[1] ?? '').split(/\r?\n/)) {
    const pair = /^([A-Za-z_][\w-]*):\s*(.*)$/.exec(line);
    if (pair?.[1]) frontMatter[pair[1].toLowerCase()] = unquote(pair[2] ?? '');
  }
  return { frontMatter, rest: markdown.slice(match[0].length) };
}

function unquote(value: string): string {
  const trimmed = value.trim();
  return /^(["']).*\1$/.test(trimmed) ? trimmed.slice(1, -1) : trimmed;
}

/** Removes inline markup: links keep their text, emphasis and code ticks go. */
export function stripInline(line: string): string {
  return line
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(\*|_)(\S(?:.*?\S)?)\1/g, '$2')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/<[^>]+>/g, '')
    .trim();
}

export function parseDocument(markdown: string): DocumentParts {
  const { frontMatter, rest } = splitFrontMatter(markdown);
  let title = '';
  const headings: string[] = [];
  const body: string[] = [];
  let codeBlocks = 0;
  let listItems = 0;
  let inCode = false;
  for (const raw of rest.split(/\r?\n/)) {
    const line = raw.trim();
    if (/^(```|~~~)/.test(line)) {
      if (!inCode) codeBlocks += 1;
      inCode = !inCode;
      continue;
    }
    if (inCode || line === '' || /^([-*_]\s*){3,}$/.test(line) || /^\|?\s*:?-{3,}/.test(line)) continue;
    const heading = /^(#{1,6})\s+(.*?)\s*#*$/.exec(line);
    if (heading) {
      const text = stripInline(heading[2] ?? '');
      if (heading[1] === '#' && !title) title = text;
      else headings.push(text);
      continue;
    }
    const item = /^(?:[-*+•]|\d+[.)])\s+(?:\[[ xX]\]\s+)?(.*)$/.exec(line);
    if (item) listItems += 1;
    const text = stripInline((item ? item[1] ?? '' : line).replace(/^>\s?/, '').replace(/\|/g, ' '));
    if (text) body.push(text);
  }
  return {
    frontMatter,
    title: title || frontMatter.title || '',
    headings,
    body: body.join('\n'),
    metaDescription: frontMatter.description ?? '',
    codeBlocks,
    listItems,
  };
}

/** All readable text of a document: title, headings and body. */
export function plainText(parts: DocumentParts): string {
  return [parts.title, ...parts.headings, parts.body].filter(Boolean).join('\n');
}

/** Words of a markdown document as `result.metadata.word_count` counts them. */
export function documentWordCount(markdown: string): number {
  return countWords(plainText(parseDocument(markdown)));
}
