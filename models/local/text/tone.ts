import { contract, expandContractions } from './contractions.js';

/** The four registers the local model writes in. */
export type Tone = 'professional' | 'casual' | 'friendly' | 'technical';

const toneAliases: Array<[RegExp, Tone]> = [
  [/casual|conversational|informal|relaxed|playful|humou?rous|fun|witty|laid[- ]back/, 'casual'],
  [/friendl|warm|enthusiastic|encouraging|upbeat|empathetic|inspir|approachable|positive/, 'friendly'],
  [/technical|precise|scientific|developer|engineering/, 'technical'],
  [/professional|formal|business|authoritative|corporate|academic|serious|executive/, 'professional'],
];

/** Reads a tone requirement; undefined when none of the four registers is named. */
export function toneOf(value: unknown): Tone | undefined {
  if (typeof value !== 'string') return undefined;
  const lower = value.toLowerCase();
  return toneAliases.find(([pattern]) => pattern.test(lower))?.[1];
}

/** Openers the casual and friendly registers put before a paragraph; formal registers drop them. */
export const asides: Record<'casual' | 'friendly', string[]> = {
  casual: ["Here's the thing:", "Let's be honest:", 'Quick reality check:', 'Real talk:'],
  friendly: ['Good news:', "Here's a tip:", 'You might like this:', 'A friendly reminder:'],
};

const plainWords: Array<[RegExp, string]> = [
  [/\butili[sz]e(s|d)?\b/gi, 'use$1'],
  [/\bin order to\b/gi, 'to'],
  [/\bapproximately\b/gi, 'about'],
  [/\bnumerous\b/gi, 'lots of'],
  [/\bassist(s|ed)?\b/gi, 'help$1'],
  [/\bobtain(s|ed)?\b/gi, 'get$1'],
  [/\bcommence(s|d)?\b/gi, 'start$1'],
  [/\bregarding\b/gi, 'about'],
  [/\bprior to\b/gi, 'before'],
  [/\bsubsequently\b/gi, 'then'],
  [/\bsufficient\b/gi, 'enough'],
  [/\bdemonstrate(s|d)?\b/gi, 'show$1'],
  [/\bfacilitate(s|d)?\b/gi, 'help$1'],
  [/\bindividuals\b/gi, 'people'],
];

// Warmer everyday words for the friendly and casual registers (word choice, beside contractions).
const warmWords: Array<[RegExp, string]> = [
  [/\brequire(s)?\b/gi, 'need$1'],
  [/\brequired\b/gi, 'needed'],
  [/\bensure(s)?\b/gi, 'make$1 sure'],
  [/\bpurchase(s)?\b/gi, 'buy$1'],
  [/\badditional\b/gi, 'extra'],
  [/\bcurrently\b/gi, 'right now'],
  [/\battempt(s)?\b/gi, 'tr$1'],
  [/\bfurthermore,?\s*/gi, 'also, '],
  [/\bpersonnel\b/gi, 'people'],
];
const warmTrigger = /\b(?:require|ensure|purchase|additional|currently|attempt|furthermore|personnel)/i;

/** How many stiff words (the ones the warm registers swap for everyday ones) `text` has: a warmer revision has fewer. */
export function stiffWords(text: string): number {
  return [...plainWords, ...warmWords].reduce((count, [pattern]) => count + (text.match(new RegExp(pattern.source, 'gi')) ?? []).length, 0);
}

/** The opener the friendly and casual registers give the first paragraph (formal registers drop it). */
export const openers: Record<'casual' | 'friendly', string> = { casual: "Here's the thing:", friendly: "Here's the short version:" };

// Sentence-initial connectives: casual only; the friendly register keeps its connectives.
const casualConnectives: Array<[RegExp, string]> = [
  [/^Therefore,\s*/, 'So '],
  [/^However,\s*/, 'But '],
  [/^In addition,\s*/, 'Plus, '],
  [/^Additionally,\s*/, 'Plus, '],
];

const toFormal: Array<[RegExp, string]> = [
  [/\blots of\b/gi, 'many'],
  [/\ba lot of\b/gi, 'many'],
  [/\bgonna\b/gi, 'going to'],
  [/\bwanna\b/gi, 'want to'],
  [/\bkinda\b/gi, 'somewhat'],
  [/\bawesome\b/gi, 'excellent'],
  [/\bsuper\s+(?=\w)/gi, 'very '],
  [/\bstuff\b/gi, 'material'],
  [/\bokay\b/gi, 'acceptable'],
  [/^So\s+(?!that\b)/, 'Therefore, '],
  [/^But\s+/, 'However, '],
  [/^Plus,\s*/, 'In addition, '],
  [/!+/g, '.'],
];

