import { contentTerms, stem, words } from '../../../quality/text.js';
import type { Nlp } from '../../../quality/nlp.js';
import { calendarCase, capitalize } from '../text/phrases.js';
import { verbInflection } from '../text/grammar.js';

/**
 * A blog post from the client's notes, in the structure a reader expects: the title from the
 * subject, an intro that states the point (the strongest sentences), sections named after the
 * material's own topics (a noun phrase the section's sentences share, never a stock heading like
 * "Common pitfalls with ..."), and a close (what comes next, when the notes say it). Every
 * sentence is the client's, copied as given.
 */
export interface BlogPostParts {
  title: string;
  /** The client's sentences, the strongest first. */
  sentences: string[];
  /** The same sentences in the order the client wrote them: the body tells the story in that order. */
  order: string[];
}

// A sentence about what comes next closes the post ("we will", "next quarter", "from 1 March").
const forwardLooking = /\b(?:will|next (?:week|month|quarter|year|step|release)|coming|soon|plan to|planning to|from now on|later this)\b/i;
const thanksLine = /^(?:thanks|thank you|a big thank you|huge thanks)\b/i;
const maxSections = 4;

interface Group {
  sentences: string[];
  terms: Set<string>;
}

const termsOf = (sentence: string) => new Set(contentTerms(sentence).map(stem));
const overlap = (a: Set<string>, b: Set<string>) => [...a].filter((term) => b.has(term)).length;

/** Sentences in the client's order, each with the neighbours it shares a word with. */
function groupSentences(sentences: string[]): Group[] {
  const groups: Group[] = [];
  for (const sentence of sentences) {
    const terms = termsOf(sentence);
    const home = groups.reduce<{ group?: Group; score: number }>((best, group) => {
      const score = overlap(terms, group.terms);
      return score > best.score ? { group, score } : best;
    }, { score: 0 });
    if (home.group && (home.score >= 1 || groups.length >= maxSections)) {
      home.group.sentences.push(sentence);
      terms.forEach((term) => home.group!.terms.add(term));
    } else if (!home.group && groups.length >= maxSections) {
      const last = groups.at(-1)!;
      last.sentences.push(sentence);
      terms.forEach((term) => last.terms.add(term));
    } else groups.push({ sentences: [sentence], terms });
  }
  return groups;
}

// Words that label a note or thank someone, not a topic a reader looks for.
const noteLabel = /^(?:reason|note|notes|update|thanks|thank|today|day|week|part|thing|things|lot|way)$/i;

