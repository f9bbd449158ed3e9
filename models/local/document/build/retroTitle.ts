import { titleCase } from '../../text/phrases.js';
import { onlyAsks } from '../../mind/onlyAsks.js';
import type { DocumentContext } from '../context.js';

/**
 * A retrospective's title: "Retrospective", with the team and the date when the ask or the notes'
 * first line name them ("team phoenix retro, nov 28" -> "Retrospective: Team Phoenix, Nov 28").
 * "retro notes -> summary" names neither: the ask's words say what to do, not which retro.
 */

const retroWord = /\b(?:sprint\s+)?retro(?:spective)?s?\b(?:\s+notes?)?/gi;

function named(text: string): string {
  return text.replace(retroWord, '').replace(/^\s*[,:\-–—]\s*|\s*[,:\-–—]\s*$/g, '').replace(/\s{2,}/g, ' ').replace(/\s+,/g, ',').trim();
}

export function retroTitle(ctx: DocumentContext): string {
  const subject = named(ctx.recognised.subject.replace(/^(?:the|our|my|this|these)\s+/i, ''));
  if (subject && !onlyAsks(subject.replace(/[-=]>/g, ' ')) && !ctx.recognised.generic) return `Retrospective: ${titleCase(subject)}`;
  const first = ctx.material.sources.split('\n')[0]?.replace(/^#+\s*/, '').trim() ?? '';
  const heading = /\bretro(?:spective)?\b/i.test(first) && first.split(/\s+/).length <= 8 && !/:\s/.test(first) && !/[.!?]$/.test(first) ? named(first) : '';
  return heading ? `Retrospective: ${titleCase(heading)}` : 'Retrospective';
}
