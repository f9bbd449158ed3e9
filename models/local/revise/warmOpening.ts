import { parseBlocks, renderBlocks, type Block } from '../text/blocks.js';
import { theThing, titleKind } from './titleKind.js';

/**
 * "make it friendlier" on a document of lists only (a meeting summary, a PRD, tickets): there is no
 * sentence to say more warmly, so one friendly line opens it under its title, made of what the
 * document is about ("Thanks for joining Product Sync, Tuesday! Here's what we decided and who's
 * doing what.", "Here's what we want team invites to do.", "Here are the 3 tickets, each with how
 * we'll know it's done."). A document whose title names no kind it knows gets no line: a stock
 * line ("Here's a quick recap for you") would say nothing, and the revision says so instead.
 */
export function withWarmOpening(content: string): string {
  const blocks = parseBlocks(content);
  const title = blocks.findIndex((block) => block.type === 'heading' && block.level === 1);
  if (title < 0 || blocks[title + 1]?.type === 'paragraph') return content;
  const line = openingFor(blocks[title]!.text, blocks);
  if (!line) return content;
  blocks.splice(title + 1, 0, { type: 'paragraph', text: line });
  return renderBlocks(blocks);
}

function openingFor(title: string, blocks: Block[]): string | undefined {
  const kind = titleKind(title);
  const headings = blocks.filter((block) => block.type === 'heading' && block.level === 2).map((block) => block.text);
  const has = (pattern: RegExp) => headings.some((text) => pattern.test(text));
  switch (kind?.kind) {
    case 'meeting': {
      // Thanks for joining only where the summary names who joined.
      if (!kind.subject || !has(/^(?:participants|attendees|present)$/i)) return undefined;
      const holds = [has(/decision/i) ? 'what we decided' : '', has(/action|next step|owner/i) ? "who's doing what" : ''].filter(Boolean);
      return `Thanks for joining ${kind.subject}! Here's ${holds.length > 0 ? holds.join(' and ') : 'what we talked about'}.`;
    }
    case 'retro':
      return kind.subject ? `Thanks for joining the ${kind.subject} retro! Here's what we learned.` : undefined;
    case 'requirements':
      return kind.subject ? `Here's what we want ${theThing(kind.subject)} to do.` : undefined;
    case 'tickets': {
      // What makes the line worth reading: how many there are and that each says when it is done.
      const count = headings.filter((text) => /^\d+[.)]\s/.test(text)).length;
      const criteria = blocks.some((block) => block.type === 'paragraph' && /^\*\*Acceptance criteria\*\*$/i.test(block.text.trim()));
      if (count === 0 || !criteria) return undefined;
      return `Here ${count === 1 ? 'is the ticket' : `are the ${count} tickets`}${kind.subject ? ` for ${theThing(kind.subject)}` : ''}, each with how we'll know it's done.`;
    }
    default:
      return undefined;
  }
}
