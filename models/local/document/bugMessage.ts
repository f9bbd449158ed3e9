import { spellNames } from '../text/spelling.js';
import { sentenceStart } from './context.js';

/**
 * A bug as someone typed it in a chat message ("checkout button does nothing on safari 17, tried
 * twice, console says TypeError: ..."), read into the parts of a bug ticket: what happens, the steps
 * and what was expected when the message says them, the environment it names, how often it was
 * tried, the error it quotes. Nothing is added: a part the message does not give stays empty.
 */
export interface BugMessage {
  observed: string[];
  steps: string[];
  expected: string[];
  environment: string[];
  tried: string[];
  errors: string[];
}


// Browsers, systems and devices with the version the message gives: "safari 17", "ios 17.2", "pixel 8".
const environmentName = /\b(?:safari|chrome|firefox|edge|opera|brave|samsung\s+internet|ios|ipados|android|macos|mac\s?os(?:\s+x)?|windows|linux|ubuntu|chromeos|iphone|ipad|pixel|galaxy\s+s|app\s+version|version)(?:\s+v?\d+(?:\.\d+)*(?:\s+(?:pro|max|plus|mini))?)?\b/gi;
// "console says TypeError: ...", "error: ...", "getting a 500": the error as quoted.
const errorSaid = /^(?:(?:the\s+)?(?:browser\s+)?(?:console|log|logs|server|network\s+tab|stack\s*trace)\s+(?:says|shows|prints|reads|gives|has|throws)\s*:?\s*|(?:error|exception)\s*(?:is|was|says|:)\s*|(?:getting|got|seeing|throws|returns)\s+(?:an?\s+)?)(.+)$/i;
const errorText = /\b\w*(?:Error|Exception)\b|\b[45]\d\d\b(?:\s+error)?/;
const expectedSaid = /^(?:(?:i\s+|we\s+)?expected(?:\s+(?:it|that))?\s*(?:to\s+|:\s*)?|(?:it\s+)?should(?:\s+have)?\s+|(?:it['’]?s|it\s+is)\s+supposed\s+to\s+)(.+)$/i;
const stepsLabel = /^(?:steps(?:\s+to\s+reproduce)?|to\s+reproduce|repro(?:\s+steps)?|how\s+to\s+reproduce)\s*:?\s*(.+)$/i;
// A step is an action on the product, in the order typed: "go to the cart", "click pay", "then tap save".
const stepVerb = /^(?:then\s+|and\s+)?(?:open|go\s+to|navigate\s+to|visit|click|tap|press|select|choose|enter|type|add|remove|log\s+in|sign\s+in|log\s+out|upload|submit|scroll|fill\s+in|drag|switch\s+to|refresh|reload)\b/i;
const triedSaid = /^(?:(?:i\s+|we\s+|they\s+)?(?:tried|retried|reproduced|repro'?d|happens|happened|it\s+happens)\b.*|(?:every\s*time|always|sometimes|intermittent(?:ly)?|only\s+sometimes|\d+\s+(?:out\s+)?of\s+\d+(?:\s+times)?))$/i;

// "hey all", "fyi", "thanks!": chat courtesy, no part of the bug.
const greeting = /^(?:(?:hey|hi|hello|yo|morning|good\s+morning)(?:\s+(?:all|team|folks|everyone|guys|there|y'?all|@?\w+))?|fyi|heads\s+up|thanks|thank\s+you|thx|ty|cheers|any\s+ideas\??|help)$/i;

function sentence(text: string): string {
  const spelled = sentenceStart(spellNames(text.trim()));
  return /[.!?]$/.test(spelled) ? spelled : `${spelled}.`;
}

/** The message's own text: the quoted part of the ask or the notes, without list marks and quote marks. */
function messageLines(sources: string): string[] {
  return sources.split(/\n+/)
    .map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, '').trim().replace(/^["'“‘`]+|["'”’`]+$/g, '').trim())
    .filter((line) => line !== '');
}

/** A line in its parts: by sentence, then by comma, keeping a quoted error whole ("TypeError: cannot read properties of undefined, reading 'id'"). */
function partsOf(line: string): string[] {
  const parts: string[] = [];
  for (const said of line.split(/(?<=[.!?])\s+(?=\p{L})|;\s*/u)) {
    const error = /\b(?:console|log|logs|stack\s*trace|error|exception)\b[^,]*?:\s/i.exec(said);
    const head = error ? said.slice(0, error.index) : said;
    parts.push(...head.split(/,\s*|\s+(?:and\s+)?then\s+(?=[a-z])|\s*(?:->|→|>)\s*/i));
    if (error) parts.push(said.slice(error.index));
  }
  return parts.map((part) => part.trim().replace(/^(?:and|but|also|plus)\s+/i, '').replace(/[.!?]+$/, '')).filter((part) => part !== '');
}

/** "should go to the dashboard" -> "It should go to the dashboard."; "expected the file to download" -> "The file should download." */
function expectation(part: string, said: string): string {
  if (/^(?:it\s+)?should/i.test(part)) return `it should ${/^(?:it\s+)?should\s+have\s/i.test(part) ? 'have ' : ''}${said}`;
  const toDo = /^(.+?)\s+to\s+(?!(?:the|a|an|my|our|your)\b)([a-z]+)\b(.*)$/i.exec(said);
  return toDo && !/^(?:go|be|get)$/i.test(toDo[1]!) ? `${toDo[1]} should ${toDo[2]}${toDo[3]}` : said;
}

// Browsers and systems spelled as their makers spell them; "chrome 120" -> "Chrome 120".
const makersSpelling: Record<string, string> = { ios: 'iOS', ipados: 'iPadOS', macos: 'macOS', iphone: 'iPhone', ipad: 'iPad', chromeos: 'ChromeOS' };
function environmentSpelling(name: string): string {
  const [first, ...rest] = name.split(/\s+/);
  const key = first!.toLowerCase();
  return [makersSpelling[key] ?? `${key.charAt(0).toUpperCase()}${key.slice(1)}`, ...rest].join(' ');
}

export function readBugMessage(sources: string): BugMessage {
  const found: BugMessage = { observed: [], steps: [], expected: [], environment: [], tried: [], errors: [] };
  for (const part of messageLines(sources).flatMap(partsOf)) {
    for (const match of part.matchAll(environmentName)) {
      const name = environmentSpelling(match[0]);
      // "edge", "windows", "version" are everyday words too: a version number makes them the environment.
      if ((/\d/.test(name) || !/^(?:edge|opera|windows|version|app\s+version|galaxy\s+s)$/i.test(name)) && !found.environment.some((known) => known.toLowerCase().startsWith(name.toLowerCase()))) found.environment.push(name);
    }
    const error = errorSaid.exec(part);
    const steps = stepsLabel.exec(part);
    const expected = expectedSaid.exec(part);
    if (error && errorText.test(error[1]!)) found.errors.push(error[1]!.trim());
    else if (steps) found.steps.push(...steps[1]!.split(/,\s*|\s*(?:->|→|>)\s*|\s+then\s+/i).map((step) => sentence(step.replace(/^then\s+/i, ''))));
    // "should go to the dashboard": said of "it", as the reporter meant it.
    else if (expected) found.expected.push(sentence(expectation(part, expected[1]!)));
    else if (greeting.test(part)) continue;
    else if (stepVerb.test(part)) found.steps.push(sentence(part.replace(/^(?:then|and)\s+/i, '')));
    else if (triedSaid.test(part)) found.tried.push(sentence(part));
    else if (/^(?:\w*(?:Error|Exception)\b|[45]\d\d\b)/.test(part)) found.errors.push(part);
    // "chrome 120 on windows 11": where it happens, said in the environment only.
    else if (part.replace(environmentName, '').replace(/\b(?:on|in|with|using|and|or|both|latest|the|an?)\b|[/,&+]/gi, '').trim() === '') continue;
    else found.observed.push(sentence(part));
  }
  return found;
}

// "two things:", "a couple of bugs:", "3 issues -": a message that says it reports several bugs before listing them.
const countedLeadIn = /^(?:(?:hey|hi|hello|yo|morning)\b[^:]*?[,!.]\s+)?(?:so\s+|found\s+|got\s+)?(?:two|three|four|2|3|4|a\s+few|a\s+couple(?:\s+of)?|couple(?:\s+of)?)\s+(?:things|bugs|issues|problems)(?:\s+(?:here|today|for\s+you))?\s*(?:[:\-–—]\s*|\n+)/i;
// Where one bug ends and the next starts: "; ", ", and the ...", ", also ...", a number ("2)").
const nextBug = /\s*;\s*|,?\s+(?:and\s+)?also\s+|,\s+and\s+|\s+\d[).]\s+|\n+(?:\s*(?:[-*•]|\d+[.)])\s*)?/i;

/**
 * The bugs of a message that says it has several ("two things: export to csv hangs on big files,
 * and the date picker shows the wrong month on safari"), each as typed; the message whole when it
 * does not say so or its parts do not come apart.
 */
export function bugsOf(sources: string): string[] {
  const text = sources.trim().replace(/^["'“‘`]+|["'”’`]+$/g, '');
  const lead = countedLeadIn.exec(text);
  if (!lead) return [sources];
  const bugs = text.slice(lead[0].length).replace(/^\s*(?:[-*•]|1[.)])\s*/, '').split(nextBug).map((bug) => bug.trim().replace(/[.;,]+$/, '')).filter((bug) => bug.split(/\s+/).length >= 3);
  return bugs.length >= 2 ? bugs : [sources];
}
