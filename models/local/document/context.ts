import { contentTerms, stem } from '../../../quality/text.js';
import { capitalize, literal } from '../text/phrases.js';
import type { Form } from './formats.js';
import type { Item, Material } from './material.js';
import type { Recognised } from './recognise.js';

/** What every builder and renderer of a document reads. */
export interface DocumentContext {
  recognised: Recognised;
  material: Material;
  form: Form;
  brief: string;
  requirements: Record<string, unknown>;
  /** Internal readers (the team, engineers) may see references; customers and patients do not. */
  internal: boolean;
  seed: number;
}

/** The subject as a title: first letter up, the rest as written ("Composting in small apartments"). */
export function titled(subject: string): string {
  const trimmed = subject.trim();
  // A version or a name with capitals of its own is written as its owner wrote it: "v2.3", "iOS
  // app 5.2", "macOS", not "V2.3", "IOS app 5.2".
  return /^(?:v\d|[a-z]+[A-Z])/.test(trimmed) ? trimmed : capitalize(trimmed);
}

/**
 * A document's title: "Driver app 2.3: release notes"; when the ask names no subject ("Summarise
 * this: ..."), the deliverable's own name, "Meeting summary".
 */
export function titleWith(ctx: Pick<DocumentContext, 'recognised'>, name: string): string {
  // "weekly KPI review", "project status update": a cadence or a scope is what kind of review it is, "Weekly status review", not a subject "Weekly".
  if (/^(?:weekly|monthly|quarterly|daily|annual|yearly|biweekly|fortnightly|project|team|sprint|company|product|department|programme|program)$/i.test(ctx.recognised.subject.trim())) return `${titled(ctx.recognised.subject.trim())} ${name}`;
  // "release notes" asked for by name alone: "Release notes", not "Release notes: release notes".
  // "retro notes", "meeting notes": the notes are the deliverable itself, "Retrospective".
  if ([name.toLowerCase(), 'notes', 'meeting notes', 'write-up', 'writeup'].includes(ctx.recognised.subject.trim().replace(/^(?:the|our|some|my)\s+/i, '').toLowerCase())) return capitalize(name);
  if (!ctx.recognised.generic) return `${titled(ctx.recognised.subject)}: ${name}`;
  return name === 'summary' ? 'Meeting summary' : capitalize(name);
}

/** "existing annual plans keep the old price" and "hand-poured in Bristol" start their sentence with a capital; "npm", "iOS" and "eBay" keep theirs. */
export function sentenceStart(line: string): string {
  return /^\p{Ll}[\p{Ll}'’-]*(?=[\s,.;:!?])/u.test(line) && !/^(?:npm|npx|pnpm|yarn|git|curl|ios|ipad|iphone|ebay|macos|e\.g|i\.e)\b/i.test(line) ? `${line.charAt(0).toUpperCase()}${line.slice(1)}` : line;
}

/** A statement as printed: its citation after it when it came from a knowledge passage or a tool's document. */
export function said(item: Item): string {
  const text = item.text.trim();
  const stopped = /[.!?]$/.test(text) ? text : `${text}.`;
  return item.cite ? `${stopped.replace(/[.!?]$/, '')} ${item.cite}.` : stopped;
}

/**
 * A statement printed on its own, starting as a sentence does ("brunch starts Oct 5" -> "Brunch
 * starts Oct 5."), unless its first word is a command or a name written in code in the material
 * ("pgmigrate requires Node 20" after "`npm install -g pgmigrate`").
 */
export function statement(ctx: DocumentContext, item: Item): string {
  const line = said(item);
  const first = /^[\p{L}\d_-]+/u.exec(line)?.[0] ?? '';
  const inCode = first !== '' && [...ctx.material.sources.matchAll(/`([^`\n]+)`/g), ...ctx.material.code.map((block) => [block.code, block.code])].some((code) => new RegExp(`(?:^|[^\\w-])${literal(first)}(?![\\w-])`).test(code[1]!));
  return inCode ? line : sentenceStart(line);
}

/** Items a reader outside the team may see: internal notes are for the author. */
export function forReaders(ctx: DocumentContext): Item[] {
  return ctx.material.items.filter((item) => !(item.section && /internal|private|for the writer|for you|not for (?:publication|print)|author|staff only/.test(item.section)));
}

/** Whether two texts share at least `least` content terms (plural-insensitive). */
export function related(a: string, b: string, least = 1): boolean {
  const terms = new Set(contentTerms(a).map(stem));
  return new Set(contentTerms(b).map(stem).filter((term) => terms.has(term))).size >= least;
}

// "Maya Patel is our new CTO.": who the piece is about comes before what they did.
const introduces = /^[A-Z][\p{L}'’-]+(?:\s+[A-Z][\p{L}'’-]+)+\s+is\s+(?:our|the|my)\s/u;

/** Items introducing someone first, then those with figures, then in order; each at most once. */
export function byWeight(items: Item[]): Item[] {
  return items.map((item, index) => ({ item, index, weight: (/\d/.test(item.text) ? 2 : 0) + (item.origin === 'brief' ? 1 : 0) + (introduces.test(item.text) ? 3 : 0) })).sort((a, b) => b.weight - a.weight || a.index - b.index).map((entry) => entry.item);
}

/** Requirement facts that belong in the document (the audience steers the wording instead). */
export function printedFacts(ctx: DocumentContext): string[] {
  return ctx.material.requirements.filter((fact) => fact.key !== 'audience').map((fact) => `**${fact.label}:** ${fact.value}`);
}

/** Target keywords the text does not hold yet. */
export function missingKeywords(ctx: DocumentContext, text: string): string[] {
  const lower = text.toLowerCase();
  return ctx.material.keywords.filter((keyword) => !lower.includes(keyword.toLowerCase()));
}

export function sentenceOf(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? capitalize(trimmed) : `${capitalize(trimmed)}.`;
}
