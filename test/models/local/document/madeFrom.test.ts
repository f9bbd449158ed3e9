import test from 'ava';
import { outcome } from './helpers.js';

/** "from this", "based on these notes": what a document is made from only points at the notes. */

const notes = `- finished api migration (all 14 endpoints)
- blocked on security review, waiting on kim
- next: start on webhooks work`;

test('"a status update for my manager from this" is titled as a status update, not "Manager from this"', async (t) => {
  for (const brief of ['write a status update for my manager from this', 'status update for my boss based on these notes']) {
    const result = await outcome('mind', { brief, context: notes });
    t.is(result.content.split('\n')[0], '# Status update', brief);
    t.notRegex(result.content, /from this|these notes|Manager from|Boss based/i);
  }
});
