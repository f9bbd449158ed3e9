import { parseDate } from 'chrono-node';
import { splitParagraph, type Block } from '../text/blocks.js';
import { compromise } from '../text/compromise.js';
import { keyPhrases } from '../text/phrases.js';
import { isHashtagLine } from './email.js';
import { letterParts } from './letter.js';
import { failed, readableLines, type ChangeOutcome } from './outcome.js';

/**
 * "end with a question", "finish on a question to the reader", "close with a question", "ask the
 * readers a question at the end": the document's last line becomes a question that fits what it
 * says (a post about a launch asks what the reader thinks of the thing launched; one about hiring
 * asks who they know; a team email about a date asks whether it works), never a stock "Thoughts?".
 */
export const closingQuestion =
  /\b(?:end|finish|close|wrap(?:\s+(?:it|this))?\s+up|sign\s+off)\s+(?:it\s+|this\s+|the\s+(?:post|email|message|piece|article|blog(?:\s+post)?)\s+)?(?:with|on)\s+(?:a|an|one|some)\s+(?:\w+\s+){0,2}?questions?\b|\b(?:add|put|ask)\s+(?:a|one)\s+(?:\w+\s+)?question\s+(?:(?:to|for)\s+(?:the\s+)?(?:readers?|audience|people|followers)\s+)?(?:at|to)\s+the\s+(?:end|bottom)\b|\bask\s+(?:the\s+)?(?:readers?|audience|people|followers|them)\s+a\s+question\b/i;

/** A topic `movedLast` reads in "end with a question": not a part to move. */
export const isQuestionTopic = (topic: string) => /^(?:a|an|one|some)\s+(?:\w+\s+){0,2}?questions?(?:\s+(?:to|for)\s+.+)?$/i.test(topic.trim());

// A call to action the writer adds when it has none of the client's: a fitting question does its work better.
const stockClosing = /^\**(?:reply to this email with any questions?|let (?:me|us) know if you have any questions?|any questions,? (?:just )?(?:reply|let me know))\.?\**$/i;

