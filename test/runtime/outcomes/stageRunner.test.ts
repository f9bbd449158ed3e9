import test from 'ava';
import { crews } from '../../../crews/index.js';
import type { CrewId } from '../../../crews/index.js';
import type { ModelProvider } from '../../../models/types.js';
import { createStageRunner } from '../../../runtime/outcomes/stageRunner.js';
import type { StageIntegrationsInput } from '../../../runtime/outcomes/stageServices.js';
import type { Repositories } from '../../../storage/index.js';
import type { OutcomeInputRow } from '../../../storage/repositories/outcomes.js';
import type { StageOutputRow } from '../../../storage/repositories/stageOutputs.js';
import { manualClock } from '../../../runtime/clock.js';

/**
 * When a model step waits for its output's commit (issue 30): only when the output goes out to
 * integrations next, a side effect outside the database that a restored step must repeat with the
 * same document. Otherwise the output rides the tick that writes the transition it causes, and the
 * outcome goes on at once.
 */
const model: ModelProvider = {
  name: 'instant',
  step: async (input) => ({ kind: 'final', output: { summary: `${input.stage.name} done`, content: `# ${input.stage.name}\n\n${input.brief}\n` } }),
};

function input(outcomeId: string, integrations: Record<string, unknown>, approvals: Record<string, unknown> | null = null): OutcomeInputRow {
  return { outcome_id: outcomeId, brief: 'Write a post about remote work', context: null, requirements: {}, integrations, template_id: null, context_documents: [], depends_on: [], priority: null, approvals };
}

/** A runner whose commits are held until `commit()` is called; `sent` lists the integration runs. */
function harness() {
  const stored: StageOutputRow[] = [];
  const held: Array<() => void> = [];
  const sent: Array<{ input: StageIntegrationsInput; committedOutputs: number }> = [];
  let committed = 0;
  const runner = createStageRunner({
    repos: {} as Repositories, // primed jobs: no reads
    provider: model,
    clock: manualClock('2026-11-26T22:00:00.000Z'),
    crews: { definition: (id: string) => crews[id as CrewId] },
    storeOutput(row) {
      stored.push(row);
      return new Promise<void>((resolve) => held.push(() => ((committed += 1), resolve())));
    },
    services: {
      async runIntegrations(integrationsInput) {
        sent.push({ input: integrationsInput, committedOutputs: committed });
        return undefined;
      },
    },
  });
  return { runner, stored, sent, commit: () => held.splice(0).forEach((release) => release()) };
}

const lastStage = crews.writer.stages.length - 1;
const step = (outcomeId: string) => ({ outcomeId, stepKey: String(lastStage), stageIndex: lastStage, attempt: 1, turn: 1, exchanges: [] });

test('a step whose outcome sends nothing out answers before its output is committed', async (t) => {
  const { runner, stored, sent } = harness();
  runner.prime('out_plain', 'ws_1', 'writer', input('out_plain', {}));
  const result = await runner.modelStep(step('out_plain'), new AbortController().signal);
  t.is(result.kind, 'final');
  t.is(stored.length, 1, 'the output is staged for the next commit');
  t.is(sent.length, 0);
});

test('a step whose output goes out to integrations waits for its commit before sending it', async (t) => {
  const { runner, stored, sent, commit } = harness();
  runner.prime('out_post', 'ws_1', 'writer', input('out_post', { slack: true }));
  let answered = false;
  const result = runner.modelStep(step('out_post'), new AbortController().signal).then((value) => ((answered = true), value));
  await new Promise((resolve) => setImmediate(resolve));
  t.is(stored.length, 1);
  t.is(sent.length, 0, 'nothing is sent while the output is not committed');
  t.false(answered);
  commit();
  t.is((await result).kind, 'final');
  t.is(sent.length, 1);
  t.is(sent[0]!.committedOutputs, 1, 'the integration ran after the commit');
  t.is(sent[0]!.input.content, stored[0]!.content, 'and sent the committed document');
});

test('integrations held for a person’s approval do not make the step wait', async (t) => {
  const { runner, sent } = harness();
  runner.prime('out_held', 'ws_1', 'writer', input('out_held', { slack: true }, { before_integrations: true }));
  t.is((await runner.modelStep(step('out_held'), new AbortController().signal)).kind, 'final');
  t.is(sent.length, 0, 'they run after the approval, from the outcome');
});
