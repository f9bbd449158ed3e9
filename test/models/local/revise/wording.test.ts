import test from 'ava';
import { createLocalProvider } from '../../../../models/local/index.js';
import type { StageOutput } from '../../../../models/types.js';
import { finalContent, stageInput, type Request } from '../../runCrew.js';

/** Revisions that give the words themselves: a new title, a section by its place, a part with its text. */

const provider = createLocalProvider();
const request: Request = {
  brief: 'blog post about why we moved from Heroku to Fly.io',
  context: 'our bill went from 1,900 to 700 dollars a month. latency in Europe dropped from 180ms to 40ms. postgres backups needed a new setup. the migration took 3 weekends.',
};

async function revise(previousContent: string, feedback: string): Promise<StageOutput> {
  const result = await provider.step(stageInput('writer', 5, request, [], { feedback, requirements: {}, previousContent }), [], [], new AbortController().signal);
  if (result.kind !== 'final') throw new Error('expected a final output');
  return result.output;
}

const report = (output: StageOutput) => output.data as { applied: string[]; not_applied: Array<{ part: string; reason: string }> };
const sections = (content: string) => content.split('\n').filter((line) => line.startsWith('## '));

test('"drop the last section" drops the last one, whatever its heading; "remove the first section" the first', async (t) => {
  const original = await finalContent(provider, 'writer', request);
  const before = sections(original);
  t.true(before.length >= 2, original);
  const last = await revise(original, 'drop the last section');
  t.deepEqual(sections(last.content), before.slice(0, -1));
  t.deepEqual(report(last).not_applied, []);
  const first = await revise(original, 'remove the first section please');
  t.deepEqual(sections(first.content), before.slice(1));
});

test('"title should be: ...", "change the title to ..." give the page that title, in its front matter too, and correct no fact', async (t) => {
  const original = await finalContent(provider, 'writer', request);
  const revised = await revise(original, 'title should be: Why we left Heroku');
  t.regex(revised.content, /^# Why we left Heroku$/m);
  t.notRegex(revised.content, /^title: "Why we moved/m);
  t.deepEqual(report(revised).applied, ['title: Why we left Heroku']);
  const changed = await revise(original, 'change the title to Goodbye Heroku');
  t.regex(changed.content, /^# Goodbye Heroku$/m);
  t.deepEqual(report(changed).not_applied, []);
});

test('"add a short conclusion: ..." and "add a bit about pricing: ..." add the words given, under their own heading', async (t) => {
  const original = await finalContent(provider, 'writer', request);
  const revised = await revise(original, "add a short conclusion: overall worth it, we'd do it again");
  t.regex(revised.content, /## Conclusion\n\nOverall worth it, we'd do it again\.\n?$/);
  t.deepEqual(report(revised).not_applied, []);
  const priced = await revise(original, 'add a bit about pricing: the new plan costs 700 dollars a month');
  t.regex(priced.content, /^## Pricing\n\nThe new plan costs 700 dollars a month\.$/m);
});

test('"rename the title to \"Fly.io, a year on\"" renames it', async (t) => {
  const original = await finalContent(provider, 'writer', request);
  const output = await revise(original, 'rename the title to "Fly.io, a year on"');
  t.regex(output.content, /^# Fly\.io, a year on$/m);
  t.deepEqual(report(output).applied, ['title: Fly.io, a year on']);
});
