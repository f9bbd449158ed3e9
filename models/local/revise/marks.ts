import type { Block } from '../text/blocks.js';
import { isHashtagLine } from './email.js';
import { failed, readableLines, type ChangeOutcome } from './outcome.js';

/**
 * Feedback about marks rather than words: "use fewer exclamation marks", "no exclamation points",
 * "remove the emoji", "no hashtags". The words stay; only the marks go (code and front matter are left alone).
 */

/** "fewer exclamation marks", "less exclamation", "too many exclamation points", "no exclamation marks", "tone down the !!!". */
export const fewerExclamations = /(?:\b(?:fewer|less|no|not\s+so\s+many|too\s+many|(?:remove|drop|cut|lose|tone\s+down|without)(?:\s+(?:the|all|all\s+the|some\s+of\s+the))?)\s+)(?:exclamation(?:\s+(?:marks?|points?))?|exclamations|!+)(?=\W|$)/i;
/** "remove the emoji", "no emojis", "drop the emoticons", "lose the 🎉". */
export const removedEmoji = /\b(?:remove|drop|delete|cut|lose|strip|get\s+rid\s+of|no|without|fewer|less)\s+(?:the\s+|all\s+(?:the\s+)?|any\s+)?(?:emojis?|emoticons?|emoji\s+icons?)\b/i;

/** "remove the hashtags", "no hashtags please". */
export const removedHashtags = /\b(?:remove|drop|delete|cut|lose|strip|get\s+rid\s+of|no|without)\s+(?:the\s+|all\s+(?:the\s+)?|any\s+)?(?:hashtags?|tags)\b/i;

// An exclamation mark that ends a sentence, not the "!" of an image ("![alt](...)").
const bang = /!+(?=[\s*_"”')\]]|$)/g;
const emoji = /(?:\p{Extended_Pictographic}(?:\uFE0F|\u200D|\p{Emoji_Modifier})*)+/gu;
// "she starts Monday 🎉 she led design ...": the emoji ended a sentence; the next one gets a full stop and a capital.
// An emoji before a pronoun or a verb that tells the reader what to do ("🚀 try it free") ended a sentence.
const emojiAsStop = new RegExp(`(?<=[\\p{L}\\p{N}])\\s*${emoji.source}\\s+(she|he|they|we|i|it|you|our|this|that|there|try|join|check|come|get|sign|learn|read|see|start|grab|meet|let|don't|please|find|download|register|book|follow|watch|visit|click|tell|share|apply|say|stay)\\b`, 'giu');

const emojiAsComma = new RegExp(`(?<=[\\p{L}\\p{N}])\\s*${emoji.source}\\s+(?=(?:a|an|the|which|with|for|and|but|now|just)\\b)`, 'gu');

function editText(blocks: Block[], edit: (text: string) => string): void {
  for (const block of blocks) if (block.type === 'paragraph' || block.type === 'heading' || block.type === 'list') block.text = edit(block.text);
}

const bangs = (content: string) => readableLines(content).join('\n').match(bang)?.length ?? 0;

/** Each run of exclamation marks becomes one; "fewer" keeps the first only, "no" none (the rest end with a full stop). */
export function fewerBangs(blocks: Block[], feedback: string): ChangeOutcome {
  const none = /\b(?:no|remove|drop|cut|lose|without)\b[^.!?]*exclamation|\bno\s+!+/i.test(feedback);
  const part = none ? 'remove exclamation marks' : 'fewer exclamation marks';
  let kept = 0;
  let before = 0;
  editText(blocks, (text) => text.replace(bang, () => {
    before += 1;
    kept += 1;
    return !none && kept === 1 ? '!' : '.';
  }));
  if (before === 0) return failed(part, 'the document has no exclamation marks');
  const most = none ? 0 : 1;
  return { part, check: (content) => (bangs(content) > most ? `the document still has ${bangs(content)} exclamation marks` : undefined) };
}

const hashtag = /(?<![\w#&])#(?=\p{L})([\p{L}\p{N}_]+)/gu;

/** A post's line of hashtags goes; a hashtag inside a sentence keeps its word ("love #TypeScript" -> "love TypeScript"). */
export function removeHashtags(blocks: Block[]): ChangeOutcome {
  const part = 'remove hashtags';
  const tagged = blocks.filter((block) => (block.type === 'paragraph' || block.type === 'list') && new RegExp(hashtag.source, 'u').test(block.text));
  if (tagged.length === 0) return failed(part, 'the document has no hashtags');
  for (const block of tagged) {
    if (isHashtagLine(block.text)) blocks.splice(blocks.indexOf(block), 1);
    else block.text = block.text.replace(hashtag, '$1');
  }
  return { part, check: (content) => (new RegExp(hashtag.source, 'u').test(readableLines(content).filter((line) => !/^#+\s/.test(line)).join('\n')) ? 'the document still has a hashtag' : undefined) };
}

/** Removes every emoji; one that stood for the end of a sentence leaves a full stop, one between two parts of a sentence a comma. */
export function removeEmoji(blocks: Block[]): ChangeOutcome {
  const part = 'remove emoji';
  const had = blocks.some((block) => 'text' in block && new RegExp(emoji.source, 'u').test(block.text));
  if (!had) return failed(part, 'the document has no emoji');
  editText(blocks, (text) => text
    .replace(emojiAsStop, (_all, next: string) => `. ${next.charAt(0).toUpperCase()}${next.slice(1)}`)
    // "my first library 🚀 a tiny date parser": between two parts of a sentence it stood for a comma.
    .replace(emojiAsComma, ', ')
    .replace(emoji, '')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/ +([.,!?;:])/g, '$1')
    .replace(/^[ \t]+|[ \t]+$/gm, ''));
  return { part, check: (content) => (new RegExp(emoji.source, 'u').test(readableLines(content).join('\n')) ? 'the document still has an emoji' : undefined) };
}
