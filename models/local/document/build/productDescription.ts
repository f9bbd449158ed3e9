import type { DeliverableData } from '../../../../schemas/deliverables/index.js';
import { capitalize, literal, lowerFirst } from '../../text/phrases.js';
import { commaList } from '../listParts.js';
import { forReaders, said, sentenceStart, titled, type DocumentContext } from '../context.js';
import { benefitTitle } from '../headline.js';
import type { Item } from '../material.js';

/**
 * A product description (the writer's `landing_copy` kind): the product's name as its headline, a
 * lead sentence, every line of the notes as a feature bullet in the order given, the quotes and
 * ratings as proof, and the notes' own call to action ("order now and get free delivery"). No
 * benefit, price or call to action is made up: without one in the notes there is none.
 */

// "name: Lift Pro", "product: ...": the product's own name.
const nameLabel = /^(?:name|product(?:\s+name)?|called|model)$/i;
// "order now ...", "pre-order today", "get yours at ...": what the reader is asked to do.
const action = /^(?:order|buy|shop|get\s+(?:yours|one|it)|grab|pre-?order|try|book|reserve|visit|sign\s+up|add\s+(?:it\s+)?to\s+(?:your\s+)?(?:cart|basket)|save|use\s+code|available\s+(?:now|today)\s+(?:at|on|from))\b/i;
// A quote ("'best desk I have owned' - Wired"), a rating or an award: proof, not a feature.
const proof = /["“”]|^['‘]|['’]\s*[-–—]\s*[A-Z]|\b(?:rated|reviews?|stars?|award|winner|as\s+seen\s+(?:in|on)|customers?\s+(?:say|love))\b/i;
// A lead says what the product is: "The Lift Pro is a standing desk for ...", "Our desk ...".
const lead = (item: Item, words: string[]) => item.text.split(/\s+/).length >= 6 && (/^(?:the|our|this|it|meet|introducing)\b/i.test(item.text) || words.some((word) => item.text.toLowerCase().startsWith(word)));

/**
 * A line of the notes as its features: "scents: fig, cedar, sea salt" keeps its label, and a line
 * typed as a comma list ("barista edition, foams like dairy, no added sugar") is a feature per part.
 */
function feature(item: Item): string[] {
  const label = item.section && item.section.split(/\s+/).length <= 3 && !/internal|private|writer/.test(item.section) ? item.section : undefined;
  if (label) return [`${capitalize(label)}: ${lowerFirst(said(item))}`];
  return (commaList(item.text) ?? [item.text]).map((part) => sentenceStart(said({ ...item, text: part })));
}

/**
 * The notes' items with the one-word lines the material reads past ("- waterproof", "electric"
 * in the ask's list), each where the notes have it: a product's feature may be one word.
 */
function withOneWordLines(ctx: DocumentContext): Item[] {
  const items = forReaders(ctx);
  const sources = ctx.material.sources.toLowerCase();
  const short = ctx.material.sources.split(/\r?\n/).map((line) => line.replace(/^\s*(?:[-*+•]|\d+[.)])\s+/, '').trim().replace(/[.!]$/, ''))
    .filter((line) => /^[\p{L}\p{N}][\p{L}\p{N}'’-]*$/u.test(line) && !items.some((item) => item.text.toLowerCase().includes(line.toLowerCase())))
    .map((line): Item => ({ text: line, origin: 'context', listed: true }));
  const at = (item: Item) => sources.indexOf(item.text.toLowerCase().replace(/[.]$/, ''));
  return short.length === 0 ? items : [...items, ...short].sort((a, b) => (at(a) < 0 || at(b) < 0 ? 0 : at(a) - at(b)));
}

export function productDescription(ctx: DocumentContext): DeliverableData['landing_copy'] {
  const items = withOneWordLines(ctx);
  const named = items.find((item) => item.section && nameLabel.test(item.section));
  const product = named ? named.text.replace(/[.]$/, '') : ctx.recognised.subject;
  // "product description for our new standing desk": "our" is how the lead speaks of it.
  const owner = new RegExp(String.raw`\b(our|my|the)\s+${literal(ctx.recognised.subject)}`, 'i').exec(ctx.brief)?.[1]?.toLowerCase() ?? 'the';
  const rest = items.filter((item) => item !== named);
  const opening = rest.find((item) => lead(item, [product.toLowerCase()]));
  const cta = rest.find((item) => item !== opening && action.test(item.text));
  const quotes = rest.filter((item) => item !== opening && item !== cta && proof.test(item.text));
  const features = rest.filter((item) => item !== opening && item !== cta && !quotes.includes(item));
  return {
    headline: titled(product),
    subheadline: opening ? sentenceStart(said(opening)) : named ? `Introducing ${product}, ${owner} ${ctx.recognised.subject}.` : `Introducing ${owner} ${product}.`,
    benefits: features.flatMap(feature).map((text) => ({ title: benefitTitle(text), text })),
    proof: quotes.map((item) => sentenceStart(said(item))),
    call_to_action: cta ? sentenceStart(said(cta)) : '',
  };
}
