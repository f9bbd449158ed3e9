/**
 * What a chat export leaves in a document that no reader needs: timestamps, greetings, thanks and
 * filler ("[6:32 AM] Maria Lopez: morning all, van 3 is in the shop" -> "Maria Lopez: van 3 is in
 * the shop"). Used when a revision shortens a document or makes it formal.
 */
const timestamp = /\[\s*\d{1,2}:\d{2}(?::\d{2})?\s*(?:[AP]\.?M\.?)?\s*\]\s*|\s{2,}\d{1,2}:\d{2}\s*[AP]M\b|\b\d{1,2}:\d{2}\s*[AP]M\s*[-–—:]\s*/gi;
const speaker = /^((?:\*\*)?[A-Z][\w.'’-]*(?:\s+(?:(?:de|van|von|der|da|di|la|le)\s+)*[A-Z][\w.'’-]*)*(?:\*\*)?:\s+)/;
const greeting = /^(?:(?:good\s+)?(?:morning|afternoon|evening)|hi|hey|hello|yo)(?:\s+(?:all|everyone|team|folks|guys|there))?\s*[,!.:-]\s*/i;
// Thanks that say nothing else ("thanks all!", "thx for the update,"); "Thank you for your time and consideration." is the writer's, and stays.
const thanks = /^(?:thanks|thank you|thx|cheers|ty)(?:\s+(?:all|everyone|team|guys|folks|so much|a lot|very much|again|for (?:the |this |that )?(?:update|info|heads[- ]up|reminder|sharing|that|this)))*\s*(?:[,!.:-]+\s*|$)/i;
const filler = /^(?:ok(?:ay)?|so|um+|uh+|well|yeah|yep|right|lol|fyi|btw)\b[,.]?\s+/i;

/** One line or sentence without its chat noise; '' when nothing but noise is left. */
export function withoutChatNoise(text: string): string {
  const prefix = /^\s*(?:[-*+]\s+(?:\[[ xX]\]\s+)?|\d+[.)]\s+)?/.exec(text)![0];
  let rest = text.slice(prefix.length).replace(timestamp, ' ').replace(/\s{2,}/g, ' ').trim();
  const who = speaker.exec(rest)?.[1] ?? '';
  rest = rest.slice(who.length);
  const said = rest;
  for (let changed = true; changed; ) {
    const before = rest;
    rest = rest.replace(greeting, '').replace(thanks, '').replace(filler, '');
    changed = rest !== before;
  }
  if (rest.trim() === '' || /^[\W_]*$/.test(rest)) return '';
  // What is left after a greeting starts the sentence; untouched text keeps its case.
  return rest === said ? `${prefix}${who}${rest}` : `${prefix}${who}${rest.charAt(0).toUpperCase()}${rest.slice(1)}`;
}

/** Whether a line carries chat noise `withoutChatNoise` would remove. */
export function hasChatNoise(text: string): boolean {
  return withoutChatNoise(text) !== text;
}
