import test from 'ava';
import { outcome } from '../document/helpers.js';

/** What a summary is titled and where a standup's blockers go: as the ask names it, each line once. */

const standup = 'ana: yesterday finished the invoice export. today starting on the csv import. blocked on api keys from ops\nben: yesterday reviewed PRs. today fixing the login bug. no blockers\ncarl: yesterday sso spike, today writing it up. risk: vendor sso docs are out of date';

test('"Turn this into a standup summary" is titled "Standup summary", each blocker listed once and "no blockers" nowhere', async (t) => {
  const result = await outcome('mind', { brief: 'Turn this into a standup summary', context: standup });
  t.regex(result.content, /^# Standup summary\n/);
  const summary = result.content.split('## Summary\n\n')[1]!.split('\n\n')[0]!;
  t.notRegex(summary, /blocked|Risk:|no blockers/i);
  t.regex(result.content, /## Blockers and risks\n\n- Ana: blocked on API keys from ops\n- Vendor SSO docs are out of date\n/);
  t.notRegex(result.content, /no blockers/i);
  t.regex(result.content.split('## Topics\n\n')[1]!, /^- Vendor SSO docs$/m);
});

test('a summary of notes without a heading is titled "Meeting summary", never after its first note', async (t) => {
  const bullets = await outcome('mind', { brief: 'summarize the meeting', context: '- launch moved to may 3\n- budget approved at 40k\n- tom to update the roadmap by friday' });
  t.regex(bullets.content, /^# Meeting summary\n/);
  const plain = await outcome('mind', { brief: 'summarize these notes', context: 'launch moved to may 3\nbudget approved at 40k\ntom to update the roadmap by friday' });
  t.regex(plain.content, /^# Meeting summary\n/);
  const headed = await outcome('mind', { brief: 'summarize these notes', context: 'Q3 planning\nlaunch moved to may 3\nbudget approved at 40k' });
  t.regex(headed.content, /^# Meeting summary: Q3 Planning\n/);
});

test('"Answer:" and "answer pending" in notes are Q&A labels: never a participant or a topic', async (t) => {
  const qa = await outcome('mind', { brief: 'summarize this meeting', context: 'Q: when do we launch?\nA: may 3\nQ: who owns QA?\nAnswer: raj\ntom to update the roadmap by friday' });
  t.regex(qa.content, /## Participants\n\nTom\n?$/);
  const call = await outcome('mind', { brief: 'meeting notes summary', context: 'customer call with acme\n- they asked about SSO. answer: yes, on the enterprise plan\n- pricing question, answer pending\n- lisa to send the security doc' });
  t.notRegex(call.content.split('## Topics\n\n')[1]!, /Answer/i);
});
