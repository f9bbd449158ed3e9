import type { Block } from '../text/blocks.js';
import { lessHype, removeHype } from './hype.js';
import { failed, type ChangeOutcome } from './outcome.js';

/**
 * "less jargon", "plainer language", "too technical": the words of office jargon and a few
 * technical ones a reader outside the team stumbles on, each replaced by the plain word people
 * say ("leverage" -> "use", "circle back on" -> "follow up on", "bandwidth" -> "time", "SSO" ->
 * "single sign-on"). A small, fixed list: what it does not know it leaves, and the report names
 * each replacement, or says the document has none of them. "Action items" is plain enough and stays.
 */
export const lessJargon =
  /\b(?:(?:less|fewer|no|without|cut(?:\s+out)?\s+the|drop\s+the|remove\s+the|lose\s+the|too\s+much|so\s+much|get\s+rid\s+of\s+the)\s+(?:corporate\s+|business\s+|tech(?:nical)?\s+|office\s+)?(?:jargon|buzzwords?|buzz\s+words|corporate[- ]speak|business[- ]speak|lingo)|avoid\s+(?:the\s+|all\s+the\s+)?(?:jargon|buzzwords?)|plain(?:er)?\s+(?:language|english|words)|simpler\s+(?:language|words)|(?:too|very|overly|a\s+bit|kinda|way\s+too|less)\s+(?:technical|jargon-?y)|(?:de-?jargon(?:ize|ise)?|dejargon(?:ize|ise)?))\b/i;

// [jargon, plain]: verbs in each of their forms, so "leveraging" is "using".
const words: Array<[RegExp, string]> = [
  // "to leverage usage data" is "to make the most of usage data"; "use" would say "use" twice beside "utilize".
  [/\bleverag(?:e|es|ed|ing)\b/gi, 'make the most of'],
  [/\butili[sz](?:e|es|ed|ing)\b/gi, 'use'],
  [/\butili[sz]ation\b/gi, 'use'],
  [/\bsynerg(?:y|ies)\b/gi, 'working together'],
  // People's bandwidth ("no bandwidth for it"), not a network's.
  [/(?<=\b(?:the|no|enough|more|any|our|my|your|their|some|extra)\s+)bandwidth\b(?!\s+(?:of|on)\s+the\s+(?:network|link|server|connection))/gi, 'time'],
  [/\bcircl(?:e|es|ed|ing)\s+back\b/gi, 'follow up'],
  [/\btouch(?:es|ed|ing)?\s+base\b/gi, 'check in'],
  [/\bdeep[- ]dives?\b/gi, 'close look'],
  [/\bgoing\s+forward\b/gi, 'from now on'],
  [/\blow[- ]hanging\s+fruit\b/gi, 'quick wins'],
  [/\bmov(?:e|es|ed|ing)\s+the\s+needle\b/gi, 'make a difference'],
  [/\bbest[- ]in[- ]class\b/gi, 'best'],
  [/\bstreamlin(?:e|es|ed|ing)\b/gi, 'simplify'],
  [/\bparadigm\s+shift\b/gi, 'big change'],
  [/\bfacilitat(?:e|es|ed|ing)\b/gi, 'help'],
  [/\bincentivi[sz](?:e|es|ed|ing)\b/gi, 'encourage'],
  [/\boperationali[sz](?:e|es|ed|ing)\b/gi, 'put into practice'],
  [/\bideat(?:e|es|ed|ing)\b/gi, 'come up with ideas'],
  [/\bpain\s+points?\b/gi, 'problem'],
  [/\bactionable\b/gi, 'practical'],
  [/\bseamless(ly)?\b/gi, 'smooth'],
  [/\brobust\b/gi, 'strong'],
  [/\bholistic(?:ally)?\b/gi, 'complete'],
  [/\bin\s+order\s+to\b/gi, 'to'],
  [/\bat\s+this\s+point\s+in\s+time\b/gi, 'now'],
  [/\btake\s+(?:this|it|that)\s+offline\b/gi, 'talk about it separately'],
  [/\blatency\b/gi, 'delay'],
  [/\bdeprecated\b/gi, 'retired'],
  [/\bSSO\b/g, 'single sign-on'],
  [/\bUX\b/g, 'user experience'],
  [/\bEOD\b/g, 'end of day'],
  [/\bASAP\b/g, 'as soon as possible'],
  [/\bETA\b/g, 'expected time'],
];

