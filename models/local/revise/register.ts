import { withWarmOpening } from './warmOpening.js';
import { expandContractions } from '../text/contractions.js';
import { applyTone, stiffWords, type Tone } from '../text/tone.js';
import type { Audience } from '../../revisionRequest.js';
import type { Block } from '../text/blocks.js';
import { parseBlocks, renderBlocks } from '../text/blocks.js';
import { hasChatNoise, withoutChatNoise } from './chatNoise.js';
import { emailInTone } from './email.js';
import { noModel, readableLines, type ChangeOutcome } from './outcome.js';

/**
 * Tone beyond contractions. Formal (and "for the board"): chat noise, casual words and
 * exclamations go, contractions are expanded, sentences start with a capital; for a board the
 * document opens with a short summary of its decisions and figures. Friendly, warmer and "for
 * patients": contractions, everyday words for formal ones, and the reader addressed as "you" where
 * the text speaks about them in the third person. Verified on the final content with the markers
 * a reader notices (contractions, exclamations, casual words, chat timestamps, "you").
 */
const casualWords: Array<[RegExp, string]> = [
  [/\b(?:guys|folks)\b/gi, 'everyone'],
  [/\ba bunch of\b/gi, 'several'],
  [/\bkinda\b/gi, 'somewhat'],
  [/\bsorta\b/gi, 'somewhat'],
  [/\bgonna\b/gi, 'going to'],
  [/\bwanna\b/gi, 'want to'],
  [/\basap\b/gi, 'as soon as possible'],
  [/\bstuff\b/gi, 'material'],
  [/\b(?:super|really|pretty)\s+(?=[a-z]+\b)/gi, ''],
  [/\bhuge\b/gi, 'significant'],
  [/\bokay\b|\bok\b/gi, 'acceptable'],
  [/\bawesome\b/gi, 'excellent'],
  [/\btons of\b|\blots of\b|\ba lot of\b/gi, 'many'],
  [/\bkids\b/gi, 'children'],
];
const casualMarker = /\b(?:guys|folks|a bunch of|kinda|sorta|gonna|wanna|asap|stuff|awesome|tons of|lots of|lol|btw)\b|!/i;
// Who a warmer document speaks to directly.
const readers = 'patients|customers|clients|members|drivers|parents|guests|visitors|staff|employees|subscribers|volunteers|residents|students';
const capitalised = (alternatives: string) => alternatives.split('|').map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('|');
const formalWords: Array<[RegExp, string]> = [
  [/\butili[sz]e\b/gi, 'use'],
  [/\bcommence\b/gi, 'start'],
  [/\bprior to\b/gi, 'before'],
  [/\bin order to\b/gi, 'to'],
  [/\bassist\b/gi, 'help'],
  [/\bpractitioner\b/gi, 'doctor'],
  // The readers spoken to, not about: "Patients can book" -> "You can book", "that drivers scan" -> "that you scan".
  [new RegExp(String.raw`\b(?:${readers})(?= (?:can|will|should|need|must|may|do not|don't|are|have)\b)`, 'g'), 'you'],
  [new RegExp(String.raw`\b(?:${capitalised(readers)})(?= (?:can|will|should|need|must|may|do not|don't|are|have)\b)`, 'g'), 'You'],
  [new RegExp(String.raw`\b(that|if|when|so) (?:${readers})\b(?= [a-z]+)`, 'g'), '$1 you'],
  [new RegExp(String.raw`\b(?:all|every) (?:${readers})\b`, 'g'), 'all of you'],
];

function isFormal(tone: Tone): boolean {
  return tone === 'professional' || tone === 'technical';
}

function formalLine(line: string): string {
  let text = withoutChatNoise(line);
  for (const [pattern, replacement] of casualWords) text = text.replace(pattern, (match) => (/^[A-Z]/.test(match) && replacement ? replacement.charAt(0).toUpperCase() + replacement.slice(1) : replacement));
  return expandContractions(text).replace(/!+/g, '.').replace(/\s{2,}/g, ' ');
}

function formalBlocks(blocks: Block[]): void {
  for (const block of blocks) {
    if (block.type !== 'list' && block.type !== 'paragraph') continue;
    const separator = block.type === 'list' ? '\n' : ' ';
    const parts = block.type === 'list' ? block.text.split('\n') : block.text.split(/(?<=[.!?])\s+/);
    block.text = parts.map(formalLine).filter((part) => part.trim() !== '').join(separator);
  }
}

// A figure a board reads (a share, an amount, a duration, a count), not an id such as "M1" or "T-2".
const boardFigure = /[$€£]\s?\d|\b\d{1,2}(?::\d{2})?\s?(?:am|pm)\b|\d\s?(?:%|percent)|\b\d[\d,.]*\s+(?:[a-z]+\s+)?(?:hours?|days?|weeks?|months?|minutes?|seconds?|years?|customers?|users?|orders?|tickets?|people|patients?|engineers?)\b|\b\d{1,3}(?:,\d{3})+\b/i;
// Lines of the plan's own scaffolding: milestones, ticket ids, release steps.
const planReference = /^(?:M\d+|T-\d+|Step \d+)\b|\bT-\d+\b/;

