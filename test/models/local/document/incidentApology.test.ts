import test from 'ava';
import { outcome } from './helpers.js';

test('"apology email to customers, app was down 2 hours, fixed now" says sorry and the facts as sentences, not an outline', async (t) => {
  const result = await outcome('writer', { brief: 'apology email to customers, app was down 2 hours, fixed now' });
  t.is(result.draftKind, 'grounded');
  t.regex(result.content, /^\*\*Subject:\*\* Our apologies$/m);
  t.regex(result.content, /^Dear customers,$/m);
  t.regex(result.content, /^We are sorry\.$/m);
  t.regex(result.content, /^The app was down for 2 hours\. It is fixed now\.$/m);
});

test('an apology for an outage with its facts typed after commas reads as sentences: "down 2 hours, fixed now"', async (t) => {
  const result = await outcome('writer', { brief: "apology email to customers for the outage yesterday, down 2 hours, fixed now, we're adding monitoring" });
  t.regex(result.content, /^We are sorry for the outage yesterday\.$/m);
  t.regex(result.content, /^We were down for 2 hours, and it is fixed now\.$/m);
  t.regex(result.content, /^We're adding monitoring\.$/m);
  t.notRegex(result.content, /down 2 hours, fixed now/);
  const site = await outcome('writer', { brief: 'apology email for the outage, site was down for 3 hours, all fixed' });
  t.regex(site.content, /^The site was down for 3 hours, and it is all fixed\.$/m);
  const sorry = await outcome('writer', { brief: 'sorry email to users about the outage this morning, down 2 hours, fixed now' });
  t.regex(sorry.content, /^\*\*Subject:\*\* Our apologies for the outage this morning$/m);
  t.regex(sorry.content, /^Dear users,$/m);
  const mins = await outcome('writer', { brief: "apology email to our users: checkout was down 40 mins this morning, it's fixed now" });
  t.regex(mins.content, /^The checkout was down for 40 minutes this morning\. It is fixed now\.$/m);
});