/** The question for a document that says `text`; `team`: an email to a group. */
export function questionFor(text: string, letter: boolean, team: boolean, plan = false): string {
  const you = team ? 'everyone' : 'you';
  // A plan, PRD or set of tickets asks its readers what it lacks, not what they think of its key phrase.
  if (plan) return 'Is anything missing from this plan?';
  const thing = keyThing(text);
  if (/\b(?:hiring|open roles?|join (?:our|the) team|we(?:'re| are) looking for)\b/i.test(text)) return 'Do you know someone who would be a great fit?';
  if (/\b(?:webinar|meetup|conference|workshop|event|talk|livestream)\b/i.test(text) && !letter) return 'Will we see you there?';
  if (letter) {
    const date = firstDate(text);
    if (date) return `Does ${date} work for ${you}?`;
    return team ? 'Any questions before then?' : 'Does that work for you?';
  }
  if (/\b(?:launch(?:es|ed)?|ships?|shipped|released?|now live|goes live|introducing|new)\b/i.test(text) && thing) return `What do you think of ${thing}?`;
  if (thing) return `What has your experience with ${thing.replace(/^(?:our|my|the|a|an)\s+/i, '')} been?`;
  return 'What do you think?';
}

/** The first date or day the text names, as it names it ("Friday 14th"). */
function firstDate(text: string): string | undefined {
  for (const sentence of text.split(/(?<=[.!?])\s+/)) {
    const day = /\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day(?:\s+\d{1,2}(?:st|nd|rd|th)?)?|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?|\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*)\b/i.exec(sentence);
    if (day && parseDate(day[0])) return day[0];
  }
  return undefined;
}

/** What the document is about, as its first sentence names it: "our new dark mode", "a tiny date parser". */
function keyThing(text: string): string | undefined {
  const plain = text.split(/(?<=[.!?])\s+/).filter((sentence) => !stockSentence.test(sentence.trim())).join(' ');
  // The key phrase of two words or more ("async updates", "new dark mode"), not a name of a person nor one with a verb in it ("office opens").
  const doc = compromise()(plain);
  const people = doc.people().out('array') as string[];
  // Whether the phrase says an action where the text says it ("Dana owns content export"; "written updates" is a thing), a verb where the text says it ("The office opens in March").
  const verbal = (candidate: string) => (doc.match(candidate).json() as Array<{ terms: Array<{ tags: string[] }> }>)[0]?.terms.some((term, index, terms) => term.tags.includes('Verb') && (index === terms.length - 1 || !term.tags.some((tag) => tag === 'Adjective' || tag === 'Participle' || tag === 'Gerund'))) === true;
  const phrase = keyPhrases(plain, 6).find((candidate) => candidate.split(/\s+/).length >= 2 && !people.some((name) => name.toLowerCase().includes(candidate.toLowerCase())) && !verbal(candidate) && !/^(?:(?:some|big|exciting)\s+)?(?:news|update|parts?|notes?)$/i.test(candidate));
  if (!phrase) return undefined;
  // "new dark mode" is "our new dark mode" where the text says so.
  const said = new RegExp(`\\b(?:(?:our|my|the|a|an|this|their)\\s+)?(?:(?:new|first|latest)\\s+)*${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'i').exec(plain)?.[0] ?? phrase;
  // "Written updates" starts a sentence there; in the question it does not.
  const first = said.split(/\s+/)[0]!;
  const name = (doc.match(first).json() as Array<{ terms: Array<{ tags: string[] }> }>)[0]?.terms[0]?.tags.some((tag) => tag === 'ProperNoun' || tag === 'Acronym') === true;
  return /^[A-Z][a-z]+$/.test(first) && !name ? said.charAt(0).toLowerCase() + said.slice(1) : said;
}

// A post's stock opener or invitation says nothing of what it is about.
const stockSentence = /^(?:some news|big news|exciting news|we(?:'re| are) (?:excited|thrilled|happy|proud) to|take a look|tell us what you think|let us know|stay tuned|\*starting outline)/i;

/** The question goes last: in place of a stock call to action of an email, else after its last body line; after a post's last sentence, before its hashtags. */
export function endWithQuestion(blocks: Block[]): ChangeOutcome {
  const part = 'end with a question';
  const letter = letterParts(blocks);
  const tags = blocks.findLastIndex((block) => block.type === 'paragraph' && isHashtagLine(block.text));
  const prose = blocks.filter((block, index) => (block.type === 'paragraph' || block.type === 'list') && index !== tags && (!letter || (index >= letter.bodyStart && index < letter.bodyEnd)));
  // An email whose one line is its call to action in bold says its news there.
  if (prose.length === 0 && letter?.closing !== undefined) prose.push(blocks[letter.closing]!);
  const last = prose.at(-1);
  if (!last) return failed(part, 'the document has no text to end with a question');
  const title = blocks.find((block) => block.type === 'heading' && block.level === 1)?.text ?? '';
  if (/\?\**\s*$/.test((letter?.closing !== undefined ? blocks[letter.closing]!.text : last.text).trim())) return failed(part, 'the document ends with a question already');
  // A last paragraph that asks the reader already ("Know someone who would be a great fit? Send
  // them our way."): its question goes last, rather than a second one that asks the same.
  const asked = last.type === 'paragraph' ? askedBefore(last.text) : undefined;
  if (asked) {
    (last as { text: string }).text = asked.text;
    return { part: `${part}: ${asked.question}`, check: (content: string) => (readableLines(content).some((line) => line.trim().endsWith(asked.question)) ? undefined : 'the question is not last') };
  }
  const greeting = letter?.greeting !== undefined ? blocks[letter.greeting]!.text : '';
  const plan = blocks.some((block) => block.type === 'heading' && /^(?:roadmap|requirements(?:\s+and\s+measures)?|phases|milestones|timeline|release plan|acceptance criteria|scope|rollout|\d+\.\s)/i.test(block.text.trim()));
  const question = questionFor([title ? `${title}.` : '', ...prose.map((block) => block.text)].join(' ').trim(), letter !== undefined, /\b(?:team|everyone|all|folks|everybody)\b/i.test(greeting), plan);
  if (letter?.closing !== undefined && stockClosing.test(blocks[letter.closing]!.text.trim())) {
    const closing = blocks[letter.closing] as { text: string };
    closing.text = closing.text.trim().startsWith('**') ? `**${question}**` : question;
  } else if (letter) blocks.splice(letter.closing !== undefined ? letter.closing + 1 : letter.bodyEnd, 0, { type: 'paragraph', text: question });
  else if (last.type === 'paragraph' && splitParagraph(last.text).length === 1 && tags >= 0) blocks.splice(blocks.indexOf(last) + 1, 0, { type: 'paragraph', text: question });
  else if (last.type === 'paragraph') last.text = `${last.text.trim()} ${question}`;
  else blocks.splice(blocks.indexOf(last) + 1, 0, { type: 'paragraph', text: question });
  const check = (content: string) => {
    const lines = readableLines(content).map((line) => line.trim()).filter((line) => line !== '' && !isHashtagLine(line) && !/^(?:kind regards|best|thanks|cheers|regards|sincerely)\b/i.test(line));
    return lines.some((line) => line.replace(/\*\*/g, '').endsWith(question)) ? undefined : 'the question is not in the document';
  };
  return { part: `${part}: ${question}`, check };
}

/** A paragraph with a question before its last sentence, with that question moved last; undefined when it asks none. */
function askedBefore(text: string): { text: string; question: string } | undefined {
  const sentences = text.trim().split(/(?<=[.!?])\s+/);
  const index = sentences.findLastIndex((sentence) => sentence.endsWith('?'));
  if (index < 0 || index === sentences.length - 1) return undefined;
  const question = sentences[index]!;
  return { text: [...sentences.slice(0, index), ...sentences.slice(index + 1), question].join(' '), question };
}
