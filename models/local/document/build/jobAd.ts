import type { DeliverableData, Section } from '../../../../schemas/deliverables/index.js';
import { forReaders, said, titled, type DocumentContext } from '../context.js';
import type { Item } from '../material.js';
import { ourName } from '../shapedKinds.js';

/**
 * A job ad (the writer's `blog_post` kind): the role as its title ("Senior backend engineer at
 * Fernway"), the company first, then what the person will do, what is asked of them and what is
 * offered, each line the client's own, and how to apply as the call to action. Nothing is added:
 * a part the notes say nothing about is left out.
 */

const apply = /\b(?:apply|applications?|send\s+(?:your|us|in)|cv|résumé|resume|cover\s+letter|deadline|closing\s+date|interviews?)\b/i;
const offer = /[€$£]\s?\d|\b(?:salary|pay|paid|€|eur|euros?|\$|£|usd|gbp|\d+k\b|per\s+(?:year|month|hour|annum)|pension|bonus|equity|stock\s+options|holidays?|vacation|days?\s+off|leave|remote|hybrid|flexible|benefits?|perks?|budget|laptop|insurance|gym|lunch|visa|relocation|four-day|4-day|part-time|full-time|hours?\s+(?:a|per)\s+week|contract|permanent|temporary|shifts?)\b/i;
const asked = /\b(?:years?\s+(?:of\s+)?(?:experience|in)|experience\s+(?:with|in|of)|you\s+(?:have|bring|know|are\s+comfortable|speak)|must|required|requirements?|familiar|knowledge\s+of|fluent|degree|skills?|comfortable\s+with|proficien\w*|background\s+in|bonus\s+if|nice\s+to\s+have|essential|a\s+plus|needed|\d+\+)/i;
const role = /\b(?:you\s+will|you'll|you’ll|your\s+(?:role|job|day)|responsib\w*|you\s+(?:build|own|lead|design|maintain|develop|work\s+on|help)|the\s+role|day[- ]to[- ]day)\b/i;
const company = /\b(?:we\s+are|we're|we’re|our\s+(?:company|team|mission|product|customers)|founded|based\s+in|\d+-person|\d+\s+people|employees|headquartered)\b/i;

/** Requirements and benefits read as a list when there are several. */
function listed(lines: string[]): string[] {
  return lines.length > 1 ? [lines.map((line) => `- ${line}`).join('\n')] : lines;
}

export function jobAd(ctx: DocumentContext): DeliverableData['blog_post'] {
  const items = forReaders(ctx);
  const taken = new Set<Item>();
  const take = (test: (item: Item) => boolean) => items.filter((item) => !taken.has(item) && test(item) && taken.add(item));
  const applying = take((item) => apply.test(item.text));
  const about = take((item) => company.test(item.text) && !role.test(item.text));
  const work = take((item) => role.test(item.text));
  const wanted = take((item) => asked.test(item.text));
  const offered = take((item) => offer.test(item.text));
  const rest = items.filter((item) => !taken.has(item));
  const name = items.map((item) => ourName(item.text)).find(Boolean);
  const position = titled(ctx.recognised.subject);
  const sections: Section[] = [
    { heading: 'What you will do', body: [...work, ...rest].map(said) },
    { heading: 'What we are looking for', body: listed(wanted.map(said)) },
    { heading: 'What we offer', body: listed(offered.map(said)) },
  ].filter((section) => section.body.length > 0);
  return {
    title: name && !position.toLowerCase().includes(name.toLowerCase()) ? `${position} at ${name}` : position,
    lede: about.map(said).join(' '),
    sections,
    call_to_action: applying.length > 0 ? applying.map(said).join(' ') : null,
  };
}
