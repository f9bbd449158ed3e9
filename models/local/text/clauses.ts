import { compromise } from './compromise.js';

// What opens a clause with a subject of its own: "existing customers keep ...", "the kitchen opens ...", "we hit ...".
const subordinate = /^(?:if|when|whenever|while|because|although|though|since|unless|once|after|before|as\s+soon\s+as|until|whether|even\s+if|in\s+case)\b/i;
// Two patterns: compromise's `#Adjective*` matches no clause without an adjective ("we will send ...").
const clauseStarts = ['^(#Determiner|#Possessive)? #Adjective+ (#Noun|#Pronoun)+ #Adverb? (#Verb|#Modal|#Copula)', '^(#Determiner|#Possessive)? (#Noun|#Pronoun)+ #Adverb? (#Verb|#Modal|#Copula)'];

/**
 * "prices go up 10% on jan 1, existing customers keep their price for 6 months": two statements
 * joined by a comma, as notes are typed, are two sentences. Split only where the part after a
 * comma opens with a subject and its verb, and the part before has a verb: "the offsite moves to
 * Friday, same place" and "Lisbon, Porto and Faro" stay one.
 */
export function splitSplices(line: string): string[] {
  if (!/,\s/.test(line)) return [line];
  const parts = line.split(/,\s+(?!and\b|or\b|but\b|so\b)/);
  if (parts.length < 2) return [line];
  const out: string[] = [parts[0]!];
  for (const part of parts.slice(1)) {
    const previous = out[out.length - 1]!;
    const parsed = compromise()(part);
    const starts = clauseStarts.some((pattern) => parsed.match(pattern).found);
    // "if it rains, we move inside": a condition and what follows it are one sentence.
    if (starts && compromise()(previous).has('#Verb') && !subordinate.test(previous)) out.push(part);
    else out[out.length - 1] = `${previous}, ${part}`;
  }
  // Each statement but the last ends as a sentence; the last keeps the line's own ending.
  return out.map((part, index) => (index < out.length - 1 && !/[.!?]$/.test(part) ? `${part}.` : part));
}
