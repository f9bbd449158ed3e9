/**
 * "add the time? 9am", "include the room? B2": a value given after a question mark, as people type
 * a note to themselves, is the value under that name ("add the time: 9am"), for the rules that read
 * "add the X: value" (labelledFact.ts). A real question ("add: do you sell gift cards? yes") keeps
 * its question mark: its name part is a question, not a noun.
 */
const askedValue = /\b(add|include|put\s+in|mention)\s+(the|our|a|an|my)\s+((?!(?:question|q\s*&\s*a|faq)\b)[a-z][\w'’ -]{1,30}?)\s*\?+\s+(?=\S)/gi;
const asking = /\b(?:what|when|where|why|who|how|which|do|does|did|is|are|can|could|should|will|would)\b/i;

export function asStated(feedback: string): string {
  return feedback.replace(askedValue, (whole, verb: string, article: string, name: string) => (asking.test(name) ? whole : `${verb} ${article} ${name}: `));
}
