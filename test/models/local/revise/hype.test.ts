import test from 'ava';
import { revisions } from './helpers.js';

/** "less salesy": the claims stay, the hype and the pressure go. */

test('"less salesy" takes out hype words and "Act now", keeps the price and what the plan includes', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'email to customers announcing our new premium plan', context: 'The premium plan is an amazing, game-changing upgrade! It costs $20 per month. It includes priority support and unlimited projects. Act now - this incredible offer ends Friday!!' }, 'less salesy');
  t.regex(after!.content, /The premium plan is an upgrade\./);
  t.regex(after!.content, /\nThis offer ends Friday\./);
  t.regex(after!.content, /It costs \$20 per month\.\n\nIt includes priority support and unlimited projects\./);
  t.notRegex(after!.content, /amazing|game-changing|incredible|Act now|!/);
  t.regex(after!.content, /Dear customers,/);
});

test('"tone down the hype" on a post: "an incredible new feature" is "a new feature"', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'linkedin post: our amazing team just shipped an incredible new feature, a truly epic search' }, 'tone down the hype');
  t.regex(after!.content, /Our team just shipped a new feature, a search\./);
});
