import { parseBlocks, renderBlocks, type Block } from '../text/blocks.js';
import { theThing, titleKind } from './titleKind.js';

/**
 * "make it friendlier" on a document of lists only (a meeting summary, a PRD, tickets): there is no
 * sentence to say more warmly, so one friendly line opens it under its title, made of what the
 * document is about ("Here's what you need to know from Product Sync, Tuesday: what we decided
 * and who's doing what.", "Here's what we want team invites to do.", "Here are the 3 tickets, each with how
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
      // Only a summary that reads as a meeting's (who decided, who does what, who was there): a mislabelled document gets no line.
      const holds = [has(/decision/i) ? 'what we decided' : '', has(/action|next step|owner/i) ? "who's doing what" : ''].filter(Boolean);
      if (!kind.subject || (holds.length === 0 && !has(/^(?:participants|attendees|present)$/i))) return undefined;
      // It goes to people who were not there too: what they need to know, not thanks for coming.
      const meeting = /\b(?:meeting|sync|call|stand-?up|review|session|workshop|offsite|all-hands)$/i.test(kind.subject) ? `the ${kind.subject}` : kind.subject;
      return `Here's what you need to know from ${meeting}${holds.length > 0 ? `: ${holds.join(' and ')}` : ''}.`;
    }
    case 'retro':
      return kind.subject ? `Here's what we learned in ${kind.subject}.` : undefined;
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
