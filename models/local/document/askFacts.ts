/**
 * Facts a one-line ask states besides what it asks for, as people type them:
 * - statements after the subject: "a LinkedIn post about our new office in Rotterdam, we move in on
 *   1 March and we're hiring 5 developers" states that they move in on 1 March and are hiring;
 * - who someone is: "a short bio for our new CTO, Maya Patel" states that Maya Patel is the new CTO.
 * Each is said as the ask says it; nothing is added.
 */

// A clause that states something: a subject pronoun or "our/the <noun>" and what follows.
const statement = /,\s+((?:we|we['’](?:re|ve|ll)|i|i['’](?:m|ll|ve|d)|it|it['’]s|they|they['’]re|there['’]s|there\s+(?:is|are|will\s+be))\s+.+)$/i;
const nextClause = /\s*(?:,\s*|\s+)(?:and|but|so)\s+(?=(?:we|we['’](?:re|ve|ll)|i|i['’](?:m|ll|ve|d)|it|it['’]s|they|they['’]re|there)\b)|,\s+(?=(?:we|we['’](?:re|ve|ll)|i|i['’](?:m|ll|ve|d)|it|it['’]s|they|they['’]re)\b)/i;
const name = String.raw`[A-Z][\p{L}'’-]+(?:\s+(?:(?:de|van|der|den|da|di|del|la|le|von)\s+)*[A-Z][\p{L}'’-]+){1,2}`;
// "our new CTO, Maya Patel", "the head of sales, Tom de Vries"
const appositive = new RegExp(String.raw`\b(our|the|my)\s+((?:new\s+)?[a-z][\w\s-]{1,40}?),\s+(${name})(?=[,.;:!?]|\s*$)`, 'u');

function upper(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// "announcing our new dark mode, ships tomorrow for all users": the subject, then what it does.
const subjectThenVerb = /\b(?:announcing|about|introducing|launching|on)\s+((?:our|the|a|an|my)\s+[^,]{2,60}?),\s+((?:ships|launches|opens|starts|goes|arrives|comes|lands|rolls|runs|ends|closes|returns|moves|is|will|has)\b[^,]*)/i;

/** The statements of `sentence` (the ask) besides its request, each a sentence. */
export function askFacts(sentence: string): string[] {
  const facts: string[] = [];
  const does = subjectThenVerb.exec(sentence);
  if (does) facts.push(`${upper(does[1]!)} ${does[2]!.trim().replace(/[.!?]+$/, '')}.`);
  const who = appositive.exec(sentence);
  if (who) facts.push(`${who[3]} is ${who[1]!.toLowerCase()} ${who[2]!.trim()}.`);
  const stated = statement.exec(sentence)?.[1];
  if (stated) {
    for (const clause of stated.split(nextClause)) {
      const text = clause.trim().replace(/[.!?]+$/, '');
      if (text.split(/\s+/).length >= 3) facts.push(`${upper(text)}.`);
    }
  }
  return facts;
}

/** The ask without the statements that follow its subject ("... about our new office in Rotterdam"). */
export function withoutStatements(sentence: string): string {
  const does = subjectThenVerb.exec(sentence);
  const cut = does ? sentence.slice(0, does.index + does[0].length - does[2]!.length).replace(/,\s*$/, '') : sentence;
  const found = statement.exec(cut);
  return found ? cut.slice(0, found.index) : cut;
}

/** "Instagram caption for our bakery - new sourdough buns, 3.50 each": a dash after the ask opens its material, as a colon does. */
// A dash after a number joins a range ("away dec 20 - jan 3", "open 9 - 5"): the range is a fact, so
// the comma before it opens the material ("out of office message, away dec 20 - jan 3, ...").
export function withColon(sentence: string): string {
  if (sentence.includes(': ')) return sentence;
  const range = /\d\s+[-–—]\s+/.exec(sentence);
  const comma = range ? sentence.slice(0, range.index).indexOf(', ') : -1;
  if (comma > 0 && sentence.slice(0, comma).trim().split(/\s+/).length >= 2) return `${sentence.slice(0, comma)}: ${sentence.slice(comma + 2)}`;
  // "maintenance notice, app down saturday 2-4am": a comma right after the message's name opens its facts too.
  // "apology email to customers, app was down 2 hours, fixed now": whom it goes to may come between the name and its facts.
  const named = /^((?:[\w'’-]+\s+){0,3}(?:notice|message|e-?mail|note|announcement|reminder|post|tweet|caption|update|alert)(?:\s+to\s+(?:(?:our|the|all|all\s+our|my)\s+)?[\w'’-]+)?),\s+(\S+(?:\s+\S+){2,})$/i.exec(sentence);
  if (named) return `${named[1]}: ${named[2]}`;
  // "product description for our standing desk, bamboo top, 120x60cm, electric": a list after the product is its specs.
  const described = /^(.*\b(?:product\s+description|description|product\s+listing|listing|product\s+copy|product\s+page)\s+(?:for|of)\s+[^,:]{2,60}),\s+([^,]+(?:,\s*[^,]+)+)$/i.exec(sentence);
  if (described) return `${described[1]}: ${described[2]}`;
  const dash = /(?<!\d)\s+[-–—]\s+/.exec(sentence);
  return dash && sentence.slice(0, dash.index).trim().split(/\s+/).length >= 2 ? `${sentence.slice(0, dash.index)}: ${sentence.slice(dash.index + dash[0].length)}` : sentence;
}