/** "Summary for the board": the document's lines with decisions and figures, at most four. */
function boardSummary(blocks: Block[]): Block[] {
  if (blocks.some((block) => block.type === 'heading' && /executive summary|summary for the board|board summary/i.test(block.text))) return [];
  const lines = blocks.filter((block) => block.type === 'list' || block.type === 'paragraph').flatMap((block) => (block.type === 'list' ? block.text.split('\n') : block.text.split(/(?<=[.!?])\s+/)));
  const key = lines
    .map((line) => line.replace(/^\s*(?:[-*+]\s+(?:\[[ xX]\]\s+)?|\d+[.)]\s+)/, '').replace(/^(?:>\s*)+/, '').trim()).filter((line) => (boardFigure.test(line) || /decid|agreed|approv|risk|due/i.test(line)) && !planReference.test(line) && line.split(/\s+/).length >= 4);
  const chosen = [...new Set(key)].slice(0, 4);
  if (chosen.length === 0) return [];
  return [{ type: 'heading', level: 2, text: 'Summary for the board' }, { type: 'list', text: chosen.map((line) => `- ${line}`).join('\n') }];
}

interface Markers {
  contractions: number;
  casual: number;
  noise: number;
  you: number;
  stiff: number;
}

function markersOf(content: string): Markers {
  const lines = readableLines(content).filter((line) => !/^\s*(?:#|\|)/.test(line));
  const prose = lines.join('\n');
  return {
    contractions: (prose.match(/\b\w+['’](?:t|re|ve|ll|m|d)\b/gi) ?? []).length + lines.filter((line) => expandContractions(line) !== line).length,
    casual: lines.filter((line) => casualMarker.test(line)).length,
    noise: lines.filter((line) => hasChatNoise(line)).length,
    you: (prose.match(/\byou(?:r|rs)?\b/gi) ?? []).length,
    stiff: stiffWords(prose),
  };
}

/** `formal`: the feedback asked for formality itself ("more formal"), not only a plainer voice ("less salesy"). */
export function applyRegister(content: string, tone: Tone, audience: Audience | undefined, formal = true): { content: string; outcome: ChangeOutcome } {
  const part = 'tone_adjustment';
  // An email changes its greeting, thanks and sign-off; it never gets an opener before its subject line.
  const email = emailInTone(content, tone, formal);
  if (email !== undefined) {
    const change = { type: 'tone_adjustment', tone, ...(audience ? { audience } : {}) };
    return email === content
      ? { content, outcome: { part, reason: `the email already reads ${tone}: its greeting, thanks and sign-off have no ${tone} alternative the local model knows` } }
      : { content: email, outcome: { part, change } };
  }
  const before = markersOf(content);
  let revised: string;
  if (isFormal(tone)) {
    const blocks = parseBlocks(applyTone(content, tone, { opener: true }));
    formalBlocks(blocks);
    if (audience === 'board') {
      const summary = boardSummary(blocks);
      const title = blocks.findIndex((block) => block.type === 'heading' && block.level === 1);
      blocks.splice(title + 1, 0, ...summary);
    }
    revised = renderBlocks(blocks);
  } else {
    let warm = content;
    for (const [pattern, replacement] of formalWords) warm = warm.replace(pattern, replacement);
    // A warmer voice rewords what is there; it adds no stock line ("Here's the short version:", "Here's a quick recap for you").
    revised = applyTone(warm, tone);
    if (revised === content) revised = withWarmOpening(revised);
  }
  const change = { type: 'tone_adjustment', tone, ...(audience ? { audience } : {}) };
  if (revised === content) {
    const already = isFormal(tone) ? before.contractions + before.casual + before.noise === 0 : before.contractions > 0;
    if (already) return { content, outcome: { part, reason: `the document already reads ${tone}: nothing in it has a ${tone} alternative` } };
    // Lists of facts, owners and dates have no sentence to say more warmly, and a stock line would say nothing.
    const lines = isFormal(tone) ? '' : `; it adds no stock line, so say the line you want (e.g. "add a line at the top: Thanks everyone for a great week")`;
    return { content, outcome: { part, reason: `no wording in the document has a ${tone} alternative the local model knows (contractions, everyday words, "you" for the reader)${lines}; ${noModel}` } };
  }
  const check = (final: string) => {
    const after = markersOf(final);
    if (isFormal(tone)) {
      if (after.contractions + after.casual + after.noise > 0) return `the document still has ${after.contractions} contractions, ${after.casual} casual lines and ${after.noise} chat lines`;
      if (audience === 'board' && !/^## Summary for the board$|^## Executive summary$/im.test(final) && before.contractions + before.casual + before.noise === 0) return 'the document has no summary for the board';
      return undefined;
    }
    return after.contractions + after.you > before.contractions + before.you || after.stiff < before.stiff ? undefined : `the document reads no ${tone === 'casual' ? 'more casual' : 'warmer'} than before`;
  };
  return { content: revised, outcome: { part, change, check } };
}
