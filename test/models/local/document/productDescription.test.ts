import test from 'ava';
import { outcome } from './helpers.js';

/** Product descriptions: the product as headline, a lead, every line a feature bullet, the notes' own call to action. */

test('a product description from spec lines: headline, lead, a bullet per line and the call to action', async (t) => {
  const context = '- electric height adjustment from 62 to 128 cm\n- memory presets for 4 heights\n- bamboo top, 160 x 80 cm\n- 10-year warranty\n- order now and get free delivery';
  const result = await outcome('writer', { brief: 'product description for our new standing desk', context });
  t.is(result.deliverable.kind, 'landing_copy');
  t.is(result.content, '# New standing desk\n\nIntroducing our new standing desk.\n\n- Electric height adjustment from 62 to 128 cm\n- Memory presets for 4 heights\n- Bamboo top, 160 x 80 cm\n- 10-year warranty\n\n**Order now and get free delivery.**\n');
});

test('a lead the notes give opens it, a quote is proof, and no call to action is made up', async (t) => {
  const context = "The Lift Pro is a standing desk for people who work from home.\n- quiet dual motor\n- 4 memory presets\n- 'best desk I have owned' - Wired";
  const result = await outcome('writer', { brief: 'write a product description for the Lift Pro standing desk', context });
  t.regex(result.content, /^# Lift Pro standing desk\n\nThe Lift Pro is a standing desk for people who work from home\.\n\n- Quiet dual motor\n- 4 memory presets\n\n'best desk I have owned' - Wired\.\n$/);
  if (result.deliverable.kind === 'landing_copy') t.is(result.deliverable.data.call_to_action, '');
});

test('features typed in the ask, one word or a comma list, and a labelled line each stay', async (t) => {
  const asked = await outcome('writer', { brief: 'product description for our new standing desk: electric, 62-128 cm, bamboo top, 10-year warranty' });
  t.regex(asked.content, /^- Electric\n- 62-128 cm\n- Bamboo top\n- 10-year warranty$/m);
  const listing = await outcome('writer', { brief: 'Etsy listing for my handmade soy candles', context: 'hand-poured in small batches in Bristol\n50 hour burn time\nscents: fig, cedar, sea salt' });
  t.regex(listing.content, /^Introducing my handmade soy candles\.\n\n- Hand-poured in small batches in Bristol\n- 50 hour burn time\n- Scents: fig, cedar, sea salt$/m);
});

test('a product description asked without notes is an outline of the name, the features and the call to action', async (t) => {
  const result = await outcome('writer', { brief: 'product description for our new standing desk' });
  t.is(result.draftKind, 'outline');
  for (const heading of ['Name and lead', 'Features', 'Call to action']) t.regex(result.content, new RegExp(`^## ${heading}$`, 'm'));
});

test('"product description for our standing desk, bamboo top, 120x60cm, electric, memory presets": the list after a comma is its features, as after a colon', async (t) => {
  const result = await outcome('writer', { brief: 'write a product description for our standing desk, bamboo top, 120x60cm, electric, memory presets' });
  t.is(result.draftKind, 'grounded');
  t.regex(result.content, /^# Standing desk\n\nIntroducing our standing desk\.\n\n- Bamboo top\n- 120x60cm\n- Electric\n- Memory presets\n?$/);
});
