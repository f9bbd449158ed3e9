import test from 'ava';
import { outcome } from './helpers.js';

/** Status updates typed as quick notes: a line's label says what it is. */

test('a line labelled "risk:" is a risk, not a highlight, and starts with a capital', async (t) => {
  const context = 'signups 1,240 (+8% wow)\nhiring: 2 offers out for backend roles\nrisk: the payments vendor contract ends in march\nblocker: app store review pending';
  const result = await outcome('mind', { brief: 'weekly status update for leadership', context });
  if (result.deliverable.kind !== 'status_review') return t.fail(result.deliverable.kind);
  const { highlights, risks } = result.deliverable.data;
  t.true(risks.includes('The payments vendor contract ends in march'), JSON.stringify(risks));
  t.true(risks.some((line) => /app store review pending/.test(line)), JSON.stringify(risks));
  t.false(highlights.some((line) => /vendor contract|app store/i.test(line)), JSON.stringify(highlights));
  t.regex(result.content, /## Risks\n\n- The payments vendor contract ends in march/);
});
