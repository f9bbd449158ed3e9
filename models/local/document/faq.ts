import { capitalize } from '../text/phrases.js';

/**
 * Questions and answers as people paste them for an FAQ page: "Q: ... A: ..." on one line or
 * two, "Question:" / "Answer:", a question line (bulleted, numbered, bold or a heading) with its
 * answer on the lines below, or a question and its answer on one line ("Can I bring a guest? Yes,
 * one per month"). Text before the first question is the page's introduction. Nothing is
 * rephrased: a question keeps its words (a question mark added, "i" written "I") and an answer
 * keeps its sentences.
 */
export interface QuestionAnswer {
  question: string;
  /** The answer's paragraphs in order; a run of list lines is one paragraph of "- " lines. Empty when the notes give none. */
  answer: string[];
}

export interface Faq {
  intro: string[];
  pairs: QuestionAnswer[];
}

const questionMark = /^(?:Q|Question)\s*[:.)\-–]\s*(.*)$/i;
const answerMark = /^(?:A|Answer|Ans)\s*[:.)\-–]\s*(.*)$/i;
// A question is asked with one of these words first ("Can I ...", "What's ...", "Is there ...").
export const asking = /^(?:can|could|do|does|did|how|what|what's|whats|when|where|why|who|whom|whose|which|is|are|was|were|will|would|should|shall|may|am|have|has|if|any)\b/i;
// Without a question mark only a plain question opening counts ("how much is ...", "do you ...").
const unmarked = /^(?:can|do|does|how|what|what's|whats|when|where|why|who|which|is|are|will)\s/i;
const listLine = /^\s*(?:[-*+•]|\d+[.)])\s+/;
// "Parking: free behind the building" — a topic and what to know about it, when no question is asked.
const topicLine = /^([A-Z][\p{L}'’&/ -]{1,32}?)\s*:\s+(\S.*)$/u;

function bare(line: string): string {
  return line
    // A pasted email thread: quoted lines, and greetings before the question ("> Hi, does the plan ...").
    .replace(/^\s*(?:>\s*)+/, '')
    .replace(/^(?:hi|hello|hey)(?:\s+[A-Z][\p{L}'’-]*)?\s*[,!]\s*(?=\S)/iu, '')
    .replace(/^\s*#{1,6}\s+/, '')
    .replace(listLine, '')
    .replace(/\*\*|__/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** "can i freeze my membership" -> "Can I freeze my membership?" */
export function asQuestion(text: string): string {
  const words = text.replace(/\s*\?+\s*$/, '').replace(/\bi\b/g, 'I').replace(/\b([Ww])hats\b/g, "$1hat's").trim();
  return `${capitalize(words)}?`;
}

/** "yes, up to 3 months a year" -> "Yes, up to 3 months a year." */
export function asAnswer(text: string): string {
  const words = text.replace(/^[\s:>\-–—]+/, '').replace(/(?<![.!?:)])$/, '.').trim();
  return capitalize(words);
}

/**
 * A question that opens a line, and what follows it on the line: "Can I bring a guest? Yes, one
 * per month", or without its mark, "how much is delivery - free over 50 euro".
 */
function openingQuestion(text: string): { question: string; rest: string } | undefined {
  let end = text.indexOf('?');
  let skip = 1;
  if (end < 0) {
    const dash = /\s(?:-|–|—|->|=>)\s/.exec(text);
    if (!dash || !unmarked.test(text)) return undefined;
    end = dash.index;
    skip = dash[0].length;
  }
  const question = text.slice(0, end).trim();
  if (!asking.test(question) || question.split(/\s+/).length < 2) return undefined;
  return { question, rest: text.slice(end + skip).replace(/^\s*(?:->|=>|[-–—:])\s*/, '').trim() };
}

/** The pairs of `text`; `topics`: also "Label: text" lines when no question is asked at all. */
export function readFaq(text: string, topics = false): Faq {
  // "Q: ... A: ... Q: ..." on one line: each mark starts a line of its own.
  const lines = text.replace(/([?.!])\s+(?=(?:Q|A|Question|Answer)\s*[:)]\s)/g, '$1\n').split(/\r?\n/);
  const intro: string[] = [];
  const pairs: Array<{ question: string; answer: string[]; listed: boolean[] }> = [];
  const add = (line: string, listed: boolean) => {
    const current = pairs.at(-1);
    if (line === '') return;
    if (!current) intro.push(asAnswer(line));
    else {
      current.answer.push(asAnswer(line));
      current.listed.push(listed);
    }
  };
  for (const raw of lines) {
    const listed = listLine.test(raw);
    const line = bare(raw);
    // A thread's header lines ("From: Jo", "Subject: ...") are not part of the page.
    if (line === '' || /^(?:from|to|cc|subject|sent|date)\s*:/i.test(line)) continue;
    const marked = questionMark.exec(line);
    const answer = answerMark.exec(line);
    if (marked) {
      const split = openingQuestion(marked[1]!);
      pairs.push({ question: asQuestion(split?.question ?? marked[1]!), answer: [], listed: [] });
      if (split?.rest) add(split.rest, false);
      continue;
    }
    if (answer) {
      add(answer[1]!, false);
      continue;
    }
    const opening = openingQuestion(line);
    if (opening) {
      pairs.push({ question: asQuestion(opening.question), answer: [], listed: [] });
      add(opening.rest, false);
      continue;
    }
    // "faq: how do I reset my password, can I export data": a listed line that asks, typed without its mark, is a question (still to answer).
    if (listed && unmarked.test(line) && line.split(/\s+/).length >= 3 && !/[.!]$/.test(line)) {
      pairs.push({ question: asQuestion(line), answer: [], listed: [] });
      continue;
    }
    add(line, listed && pairs.length > 0);
  }
  if (pairs.length === 0 && topics) return topicPairs(lines);
  return { intro, pairs: pairs.map((pair) => ({ question: pair.question, answer: paragraphs(pair.answer, pair.listed) })) };
}

/** Answer lines as paragraphs: consecutive list lines stay one list. */
function paragraphs(lines: string[], listed: boolean[]): string[] {
  const out: string[] = [];
  lines.forEach((line, index) => {
    if (listed[index] && index > 0 && listed[index - 1]) out[out.length - 1] += `\n- ${line}`;
    else out.push(listed[index] ? `- ${line}` : line);
  });
  return out;
}

function topicPairs(lines: string[]): Faq {
  const intro: string[] = [];
  const pairs: QuestionAnswer[] = [];
  for (const raw of lines) {
    const line = bare(raw);
    const topic = topicLine.exec(line);
    if (topic && topic[1]!.trim().split(/\s+/).length <= 4) pairs.push({ question: topic[1]!.trim(), answer: [asAnswer(topic[2]!)] });
    else if (line && pairs.length > 0) pairs.at(-1)!.answer.push(asAnswer(line));
    else if (line) intro.push(asAnswer(line));
  }
  return { intro, pairs };
}
