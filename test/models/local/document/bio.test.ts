import test from 'ava';
import { outcome } from './helpers.js';

/** Bios: the person's facts said of them, in the third person by default, the ask's form words never printed. */

const maya = 'head of design at Loomly, 12 years in product design, ex-Figma, speaks on design systems, lives in Lisbon';

test('a short speaker bio in the third person says every fact of the name, then the first name, in three sentences at most', async (t) => {
  const result = await outcome('writer', { brief: 'short speaker bio for Maya Chen, 3rd person', context: maya });
  t.is(result.deliverable.kind, 'blog_post');
  t.is(result.content, '# Maya Chen\n\nMaya Chen is head of design at Loomly and has 12 years of experience in product design. Maya previously worked at Figma and speaks on design systems. Maya lives in Lisbon.\n');
  t.notRegex(result.content, /3rd person|short|speaker bio|title:/i);
});

test('"first person" gives "I", with every fact', async (t) => {
  const result = await outcome('writer', { brief: "Maya Chen's bio, in the first person", context: maya });
  t.regex(result.content, /^I am head of design at Loomly and have 12 years of experience in product design\. I previously worked at Figma and speak on design systems\. I live in Lisbon\.$/m);
  t.notRegex(result.content, /first person/i);
});

test('a pronoun the ask gives is used after the name; a degree, a past role and a comma inside a fact read as written', async (t) => {
  const context = '- founder of Tidy, a cleaning startup\n- previously ops lead at Deliveroo\n- runs marathons\n- mba from insead';
  const result = await outcome('writer', { brief: 'write a bio for Tom Reed (he/him) for our team page', context });
  t.regex(result.content, /^Tom Reed is founder of Tidy, a cleaning startup\. He was previously an ops lead at Deliveroo and runs marathons\. He has an MBA from insead\.$/m);
});

test('notes written as sentences stay as written, and a longer bio is two paragraphs', async (t) => {
  const prose = await outcome('writer', { brief: 'author bio for Sam Okafor, 2-3 sentences', context: 'Sam Okafor writes about climate tech. Her first book, Cooler, came out in 2024. She lives in Lagos with two cats.' });
  t.regex(prose.content, /^Sam Okafor writes about climate tech\. Her first book, Cooler, came out in 2024\. She lives in Lagos with two cats\.$/m);
  const long = await outcome('writer', { brief: 'speaker bio for Alex Kim', context: 'staff engineer at Stripe, 10 years building payment systems, ex-Square, organises RustConf, speaks on reliability, loves climbing, msc computer science 2014' });
  t.regex(long.content, /^Alex Kim is a staff engineer at Stripe and has 10 years of experience building payment systems\. Alex previously worked at Square and organises RustConf\.\n\nAlex speaks on reliability and loves climbing\. Alex graduated with an MSc in computer science in 2014\.$/m);
});

test('a bio asked without notes is an outline of what the person does now, before, and beyond work', async (t) => {
  const result = await outcome('writer', { brief: 'short speaker bio for Maya Chen, 3rd person' });
  t.is(result.draftKind, 'outline');
  t.regex(result.content, /^# Maya Chen\n/);
  for (const heading of ['Now', 'Background', 'Beyond work']) t.regex(result.content, new RegExp(`^## ${heading}$`, 'm'));
  t.notRegex(result.content, /^## Chen$/m);
});

test('a role after "is" takes its article, a name typed in lower case is the person, and "8 years" is experience', async (t) => {
  const typed = await outcome('writer', { brief: 'write a short bio for jen', context: 'jen designer at figma, 8 years, previously at airbnb, based in berlin' });
  t.regex(typed.content, /^# Jen\n\nJen is a designer at Figma and has 8 years of experience\. Jen previously worked at Airbnb and is based in Berlin\.\n$/);
  const said = await outcome('writer', { brief: 'bio for Jen Park', context: 'Jen is designer at Figma. 8 years experience.' });
  t.regex(said.content, /^Jen is a designer at Figma\. Jen has 8 years of experience\.$/m);
});

test('notes typed in lower case that open with the name: the name is the person, not a fact, and the employer and language keep their capitals', async (t) => {
  const maria = await outcome('writer', { brief: 'write a short bio for me for a conference', context: 'maria lopez, staff engineer at stripe, 10 years in payments, speaks spanish, runs a meetup in austin' });
  t.is(maria.content.trim(), '# Maria Lopez\n\nMaria Lopez is a staff engineer at Stripe and has 10 years of experience in payments. Maria speaks Spanish and runs a meetup in Austin.');
  const sam = await outcome('writer', { brief: 'bio for our website', context: 'sam patel\nhead of growth at loomly\nex-hubspot\nlives in leeds' });
  t.is(sam.content.trim(), '# Sam Patel\n\nSam Patel is head of growth at Loomly and previously worked at Hubspot. Sam lives in Leeds.');
});

test('"short bio for me for a conference" over notes that open "im dana lee": titled by the name, in the third person, every fact in a sentence', async (t) => {
  const result = await outcome('writer', { brief: 'write a short bio for me for a conference', context: 'im dana lee, staff engineer at stripe, 10 yrs in payments, before that shopify. speak about reliability. live in toronto with 2 cats' });
  t.is(result.content.trim(), '# Dana Lee\n\nDana Lee is a staff engineer at Stripe and has 10 years of experience in payments. Dana previously worked at Shopify and speaks about reliability. Dana lives in Toronto with 2 cats.');
});
