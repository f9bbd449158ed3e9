import type { Block } from '../text/blocks.js';

/**
 * The parts of a letter as a reader sees them: an email ("**Subject:** ..." first) or a letter that
 * opens with a greeting ("Dear Hiring Manager,", a cover letter). Its frame (subject, greeting,
 * closing paragraph or bold call to action, sign-off and the name under it) is what makes it a
 * letter: a revision adds facts to the body and shortens the body, never the frame.
 */
export interface LetterParts {
  subject?: number;
  greeting?: number;
  /** The first and one past the last block of the body. */
  bodyStart: number;
  bodyEnd: number;
  /** The call to action: a bold line in an email, the plain last paragraph before a letter's sign-off. */
  closing?: number;
  signOff?: number;
}

export const signOff = /^(?:kind regards|best regards|warm regards|regards|best wishes|warm wishes|best|thanks|thank you|many thanks|cheers|sincerely|yours sincerely|yours faithfully|yours truly|yours|with thanks|all the best),?$/i;
export const greeting = /^(?:hi|hello|hey|dear|good (?:morning|afternoon|evening))\b[^.!?]{0,40},$/i;

const paragraph = (block: Block | undefined, test: (text: string) => boolean) => block?.type === 'paragraph' && test(block.text.trim());
/** "Sincerely,  \nMaria Lopez": a sign-off with the name under it is a sign-off too. */
export const isSignOff = (text: string) => signOff.test(text.trim().split('\n')[0]!.trim());
const isBold = (text: string) => /^\*\*[^*]+\*\*$/.test(text);

export function letterParts(blocks: Block[]): LetterParts | undefined {
  const first = blocks.findIndex((block) => block.type !== 'frontmatter');
  if (first < 0) return undefined;
  const subject = blocks[first]!.text.startsWith('**Subject:**') ? first : undefined;
  const greetingAt = paragraph(blocks[subject === undefined ? first : first + 1], (text) => greeting.test(text)) ? (subject === undefined ? first : first + 1) : undefined;
  if (subject === undefined && greetingAt === undefined) return undefined;
  const bodyStart = (greetingAt ?? subject!) + 1;
  const found = blocks.findIndex((block, index) => index >= bodyStart && paragraph(block, isSignOff));
  const signOffAt = found >= 0 ? found : undefined;
  const end = signOffAt ?? blocks.length;
  const bold = blocks.findIndex((block, index) => index >= bodyStart && index < end && paragraph(block, isBold));
  // A letter with no bold call to action closes with its last paragraph before the sign-off ("I would welcome the chance ...").
  const plain = bold < 0 && signOffAt !== undefined && end - bodyStart >= 2 && paragraph(blocks[end - 1], (text) => !isBold(text)) ? end - 1 : undefined;
  const closing = bold >= 0 ? bold : plain;
  return {
    ...(subject !== undefined ? { subject } : {}),
    ...(greetingAt !== undefined ? { greeting: greetingAt } : {}),
    bodyStart,
    bodyEnd: closing ?? end,
    ...(closing !== undefined ? { closing } : {}),
    ...(signOffAt !== undefined ? { signOff: signOffAt } : {}),
  };
}

/** Blocks a revision keeps as they are: the frame of a letter (everything but its body); none for another document. */
export function frameBlocks(blocks: Block[]): Set<Block> {
  const parts = letterParts(blocks);
  if (!parts) return new Set();
  return new Set(blocks.filter((_block, index) => index < parts.bodyStart || index >= parts.bodyEnd));
}
