import type { DeliverableData, Section } from '../../../../schemas/deliverables/index.js';
import { forReaders, said, sentenceStart, titled, type DocumentContext } from '../context.js';
import type { Item } from '../material.js';
import { ourName } from '../shapedKinds.js';

/**
 * A press release (the writer's `blog_post` kind): a headline that says the news in the third
 * person ("we just raised a 4M seed round" -> "Loomly raises 4M seed round ..."), the news and its
 * facts, the quote as its own paragraph with who said it, then "About <company>" and the press
 * contact. Every fact is the client's; a part the notes do not give is left out.
 */

const contact = /\b(?:press|media)\s+(?:contact|enquiries|inquiries)|@[\w-]+\.\w+|\+?\d[\d\s()-]{7,}\d/i;
const companyFacts = /\b(?:founded|headquartered|based\s+in|employees|people|customers|clinics|users|we\s+make|makes|builds|provides|is\s+a\b)/i;
const pastToPresent: Record<string, string> = { raised: 'raises', launched: 'launches', opened: 'opens', hired: 'hires', acquired: 'acquires', won: 'wins', partnered: 'partners', signed: 'signs', released: 'releases', announced: 'announces', reached: 'reaches', expanded: 'expands', moved: 'moves', closed: 'closes', joined: 'joins', added: 'adds', passed: 'passes', crossed: 'crosses' };

/** The company the release is from: "company: Loomly, ...", "We are Loomly", "Loomly is a ...". */
function companyOf(items: Item[]): string | undefined {
  for (const item of items) {
    if (item.section === 'company') return /^([A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*){0,3})/.exec(item.text)?.[1];
    const named = ourName(item.text) ?? /^([A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*){0,2})\s+(?:is\s+an?\b|makes\b|builds\b)|\b(?:[Mm]ade|[Bb]uilt)\s+by\s+([A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*){0,3})/.exec(item.text)?.slice(1).find(Boolean);
    if (named) return named;
  }
  return undefined;
}

/** "we just raised a 4M seed round led by Northzone" -> "Loomly raises 4M seed round led by Northzone". */
export function headlineOf(news: string, company: string | undefined): string {
  const text = news.trim().replace(/[.!]+$/, '');
  const ours = /^we\s+(?:have\s+|just\s+|have\s+just\s+|are\s+)?(\w+)\s+(?:(?:a|an|the|our)\s+)?(.+)$/i.exec(text);
  if (ours && company) {
    const verb = ours[1]!.toLowerCase();
    const present = pastToPresent[verb] ?? (verb.endsWith('ing') ? undefined : `${verb}${/(?:s|sh|ch|x)$/.test(verb) ? 'es' : 's'}`);
    if (present) return `${company} ${present} ${ours[2]!.replace(/\bour\b/g, 'its')}`;
  }
  const launch = /^(?:the\s+)?launch\s+of\s+(?:our\s+|the\s+)?(?:(?:new\s+)?(?:app|product|service|platform|tool)\s+)?(.+)$/i.exec(text);
  if (launch) {
    const [, what = '', when = ''] = /^(.+?)((?:\s+(?:on|in|at|this|next)\s+.+)?)$/.exec(launch[1]!) ?? [];
    return company ? `${company} launches ${what}${when}` : `${titled(what)} launches${when}`;
  }
  return titled(text.replace(/\bour\b/g, company ? `${company}'s` : 'our'));
}

