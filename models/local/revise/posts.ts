import { splitParagraph, type Block } from '../text/blocks.js';
import { literal } from '../text/phrases.js';
import { isHashtagLine } from './email.js';
import { failed, readableLines, type ChangeOutcome } from './outcome.js';

/**
 * What people ask of a social post once it is written: a hashtag of their own, a person tagged, an
 * emoji, a length in characters.
 */

/** "add the hashtag #LisbonTech", "add #LisbonTech and #Hiring", "include the hashtags #a #b". */
export const addedHashtags = /\b(?:add|include|use|put\s+in|append)\s+(?:the\s+|a\s+)?(?:hash\s*tags?\s+)?((?:#[\p{L}\p{N}_]+(?:\s*(?:,|and|&)?\s*)){1,6})/iu;

/** The post's hashtag line gets the given tags (one is made when it has none); a tag already there is not repeated. */
export function addHashtags(blocks: Block[], typed: string): ChangeOutcome {
  const tags = [...typed.matchAll(/#[\p{L}\p{N}_]+/gu)].map((match) => match[0]);
  const part = `add hashtags: ${tags.join(' ')}`;
  const line = [...blocks].reverse().find((block) => block.type === 'paragraph' && isHashtagLine(block.text));
  const have = new Set((line?.text.match(/#[\p{L}\p{N}_]+/gu) ?? []).map((tag) => tag.toLowerCase()));
  const fresh = tags.filter((tag) => !have.has(tag.toLowerCase()));
  if (fresh.length === 0) return failed(part, 'the post has those hashtags already');
  if (line) line.text = `${line.text.trim()} ${fresh.join(' ')}`;
  else blocks.push({ type: 'paragraph', text: fresh.join(' ') });
  return { part, check: (content) => (fresh.every((tag) => content.includes(tag)) ? undefined : 'a hashtag is missing') };
}

/** "tag Sam", "tag Sam Costa and Priya", "@mention Sam". Group 1: the names. */
export const taggedPeople = /\b(?:tag|@-?mention)\s+((?:[A-Z][\p{L}'’-]+)(?:\s+[A-Z][\p{L}'’-]+)?(?:\s*(?:,|and|&)\s*[A-Z][\p{L}'’-]+(?:\s+[A-Z][\p{L}'’-]+)?)*)/u;

/** Each named person's first mention (the full name the post gives, "Sam Costa" for "Sam") becomes "@Sam Costa". */
export function tagPeople(blocks: Block[], typed: string): ChangeOutcome {
  const names = typed.split(/\s*(?:,|\band\b|&)\s*/).map((name) => name.trim()).filter(Boolean);
  const part = `tag: ${names.join(', ')}`;
  const missing: string[] = [];
  for (const name of names) {
    const mention = new RegExp(`(?<![@\\p{L}])${literal(name)}(?:\\s+[A-Z][\\p{L}'’-]+)?(?![\\p{L}])`, 'u');
    const block = blocks.find((candidate) => (candidate.type === 'paragraph' || candidate.type === 'list') && mention.test(candidate.text));
    if (!block) {
      missing.push(name);
      continue;
    }
    block.text = block.text.replace(mention, (found) => `@${found}`);
  }
  if (missing.length === names.length) return failed(part, `the post does not name ${missing.join(' or ')}; say what to say about them (e.g. "mention that ${missing[0]} ...")`);
  return { part, check: (content) => (names.filter((name) => !missing.includes(name)).every((name) => content.includes(`@${name}`)) ? undefined : 'a person is not tagged') };
}

/** "add an emoji", "add some emojis", "a few emojis please". */
export const addedEmoji = /\b(?:add|use|put\s+in|include|with|a\s+few|some)\s+(?:an?\s+|some\s+|a\s+few\s+|more\s+)?emoj(?:i|is|ies)\b/i;

// An emoji for what a sentence says: the first that fits is used.
const emojiFor: Array<[RegExp, string]> = [
  [/\b(?:launch|launches|launched|ships?|shipped|shipping|live|release[sd]?|new)\b/i, '🚀'],
  [/\b(?:hit|reached|milestone|\d[\d,.]*k?\s+(?:customers|users|members|subscribers|downloads)|anniversary|birthday|raised|won|award)\b/i, '🎉'],
  [/\b(?:hiring|join\s+us|open\s+roles?|careers?|we(?:'re| are)\s+looking)\b/i, '💼'],
  [/\b(?:office|opens?|opening|city|located|move|moving)\b/i, '📍'],
  [/\b(?:thanks?|thank\s+you|grateful)\b/i, '🙏'],
  [/\b(?:event|webinar|meetup|conference|join|register|rsvp|on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b/i, '📅'],
];

/** An emoji after the sentence it suits best (with "some emojis", up to three sentences), chosen by what each says; ✨ after the first when none says anything an emoji stands for. */
export function addEmoji(blocks: Block[], feedback: string): ChangeOutcome {
  const part = 'add emoji';
  const many = /\b(?:some|a\s+few|more)\s+emoj|emoj(?:is|ies)\b/i.test(feedback);
  const body = blocks.filter((block) => block.type === 'paragraph' && !isHashtagLine(block.text) && !/^\*\*|^#/.test(block.text.trim()));
  const sentences = body.flatMap((block) => splitParagraph(block.text).map((sentence, index) => ({ block, index, sentence })));
  const fitting = sentences.flatMap((entry) => {
    const emoji = emojiFor.find(([pattern]) => pattern.test(entry.sentence))?.[1];
    return emoji && !/\p{Extended_Pictographic}/u.test(entry.sentence) ? [{ ...entry, emoji }] : [];
  });
  const chosen = fitting.length > 0 ? fitting.slice(0, many ? 3 : 1) : sentences.slice(0, 1).map((entry) => ({ ...entry, emoji: '✨' }));
  if (chosen.length === 0) return failed(part, 'the post has no sentence to put an emoji after');
  for (const block of new Set(chosen.map((entry) => entry.block))) {
    const parts = splitParagraph(block.text);
    for (const entry of chosen) if (entry.block === block) parts[entry.index] = `${parts[entry.index]} ${entry.emoji}`;
    block.text = parts.join(' ');
  }
  return { part, check: (content) => (/\p{Extended_Pictographic}/u.test(content) ? undefined : 'the post has no emoji') };
}

/** "under 100 characters", "max 280 chars", "keep it below 200 characters". Group 1: the limit. */
export const characterLimit = /\b(?:under|below|max(?:imum)?|at\s+most|less\s+than|fewer\s+than|no\s+more\s+than|within|up\s+to)\s+(\d{2,4})\s*(?:characters|chars)\b|\b(\d{2,4})\s*(?:characters|chars)\s+(?:max|or\s+less|at\s+most)\b/i;

// Lines a post can lose first: the stock opener and invitation, not the news.
const filler = /^(?:some news|big news|exciting news|news:|we(?:'re| are) (?:excited|thrilled|happy|proud) to (?:share|announce)|take a look|tell us what you think|let us know what you think|stay tuned|more soon)/i;

/** Drops the post's stock lines first, then its last sentences (never its first statement, nor its hashtags unless nothing else fits) until it fits `limit` characters. */
export function fitCharacters(blocks: Block[], limit: number): ChangeOutcome {
  const part = `length: at most ${limit} characters`;
  const length = () => readableLines(blocksText(blocks)).join('\n').length;
  const body = blocks.filter((block) => block.type === 'paragraph' && !isHashtagLine(block.text));
  const sentences = () => body.flatMap((block) => splitParagraph(block.text).map((sentence) => ({ block, sentence })));
  const drop = (entry: { block: Block; sentence: string }) => {
    entry.block.text = splitParagraph(entry.block.text).filter((sentence) => sentence !== entry.sentence).join(' ');
  };
  for (const entry of sentences().filter((candidate) => filler.test(candidate.sentence.trim()))) if (length() > limit && sentences().length > 1) drop(entry);
  while (length() > limit && sentences().length > 1) drop(sentences().at(-1)!);
  const tags = blocks.find((block) => block.type === 'paragraph' && isHashtagLine(block.text));
  if (length() > limit && tags) blocks.splice(blocks.indexOf(tags), 1);
  if (length() > limit) return failed(part, `its first sentence alone is longer than ${limit} characters`);
  return { part, check: (content) => (content.trim().length <= limit ? undefined : `the post has ${content.trim().length} characters`) };
}

function blocksText(blocks: Block[]): string {
  return blocks.filter((block) => block.text.trim() !== '').map((block) => block.text).join('\n\n');
}
