import type { Section } from '../../../../schemas/deliverables/index.js';
import { forReaders, said, statement, titled, type DocumentContext } from '../context.js';
import { headlineOf } from '../headline.js';
import type { Item } from '../material.js';

/**
 * A newsletter typed as a list of news ("- the pool reopens on 3 March", "- new yoga class on
 * Tuesdays"): one item per entry, in the order given, each headed by its own headline; undefined
 * when the material is prose or too long a list to head each entry.
 */
export function newsItems(ctx: DocumentContext, cta: string | null): Section[] | undefined {
  const items = forReaders(ctx).filter((item) => said(item) !== cta);
  if (items.length < 2 || items.length > 8 || items.filter((item) => item.listed).length < items.length * 0.6) return undefined;
  // "new: dark mode / new: export to csv / fixed: slow search": news sorted under a label shared by
  // several lines is a list under that label ("## New": "- Dark mode", "- Export to CSV").
  const shared = (label: string | undefined) => label !== undefined && items.filter((item) => item.section?.toLowerCase() === label.toLowerCase()).length >= 2;
  if (items.some((item) => shared(item.section))) {
    const sections: Section[] = [];
    for (const item of items) {
      const label = item.section && item.section.split(/\s+/).length <= 3 ? item.section : undefined;
      const last = sections.at(-1);
      if (label && last && last.heading.toLowerCase() === titled(label).toLowerCase()) last.body[0] = `${last.body[0]}\n- ${statement(ctx, item).replace(/[.]$/, '')}`;
      else if (label && shared(label)) sections.push({ heading: titled(label), body: [`- ${statement(ctx, item).replace(/[.]$/, '')}`] });
      else sections.push(headed(ctx, item));
    }
    return sections;
  }
  const sections = items.map((item) => headed(ctx, item));
  // "holiday hours, new espresso machine, staff party on the 20th": unlabelled news that is mostly
  // headline would be headings over nothing; it is the list, each line as typed.
  if (!items.some((item) => item.section) && sections.filter((section) => section.body.length === 0).length * 2 >= sections.length) return [{ heading: 'In this issue', body: [items.map((item) => `- ${statement(ctx, item).replace(/[.]$/, '')}`).join('\n')] }];
  return sections;
}

/** One piece of news under its own headline. */
function headed(ctx: DocumentContext, item: Item): Section {
  // "Holiday support hours: closed Dec 24-26": the label says what the line is about, so it heads it.
  const heading = item.section && !newsLabel.test(item.section) && item.section.split(/\s+/).length <= 5 ? titled(item.section) : headlineOf(item.text);
  const body = statement(ctx, item);
  // "New office opens Monday": a line short enough to be its own headline is said once, as the headline.
  return { heading, body: sameWords(heading, body) ? [] : [body] };
}

/** Two lines that say the same words, whatever their case and closing stop. */
export function sameWords(one: string, other: string): boolean {
  const words = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  return words(one) === words(other);
}

// Labels that only sort a newsletter's lines ("Reminder:", "News:", "FYI:") never head one.
const newsLabel = /^(?:reminders?|news|update|updates|fyi|note|notes|important|new|welcome|items?|events?|dates?|other|misc|announcements?|heads\s+up|ps)$/i;
