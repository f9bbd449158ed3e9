import { readRevision } from '../../revisionRequest.js';

/**
 * The requests of a feedback that no reader of the local revision understands, so that a feedback
 * asking three things, one of which the local model cannot do ("make the title punchier"), reports
 * that one as not applied instead of leaving it out. A request is a sentence, or a part joined by
 * "and" or "also" that starts with a verb ("... and put the time zones bit last").
 */

const verb = '(?:make|put|move|bring|push|add|remove|drop|cut|delete|change|use|keep|end|start|open|lead|close|finish|include|mention|say|shorten|expand|turn|write|rewrite|fix|correct|replace|swap|rename|give|tone|sound)';
// "add a P.S. about parking" is one request: an abbreviation's full stop ends no sentence.
const joins = new RegExp(`(?<=[.?!;])(?<!\\b(?:p\\.s|p\\.p\\.s|e\\.g|i\\.e|etc|vs)\\.)\\s+|\\s*,?\\s+(?:and\\s+)?also,?\\s+|\\s*,?\\s+and\\s+(?=${verb}\\b)`, 'i');
const courtesy = /^(?:(?:hi|hey|hello|ok|okay|so|and|also|please|pls|thanks|cheers)[,!]?\s+)*(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?|i(?:'d| would)\s+like\s+(?:you\s+to\s+|it\s+to\s+)?|we\s+need\s+(?:you\s+to\s+)?|it\s+(?:should|needs\s+to|must)\s+)?/i;
const chatter = /^(?:thanks|thank you|cheers|great|nice|looks good|good job|love it|lgtm)\b/i;

/** Whether a reader of the revision understands `request`: it has a label besides `general_feedback` (revise/edits.ts reads the edits). */
function understood(request: string): boolean {
  return readRevision(request).labels.some((label) => label !== 'general_feedback');
}

// "Jan is the one sending van 7, not Maria. Please fix the owner.": the second asks for the first.
const restated = /^(?:fix|correct|update|change|amend)\b/i;

/** The requests of `feedback` none of the readers understands, as the client wrote them (without "can you"). */
export function unreadRequests(feedback: string): string[] {
  const corrects = readRevision(feedback).labels.some((label) => label === 'correct_facts' || label === 'add_dates');
  return feedback
    .split(joins)
    .map((part) => part.trim().replace(/[.?!;,]+$/, '').replace(courtesy, '').trim())
    .filter((part) => part.split(/\s+/).length >= 2 && !chatter.test(part) && !understood(part) && !(corrects && restated.test(part)));
}
