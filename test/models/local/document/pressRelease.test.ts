import test from 'ava';
import { headlineOf } from '../../../../models/local/document/build/pressRelease.js';
import { outcome } from './helpers.js';

/** Press releases: the news in the third person, its facts, the quote with who said it, About the company, the press contact. */

test('the headline says the news in the third person, from the company', (t) => {
  t.is(headlineOf('we just raised a 4M seed round led by Northzone', 'Loomly'), 'Loomly raises 4M seed round led by Northzone');
  t.is(headlineOf('launch of our app Mealmap on March 12', 'Greenfork Labs'), 'Greenfork Labs launches Mealmap on March 12');
  t.is(headlineOf('launch of our app Mealmap on March 12', undefined), 'Mealmap launches on March 12');
});

test('a press release from rough notes: the quote is a paragraph of its own with the full name and role, the company in About', async (t) => {
  const context = "company: Loomly, we make scheduling software for dental clinics. founded 2022 by Ana Ruiz and Tom Beck. 300 clinics use it. money goes to hiring engineers and expanding to germany. quote from Ana: 'Dentists should spend time with patients, not calendars.'";
  const result = await outcome('writer', { brief: 'press release: we just raised a 4M seed round led by Northzone', context });
  t.is(result.deliverable.kind, 'blog_post');
  t.regex(result.content, /^# Loomly raises 4M seed round led by Northzone\n/);
  t.regex(result.content, /^Loomly raises 4M seed round led by Northzone\. Money goes to hiring engineers and expanding to Germany\.$/m);
  t.regex(result.content, /^“Dentists should spend time with patients, not calendars,” said Ana Ruiz, co-founder of Loomly\.$/m);
  t.regex(result.content, /^## About Loomly\n\nLoomly makes scheduling software for dental clinics\. Founded 2022 by Ana Ruiz and Tom Beck\. 300 clinics use it\.$/m);
  t.notRegex(result.content, /Company:|quote from|\.'\./i);
});

test('a launch press release keeps a quote with an apostrophe whole, and the press contact as written', async (t) => {
  const context = 'Mealmap plans a week of dinners in 2 minutes from what is in your fridge. Made by Greenfork Labs, a 12-person team in Amsterdam. CEO Lisa de Vries: "We want to end the 6pm what\'s-for-dinner panic." Press contact: press@greenfork.example, +31 20 123 4567';
  const result = await outcome('writer', { brief: 'press release for the launch of our app Mealmap on March 12', context });
  t.regex(result.content, /^# Greenfork Labs launches Mealmap on March 12\n/);
  t.regex(result.content, /^“We want to end the 6pm what's-for-dinner panic,” said Lisa de Vries, CEO of Greenfork Labs\.$/m);
  t.regex(result.content, /^## Press contact\n\npress@greenfork\.example, \+31 20 123 4567\.$/m);
  t.is(result.content.match(/what's-for-dinner/g)?.length, 1);
});

test('a press release asked without notes is an outline of the news, a quote, the company and the press contact', async (t) => {
  const result = await outcome('writer', { brief: 'Write a press release about our new store opening in Leeds' });
  t.is(result.draftKind, 'outline');
  for (const heading of ['The news', 'Quote', 'About the company', 'Press contact']) t.regex(result.content, new RegExp(`^## ${heading}$`, 'm'));
  t.notRegex(result.content, /^## Leeds$/m);
});
