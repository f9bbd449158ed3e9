import test from 'ava';
import type { CrewId } from '../../../../crews/index.js';
import { outcome } from './helpers.js';

/** Issue 26 item 6: bare drafts are honest outlines, and no two of a crew share more than 30% of their 6-word sequences once their briefs' words are removed. */

const bare: Record<CrewId, string[]> = {
  writer: ['Write a blog post about remote onboarding for engineering teams', 'Blog post about winter tyre checks for delivery vans', 'Write the pgmigrate install page', 'A guide to keeping a sourdough starter alive', 'Newsletter for patients about our Saturday hours', 'Landing page copy for Shiftly, a shift scheduling app', 'Email to trial users about the end of their trial'],
  mind: ['Analyse our support backlog', 'Plan the process for handling returned parcels', 'Retro of the Christmas rush at the bakery', 'Summarise our weekly ops sync', 'Prioritize the clinic IT requests', 'Status review of the driver app rollout'],
  pilot: ['Roadmap for the driver app rewrite', 'Jira tickets for SMS appointment reminders', 'Technical spec for plugin loading in tinyqueue', 'PRD for usage-based billing in Shiftly', 'Release notes for the bakery app 1.4'],
};

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu) ?? [];

function grams(content: string, brief: string): Set<string> {
  const masked = new Set(words(brief));
  const kept = words(content).filter((word) => !masked.has(word));
  return new Set(kept.map((_, index) => kept.slice(index, index + 6).join(' ')).filter((gram) => gram.split(' ').length === 6));
}

for (const crew of ['writer', 'mind', 'pilot'] as const) {
  test(`${crew}: bare drafts are outlines that share at most 30% of their 6-word sequences`, async (t) => {
    const drafts = await Promise.all(bare[crew].map(async (brief) => ({ brief, result: await outcome(crew, { brief }) })));
    for (const { brief, result } of drafts) {
      t.is(result.draftKind, 'outline', brief);
      t.true(result.notes.length > 0, brief);
    }
    const sets = drafts.map(({ brief, result }) => grams(result.content, brief));
    for (let a = 0; a < sets.length; a += 1) {
      for (let b = a + 1; b < sets.length; b += 1) {
        const shared = [...sets[a]!].filter((gram) => sets[b]!.has(gram)).length;
        const share = shared / Math.max(1, Math.min(sets[a]!.size, sets[b]!.size));
        t.true(share <= 0.3, `${drafts[a]!.brief} / ${drafts[b]!.brief}: ${Math.round(100 * share)}%`);
      }
    }
  });
}

test('a post outlined from a one-line brief is titled with a capital: "linkedin post about hybrid work in austin" -> "Hybrid work ..."', async (t) => {
  const result = await outcome('writer', { brief: 'linkedin post about hybrid work in austin' });
  t.regex(result.content, /^# Hybrid work in Austin\n/);
  const prd = await outcome('pilot', { brief: 'write a prd for a slack bot that reminds people about jira tickets' });
  t.regex(prd.content, /^# Slack bot that reminds people about Jira tickets: product requirements\n/);
});

test('a long subject is cut where its head ends, not mid-phrase: "..., saves 5 hours a week" is no title "... saves 5 hours a"', async (t) => {
  const result = await outcome('writer', { brief: "cold email to acme's head of ops about our scheduling tool, saves 5 hours a week" });
  t.notRegex(result.content, /hours a$/m);
  t.regex(result.content, /^\*\*Subject:\*\* Our scheduling tool for Acme$/m);
});
