import { capitalize, isPlural, lowerFirst } from '../../text/phrases.js';

/** One question of an FAQ page and its answer, in the page's sentences. */
export interface FaqPair {
  question: string;
  answer: string[];
}

/**
 * An FAQ asked of notes that state facts and ask nothing ("30 days for a full refund", "items must
 * be unused", "shipping not refunded"): each fact answers the question a reader would ask of it,
 * asked in the shapes such notes take. The answer is the fact as written, made a sentence; nothing
 * is added to it. Conditions ("must", "only if") share one question; a fact of no known shape is
 * answered under "What else should I know?", so none is dropped.
 */
export function faqFromFacts(facts: readonly string[]): FaqPair[] {
  const pairs: FaqPair[] = [];
  const conditions: string[] = [];
  const rest: string[] = [];
  for (const raw of facts) {
    const fact = raw.trim().replace(/[.!]+$/, '');
    if (fact === '' || fact.endsWith('?')) continue;
    const asked = questionOf(fact);
    if (asked === 'condition') conditions.push(sentence(fact));
    else if (asked) pairs.push(asked);
    else rest.push(sentence(fact));
  }
  if (conditions.length > 0) pairs.push({ question: 'Are there any conditions?', answer: conditions });
  if (rest.length > 0) pairs.push({ question: pairs.length > 0 ? 'What else should I know?' : 'What should I know?', answer: rest });
  return pairs;
}

const span = String.raw`(?:\d+|a|one|two|three|four|five|six|seven|ten|fourteen|thirty|sixty|ninety)\s+(?:business\s+|working\s+)?(?:days?|weeks?|months?|years?|hours?|minutes?)`;
// "30 days for a full refund", "14 days to return an item".
const windowFor = new RegExp(String.raw`^(?:you\s+have\s+|within\s+)?(${span})\s+(for|to)\s+(.+)$`, 'i');
// "after 30 days store credit only", "within 24 hours, free cancellation".
const afterSpan = new RegExp(String.raw`^(after|before|within|over|under|for\s+(?:the\s+)?first)\s+(${span}|[$€£]?\d[\d,.]*\s*\S*)[,:]?\s+(.+)$`, 'i');
// "shipping not refunded", "sale items are not returnable", "gift cards aren't refundable".
const notDone = /^(.+?)\s+(?:(is\s+|are\s+)?(?:not|n[o']t|never)|(isn['’]t|aren['’]t))\s+((?:\w+ed|\w+able|included|available|covered|possible|allowed|free)\b.*)$/i;
// "returns are free", "shipping is free over $50", "exchanges available in store".
const isSo = /^(.+?)\s+(is\s+|are\s+)?(free|included|available|covered|possible|allowed|refundable|returnable)\b(.*)$/i;
// "items must be unused", "only with a receipt", "receipt required".
const condition = /\b(?:must|need(?:s)?\s+to|has\s+to|have\s+to|only\s+(?:if|with|when|for)|required|requires?)\b/i;

function questionOf(fact: string): FaqPair | 'condition' | undefined {
  const window = windowFor.exec(fact);
  if (window) {
    const length = window[1]!;
    const to = window[2]!;
    const what = window[3]!;
    return { question: `How long do I have ${to.toLowerCase()} ${what}?`, answer: [`You have ${length} ${to.toLowerCase()} ${what}.`] };
  }
  const after = afterSpan.exec(fact);
  if (after) return { question: `What happens ${after[1]!.toLowerCase()} ${after[2]}?`, answer: [`${capitalize(after[1]!.toLowerCase())} ${after[2]}, ${after[3]!.replace(/^(?:it['’]?s|it\s+is)\s+/i, '')}.`] };
  const not = notDone.exec(fact);
  if (not) {
    const thing = asSubject(not[1]!);
    const said = not[2] ?? not[3];
    const be = /^are/i.test(said ?? '') || (!said && isPlural(thing)) ? 'are' : 'is';
    return { question: `${capitalize(be)} ${thing} ${not[4]!.split(/\s+/)[0]}?`, answer: [`No, ${thing} ${be} not ${not[4]}.`] };
  }
  if (condition.test(fact)) return 'condition';
  const so = isSo.exec(fact);
  if (so) {
    const thing = asSubject(so[1]!);
    const be = /^are/i.test(so[2] ?? '') || (!so[2] && isPlural(thing)) ? 'are' : 'is';
    return { question: `${capitalize(be)} ${thing} ${so[3]!.toLowerCase()}?`, answer: [`Yes, ${thing} ${be} ${so[3]!.toLowerCase()}${so[4]}.`] };
  }
  return undefined;
}

/**
 * "Returns" (the note's capital, as a line starts) -> "returns" inside the question; an acronym
 * or a mixed-case name ("EU", "iPhone") keeps its case.
 */
function asSubject(phrase: string): string {
  return lowerFirst(phrase.replace(/^(?:the|our)\s+/i, ''));
}

function sentence(fact: string): string {
  return `${capitalize(fact)}.`;
}