/** Noun phrases by wink-nlp's parts of speech: adjectives and nouns ending in a noun, no figures. */
function topicPhrases(nlp: Nlp, sentence: string): string[][] {
  const phrases: string[][] = [];
  for (const parsed of nlp.parse(sentence)) {
    let run: Array<{ text: string; pos: string }> = [];
    const flush = () => {
      while (run.length > 0 && run.at(-1)!.pos === 'ADJ') run.pop();
      if (run.length > 0) phrases.push(run.slice(-4).map((token) => (token.pos === 'PROPN' || /[A-Z].*[A-Z]|\p{Ll}\p{Lu}/u.test(token.text) ? token.text : token.text.toLowerCase())));
      run = [];
    };
    let afterFigure = false;
    for (const token of parsed.tokens) {
      // "10 minutes", "5 million events": a figure's unit is not a topic.
      // "right-size the database": half of a hyphenated verb is not a topic ("Size").
      const hyphenated = sentence.includes(`-${token.text}`) || sentence.includes(`${token.text}-`);
      if (/^(?:NOUN|PROPN|ADJ)$/.test(token.pos) && /^\p{L}[\p{L}.'’-]*$/u.test(token.text) && !hyphenated && !(afterFigure && run.length === 0)) run.push(token);
      else flush();
      afterFigure = token.pos === 'NUM' || (afterFigure && run.length === 0 && token.pos !== 'PUNCT');
    }
    flush();
  }
  return phrases;
}

/**
 * The topic a section is about: the noun phrase its sentences use most (a longer phrase wins a
 * tie), one to four words; a phrase the title already names, or an earlier heading, is passed over.
 */
function topicHeading(group: Group, taken: string[], nlp: Nlp): string | undefined {
  const counts = new Map<string, { text: string; count: number; first: number }>();
  let position = 0;
  for (const sentence of group.sentences) {
    for (const phrase of topicPhrases(nlp, sentence)) {
      const text = phrase.join(' ');
      const key = phrase.map((word) => stem(word.toLowerCase())).join(' ');
      if (text.length < 4) continue;
      const entry = counts.get(key) ?? { text, count: 0, first: position++ };
      entry.count += 1;
      counts.set(key, entry);
    }
  }
  const ranked = [...counts.entries()]
    .filter(([key]) => !taken.some((name) => name === key || ` ${name} `.includes(` ${key} `)))
    .filter(([, entry]) => !noteLabel.test(entry.text))
    .sort(([, a], [, b]) => b.count - a.count || a.first - b.first);
  const best = ranked[0];
  if (!best) return undefined;
  taken.push(best[0]);
  return capitalize(best[1].text);
}

function paragraphs(sentences: string[]): string {
  const result: string[] = [];
  for (let index = 0; index < sentences.length; index += 3) result.push(sentences.slice(index, index + 3).join(' '));
  return result.join('\n\n');
}

/** A note written in lower case ("price stays at $7.50", "thursdays were intense") starts its sentence with a capital, and names its days with theirs. */
const sentenceCase = (sentence: string) => calendarCase(sentence).replace(/^\p{Ll}/u, (letter) => letter.toUpperCase());

/** "Fridays off.": a note of two words under a heading of its own would be mostly heading. */
const fragment = (group: Group) => group.sentences.length === 1 && words(group.sentences[0]!).length <= 2;

/**
 * "How we cut our cloud bill": notes of what was done typed without their subject ("moved batch
 * jobs to spot instances") are said by whoever the title speaks for ("We moved batch jobs to spot
 * instances."); a title that speaks for no one leaves them as they are.
 */
function voiced(title: string): (sentence: string) => string {
  const voice = /\b(?:we|our|us)\b/i.test(title) ? 'We' : /\b(?:I|my|me)\b/.test(title) ? 'I' : undefined;
  return (sentence) => {
    const first = /^\p{L}[\p{L}-]*/u.exec(sentence)?.[0] ?? '';
    const parts = first.split('-');
    // "right-sized": the hyphenated verb's last part says its form.
    const past = verbInflection(first)?.form === 'past' || (parts.length === 2 && (verbInflection(parts[1]!)?.form === 'past' || /^(?:right|over|under|re|auto|pre|down|up)$/i.test(parts[0]!) && /ed$/i.test(parts[1]!)));
    return voice && past ? `${voice} ${sentence.charAt(0).toLowerCase()}${sentence.slice(1)}` : sentence;
  };
}

export function blogPost(input: BlogPostParts, nlp: Nlp): string {
  const said = voiced(input.title);
  const parts = { ...input, sentences: input.sentences.map(said).map(sentenceCase) };
  const order = input.order.map(said).map(sentenceCase);
  const blocks = [`# ${parts.title}`];
  const intro = parts.sentences.slice(0, 2);
  if (intro.length > 0) blocks.push(intro.join(' '));
  const rest = parts.sentences.slice(intro.length);
  const closing = rest.filter((sentence) => forwardLooking.test(sentence));
  // "Thanks to 14 contributors": thanks close the post, after what comes next.
  const thanks = rest.filter((sentence) => !closing.includes(sentence) && thanksLine.test(sentence));
  const position = (sentence: string) => {
    const index = order.indexOf(sentence);
    return index < 0 ? order.length : index;
  };
  const body = rest.filter((sentence) => !closing.includes(sentence) && !thanks.includes(sentence)).sort((a, b) => position(a) - position(b));
  // The title's own words name no section: "How we cut dashboard load time" gives no "Dashboard load time".
  const taken = topicPhrases(nlp, parts.title).map((phrase) => phrase.map((word) => stem(word.toLowerCase())).join(' '));
  for (const group of groupSentences(body)) {
    const heading = fragment(group) ? undefined : topicHeading(group, taken, nlp);
    if (heading) blocks.push(`## ${heading}`, paragraphs(group.sentences));
    else blocks.push(paragraphs(group.sentences));
  }
  if (closing.length > 0) blocks.push("## What's next", paragraphs(closing));
  if (thanks.length > 0) blocks.push(thanks.join(' '));
  return blocks.join('\n\n');
}
