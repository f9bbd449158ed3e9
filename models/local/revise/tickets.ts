import type { StageInput } from '../../types.js';
import { composeDocument } from '../document/compose.js';
import { parseBlocks, type Block } from '../text/blocks.js';
import type { ChangeOutcome } from './outcome.js';
import { sectionBounds } from './structure.js';

/**
 * "add a ticket: the export button is hidden on mobile", "one more ticket for the broken avatar
 * upload", "new ticket - search ignores accents": a ticket set gets one more ticket, built the way
 * its other tickets were (the ticket composer reads the line as one more line of the material:
 * title, description, acceptance criteria), numbered after the last one, in the document and in
 * the deliverable's `tickets`.
 */
export const addedTicket = /\b(?:(?:add|create|open|file|write|include|need)\s+(?:a|an|one more|another|a new|one)\s+|(?:one more|another|new)\s+)(?:ticket|issue|bug)\s*(?:[:\-–—]\s*|\s+(?:for|about|saying|that says|where|on)\s+)["“']?(.+?)["”']?(?=\s*(?:[.;!?](?:\s|$)|,?\s+and\s+(?:then\s+)?(?:put|move|make|bring)\b|$))/gi;

const numbered = /^(\d+)\.\s+/;

export function addTicket(blocks: Block[], input: StageInput, line: string): ChangeOutcome {
  const part = `add ticket: ${line}`;
  const tickets = blocks.flatMap((block, index) => (block.type === 'heading' && block.level === 2 && numbered.test(block.text) ? [index] : []));
  const composed = composeDocument({ ...input, context: `- ${line}`, contextDocuments: [], knowledge: [] });
  if (tickets.length === 0 || composed.deliverable.kind !== 'ticket_set' || composed.deliverable.data.tickets.length !== 1) return { part, reason: 'the document is not a set of numbered tickets to add one to' };
  const ticket = composed.deliverable.data.tickets[0]!;
  const made = parseBlocks(composed.markdown);
  const start = made.findIndex((block) => block.type === 'heading' && block.level === 2 && numbered.test(block.text));
  if (start < 0) return { part, reason: 'the ticket could not be written like the others' };
  const section = made.slice(start, sectionBounds(made, start));
  const heading = `${tickets.length + 1}. ${ticket.title}`;
  (section[0] as { text: string }).text = heading;
  blocks.splice(sectionBounds(blocks, tickets.at(-1)!), 0, ...section);
  return {
    part,
    change: { type: 'add_ticket', title: ticket.title },
    // A move in the same feedback may renumber it ("add a ticket: ..., and put it first").
    check: (content) => (content.split('\n').some((row) => /^## \d+\. /.test(row) && row.replace(/^## \d+\. /, '') === ticket.title) ? undefined : `the document has no ticket "${ticket.title}"`),
    edit: (deliverable) => {
      const list = deliverable.data.tickets;
      if (Array.isArray(list)) list.push(structuredClone(ticket));
    },
  };
}
