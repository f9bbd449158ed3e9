import test from 'ava';
import { revisions } from './helpers.js';

/** Cover letters and emails revised the way people ask: facts join the body, shortening keeps the letter a letter. */

const coverLetter = {
  brief: 'cover letter for the product designer role at Figma',
  context: '5 years at Shopify designing checkout\nled the redesign that lifted conversion 12%\nI love design systems',
};
const officeMove = {
  brief: 'email to the team about the office move',
  context: 'we move to the new office at 12 Harbour St on March 3\npack your desks by Friday Feb 28\nIT will set up the monitors over the weekend\nparking passes from Dana at reception\nwe are all super excited about the new space, it is going to be great',
};
type Email = { greeting: string; body: string[]; call_to_action: string; sign_off: string };
const email = (deliverable: { data: Record<string, unknown> }) => deliverable.data as Email;

test('"add that I speak Spanish" joins the facts of a cover letter\'s body, not its closing paragraph, in the deliverable too', async (t) => {
  const { revised: [after] } = await revisions('writer', coverLetter, 'add that I speak Spanish');
  t.regex(after!.content, /conversion 12%\. I love design systems\. I speak Spanish\.\n\nI would welcome the chance/);
  t.notRegex(after!.content, /consideration\. I speak Spanish/);
  t.true(email(after!.deliverable).body.at(-1)!.endsWith('I speak Spanish.'));
  t.false(email(after!.deliverable).call_to_action.includes('Spanish'));
});

test('a shortened cover letter keeps its greeting, closing paragraph and sign-off, and its facts; the deliverable is the shorter letter', async (t) => {
  const { revised: [, shorter] } = await revisions('writer', coverLetter, 'add that I speak Spanish', 'make it shorter');
  t.regex(shorter!.content, /^Dear Hiring Manager,\n\nI am writing to apply/);
  t.regex(shorter!.content, /Thank you for your time and consideration\.\n\nSincerely,$/);
  for (const fact of ['5 years', 'Shopify', '12%', 'Spanish']) t.true(shorter!.content.includes(fact), fact);
  t.false(shorter!.content.includes('I love design systems'));
  t.true(shorter!.applied.includes('length'));
  t.deepEqual(email(shorter!.deliverable).body, ['I am writing to apply for the product designer role at Figma.', 'I have 5 years of experience at Shopify designing checkout. I led the redesign that lifted conversion 12%. I speak Spanish.']);
  t.is(email(shorter!.deliverable).sign_off, 'Sincerely,');
});

for (const feedback of ['make it shorter', 'more concise please', 'cut it down']) {
  test(`"${feedback}" on an email keeps "Hi team," and the sign-off, and the lines with dates and names; only the filler goes`, async (t) => {
    const { revised: [after] } = await revisions('writer', officeMove, feedback);
    t.regex(after!.content, /^\*\*Subject:\*\* Office move\n\nHi team,\n\n/);
    t.regex(after!.content, /\*\*Reply to this email with any question about the office move\.\*\*\n\nKind regards,$/);
    for (const fact of ['March 3', 'Friday Feb 28', 'over the weekend', 'Dana']) t.true(after!.content.includes(fact), fact);
    t.false(after!.content.includes('super excited'));
    t.deepEqual(after!.applied, ['length']);
    t.is(email(after!.deliverable).greeting, 'Hi team,');
    t.false(email(after!.deliverable).body.some((line) => line.includes('super excited')));
  });
}

test('a cover letter signed by someone else has the new name under its sign-off, in the deliverable too', async (t) => {
  const { revised: [after] } = await revisions('writer', { ...coverLetter, brief: `${coverLetter.brief}, from Maria Lopez` }, 'sign it from Ana Ruiz');
  t.regex(after!.content, /Sincerely, {2}\nAna Ruiz$/);
  t.false(after!.content.includes('Maria Lopez'));
  t.deepEqual(after!.applied, ['sign as Ana Ruiz']);
  t.is(email(after!.deliverable).sign_off, 'Sincerely,\nAna Ruiz');
});

test('a fact added to a signed cover letter goes to its body, not after the name under the sign-off', async (t) => {
  const { revised: [after] } = await revisions('writer', { ...coverLetter, brief: `${coverLetter.brief}, from Maria Lopez` }, 'add that I speak Spanish');
  t.regex(after!.content, /Sincerely, {2}\nMaria Lopez$/);
  t.regex(after!.content, /I speak Spanish\.\n\nI would welcome/);
});

test('"mention the deadline is March 3" (no "that") adds the line to an email\'s body, as a line of its own like the others', async (t) => {
  const { revised: [after] } = await revisions('writer', officeMove, 'mention the deadline is March 3');
  t.regex(after!.content, /Parking passes from Dana at reception\.\n\nWe are all super excited about the new space\.\n\nIt is going to be great\.\n\nThe deadline is March 3\.\n\n\*\*Reply/);
  t.deepEqual(after!.applied, ['add fact: The deadline is March 3.']);
  t.is(email(after!.deliverable).body.at(-1), 'The deadline is March 3.');
});

test('"use bullet points" on an email lists its body under the opening line; greeting, call to action and sign-off stay', async (t) => {
  const { revised: [after] } = await revisions('writer', officeMove, 'use bullet points');
  t.regex(after!.content, /Hi team,\n\nWe move to the new office at 12 Harbour St on March 3\.\n\n- Pack your desks by Friday Feb 28\.\n- IT will set up the monitors over the weekend\.\n- Parking passes from Dana at reception\.\n- We are all super excited about the new space\.\n- It is going to be great\.\n\n\*\*Reply[^\n]*\n\nKind regards,$/);
  t.deepEqual(after!.applied, ['format: bullet points']);
  t.is(email(after!.deliverable).body.length, 6);
});

test('"less salesy" is read as a plainer register, not left as general feedback', async (t) => {
  const { revised: [after] } = await revisions('writer', officeMove, 'less salesy please');
  t.false(after!.content.includes('super excited'));
  t.deepEqual(after!.applied, ['tone_adjustment']);
});

test('"mention that ..., and sign it from Maria": two instructions, the fact ends where the next starts, with its day\'s capital', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'email to the team: office closed friday for the holiday, payroll goes out thursday instead, questions to maria' }, 'mention that the office reopens monday at 9, and sign it from Maria');
  t.regex(after!.content, /^The office reopens Monday at 9\.$/m);
  t.notRegex(after!.content, /sign it/);
  t.regex(after!.content, /Kind regards,\n\nMaria$/);
  t.true(email(after!.deliverable).body.includes('The office reopens Monday at 9.'));
});

test('"sign off as Dana, Office Manager" puts the name and the role under the sign-off', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'email to the team: we move to the new office on march 3' }, 'sign off as Dana, Office Manager');
  t.regex(after!.content, /Kind regards,\n\nDana {2}\nOffice Manager\n?$/);
  t.deepEqual(after!.applied, ['sign as Dana, Office Manager']);
});

test('"it should be from HR" signs the email HR, and is not also reported as unread', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'email to the team: we move to the new office on march 3' }, 'it should be from HR');
  t.regex(after!.content, /Kind regards,\n\nHR\n?$/);
  t.deepEqual(after!.notApplied, []);
});
