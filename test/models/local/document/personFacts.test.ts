import test from 'ava';
import { clauseOf, type Voice } from '../../../../models/local/document/personFacts.js';

/** A person's facts as jotted down, said of them in the first or the third person, every word kept. */

const me: Voice = { person: 'first', subject: 'I', plural: false };
const maya: Voice = { person: 'third', subject: 'Maya', plural: false };
const they: Voice = { person: 'third', subject: 'They', plural: true };

test('each kind of note becomes a clause of the person, in the voice asked', (t) => {
  const cases: Array<[string, string, string]> = [
    ['head of design at Loomly', 'am head of design at Loomly', 'is head of design at Loomly'],
    ['12 years in product design', 'have 12 years of experience in product design', 'has 12 years of experience in product design'],
    ['ex-Figma', 'previously worked at Figma', 'previously worked at Figma'],
    ['speaks on design systems', 'speak on design systems', 'speaks on design systems'],
    ['designer at Figma', 'am a designer at Figma', 'is a designer at Figma'],
    ['based in Berlin', 'am based in Berlin', 'is based in Berlin'],
    ['at Acme since 2019', 'have been at Acme since 2019', 'has been at Acme since 2019'],
    ['5 years ICU experience', 'have 5 years of ICU experience', 'has 5 years of ICU experience'],
    ['bsc economics 2023', 'graduated with a BSc in economics in 2023', 'graduated with a BSc in economics in 2023'],
    ['I love hiking', 'I love hiking', 'loves hiking'],
  ];
  for (const [note, first, third] of cases) {
    t.is(clauseOf(note, me).text, first, note);
    t.is(clauseOf(note, maya).text, third, note);
  }
  t.is(clauseOf('lives in Lisbon', they).text, 'live in Lisbon');
  t.is(clauseOf('head of design at Loomly', they).text, 'are head of design at Loomly');
});
