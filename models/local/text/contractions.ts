/**
 * Contracting and expanding English contractions with a table, for the tone rules: the casual and
 * friendly registers say "we're" and "isn't", the formal ones "we are" and "is not". Pairs are
 * only joined when nothing but a space separates them ("It is, however, ..." stays).
 */

// The pairs that contract, as the NLP library's contract() knew them: subject + are/will/is/have,
// auxiliary + not, modal + have, "I am". "will not" and "can not" stay, as they did there.
const contractPattern =
  /\b(?:(we|they|you) (are)|(he|she|they|it|we|you) (will)|(he|she|they|it|we) (is)|(is|was|had|would|should|could|do|does|have|has) (not)|(i|we|they) (have)(?= (?:been|done|seen|got|gotten|had|made|found|built|learned|written|[a-z]+ed)\b)|(would|should|could) (have)|(i) (am))\b/gi;

const suffixes: Record<string, string> = { are: "'re", will: "'ll", is: "'s", not: "n't", have: "'ve", am: "'m" };

/** "we are" -> "we're", "is not" -> "isn't", "I am" -> "I'm"; the first word keeps its case. */
export function contract(text: string): string {
  return text.replace(contractPattern, (whole: string, ...groups: unknown[]) => {
    const parts = groups.slice(0, 14).filter((part): part is string => typeof part === 'string');
    const [first, second] = parts as [string, string];
    return `${first}${suffixes[second.toLowerCase()] ?? ''}` || whole;
  });
}

const negations: Record<string, string> = { can: 'can not', won: 'will not', shan: 'shall not', ain: 'is not' };
const isForms = new Set(['it', 'that', 'what', 'there', 'here', 'he', 'she', 'who', 'where', 'how', 'when', 'why', 'nobody', 'everyone', 'everybody', 'someone', 'somebody', 'everything', 'nothing', 'something', 'this']);
const hasNext = /^(?:been|got|gotten|had)$/i;
const participle = /^(?:been|done|seen|got|gotten|had|gone|made|found|built|learned|written|[a-z]+ed)$/i;

const expandPattern = /\b([A-Za-z]+)['’](t|re|ve|ll|m|d|s)\b(\s+([A-Za-z]+))?/g;

function withCase(word: string, like: string): string {
  return /^[A-Z]/.test(like) ? word.charAt(0).toUpperCase() + word.slice(1) : word;
}

/**
 * "don't" -> "do not", "we're" -> "we are", "let's" -> "let us", "it's been" -> "it has been".
 * A noun's "'s" is read as a possessive and kept ("the team's goal").
 */
export function expandContractions(text: string): string {
  return text.replace(expandPattern, (whole: string, word: string, ending: string, after: string | undefined, next: string | undefined) => {
    const lower = word.toLowerCase();
    const rest = after ?? '';
    switch (ending.toLowerCase()) {
      case 't': {
        const expanded = negations[lower] ?? (lower.endsWith('n') ? `${lower.slice(0, -1)} not` : undefined);
        return expanded ? `${withCase(expanded, word)}${rest}` : whole;
      }
      case 're':
        return `${word} are${rest}`;
      case 've':
        return `${word} have${rest}`;
      case 'll':
        return `${word} will${rest}`;
      case 'm':
        return lower === 'i' ? `${word} am${rest}` : whole;
      case 'd':
        return `${word} ${next && participle.test(next) ? 'had' : 'would'}${rest}`;
      default:
        if (lower === 'let') return `${word} us${rest}`;
        if (!isForms.has(lower)) return whole;
        return `${word} ${next && hasNext.test(next) ? 'has' : 'is'}${rest}`;
    }
  });
}

/**
 * Whether `content` says `line`, however either is contracted: a revision's tone change may
 * contract a line another change of the same revision added ("We will have snacks Monday." is
 * said by "We'll have snacks Monday.").
 */
export function saysLine(content: string, line: string): boolean {
  return content.includes(line) || expandContractions(content).includes(expandContractions(line));
}
