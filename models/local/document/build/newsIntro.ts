import { compromise } from '../../text/compromise.js';
import { contentTerms } from '../../../../quality/text.js';
import { clauseSubject, isClause, verbInflection } from '../../text/grammar.js';
import { lowerFirst } from '../../text/phrases.js';
import { readableDate } from '../../text/dates.js';
import { forReaders, related, statement, titled, type DocumentContext } from '../context.js';

/**
 * A newsletter's intro ("newsletter intro", "write the intro for this month's newsletter") over
 * notes of news: one short paragraph that says each piece of news as a sentence, in the notes'
 * order. A line that opens with what was done ("launched the mobile app") is the sender's ("We
 * launched the mobile app."); news of a thing and its date with no verb ("holiday party dec 18")
 * says when it is ("The holiday party is on Dec 18."). No other word is added.
 */
export function newsIntro(ctx: DocumentContext, cta: string | null): string {
  const sentences: string[] = [];
  let heading: string | undefined;
  for (const item of forReaders(ctx)) {
    const line = statement(ctx, item);
    if (line === cta) continue;
    // "## Launched the mobile app" over "ios and android, 4.8 stars": the heading is the news, the line its detail.
    const told = item.section && item.section !== heading && !related(item.section, line, Math.min(2, contentTerms(item.section).length)) ? newsSentence(titled(item.section)) : undefined;
    heading = item.section;
    if (told && !isClause(line)) sentences.push(`${told.replace(/[.]$/, '')}: ${lowerFirst(line)}`);
    else sentences.push(...(told ? [told] : []), newsSentence(line));
  }
  return sentences.join(' ');
}

// "dec 18", "jan 10th", "18 dec", "friday", "the 20th": a date that ends a line of news.
const dateAtEnd = /\s+(?:on\s+)?((?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?|\d{1,2}(?:st|nd|rd|th)?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*|(?:mon|tues|wednes|thurs|fri|satur|sun)day|the\s+\d{1,2}(?:st|nd|rd|th))(\s+(?:at|in)\s+[^,;]+)?$/i;

/** A line of news ("Launched the mobile app.") as the sentence it stands for ("We launched the mobile app."). */
export function newsSentence(line: string): string {
  const text = line.replace(/[.!]$/, '').trim();
  const first = /^\p{L}+/u.exec(text)?.[0] ?? '';
  const form = verbInflection(first.toLowerCase())?.form;
  if (form === 'past' && clauseSubject(text) === undefined) return `We ${first.toLowerCase()}${text.slice(first.length)}.`;
  const dated = dateAtEnd.exec(text);
  if (dated && dated.index > 0) {
    const thing = text.slice(0, dated.index);
    // "holiday party": a thing without a verb (a name keeps its own capital, "Town hall" its article).
    const terms = (compromise()(thing).json() as Array<{ terms: Array<{ tags: string[] }> }>).flatMap((sentence) => sentence.terms);
    if (terms.length >= 1 && terms.length <= 5 && !terms.some((term) => term.tags.includes('Verb') || term.tags.includes('ProperNoun') || term.tags.includes('Pronoun'))) {
      return `The ${thing.charAt(0).toLowerCase()}${thing.slice(1)} is on ${readableDate(dated[1]!)}${dated[2] ?? ''}.`;
    }
  }
  // "New office in Porto opens Jan 10": the sender's new office.
  if (/^New\s/.test(text) && clauseSubject(text) !== undefined) return `Our new${text.slice(3)}.`;
  return `${text}.`;
}
