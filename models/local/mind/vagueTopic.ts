import { verbInflection } from '../text/grammar.js';

// Words keyPhrases finds in notes that name no subject on their own: "end" (of month), "dates",
// "step" (3), "head" (of ops), "main thing".
// Assents and comparisons said in passing ("fine", "agreed", "cheaper") and a typed "ill" (I'll) are no subject either.
const vague = new Set(
  'end start dates date step steps thing things main stuff head ops time times way lot bit point points today week month day part parts side kind fine ok okay agreed sure yes great cool ill im ive cheaper faster slower better worse bigger smaller easier harder'.split(' '),
);

/**
 * A topic that says nothing of what the meeting was about: a vague word, a phrase that opens with
 * someone named in the notes ("Ana books flights" is her action item), or a task ("Update Figma").
 */
export function vagueTopic(topic: string, people: readonly string[]): boolean {
  const lower = topic.toLowerCase();
  if (lower.split(/\s+/).every((word) => vague.has(word))) return true;
  if (people.some((person) => lower.startsWith(`${person.split(' ')[0]!.toLowerCase()} `))) return true;
  // "Feels" (stretched): a verb said of someone is no subject.
  const form = lower.includes(' ') ? undefined : verbInflection(lower)?.form;
  if (form === 'third' || form === 'past') return true;
  // "update figma" is a task; "launch email" (a word as often a noun) is a thing.
  return lower.includes(' ') && verbInflection(lower.split(' ')[0]!)?.form === 'base';
}

/** "re guest checkout" -> "guest checkout": "re" only says what the note was regarding. */
export function withoutRegarding(topic: string): string {
  return topic.replace(/^re:?\s+/i, '');
}
