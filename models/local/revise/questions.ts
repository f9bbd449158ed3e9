import { asAnswer, asking, asQuestion } from '../document/faq.js';
import type { Block } from '../text/blocks.js';
import { failed, readableLines, type ChangeOutcome } from './outcome.js';
import { sectionBounds } from './structure.js';

/**
 * A question the feedback adds to an FAQ page, with the answer it gives: "add a question about
 * parking: yes, free behind the building", "add the question 'Can I pay by card?' - yes, all
 * cards", "add: do you sell gift cards? yes, at the desk". The question is the client's (or "What
 * about parking?" when only its topic is named); the answer is the feedback's own words. Never an
 * invented answer: without one, nothing is added and the reason says so.
 */
export const addedQuestion = /\badd\s+(?:(?:a|an|one|another|the)\s+)?(?:new\s+)?(?:question|q\s*&\s*a|faq(?:\s+entry)?)\b\s*(.*)$|\badd\s*:?\s*["'“]?((?:can|could|do|does|is|are|how|what|when|where|why|who|will|should)\b[^?]*\?.*)$/i;

export interface AddedQuestion {
  question: string;
  answer: string;
}

/** The question and answer of one feedback sentence, when it adds one. */
export function readAddedQuestion(sentence: string): AddedQuestion | undefined {
  const match = addedQuestion.exec(sentence);
  if (!match) return undefined;
  const rest = (match[1] ?? match[2] ?? '').trim().replace(/^[:\-–—]\s*/, '');
  const topic = /^(?:about|on|for|regarding)\s+(.+?)(?:\s*(?::|\s[-–—]\s|,|;)\s*(.*))?$/i.exec(rest);
  if (topic && !topic[1]!.includes('?')) return { question: `What about ${topic[1]!.trim()}?`, answer: answerOf(topic[2] ?? '') };
  const end = rest.indexOf('?');
  if (end < 0) return undefined;
  const question = rest.slice(0, end).replace(/^["'“”]+/, '').trim();
  if (!asking.test(question)) return undefined;
  return { question: asQuestion(question), answer: answerOf(rest.slice(end + 1).replace(/^["'”]+/, '')) };
}

function answerOf(text: string): string {
  const said = text.trim().replace(/^(?:[-–—:,]\s*)?(?:(?:and\s+)?(?:the\s+)?answer(?:\s+is|\s+it\s+with)?\s*:?\s*|a\s*:\s*)?/i, '').trim();
  return said ? asAnswer(said) : '';
}

/** Adds the question as a section after the page's last question; only a page of questions takes one. */
export function addQuestion(blocks: Block[], added: AddedQuestion): ChangeOutcome {
  const part = `add question: ${added.question}`;
  if (!added.answer) return failed(part, 'the feedback gives no answer to put under the question, and an answer is never made up');
  const questions = blocks.map((block, index) => (block.type === 'heading' && block.level === 2 && block.text.trim().endsWith('?') ? index : -1)).filter((index) => index >= 0);
  if (questions.length === 0) return failed(part, 'the document is not a page of questions and answers');
  const at = sectionBounds(blocks, questions.at(-1)!);
  blocks.splice(at, 0, { type: 'heading', level: 2, text: added.question }, { type: 'paragraph', text: added.answer });
  return { part, check: (content) => (readableLines(content).includes(`## ${added.question}`) ? undefined : 'the question is not in the document') };
}