/** Quotes as pasted: in double quotes (apostrophes inside), or in single quotes closed before a space or the end. */
const quotePatterns = [/(["“])([^"”]{12,}?)["”]/g, /(['‘])(.{12,}?)['’](?=\s|$|[,;)])/g];
// Who said it, just before the quote: "quote from Ana:", "CEO Lisa de Vries:", "Maria says".
const saidBy = /(?:quote\s+from\s+|(?:CEO|CTO|COO|founder|co-founder)\s+)?([A-Z][\p{L}'’-]+(?:\s+(?:(?:de|van|der)\s+)?[A-Z][\p{L}'’-]+)*)\s*(?:says|said|:)?\s*$/u;

/** The quotes of `text`, each with who said it (full name and role where the notes give them). */
function quotesOf(text: string, company: string | undefined): Array<{ words: string; line: string }> {
  const found: Array<{ words: string; line: string }> = [];
  for (const pattern of quotePatterns) {
    for (const match of text.matchAll(pattern)) {
      const words = match[2]!.trim().replace(/[.!?]+$/, '');
      if (found.some((quote) => quote.words.includes(words) || words.includes(quote.words))) continue;
      const before = text.slice(Math.max(0, match.index! - 60), match.index).split(/[.\n]/).at(-1) ?? '';
      const short = saidBy.exec(before)?.[1];
      const full = short ? (new RegExp(`\\b${short}(?:\\s+(?:(?:de|van|der)\\s+)?[A-Z][\\p{L}'’-]+)*`, 'u').exec(text.replace(quotePatterns[0]!, ' '))?.[0] ?? short) : undefined;
      const role = full ? new RegExp(`\\b(CEO|CTO|COO|co-founder|founder)\\s+${full}|\\bfounded\\b[^.]*\\bby\\b[^.]*\\b${full.split(' ')[0]}`, 'i').exec(text) : null;
      const title = role ? (role[1] ?? 'co-founder') : undefined;
      const who = full ? `${full}${title ? `, ${title}${company ? ` of ${company}` : ''}` : ''}` : undefined;
      found.push({ words, line: who ? `“${words},” said ${who}.` : `“${words}.”` });
    }
  }
  return found;
}

/** Whether an item is a piece of one of the quotes (the material splits a quote at its commas and stops). */
function inQuote(item: Item, quotes: Array<{ words: string }>): boolean {
  const bare = item.text.replace(/^[^:'"“‘]*:\s*/, '').replace(/^["“'‘]+|["”'’.!?]+$/g, '').trim().toLowerCase();
  return bare.length >= 4 && quotes.some((quote) => quote.words.toLowerCase().includes(bare));
}

/** A line as printed: a sentence's capital, an email address as written, "Loomly, we make" as "Loomly makes". */
function printed(item: Item, company: string | undefined): string {
  let line = said(item);
  if (/^[A-Z][\w.+-]*@/.test(line)) line = line.charAt(0).toLowerCase() + line.slice(1);
  if (company) line = line.replace(new RegExp(`^(?:company:\\s*)?${company},\\s+we\\s+(\\w+)`, 'i'), (_, verb: string) => `${company} ${verb}${/(?:s|sh|ch|x)$/.test(verb) ? 'es' : 's'}`);
  return sentenceStart(line);
}

export function pressRelease(ctx: DocumentContext): DeliverableData['blog_post'] {
  const items = forReaders(ctx);
  const company = companyOf(items);
  const quotes = quotesOf(ctx.material.sources, company);
  const taken = new Set<Item>(items.filter((item) => inQuote(item, quotes)));
  const contacts = items.filter((item) => !taken.has(item) && (contact.test(item.text) || /contact/.test(item.section ?? '')) && taken.add(item));
  const about = items.filter((item) => !taken.has(item) && (item.section === 'company' || companyFacts.test(item.text) || (company !== undefined && item.text.startsWith(company))) && taken.add(item));
  const news = items.filter((item) => !taken.has(item));
  const stated = ctx.recognised.subject;
  const headline = headlineOf(stated, company);
  const facts = news.map((item) => printed(item, company)).filter((line) => line.replace(/[.!]$/, '').toLowerCase() !== stated.toLowerCase());
  const sections: Section[] = [
    ...(about.length > 0 && company ? [{ heading: `About ${company}`, body: [about.map((item) => printed(item, company)).join(' ')] }] : []),
    ...(contacts.length > 0 ? [{ heading: 'Press contact', body: contacts.map((item) => printed(item, company)) }] : []),
  ];
  return {
    title: headline,
    lede: [[`${headline}.`, ...facts].join(' '), ...quotes.map((quote) => quote.line)].join('\n\n'),
    sections,
    call_to_action: null,
  };
}