const casualRules = [...plainWords, ...casualConnectives];

// Whether a line holds anything the rules above rewrite; most lines do not, and testing one pattern
// is far cheaper than running every rule.
const plainTrigger = /\b(?:utili[sz]|in order to|approximately|numerous|assist|obtain|commence|regarding|prior to|subsequently|sufficient|demonstrate|facilitate|individuals)|^(?:Therefore|However|In addition|Additionally),/i;
const formalTrigger = /\b(?:lots of|a lot of|gonna|wanna|kinda|awesome|super\s|stuff|okay)\b|^(?:So|But|Plus)\b|!/i;

function replaceAll(text: string, rules: Array<[RegExp, string]>): string {
  if (!(rules === toFormal ? formalTrigger : plainTrigger).test(text)) return text;
  let result = text;
  for (const [pattern, replacement] of rules) {
    result = result.replace(pattern, (match, ...groups: unknown[]) => {
      const replaced = replacement.replace(/\$1/g, typeof groups[0] === 'string' ? groups[0] : '');
      return /^[A-Z]/.test(match) ? replaced.charAt(0).toUpperCase() + replaced.slice(1) : replaced;
    });
  }
  return result;
}

function warm(text: string): string {
  if (!warmTrigger.test(text)) return text;
  let result = text;
  for (const [pattern, replacement] of warmWords) {
    result = result.replace(pattern, (match, ...groups: unknown[]) => {
      const group = typeof groups[0] === 'string' ? groups[0] : '';
      // "attempts" -> "tries", "attempt" -> "try".
      const replaced = replacement === 'tr$1' ? (group ? 'tries' : 'try') : replacement.replace(/\$1/g, group);
      return /^[A-Z]/.test(match) ? replaced.charAt(0).toUpperCase() + replaced.slice(1) : replaced;
    });
  }
  return result;
}

function stripAsides(text: string): string {
  const all = [...asides.casual, ...asides.friendly, ...Object.values(openers)];
  const found = all.find((aside) => text.startsWith(`${aside} `));
  if (!found) return text;
  const rest = text.slice(found.length + 1);
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

/** Rewrites one line of prose into `tone`; idempotent. */
export function toneLine(text: string, tone: Tone): string {
  if (tone === 'casual' || tone === 'friendly') return contract(warm(replaceAll(text, tone === 'casual' ? casualRules : plainWords)));
  const formal = replaceAll(stripAsides(text), toFormal);
  return /['’]/.test(formal) ? expandContractions(formal) : formal;
}

/**
 * Applies `tone` to every prose line of a markdown document; headings, code, tables and front
 * matter are left alone.
 */
export function applyTone(markdown: string, tone: Tone, options: { opener?: boolean } = {}): string {
  let inCode = false;
  let inFrontMatter = false;
  // The opener is a revision's change of voice; drafts in a warm register open with the client's own words.
  let opened = !options.opener || tone === 'professional' || tone === 'technical';
  return markdown
    .split('\n')
    .map((line, index) => {
      if (index === 0 && line === '---') {
        inFrontMatter = true;
        return line;
      }
      if (inFrontMatter) {
        if (line === '---') inFrontMatter = false;
        return line;
      }
      if (/^\s*(```|~~~)/.test(line)) inCode = !inCode;
      if (inCode || /^\s*(```|~~~|#|\||$)/.test(line)) return line;
      const prefix = /^\s*(?:[-*+]\s+(?:\[[ xX]\]\s+)?|\d+[.)]\s+|>\s*)?/.exec(line)?.[0] ?? '';
      const toned = prefix + toneLine(line.slice(prefix.length), tone);
      // The first paragraph of prose opens in the register's voice (once; never a list item).
      if (!opened && prefix === '' && line.split(/\s+/).length >= 8 && (tone === 'casual' || tone === 'friendly')) {
        opened = true;
        const opener = openers[tone];
        const all = [...asides.casual, ...asides.friendly, ...Object.values(openers)];
        if (all.some((aside) => toned.startsWith(aside))) return toned;
        // The sentence keeps its capital: it may open with a name ("Northwind Labs ...").
        return `${opener} ${toned}`;
      }
      return toned;
    })
    .join('\n');
}
