import { capitalize } from '../text/phrases.js';

/**
 * "add the pricing: $20 per seat per month", "include the zoom link: https://...", "add a link to
 * the pricing page: acme.io/pricing": a value the client gives under a name, for the revision to
 * add as a line of its own ("Pricing: $20 per seat per month."). The names of the parts other
 * rules add ("add a note: ...", "add a ticket: ...", "add a question: ...", "add an action item:
 * ...") are not labels, nor "the dates to each phase: ..." (revisionRequest.ts reads dates) (global:
 * use `matchAll`).
 */
export const addedLabelled =
  /\b(?:add|include|put\s+in|mention)\s+(?:the|our|a|an|my)\s+(?!(?:(?:short|brief|quick|small|new)\s+)?(?:conclusion|summary|intro(?:duction)?|closing|bit|line|note|paragraph|section|part|sentence|ps|p\.s\.|ticket|issue|bug|question|faq|q\s*&\s*a|action|to-?do|task|follow[- ]?up|next\s+step|call\s+to\s+action|cta|title|subject|heading|headline|example|checklist|dates)\b)(?![\w'’ -]*\b(?:each|every|all)\b[\w'’ -]*:)([a-z][\w'’ -]{1,40}?)\s*:\s+(\S.*?)\s*(?=$|[.!?;](?:\s|$)|,?\s+(?:and|then|also|plus)\s+(?:please\s+)?(?:sign|make|add|remove|drop|cut|use|change|put|move|mention|include|shorten|keep|fix|replace)\b)/gim;

/** The line a labelled value is added as: "link to the pricing page", "acme.io/pricing" -> "Pricing page: acme.io/pricing." */
export function labelledLine(label: string, value: string): string {
  const name = label.trim().replace(/^link\s+to\s+(?:the|our|my)\s+/i, '');
  const said = value.trim().replace(/[.!?;]+$/, '');
  return `${capitalize(name)}: ${said}${/[a-z0-9)]$/i.test(said) && !/\/|\.\w+$/.test(said) ? '.' : ''}`;
}
