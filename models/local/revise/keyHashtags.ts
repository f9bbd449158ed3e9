import type { Block } from '../text/blocks.js';
import { compromise } from '../text/compromise.js';
import { hashtagOf } from '../text/hashtags.js';
import { isHashtagLine } from './email.js';
import { letterParts } from './letter.js';
import { failed, type ChangeOutcome } from './outcome.js';

/**
 * "add hashtags", "add some relevant hashtags", "a few hashtags please": no tags given, so the
 * post gets a few made from its own key terms (the places, products and things it is about, and
 * #Hiring when it says it is hiring), never a tag it says nothing about.
 */
export const addedSomeHashtags = /\b(?:add|include|use|put\s+in|with|need|want)\s+(?:(?:a\s+few|a\s+couple(?:\s+of)?|some|more|few|two|three|2|3|relevant|fitting|good|appropriate)\s+)*hash\s*tags?\b(?!\s*:?\s*#)|^\W*(?:(?:a\s+few|some|more)\s+)?hash\s*tags?(?:\s+please)?\W*$/i;

// Nouns a tag of one word never stands for: they say nothing of what the post is about.
const generic = new Set(['room', 'people', 'person', 'place', 'there', 'thing', 'things', 'time', 'way', 'lot', 'lots', 'bit', 'day', 'week', 'year', 'today', 'tomorrow', 'everyone', 'anyone', 'someone', 'team', 'us', 'news', 'update', 'part', 'kind', 'sort', 'number', 'side', 'look', 'share', 'word', 'dependencies', 'details', 'info', 'questions']);
// Words a key term loses before it is a tag: "our new dark mode" is #DarkMode.
const leading = /^(?:(?:the|a|an|our|my|your|their|its|this|that|these|those|new|first|latest|tiny|small|big|great|huge|whole|next|same|own|very|some|more|all)\s+)+/i;

/** Up to `limit` tags from `text`'s key terms, in the order a reader meets them, proper names first. */
export function keyHashtags(text: string, limit: number): string[] {
  const doc = compromise()(text);
  const people = new Set((doc.people().out('array') as string[]).map((name) => name.replace(/[^\p{L} ]/gu, '').toLowerCase()));
  const proper: string[] = [];
  const compounds: string[] = [];
  const single: string[] = [];
  for (const noun of doc.nouns().not('#Pronoun').not('#Date').not('#Value').json() as Array<{ text: string; terms: Array<{ text: string; tags: string[] }> }>) {
    const words = noun.text.replace(/[^\p{L}\p{N} '-]/gu, ' ').replace(leading, '').trim().split(/\s+/).filter(Boolean);
    if (words.length === 0 || words.length > 3 || people.has(words.join(' ').toLowerCase())) continue;
    for (const term of noun.terms) if (term.tags.includes('ProperNoun') && !term.tags.includes('Person') && !people.has(term.text.replace(/\W/g, '').toLowerCase()) && /^\p{Lu}/u.test(term.text)) proper.push(term.text.replace(/[^\p{L}\p{N}]/gu, ''));
    if (words.length > 1) compounds.push(words.join(' '));
    else if (!generic.has(words[0]!.toLowerCase()) && words[0]!.length > 3) single.push(words[0]!);
  }
  // What the post does, as the tag people follow for it: "we are hiring", "ships tomorrow".
  const verbs = [[/\bhiring\b/i, 'Hiring'], [/\b(?:launch(?:es|ed|ing)?|ships?|shipped|shipping|released?|now live|goes live)\b/i, 'Launch'], [/\bopen[- ]source\b/i, 'OpenSource']].flatMap(([pattern, tag]) => ((pattern as RegExp).test(text) ? [tag as string] : []));
  const tags: string[] = [];
  for (const term of [...proper, ...verbs, ...compounds, ...single]) {
    // A term with an apostrophe ("Maria's office") makes no tag people would type.
    if (term.includes("'")) continue;
    const tag = hashtagOf(term);
    if (/^#\p{L}[\p{L}\p{N}]{2,30}$/u.test(tag) && !tags.some((taken) => taken.toLowerCase().includes(tag.toLowerCase().slice(1)) || tag.toLowerCase().includes(taken.toLowerCase().slice(1)))) tags.push(tag);
  }
  return tags.slice(0, limit);
}

/** The post's hashtag line gets up to three tags it does not have yet, made from what it says. */
export function addKeyHashtags(blocks: Block[]): ChangeOutcome {
  const part = 'add hashtags';
  if (letterParts(blocks)) return failed(part, 'the document is an email or letter, which does not carry hashtags; say which tags to add if you want them anyway (e.g. "add #Offsite")');
  const line = [...blocks].reverse().find((block) => block.type === 'paragraph' && isHashtagLine(block.text));
  const have = new Set((line?.text.match(/#[\p{L}\p{N}_]+/gu) ?? []).map((tag) => tag.toLowerCase()));
  const text = blocks.filter((block) => (block.type === 'paragraph' || block.type === 'list') && block !== line).map((block) => block.text.replace(/#([\p{L}\p{N}_]+)/gu, '$1')).join('\n');
  // "#DarkMode" says nothing "#NewDarkMode" does not.
  const said = (tag: string) => [...have].some((held) => held.includes(tag.toLowerCase().slice(1)) || tag.toLowerCase().includes(held.slice(1)));
  const fresh = keyHashtags(text, 3 + have.size).filter((tag) => !said(tag)).slice(0, 3);
  if (fresh.length === 0) return failed(part, 'the post names nothing a hashtag could be made from that it does not have already; say which tags to add (e.g. "add #Launch")');
  if (line) line.text = `${line.text.trim()} ${fresh.join(' ')}`;
  else blocks.push({ type: 'paragraph', text: fresh.join(' ') });
  return { part: `add hashtags: ${fresh.join(' ')}`, check: (content) => (fresh.every((tag) => content.includes(tag)) ? undefined : 'a hashtag is missing') };
}
