import type { DocumentContext } from '../context.js';
import { sentenceStart } from '../context.js';
import { clauseOf, sentencesOf, type Voice } from '../personFacts.js';
import { commaList } from '../listParts.js';

/**
 * What the notes of an introduction say about the two people: "jen designer at figma" and "tom
 * leads sales at acme, wants design help" become "Jen is a designer at Figma." and "Tom leads sales
 * at Acme and wants design help."; a line about neither (why they should talk) is said as written.
 */
export function introductionNotes(ctx: DocumentContext, names: [string, string]): string[] {
  const out: string[] = [];
  for (const item of ctx.material.items.filter((entry) => entry.origin !== 'brief')) {
    const text = item.text.trim().replace(/[.]$/, '');
    const name = names.find((person) => new RegExp(`^${person.split(/\s+/)[0]}\\b`, 'i').test(text));
    if (!name) {
      out.push(sentenceStart(text.replace(/[.!?]?$/, '.')));
      continue;
    }
    const first = name.split(/\s+/)[0]!;
    const rest = text.slice(first.length).replace(/^\s*(?:[:,-]\s*)?/, '');
    const voice: Voice = { person: 'third', subject: first, plural: false, name };
    // "tom leads sales at acme, wants design help": each part said of Tom.
    const parts = commaList(rest, 12) ?? rest.split(/,\s+/);
    const clauses = parts.map((part) => clauseOf(part.replace(/(^|\s)(at|from|for)\s+(\p{Ll})/gu, (_, space: string, prep: string, letter: string) => `${space}${prep} ${letter.toUpperCase()}`), voice));
    out.push(...sentencesOf(clauses, voice, first, 3));
  }
  return out;
}