// The form the plain word takes for the jargon's form: "leveraging" -> "using", "leveraged" -> "used".
const irregular: Record<string, { s: string; ed: string; ing: string }> = {
  use: { s: 'uses', ed: 'used', ing: 'using' },
  'follow up': { s: 'follows up', ed: 'followed up', ing: 'following up' },
  'check in': { s: 'checks in', ed: 'checked in', ing: 'checking in' },
  simplify: { s: 'simplifies', ed: 'simplified', ing: 'simplifying' },
  help: { s: 'helps', ed: 'helped', ing: 'helping' },
  encourage: { s: 'encourages', ed: 'encouraged', ing: 'encouraging' },
  'put into practice': { s: 'puts into practice', ed: 'put into practice', ing: 'putting into practice' },
  'come up with ideas': { s: 'comes up with ideas', ed: 'came up with ideas', ing: 'coming up with ideas' },
  'make the most of': { s: 'makes the most of', ed: 'made the most of', ing: 'making the most of' },
  'make a difference': { s: 'makes a difference', ed: 'made a difference', ing: 'making a difference' },
};

function plainFor(found: string, plain: string): string {
  const forms = irregular[plain];
  const head = found.toLowerCase().split(/\s+/)[0]!;
  let word = plain;
  if (forms && /ing$/.test(head)) word = forms.ing;
  else if (forms && /ed$/.test(head)) word = forms.ed;
  else if (forms && /(?:[^s]s|es)$/.test(head) && !/ss$/.test(head)) word = forms.s;
  else if (plain === 'problem' && /s$/i.test(found)) word = 'problems';
  else if (plain === 'close look' && /s$/i.test(found)) word = 'close looks';
  else if (plain === 'smooth' && /ly$/i.test(found)) word = 'smoothly';
  // "Leverage the space" -> "Use the space"; "SSO" in a sentence -> "single sign-on".
  return /^[A-Z][a-z]/.test(found) ? `${word.charAt(0).toUpperCase()}${word.slice(1)}` : word;
}

export function plainWords(blocks: Block[]): ChangeOutcome {
  const part = 'plainer words';
  const replaced = new Map<string, string>();
  for (const block of blocks) {
    if (block.type === 'code' || block.type === 'table') continue;
    let text = block.text;
    for (const [pattern, plain] of words) {
      text = text.replace(pattern, (found) => {
        const word = plainFor(found, plain);
        replaced.set(found.toLowerCase(), word.toLowerCase());
        return word;
      });
    }
    block.text = text;
  }
  if (replaced.size === 0) return failed(part, 'the document has no jargon the local model knows (such as leverage, utilize, synergy, bandwidth, circle back, touch base, deep dive); say which words to change');
  const pairs = [...replaced].map(([from, to]) => `${from} -> ${to}`);
  return { part: `${part}: ${pairs.join(', ')}`, change: { type: 'plain_words', replaced: Object.fromEntries(replaced) }, check: (content) => ([...replaced.keys()].some((from) => new RegExp(`\\b${from}\\b`, 'i').test(content)) ? 'a jargon word is still in the document' : undefined) };
}

/** "less salesy", "less jargon", "cut the buzzwords" (read by both): a reading that finds nothing is not reported beside one that changed words. */
export function plainerWording(blocks: Block[], feedback: string): ChangeOutcome[] {
  const outcomes = [lessHype.test(feedback) ? removeHype(blocks) : undefined, lessJargon.test(feedback) ? plainWords(blocks) : undefined].filter((outcome) => outcome !== undefined);
  return outcomes.some((outcome) => outcome.reason === undefined) ? outcomes.filter((outcome) => outcome.reason === undefined) : outcomes;
}
