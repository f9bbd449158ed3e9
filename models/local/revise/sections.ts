import { contentTerms, stem } from '../../../quality/text.js';
import type { Block } from '../text/blocks.js';
import { capitalize, secondPerson } from '../text/phrases.js';
import type { Sources } from '../text/sources.js';
import { cited } from '../text/sources.js';
import { noModel, readableLines, type ChangeOutcome } from './outcome.js';

/**
 * Parts a revision adds from the material: a section on a named topic ("a section on the risk to
 * the Acme renewal") gathers the material's sentences about the topic's most specific term (a
 * name such as "Acme" before a common word such as "risk"); an example ("an example of the
 * priority lanes") is a sentence of the material that gives one (for example, for instance, such
 * as ...) about that topic and is not in the document yet.
 */

/** "mention that ...", "add that ...": a fact the feedback states, for the revision to add (global: use `matchAll`). */
// "mention the deadline is March 3": without "that", a clause whose verb comes within its first words.
// "mention that X, and sign it from Maria": the fact ends where the next instruction starts.
// "mention we're hiring": a contracted subject and its verb are a clause too.
export const addedFact = /\b(?:mention|add|include|note|say|state)\s+(?:(?:a|one)\s+(?:line|sentence|note|bit)\s+(?:saying|that\s+says)\s+(?:that\s+)?|that\s+|(?<=(?:mention|note|say|state)\s+)(?=(?:we|they|you|i|it|there|that|he|she)['’](?:re|s|m|ve|ll|d)\s+\w)|(?<=(?:mention|note|say|state)\s+)(?=(?:the|our|my|your|their|we|i|it|there|each|every|all)\b(?:\s+[\w'’-]+){0,4}?\s+(?:is|are|was|were|will|has|have|had|can|starts?|ends?|moved?|closes?|opens?|cost|costs|took|takes|saved|saves|made|got|went|grew|fell|rose|dropped|doubled|halved|increased|decreased|helped|works|worked|needs|needed|includes|included|comes|came|runs|ran|launched|shipped|won|lost)\b))(.+?)(?:[.!?](?:\s|$)|$|(?=,?\s+(?:and|then|also|plus)\s+(?:please\s+)?(?:sign|make|add|remove|drop|cut|use|change|put|move|mention|include|shorten|keep|end|start|fix|replace|rename|give|tone|say|write|list|bold)\b))/gi;

/**
 * "Tom is handling the movers, mention that", "we ship on friday - add that too": a statement the
 * next words ask to add. Group 1: the statement. Not an instruction ("remove X, and mention that").
 */
export const thenAdded = /^\s*(?!(?:please|pls|can|could|would|remove|drop|delete|cut|add|make|put|move|change|fix|shorten|keep|use|sign|mention|include|say|write)\b)([^.!?]*?\b(?:is|are|was|were|will|has|have|had|can|does|did|[a-z]+s|[a-z]+ed)\b[^.!?]*?)\s*(?:,|-|–|—|;)\s*(?:(?:please|pls|can\s+you|could\s+you)\s+)?(?:mention|add|include|say|note)\s+(?:that|this|it)(?:\s+too|\s+as\s+well|\s+in\s+there)?\s*[.!]?\s*$/gim;

/**
 * "add: the kitchen opens on day one", "also add this: ...": the words to add, after a colon (a
 * question after it is the FAQ reader's, `addedQuestion`) (global: use `matchAll`).
 */
