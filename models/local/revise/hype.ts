import type { Block } from '../text/blocks.js';
import { frameBlocks } from './letter.js';
import { failed, readableLines, type ChangeOutcome } from './outcome.js';

/**
 * "less salesy", "tone down the hype", "too pushy": the claims stay, the hype goes. Hype adjectives
 * ("amazing, game-changing upgrade" is "upgrade"), pressure ("Act now -", "Don't miss out!",
 * "Hurry!") and "this incredible offer" ("this offer"). A letter's frame stays.
 */
export const lessHype = /\bless\s+(?:salesy|sales-y|pushy|hyp(?:e|ey|ed)|markety|marketing-?y|over\s+the\s+top|cheesy|spammy)\b|\btone\s+(?:it|this|that|the\s+hype)\s+down\b|\btone\s+down\s+the\s+(?:hype|sales\s+talk|marketing(?:\s+speak)?|superlatives)\b|\bnot\s+so\s+(?:salesy|pushy|hypey)\b|\btoo\s+(?:salesy|pushy|hypey|markety|spammy)\b|\b(?:remove|cut|drop|lose)\s+the\s+(?:hype|marketing\s+speak|sales\s+talk|buzzwords)\b/i;

const hypeWords = 'amazing|incredible|unbelievable|awesome|insane|mind-blowing|jaw-dropping|game-changing|groundbreaking|revolutionary|world-class|best-in-class|cutting-edge|unbeatable|unmissable|must-have|stunning|epic|ultimate|phenomenal|spectacular|fantastic|extraordinary|next-level|killer|massive';
// "an amazing, game-changing upgrade": the hype before a noun, with the commas and "and" between.
const hypeRun = new RegExp(`\\b(?:([Aa]n?)\\s+)?(?:(?:truly|really|absolutely|totally|simply)\\s+)?(?:${hypeWords})(?:\\s*(?:,|and)\\s*(?:(?:truly|really|absolutely|totally|simply)\\s+)?(?:${hypeWords}))*\\s+(?=([a-z]))`, 'gi');
const pressure: RegExp[] = [
  /\b(?:act|buy|order|sign up|upgrade|join) (?:now|today)\s*(?:[-–—:,!]+\s*|$)/gi,
  /\b(?:don'?t|do not) miss (?:out|this)[^.!?]*[.!?]+\s*/gi,
  /\bhurry[^.!?]*[.!?]+\s*/gi,
  /\b(?:for a )?limited time only[,!.]?\s*/gi,
  /\bwhile (?:stocks|supplies) last[,!.]?\s*/gi,
  /\bbefore it'?s too late[,!.]?\s*/gi,
];

export function removeHype(blocks: Block[]): ChangeOutcome {
  const part = 'less salesy';
  const frame = frameBlocks(blocks);
  const removed: string[] = [];
  for (const block of blocks) {
    if ((block.type !== 'paragraph' && block.type !== 'list') || frame.has(block)) continue;
    let text = block.text;
    // "an amazing upgrade" is "an upgrade": the article suits the word now after it.
    text = text.replace(hypeRun, (found, article: string | undefined, next: string) => {
      removed.push(found.replace(/^an?\s+/i, '').trim());
      return article ? `${article.charAt(0)}${/[aeiou]/i.test(next) ? 'n' : ''} ` : '';
    });
    for (const pattern of pressure) text = text.replace(pattern, (found) => (removed.push(found.trim()), ''));
    // A sentence starts with a capital again.
    text = text.replace(/(^|[.!?]\s+|\n[-*+]\s+)([a-z])/g, (_whole, gap: string, letter: string) => gap + letter.toUpperCase());
    block.text = text;
  }
  if (removed.length === 0) return failed(part, 'the document has no hype words or pressure to take out');
  return { part: `${part}: removed ${removed.map((found) => `"${found.replace(/[-–—:,!\s]+$/, '')}"`).join(', ')}`, check: (content) => (new RegExp(hypeRun.source, 'i').test(readableLines(content).join('\n')) ? 'a hype word is still there' : undefined) };
}
