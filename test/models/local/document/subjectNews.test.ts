import test from 'ava';
import { outcome } from './helpers.js';

/**
 * "tweet about our new pricing page, live now": a post asked about news, with nothing else to go
 * on, says that news with the facts the ask lists, in the ask's words; it is not an outline that
 * asks for the facts the ask already gave (build/subjectNews.ts).
 */

async function post(brief: string) {
  const result = await outcome('writer', { brief });
  if (result.deliverable.kind !== 'social_posts') throw new Error(`${brief}: ${result.deliverable.kind}`);
  return { result, text: result.deliverable.data.posts[0]!.text };
}

test('"tweet about our new pricing page, live now" says the page is live, tagged with what it is about', async (t) => {
  const { result, text } = await post('tweet about our new pricing page, live now');
  t.is(result.draftKind, 'grounded');
  t.is(text, 'Some news we are excited to share. Our new pricing page is live now. Take a look and tell us what you think.\n\n#PricingPage');
  t.notRegex(result.content, /First pass|outline|fill each part/i);
});

test('the facts listed after the subject are said with it, in the ask\'s order, places and days with their capitals', async (t) => {
  const offsite = await post('linkedin post about our team offsite in porto, 3 days, 25 people, lots of planning and surfing');
  t.regex(offsite.text, /^Our team offsite in Porto: 3 days, 25 people, lots of planning and surfing\.$/m);
  t.notRegex(offsite.text, /#PlanningAnd|and lots/);
  const coffee = await post('instagram caption for our new coffee blend, dark roast, notes of cherry and chocolate');
  t.regex(coffee.text, /^Introducing our new coffee blend: dark roast, notes of cherry and chocolate\.$/m);
  t.regex(coffee.text, /#CoffeeBlend/);
  const sale = await post('facebook post about our summer sale, 20% off all shoes until sunday');
  t.regex(sale.text, /Our summer sale is on: 20% off all shoes until Sunday\./);
});

test('a milestone is said as reached and thanks those who helped; an event ahead is an invitation', async (t) => {
  const customers = await post('write a linkedin post about hitting 1000 customers');
  t.regex(customers.text, /^A milestone worth sharing\.\n\nWe just hit 1000 customers\.\n\nThank you to everyone who helped us get here\.\n\n#1000Customers$/);
  const downloads = await post('tweet about 10k downloads');
  t.regex(downloads.text, /We just hit 10k downloads\./);
  const webinar = await post('tweet about the webinar next thursday at 5pm on scaling postgres');
  t.regex(webinar.text, /^Save the date\. Join us for the webinar next Thursday at 5pm on scaling Postgres\. See you there!/);
});

test('every word of the news is the ask\'s: no figure, date or name is added', async (t) => {
  for (const brief of ['tweet about our new pricing page, live now', 'linkedin post about our new office in berlin', 'tweet about dark mode, available on ios and android today']) {
    const { text } = await post(brief);
    const figures = text.match(/\d[\d,.:]*/g) ?? [];
    for (const figure of figures) t.true(brief.includes(figure), `${brief}: ${figure}`);
    t.notRegex(text, /\b(?:20\d\d|January|February|March|April|June|July|August|September|October|November|December)\b/, brief);
  }
});

test('a subject that is a topic, not news, stays an outline that asks for the angle', async (t) => {
  for (const brief of ['linkedin post about remote work', 'tweet about the benefits of pair programming']) {
    const { result } = await post(brief);
    t.is(result.draftKind, 'outline', brief);
  }
});
