import { addedAction } from './actionItems.js';
import { sentFrom, signedBy } from './email.js';
import { removedCallToAction, shorterSubject } from './emailParts.js';
import { fewerExclamations, removedEmoji, removedHashtags } from './marks.js';
import { removedPosition, swappedPair } from './positions.js';
import { firstPerson, voiceSwap } from './voice.js';
import { mentionedTopic } from './mentions.js';
import { movedDate } from './movedDate.js';
import { wrongDate } from './wrongDate.js';
import { ownerDue } from './ownerDue.js';
import { boldened } from './emphasis.js';
import { dateFormat } from './dateFormat.js';
import { shorterTitles } from './titles.js';
import { splitPosts } from './splitPost.js';
import { addedTldr } from './tldr.js';
import { lessHype } from './hype.js';
import { moreEnergy, punchierOpening } from './energy.js';
import { mergedPair } from './merge.js';
import { askedHeadings } from './headings.js';
import { addedConclusion } from './conclusion.js';
import { closingQuestion } from './closingQuestion.js';
import { addedSomeHashtags } from './keyHashtags.js';
import { addedEmoji, addedHashtags, characterLimit, taggedPeople } from './posts.js';
import { actionTable, addedList, markedDone, numbered, sectionAsParagraph } from './lists.js';
import { movedFirst, movedLast } from './order.js';
import { addedQuestion } from './questions.js';
import { addedAfterColon, addedAsk, addedFact, thenAdded } from './sections.js';
import { addedLabelled } from './labelledFact.js';
import { asBullets, asProse, keptOnly, removedHeading, removedItem, removedPart, removedSection } from './structure.js';
import { addedTicket } from './tickets.js';
import { addedText, newTitle, placedSection } from './wording.js';
import { punchierTitle } from './headline.js';
import { keptFigures } from './keptFigures.js';
import { emailAsk } from './asEmail.js';
import { moreUrgent } from './urgency.js';
import { questionTitle } from './questionTitle.js';
import { lessJargon } from './jargon.js';

/**
 * The edits a feedback asks for beyond tone, length and the rest `readRevision` reads, each under
 * the label the revision record gives it (`changes_requested`): "add a ticket: ..." is `add_ticket`,
 * "move pricing first" is `reorder`, not `general_feedback`.
 */
export type EditLabel = 'add_ticket' | 'add_action_item' | 'reorder' | 'remove_part' | 'restructure' | 'add_text' | 'sign_off' | 'retitle' | 'punctuation' | 'voice' | 'change_date' | 'mark_done' | 'length' | 'tone_adjustment';

const edits: Array<[EditLabel, RegExp[]]> = [
  ['add_ticket', [addedTicket]],
  ['add_action_item', [addedAction]],
  ['reorder', [movedFirst, movedLast, swappedPair]],
  ['remove_part', [removedSection, removedPart, removedItem, placedSection, removedCallToAction, removedPosition, removedHeading, keptOnly]],
  ['restructure', [asBullets, asProse, numbered, actionTable, sectionAsParagraph, askedHeadings, mergedPair, splitPosts, emailAsk]],
  ['add_text', [addedFact, addedAsk, addedText, addedQuestion, mentionedTopic, addedLabelled, addedAfterColon, thenAdded, addedList, closingQuestion, addedConclusion, addedTldr, keptFigures]],
  ['sign_off', [signedBy, sentFrom]],
  ['retitle', [newTitle, shorterSubject, shorterTitles, punchierTitle, questionTitle]],
  ['punctuation', [fewerExclamations, removedEmoji, removedHashtags, boldened, addedEmoji, addedHashtags, addedSomeHashtags, taggedPeople]],
  ['length', [characterLimit]],
  ['voice', [voiceSwap, firstPerson]],
  ['tone_adjustment', [moreEnergy, lessHype, punchierOpening, moreUrgent, lessJargon]],
  ['change_date', [movedDate, wrongDate, ownerDue, dateFormat]],
  ['mark_done', [markedDone]],
];

/** The edit labels `feedback` asks for, in a fixed order. */
export function requestedEdits(feedback: string): EditLabel[] {
  // Fresh copies: the global patterns keep a position between calls.
  return edits.filter(([, patterns]) => patterns.some((pattern) => new RegExp(pattern.source, `${pattern.flags.replace(/[gi]/g, '')}i`).test(feedback))).map(([label]) => label);
}
