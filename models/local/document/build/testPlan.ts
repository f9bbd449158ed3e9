import type { DeliverableData } from '../../../../schemas/deliverables/index.js';
import type { DocumentContext } from '../context.js';
import { caseOfNote, usualCases, type TestCase } from '../testPlan.js';

/**
 * A test plan as a technical spec's data: the scope as its overview, one design section per test
 * case (its numbered steps, then "Expected: ..."), the browsers and devices as its interfaces.
 * Notes are the cases to cover, one a line; without notes, the cases such a feature usually needs.
 */
export function testPlan(ctx: DocumentContext): DeliverableData['technical_spec'] {
  const feature = ctx.recognised.subject.replace(/^(?:the|our|a|an)\s+/i, '');
  // "test cases for this": the notes name no feature, so neither does the title.
  const named = !/^the feature$/i.test(ctx.recognised.subject);
  const cases: TestCase[] = ctx.material.bare ? usualCases(feature) : ctx.material.items.map((item) => caseOfNote(item.text));
  return {
    title: named ? `QA test plan: ${feature}` : 'QA test plan',
    overview: `Test cases${named ? ` for ${/^(?:the|our)\s/i.test(ctx.recognised.subject) ? ctx.recognised.subject : `the ${feature}`}` : ''}, each with its steps and the expected result. Run each case and mark it pass or fail.`,
    goals: [],
    design: cases.map((testCase) => ({ heading: testCase.name, body: [...testCase.steps, `Expected: ${testCase.expected}`] })),
    interfaces: ctx.material.bare ? ['Chrome, Safari and Firefox (latest)', 'iOS Safari and Android Chrome'] : [],
    risks: [],
    open_questions: [],
  };
}

