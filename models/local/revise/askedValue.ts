/**
 * "add the time? 9am", "include the room? B2": a value given after a question mark, as people type
 * a note to themselves, is the value under that name ("add the time: 9am"), for the rules that read
 * "add the X: value" (labelledFact.ts). A real question ("add: do you sell gift cards? yes") keeps
 * its question mark: its name part is a question, not a noun.
 */
const askedValue = /\b(add|include|put\s+in|mention)\s+(the|our|a|an|my)\s+((?!(?:question|q\s*&\s*a|faq)\b)[a-z][\w'’ -]{1,30}?)\s*\?+\s+(?=\S)/gi;
const asking = /\b(?:what|when|where|why|who|how|which|do|does|did|is|are|can|could|should|will|would)\b/i;

/** "add a deadline of friday", "set the due date to friday": the value under its name, as "add the deadline: friday". */
const valueOf = /\b(?:add|include|put\s+in|set|give\s+it)\s+(?:a|an|the)\s+(deadline|due\s+date|start\s+date|end\s+date|date|time|venue|location|budget|price)\s+(?:of|as|to|for)\s+(?=\S)/gi;
/** "mention it's due friday", "say it's due by friday": a deadline. */
const dueOn = /\b(?:(?:mention|say|note|add|write)\s+(?:that\s+)?)?(?:it['’]?s|it\s+is|this\s+is|that['’]?s)\s+due\s+(?:by\s+|on\s+)?(?=\S)/gi;

export function asStated(feedback: string): string {
  return feedback
    .replace(askedValue, (whole, verb: string, article: string, name: string) => (asking.test(name) ? whole : `${verb} ${article} ${name}: `))
    .replace(valueOf, (_whole, name: string) => `add the ${name.toLowerCase()}: `)
    .replace(dueOn, 'add the deadline: ');
}