export const addedAfterColon = /\b(?:add|include)(?:\s+(?:this|these|that|the\s+following))?\s*:\s*(?!["'“]?(?:can|could|do|does|did|is|are|was|were|how|what|when|where|why|who|which|will|would|should|shall)\b)(?![^\n]*\?\s*$)(\S.+?)\s*(?:[.!](?:\s|$)|$)/gim;

/** "add a line asking people to reply if they can help": a request the revision adds as "Please ..." (global: use `matchAll`). */
// "add a call to action to sign up for the beta": the action itself (not "add a cta to the end", a place).
// "add a line at the end inviting people to apply": the place may come before the ask.
export const addedAsk = /\badd\s+(?:a|one|an)\s+(?:(?:line|sentence|note|bit|call\s+to\s+action|cta)\s+(?:(?:at|to)\s+the\s+(?:end|bottom|close)\s+)?(?:asking|telling|inviting|reminding|encouraging|to\s+ask|to\s+tell|to\s+invite|to\s+remind)\s+(?:people|readers|everyone|everybody|them|members|customers|users|subscribers|parents|volunteers|the\s+\w+)\s+to|(?:clear\s+|short\s+|strong\s+)?(?:call\s+to\s+action|cta)\s+(?:for\s+(?:people|readers|everyone)\s+)?to(?!\s+(?:the|this|that|it|its|my|our|your|end|bottom|top)\b))\s+(.+?)(?:[.!?]|$)/gi;

/** What an added ask says to the readers: "reply if they can help" -> "Please reply if you can help." */
export function askedOf(said: string): string {
  const spoken = secondPerson(said.trim()).replace(/[.!?]+$/, '');
  return `Please ${spoken}.`;
}
const exampleCue = /\b(?:for example|for instance|e\.g\.|such as|say,|imagine|like when|take the case|last (?:week|month|year)|we tried|piloted)\b/i;

function termsOf(text: string): string[] {
  return [...new Set(contentTerms(text).map(stem))].filter((term) => !/^(?:section|part|paragraph|example|bit|note|overview)$/.test(term));
}

/** The topic's most specific term the material uses: a capitalised name first, then the rarest term. */
function keyTerm(topic: string, texts: string[]): string | undefined {
  const counts = new Map<string, number>();
  const bag = texts.map((text) => new Set(contentTerms(text).map(stem)));
  for (const term of termsOf(topic)) counts.set(term, bag.filter((terms) => terms.has(term)).length);
  const used = [...counts].filter(([, count]) => count > 0);
  const names = new Set((topic.match(/\b[A-Z][\w-]+/g) ?? []).map((word) => stem(word.toLowerCase())));
  used.sort(([a, x], [b, y]) => Number(names.has(b)) - Number(names.has(a)) || x - y);
  return used[0]?.[0];
}

function mentions(text: string, term: string): boolean {
  return contentTerms(text).some((word) => stem(word) === term);
}

function headingFor(topic: string): string {
  return capitalize(topic.replace(/^(?:the|a|an|our|some)\s+/i, '').trim());
}

function insertBeforeEnd(blocks: Block[], added: Block[]): void {
  const closing = blocks.findIndex((block) => block.type === 'heading' && /^(?:conclusion|summary|wrapping up|key takeaways|next steps|until next time|release plan|checklist)$/i.test(block.text));
  blocks.splice(closing >= 0 ? closing : blocks.length, 0, ...added);
}

export function addSection(blocks: Block[], topic: string, sources: Sources): ChangeOutcome {
  const part = `add section: ${topic}`;
  const material = sources.sentences.map(cited);
  const key = keyTerm(topic, material);
  const about = key ? material.filter((sentence) => mentions(sentence, key)).slice(0, 5) : [];
  if (!key || about.length === 0) return { part, reason: `the brief, context and documents say nothing about "${topic}"; ${noModel}` };
  const heading = headingFor(topic);
  // The section gathers these sentences: where the document already had them, they move.
  const gathered = new Set(about.map((sentence) => sentence.replace(/[.!?]$/, '')));
  for (const block of blocks) if (block.type === 'list') block.text = block.text.split('\n').filter((line) => !gathered.has(line.replace(/^\s*[-*+]\s+/, '').replace(/[.!?]$/, ''))).join('\n');
  insertBeforeEnd(blocks, [
    { type: 'heading', level: 2, text: heading },
    { type: 'list', text: about.map((sentence) => `- ${sentence}`).join('\n') },
  ]);
  return {
    part,
    change: { type: 'add_section', heading, sentences: about.length },
    check: (content) => {
      const lines = readableLines(content);
      const start = lines.findIndex((line) => line === `## ${heading}`);
      if (start < 0) return `the document has no "${heading}" section`;
      const body = [];
      for (const line of lines.slice(start + 1)) {
        if (/^#{1,2}\s/.test(line)) break;
        body.push(line);
      }
      return body.some((line) => mentions(line, key)) ? undefined : `the "${heading}" section says nothing about ${key}`;
    },
  };
}

export function addExample(blocks: Block[], topic: string | undefined, sources: Sources, previous: string): ChangeOutcome {
  const part = 'add_examples';
  const material = sources.sentences.map(cited);
  const key = topic ? keyTerm(topic, material) : undefined;
  if (topic && !key) return { part, reason: `the material says nothing about "${topic}", so it holds no example of it; ${noModel}` };
  const terms = topic ? termsOf(topic) : [];
  const examples = material.filter((sentence) => exampleCue.test(sentence) && (terms.length === 0 || terms.some((term) => mentions(sentence, term))));
  const fresh = examples.filter((sentence) => !previous.includes(sentence.replace(/[.!?]$/, '')));
  if (fresh.length === 0) {
    const which = examples.length === 1 ? 'the only example' : `all ${examples.length} examples`;
    const reason = examples.length > 0 ? `${which}${topic ? ` of ${topic}` : ''} the material gives ${examples.length === 1 ? 'is' : 'are'} in the document already ("${examples[0]}")` : `the material gives no example${topic ? ` of ${topic}` : ''}`;
    return { part, reason: `${reason}; ${noModel}` };
  }
  const chosen = fresh.slice(0, 2);
  // The example goes after the paragraph most about the topic, else in its own section.
  const home = [...blocks].reverse().find((block) => block.type === 'paragraph' && (!key || mentions(block.text, key)));
  const added: Block = { type: 'paragraph', text: chosen.map((sentence) => `**Example:** ${sentence}`).join(' ') };
  if (home) blocks.splice(blocks.indexOf(home) + 1, 0, added);
  else insertBeforeEnd(blocks, [{ type: 'heading', level: 2, text: 'Example' }, added]);
  return {
    part,
    change: { type: 'add_examples', examples_added: chosen.length },
    check: (content) => (chosen.some((sentence) => content.includes(sentence.replace(/[.!?]$/, ''))) ? undefined : 'the example is not in the document'),
  };
}
