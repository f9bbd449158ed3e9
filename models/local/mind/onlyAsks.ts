// "meeting notes -> summary pls", "action items from this", "key takeaways from this call": words
// that say what to do with the material, or point at it, name no meeting; "what did we decide in
// this call" neither.
const askWords = new Set(
  'meeting meetings notes note summary summarize summarise sum up recap minutes write writeup write-up tldr tl;dr key main takeaways points action actions items item decisions decision next steps what were was are the a from of for in this these that those below above attached here pls plz please thx thanks -> => > call chat thread transcript email emails pull out list extract can could you give me get it quick short up our my type clean tidy did we decide decided agree agreed'.split(' '),
);
/** True when every word of `subject` asks for something or points at the material. */
export function onlyAsks(subject: string): boolean {
  // "1" is what is left of "1:1" once the ask is read: a number alone names no meeting.
  return subject.split(/\s+/).filter(Boolean).every((word) => askWords.has(word.toLowerCase().replace(/[?!.,:]+$/, '')) || /^[\d:]+$/.test(word));
}
