import { contentTerms, stem } from '../../../quality/text.js';
import { wordFamily } from '../text/grammar.js';
import type { Correction } from '../../revisionFacts.js';
import type { Block } from '../text/blocks.js';
import { literal } from '../text/phrases.js';
import { readableLines, type ChangeOutcome } from './outcome.js';

/**
 * Corrections the feedback states, applied everywhere they hold: an owner is replaced on every
 * line about the task the feedback names (a line about that task with no owner gets one), a fact
 * everywhere the wrong one is written. Verified on the final content: no line about the task
 * still names the wrong person, and one names the right one.
 */

/** The wrong person as the document writes them: "Maria" also matches "Maria Lopez". */
export function personPattern(name: string): RegExp {
  const parts = name.trim().split(/\s+/);
  return new RegExp(`\\b${literal(parts.join(' '))}(?:\\s+[A-Z][\\w'’-]+)?\\b`, 'g');
}

export function aboutTerms(about: string): string[] {
  return [...new Set([...contentTerms(about).map(wordFamily), ...(about.match(/\d+/g) ?? [])])];
}


/** Whether `line` is about the task: it shares most of the task's terms (all of them when there are two or fewer). */
export function isAbout(line: string, terms: string[]): boolean {
  if (terms.length === 0) return true;
  const have = new Set([...contentTerms(line).map(wordFamily), ...(line.match(/\d+/g) ?? [])]);
  const shared = terms.filter((term) => have.has(term) || have.has(stem(term))).length;
  return shared >= Math.min(terms.length, Math.max(2, Math.ceil(terms.length * 0.6)));
}

const itemPrefix = /^(\s*(?:[-*+]\s+(?:\[[ xX]\]\s+)?|\d+[.)]\s+)?)/;

function fixOwnerLine(line: string, correction: Correction, terms: string[]): string {
  if (!isAbout(line, terms)) return line;
  const wrong = personPattern(correction.wrong);
  if (wrong.test(line)) return line.replace(personPattern(correction.wrong), correction.right);
  if (line.includes(correction.right) || /^\s*\|/.test(line)) return line;
  // An action line with no owner: "- I'll send van 7 ..." becomes "- Jan de Vries: send van 7 ...".
  const prefix = itemPrefix.exec(line)![1]!;
  const rest = line.slice(prefix.length).replace(/^(?:I'll|I will|I'm going to|I am going to|let me)\s+/i, '');
  return `${prefix}${correction.right}: ${rest}`;
}

function editable(block: Block): boolean {
  return block.type === 'list' || block.type === 'paragraph' || block.type === 'table' || block.type === 'heading';
}

export function applyCorrection(blocks: Block[], correction: Correction): ChangeOutcome {
  if (correction.kind === 'owner') {
    const part = `correct owner: ${correction.about ? `${correction.about}: ` : ''}${correction.right}, not ${correction.wrong}`;
    const terms = correction.about ? aboutTerms(correction.about) : [];
    let touched = 0;
    for (const block of blocks) {
      if (!editable(block)) continue;
      const lines = block.type === 'paragraph' ? block.text.split(/(?<=[.!?])\s+/) : block.text.split('\n');
      const fixed = lines.map((line) => (terms.length === 0 && !personPattern(correction.wrong).test(line) ? line : fixOwnerLine(line, correction, terms)));
      if (fixed.join('\n') !== lines.join('\n')) touched += 1;
      block.text = fixed.join(block.type === 'paragraph' ? ' ' : '\n');
    }
    const aboutLines = blocks.filter(editable).flatMap((block) => block.text.split(/\n|(?<=[.!?])\s+/)).filter((line) => terms.length > 0 && isAbout(line, terms));
    if (touched === 0 && aboutLines.length > 0 && aboutLines.every((line) => line.includes(correction.right))) return { part, reason: `the document already names ${correction.right} for "${correction.about}"` };
    if (touched === 0) return { part, reason: correction.about ? `the document never mentions "${correction.about}" with ${correction.wrong} or without an owner` : `the document does not name ${correction.wrong}` };
    return {
      part,
      change: { type: 'correct_owner', right: correction.right, wrong: correction.wrong, about: correction.about ?? null },
      check: (content) => {
        const lines = readableLines(content).filter((line) => isAbout(line, terms));
        if (lines.some((line) => personPattern(correction.wrong).test(line))) return `a line about ${correction.about ?? 'it'} still names ${correction.wrong}`;
        if (!lines.some((line) => line.includes(correction.right))) return `no line about ${correction.about ?? 'it'} names ${correction.right}`;
        return undefined;
      },
    };
  }
  const part = `correct fact: ${correction.right}, not ${correction.wrong}`;
  // "14 pounds, not 12": the unit the right figure carries is the wrong one's too ("12 pounds" -> "14 pounds", not "14 pounds pounds").
  const unit = /^\S*\d\S*\s+([\p{L}/-]+(?:\s+per\s+[\p{L}-]+)?)$/u.exec(correction.right.trim())?.[1];
  const bare = /^\S*\d\S*$/.test(correction.wrong.trim());
  // "change permit to pass": a lower-case word swapped for another is swapped in its plural too ("Permits" -> "Passes").
  const word = /^[a-z]+$/.test(correction.wrong.trim()) && /^[a-z]+$/.test(correction.right.trim());
  const wrong = new RegExp(`(?<![\\w$])${literal(correction.wrong)}${unit && bare ? `(?:\\s+${literal(unit)})?` : ''}${word ? '(s|es)?' : ''}(?![\\w%])`, 'giu');
  let found = 0;
  for (const block of blocks) {
    if (!editable(block)) continue;
    block.text = block.text.replace(wrong, (said: string, group: unknown) => {
      // Without the plural group, the second argument is the offset.
      const plural = word && typeof group === 'string' ? group : undefined;
      found += 1;
      const right = plural ? `${correction.right}${/(?:s|x|z|ch|sh)$/i.test(correction.right) ? 'es' : 's'}` : correction.right;
      // "Kind regards," -> "Cheers,": a capital where the document had one.
      return /^\p{Lu}/u.test(said) && /^\p{Ll}/u.test(right) ? right.charAt(0).toUpperCase() + right.slice(1) : right;
    });
  }
  if (found === 0) return { part, reason: `the document does not say "${correction.wrong}"` };
  return {
    part,
    change: { type: 'correct_fact', right: correction.right, wrong: correction.wrong, replaced: found },
    check: (content) => (new RegExp(wrong.source, 'i').test(readableLines(content).join('\n')) ? `the document still says "${correction.wrong}"` : content.toLowerCase().includes(correction.right.toLowerCase()) ? undefined : `the document does not say "${correction.right}"`),
  };
}
