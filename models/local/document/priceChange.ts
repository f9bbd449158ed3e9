import { calendarCase } from '../text/phrases.js';

/**
 * A price change an ask states: "pro plan goes from $20 to $25 on march 1", "the price increase
 * from 9 to 12 dollars/month starting june 1". What changes price, from what, to what and from
 * when, each as typed (a date in calendar case); nothing else is assumed.
 */
export interface PriceChange {
  /** "the Pro plan", "the price"; undefined when the ask names no product. */
  product?: string;
  from: string;
  to: string;
  when?: string;
}

const amount = String.raw`(?:[$€£]\s?)?\d[\d.,]*(?:\s*(?:\$|€|£|usd|eur|gbp|dollars?|euros?|pounds?|cents?))?(?:\s*(?:\/|per\s+|a\s+)(?:mo(?:nth)?|yr|year|user|seat|month|week))?`;
const when = String.raw`(?:\s*,?\s+(?:on|from|starting(?:\s+on|\s+from)?|as\s+of|effective(?:\s+from)?|beginning|in)\s+(?<when>[^,.;]+?))?`;
// "pro plan goes from $20 to $25 on march 1", "prices go up from 9 to 12 dollars/month starting june 1".
const moves = new RegExp(String.raw`\b(?<product>(?:(?:the|our|your)\s+)?[\w-]+(?:\s+[\w-]+){0,3}?)\s+(?:price\s+)?(?:goes|go|is\s+going|are\s+going|will\s+go|moves?|rises?|increases?|changes?|jumps?)\s+(?:up\s+|down\s+)?from\s+(?<from>${amount})\s+to\s+(?<to>${amount})${when}\s*[.!]?$`, 'i');
// "the price increase from 9 to 12 dollars/month starting june 1", "price change for the pro plan from $20 to $25".
const named = new RegExp(String.raw`\b(?:price|pricing)\s+(?:increase|change|rise|update|hike)(?:\s+(?:for|on|of)\s+(?<product>(?:(?:the|our)\s+)?[\w-]+(?:\s+[\w-]+){0,2}?))?\s+from\s+(?<from>${amount})\s+to\s+(?<to>${amount})${when}\s*[.!]?$`, 'i');

/** The price change an ask states, or undefined. */
export function priceChangeOf(text: string): PriceChange | undefined {
  const found = (named.exec(text) ?? moves.exec(text))?.groups;
  if (!found) return undefined;
  // "tell users prices go up ...": the words before what changes price are the ask's, not the product's.
  const product = found.product?.trim().replace(/^.*\b(?:that|about|notice|users|customers|clients|members|subscribers|everyone|tell|email|notify|announce|post|tweet|say|saying)\b[:,]?\s*/i, '').replace(/^(?:the|our|your)\s+/i, '');
  // "prices go up", "price goes up": no product named, only the price.
  const own = product && !/^(?:prices?|pricing|it|that|this|cost|costs)$/i.test(product) && !/\bprices?\b/i.test(product) ? product.replace(/^\p{Ll}/u, (letter) => letter.toUpperCase()) : undefined;
  return { ...(own ? { product: `the ${own}` } : {}), from: found.from!.trim(), to: found.to!.trim(), ...(found.when ? { when: calendarCase(found.when.trim()) } : {}) };
}
