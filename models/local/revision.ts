import { documentWordCount } from '../../quality/markdown.js';
import { readRevision, type RevisionRequest } from '../revisionRequest.js';
import type { RevisionInput, StageInput, StageOutput } from '../types.js';
import { blockWords, parseBlocks, renderBlocks, type Block } from './text/blocks.js';
import { letterParts } from './revise/letter.js';
import { calendarCase } from './text/phrases.js';
import { gatherSources, type Sources } from './text/sources.js';
import type { Workbench } from './workbench.js';
import { optimize } from './writer/writerPolish.js';
import { seedOf } from './writer/writerResearch.js';
import { addChecklist } from './revise/checklist.js';
import { applyCorrection } from './revise/corrections.js';
import { addDate, undatedSiblings } from './revise/dates.js';
import { dropEmptySections, emptyHeadings, frameWords, shortenTo } from './revise/length.js';
import { failed, noModel, type ChangeOutcome } from './revise/outcome.js';
import { applyRegister } from './revise/register.js';
import { sentFrom, signedBy, signWith } from './revise/email.js';
import { fewerBangs, fewerExclamations, removedEmoji, removedHashtags, removeEmoji, removeHashtags } from './revise/marks.js';
import { positionWord, removeAt, removedPosition, swappedPair, swapPair } from './revise/positions.js';
import { firstPerson, swapVoice, toFirstPerson, voiceSwap } from './revise/voice.js';
import { askFirst, askTopic } from './revise/askFirst.js';
import { mention, mentionedTopic } from './revise/mentions.js';
import { misreadMove, moveDate, movedDate } from './revise/movedDate.js';
import { fixDate, wrongDate } from './revise/wrongDate.js';
import { removeCallToAction, removedCallToAction, shortenSubject, shorterSubject } from './revise/emailParts.js';
import { originalOutput, revisedDeliverable } from './revise/deliverable.js';
import { addedSince, namedBefore, pronoun } from './revise/antecedent.js';
import { reassign } from './revise/owners.js';
import { addedTicket, addTicket } from './revise/tickets.js';
import { addAction, addedAction } from './revise/actionItems.js';
import { addExample, addedAfterColon, addedAsk, addedFact, addSection, askedOf, thenAdded } from './revise/sections.js';
import { addedLabelled, addListed, addUnder, labelledLine } from './revise/labelledFact.js';
import { changeOwnerDue, ownerDue } from './revise/ownerDue.js';
import { boldened, embolden } from './revise/emphasis.js';
import { addedEmoji, addedHashtags, addEmoji, addHashtags, characterLimit, fitCharacters, taggedPeople, tagPeople } from './revise/posts.js';
import { actionsAsTable, actionTable, addedList, addList, markDone, markedDone, numbered, numberLists, sectionAsParagraph, sectionProse } from './revise/lists.js';
import { movedFirst, movedLast, movedTopic, moveTo } from './revise/order.js';
import { unreadRequests } from './revise/unread.js';
import { addedSomeHashtags, addKeyHashtags } from './revise/keyHashtags.js';
import { factKind, leadWith } from './revise/leadWith.js';
import { dateFormat, reformatDates } from './revise/dateFormat.js';
import { shortenTitles, shorterTitles } from './revise/titles.js';
import { splitPost, splitPosts } from './revise/splitPost.js';
import { addedTldr, addTldr } from './revise/tldr.js';
import { addEnergy, moreEnergy, punchierOpening, punchUpOpening } from './revise/energy.js';
import { attachTime } from './revise/timeOfDay.js';
import { asStated } from './revise/askedValue.js';
import { mergedPair, mergePair } from './revise/merge.js';
import { addHeadings, askedHeadings } from './revise/headings.js';
import { addConclusion, addedConclusion } from './revise/conclusion.js';
import { atTheEnd, gatherSection } from './revise/gathered.js';
import { punchierTitle, punchUpTitle } from './revise/headline.js';
import { closingQuestion, endWithQuestion, isQuestionTopic } from './revise/closingQuestion.js';
import { addQuestion, readAddedQuestion } from './revise/questions.js';
import { addFact, addLine } from './revise/addLine.js';
import { addDetail, lengthen, moreDetail } from './revise/moreDetail.js';
import { keptFigures, restoreFigures } from './revise/keptFigures.js';
import { addedText, addGiven, newTitle, placedSection, removePlaced, retitle } from './revise/wording.js';
import { shares } from './revise/structure.js';
import { emailAsk, toEmail } from './revise/asEmail.js';
import { makeUrgent, moreUrgent } from './revise/urgency.js';
import { questionTitle, titleAsQuestion } from './revise/questionTitle.js';
import { plainerWording } from './revise/jargon.js';
import { asBullets, asProse, keepOnly, keptOnly, namesAfter, removeAbout, saidIn, removedHeading, removeHeaded, removedItem, removedPart, removeSection, removedSection, toBullets, toProse } from './revise/structure.js';

/** A part of the feedback the revision could not apply, and why. */
export interface NotApplied {
  part: string;
  reason: string;
}


/**
 * Applies revision feedback to the completed content, from the client's material and the feedback
 * only: corrections of owners and facts, dates for named parts, structure (remove or move a
 * section, bullets or prose), length (keeping decisions, owners and figures longest), added parts
 * (a section on a named topic, a checklist, an example, facts the feedback states, keywords) and
 * tone. Each change is checked on the final content; only the ones it shows are in `applied`,
 * the rest in `not_applied` with the reason. Every stage of a revision run computes the same
 * result from `previousContent`.
 */
export function reviseStep(input: StageInput, asked: RevisionInput, bench: Workbench): StageOutput {
  const revision = { ...asked, feedback: asStated(asked.feedback) };
  const request = readRevision(revision.feedback, revision.requirements);
  const revised = { ...input, requirements: { ...input.requirements, ...revision.requirements } };
  const sources = gatherSources(revised);
  const blocks = parseBlocks(revision.previousContent);
  const bare = emptyHeadings(blocks);
  const before = documentWordCount(revision.previousContent);
  const outcomes: ChangeOutcome[] = [];
  const moved = movedDate.exec(revision.feedback);
  request.corrections = request.corrections.filter((correction) => !misreadMove(correction, moved));
  editFacts(blocks, request, revision.feedback, outcomes);
  const wrong = moved ? null : wrongDate.exec(revision.feedback);
  const dateMove = moved ? moveDate(blocks, moved) : wrong ? fixDate(blocks, wrong) : undefined;
  if (dateMove) outcomes.push(dateMove.outcome);
  // A ticket is added before the moves: "add a ticket: ..., and put it first" moves the new one.
  for (const match of revision.feedback.matchAll(addedTicket)) outcomes.push(addTicket(blocks, input, match[1]!.trim()));
  const resolve = (at: number) => namedBefore(revision.feedback.slice(0, at)) ?? addedSince(originalOutput(input, bench)?.content ?? revision.previousContent, revision.previousContent);
  editStructure(blocks, revision.feedback, outcomes, resolve);
  let addedWords = 0;
  const lengthOutcome = changeLength(blocks, request, before, sources, () => addedWords);
  const add = (make: () => ChangeOutcome) => {
    const words = blockWords(blocks);
    outcomes.push(make());
    addedWords += Math.max(0, blockWords(blocks) - words);
  };
  const questions = feedbackRequests(revision.feedback).filter((sentence) => !closingQuestion.test(sentence)).map(readAddedQuestion).filter((added) => added !== undefined);
  for (const added of questions) add(() => addQuestion(blocks, added));
  const given = [...revision.feedback.matchAll(addedText)];
  for (const match of given) add(() => addGiven(blocks, match[1]!, match[2]?.trim(), match[3]!, match[0]));
  for (const topic of questions.length > 0 || given.length > 0 ? [] : request.sections) add(() => gatherSection(blocks, topic, atTheEnd.test(revision.feedback)) ?? addSection(blocks, topic, sources));
  // "the title should be punchier" asks for a better title, not the title "punchier".
  // ... nor "change the title to a question" the title "a question".
  for (const match of revision.feedback.matchAll(newTitle)) if (!punchierTitle.test(match[0]) && !questionTitle.test(match[0])) outcomes.push(retitle(blocks, match[1]!));
  if (questionTitle.test(revision.feedback)) outcomes.push(titleAsQuestion(blocks));
  for (const match of revision.feedback.matchAll(addedFact)) add(() => addFact(blocks, match[1]!));
  for (const match of revision.feedback.matchAll(addedAfterColon)) add(() => addFact(blocks, match[1]!));
  for (const match of revision.feedback.matchAll(thenAdded)) add(() => addFact(blocks, match[1]!));
  const labelled = [...revision.feedback.matchAll(addedLabelled)];
  for (const match of labelled) {
    const line = labelledLine(match[1]!, calendarCase(match[2]!));
    add(() => attachTime(blocks, match[1]!, match[2]!) ?? addListed(blocks, match[1]!, calendarCase(match[2]!)) ?? addUnder(blocks, match[1]!, line) ?? addLine(blocks, line, true));
  }
  // "mention it works on mobile too" states its fact: nothing to look up in the material.
  const stated = [...revision.feedback.matchAll(addedFact)].length > 0;
  const topic = given.length === 0 && labelled.length === 0 && !stated ? mentionedTopic.exec(revision.feedback) : null;
  if (topic) add(() => mention(blocks, topic, sources, revision.previousContent, (sentence, postscript) => (postscript ? addGiven(blocks, 'ps', undefined, sentence) : addFact(blocks, sentence))));
  const detail = moreDetail.exec(revision.feedback);
  if (detail) add(() => addDetail(blocks, detail, sources));
  for (const match of revision.feedback.matchAll(addedAsk)) add(() => addFact(blocks, askedOf(match[1]!)));
  for (const match of revision.feedback.matchAll(addedAction)) add(() => addAction(blocks, match[1]!));
  for (const match of revision.feedback.matchAll(ownerDue)) outcomes.push(changeOwnerDue(blocks, (match[1] ?? match[3])!, (match[2] ?? match[4])!));
  // "shorter, but keep the numbers": the shortening keeps them itself (keepFacts).
  if (keptFigures.test(revision.feedback) && request.length !== 'shorter') add(() => restoreFigures(blocks, originalOutput(input, bench)?.content));
  if (shorterSubject.test(revision.feedback)) outcomes.push(shortenSubject(blocks));
  const format = dateFormat.exec(revision.feedback);
  if (format) outcomes.push(reformatDates(blocks, (format[1] ?? format[2])!));
  const titles = shorterTitles.exec(revision.feedback);
  if (titles) outcomes.push(shortenTitles(blocks, titles));
  if (removedCallToAction.test(revision.feedback)) outcomes.push(removeCallToAction(blocks));
  if (fewerExclamations.test(revision.feedback)) outcomes.push(fewerBangs(blocks, revision.feedback));
  if (removedEmoji.test(revision.feedback)) outcomes.push(removeEmoji(blocks));
  if (removedHashtags.test(revision.feedback)) outcomes.push(removeHashtags(blocks));
  const list = addedList.exec(revision.feedback);
  if (list) add(() => addList(blocks, list[1]!, list[2]!));
  if (numbered.test(revision.feedback)) outcomes.push(numberLists(blocks));
  if (actionTable.test(revision.feedback)) outcomes.push(actionsAsTable(blocks));
  const prose = sectionAsParagraph.exec(revision.feedback);
  if (prose) outcomes.push(sectionProse(blocks, (prose[1] ?? prose[2])!));
  const done = markedDone.exec(revision.feedback);
  if (done) outcomes.push(markDone(blocks, (done[1] ?? done[2])!));
  const hashtagged = addedHashtags.exec(revision.feedback);
  if (hashtagged) outcomes.push(addHashtags(blocks, hashtagged[1]!));
  else if (addedSomeHashtags.test(revision.feedback) && !removedHashtags.test(revision.feedback)) outcomes.push(addKeyHashtags(blocks));
  const tagged = taggedPeople.exec(revision.feedback);
  if (tagged) outcomes.push(tagPeople(blocks, tagged[1]!));
  const split = splitPosts.exec(revision.feedback);
  if (split) outcomes.push(splitPost(blocks, split[1]));
  if (addedTldr.test(revision.feedback)) add(() => addTldr(blocks));
  outcomes.push(...plainerWording(blocks, revision.feedback));
  // "make the headline more exciting" is about the title only.
  const headline = punchierTitle.test(revision.feedback);
  if (headline) outcomes.push(punchUpTitle(blocks));
  if (moreEnergy.test(revision.feedback.replace(headline ? new RegExp(punchierTitle.source, 'gi') : /$^/, ' '))) outcomes.push(addEnergy(blocks));
  else if (punchierOpening.test(revision.feedback)) outcomes.push(punchUpOpening(blocks));
  if (moreUrgent.test(revision.feedback)) outcomes.push(makeUrgent(blocks));
  if (askedHeadings.test(revision.feedback)) outcomes.push(addHeadings(blocks));
  if (addedConclusion.test(revision.feedback)) add(() => addConclusion(blocks));
  if (closingQuestion.test(revision.feedback)) add(() => endWithQuestion(blocks));
  if (addedEmoji.test(revision.feedback)) outcomes.push(addEmoji(blocks, revision.feedback));
  const bold = boldened.exec(revision.feedback);
  if (bold) outcomes.push(embolden(blocks, (bold[1] ?? bold[2])!));
  const voice = voiceSwap.exec(revision.feedback);
  if (voice && voice[1]!.toLowerCase() !== voice[2]!.toLowerCase()) outcomes.push(swapVoice(blocks, voice[1]!));
  const person = voice ? null : firstPerson.exec(revision.feedback);
  if (person) outcomes.push(toFirstPerson(blocks, person[1] ?? person[2]));
  const signer = signedBy.exec(revision.feedback);
  const sender = signer ? null : sentFrom.exec(revision.feedback);
  if (signer) outcomes.push(signWith(blocks, signer[1]!, signer[2]));
  else if (sender) outcomes.push(signWith(blocks, sender[1]!));
  if (request.addExamples) add(() => addExample(blocks, request.exampleTopic, sources, revision.previousContent));
  if (request.keywords.length > 0 && input.crew.id === 'writer') add(() => addKeywords(blocks, request, revised));
  if (request.checklist) add(() => addChecklist(blocks, sources, [input.context ?? '', ...input.contextDocuments].join('\n'), request.checklist!.at));
  // Last of the edits: the email is made of the document as the other asks left it.
  const email = emailAsk.exec(revision.feedback);
  if (email) outcomes.push(toEmail(blocks, email[1]));
  const limit = characterLimit.exec(revision.feedback);
  if (limit) outcomes.push(fitCharacters(blocks, Number(limit[1] ?? limit[2])));
  dropEmptySections(blocks, bare);
  let content = renderBlocks(blocks.filter((block) => block.type !== 'paragraph' || block.text.trim() !== ''));
  if (request.tone) {
    const toned = applyRegister(content, request.tone, request.audience, /\b(?:formal|formally|formality)\b/i.test(revision.feedback));
    content = toned.content;
    outcomes.push(toned.outcome);
  }
  outcomes.push(...lengthOutcome);
  const output = report(input, revision, request, content, outcomes, before);
  const applied = new Set(output.data?.applied as string[]);
  const edits = outcomes.filter((outcome) => outcome.edit && applied.has(outcome.part)).map((outcome) => outcome.edit!);
  // The record keeps the feedback as the client wrote it.
  return { ...output, data: { ...output.data, feedback: asked.feedback, ...revisedDeliverable(input, bench, [...request.corrections, ...(dateMove?.correction && applied.has(dateMove.outcome.part) ? [dateMove.correction] : [])], request.dates, edits, parseBlocks(output.content)) } };
}

/** The feedback's requests: a sentence ends one only where the next starts with an instruction (an answer may run to several sentences). */
function feedbackRequests(feedback: string): string[] {
  return feedback.split(/(?<=[.!?;])\s+(?=(?:also|and|then|please|pls|remove|drop|delete|cut|add|make|put|move|change|fix|shorten|keep)\b)/i);
}

function editFacts(blocks: Block[], request: RevisionRequest, feedback: string, outcomes: ChangeOutcome[]): void {
  for (const correction of request.corrections) outcomes.push(applyCorrection(blocks, correction));
  for (const reassignment of request.reassignments) outcomes.push(reassign(blocks, reassignment));
  for (const dated of request.dates) outcomes.push(addDate(blocks, dated));
  if (request.dates.length > 0 && /\b(?:each|every|all)\b/i.test(feedback)) {
    for (const missing of undatedSiblings(renderBlocks(blocks), request.dates)) outcomes.push(failed(`add date: ${missing}`, `the feedback gives no date for ${missing}, and the material none`));
  }
}

/** `resolve(at)`: the part "it" stands for in a move found at `at` in the feedback (revise/antecedent.ts). */
function editStructure(blocks: Block[], feedback: string, outcomes: ChangeOutcome[], resolve: (at: number) => string | undefined): void {
  const before = outcomes.length;
  for (const match of feedback.matchAll(placedSection)) outcomes.push(removePlaced(blocks, match[1]!));
  for (const match of feedback.matchAll(removedSection)) if (!/^(?:first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th|last|final|penultimate)$/i.test(match[1]!.trim())) outcomes.push(removeSection(blocks, match[1]!.trim()));
  for (const match of feedback.matchAll(removedPart)) outcomes.push(removeAbout(blocks, match[1]!, /^(?:remove|drop|delete|cut|take\s+out|lose|leave\s+out)\s+(?:the\s+|that\s+)?(action|to-?do|requirement|ticket|task|decision|risk|step|question)/i.exec(match[0])?.[1]));
  for (const match of feedback.matchAll(removedItem)) if (!positionWord.test(match[1]!.trim())) outcomes.push(removeAbout(blocks, match[1]!));
  const only = keptOnly.exec(feedback);
  const keeping = only ? keepOnly(blocks, only[1]!) : undefined;
  if (keeping) outcomes.push(keeping);
  // "remove the room for 40 people": no other removal read it and no heading is named so, so it is the sentence that says it.
  const othersRemoved = outcomes.length > before;
  for (const match of feedback.matchAll(removedHeading)) {
    for (const name of [match[1]!, ...namesAfter(feedback.slice((match.index ?? 0) + match[0].length))]) {
      const removed = removeHeaded(blocks, name) ?? (othersRemoved || !saidIn(blocks, name) ? undefined : removeAbout(blocks, name));
      if (removed) outcomes.push(removed);
    }
  }
  for (const match of feedback.matchAll(removedPosition)) outcomes.push(removeAt(blocks, match));
  const merged = mergedPair.exec(feedback);
  if (merged) outcomes.push(mergePair(blocks, merged));
  const swapped = swappedPair.exec(feedback);
  if (swapped) outcomes.push(swapPair(blocks, swapped));
  // "merge the last two bullets" names the bullets to merge, not a format.
  if (!merged && asBullets.test(feedback) && !asProse.test(feedback)) outcomes.push(toBullets(blocks));
  else if (!merged && asProse.test(feedback)) outcomes.push(toProse(blocks));
  for (const [pattern, place] of [[movedFirst, 'first'], [movedLast, 'last']] as const) {
    for (const match of feedback.matchAll(pattern)) {
      const topic = movedTopic(match);
      // "end with a question" asks for a new last line (revise/closingQuestion.ts), not a move.
      if (place === 'last' && isQuestionTopic(topic)) continue;
      if (place === 'first' && askTopic.test(topic) && letterParts(blocks)) {
        outcomes.push(askFirst(blocks));
        continue;
      }
      // "put the deadline in the first sentence": no part says "deadline"; the sentence that gives one leads.
      const kind = place === 'first' && !blocks.some((block) => block.type === 'heading' && block.level === 2 && shares(block.text, topic)) ? factKind(topic) : undefined;
      if (kind) {
        outcomes.push(leadWith(blocks, topic, kind));
        continue;
      }
      const named = pronoun.test(topic) ? resolve(match.index ?? 0) : topic;
      outcomes.push(named ? moveTo(blocks, named, place) : failed(`order: ${topic} ${place}`, `"${topic}" does not say which part to move: the feedback names no section or item before it, and the previous revision added none (say which, e.g. "put the pricing section ${place}")`));
    }
  }
}

function addKeywords(blocks: Block[], request: RevisionRequest, revised: StageInput): ChangeOutcome {
  const seo = optimize(renderBlocks(blocks), request.keywords, { social: !blocks.some((block) => block.type === 'heading'), tone: request.tone ?? 'professional', seed: seedOf(revised), thorough: false });
  blocks.splice(0, blocks.length, ...parseBlocks(seo.content));
  const missing = (content: string) => request.keywords.filter((keyword) => !content.toLowerCase().includes(keyword.toLowerCase()));
  return { part: 'add_keywords', change: { type: 'add_keywords', keywords: request.keywords, added_to_body: seo.keywordsAdded }, check: (content) => (missing(content).length > 0 ? `the document does not use ${missing(content).join(', ')}` : undefined) };
}

/** The words the length change aims for, and the band the final content must fall in to count as applied. */
function lengthGoal(request: RevisionRequest, before: number, fixed: number): { target: number; low: number; high: number; part: string } | undefined {
  const part = request.length === 'maintain' ? 'maintain_length' : 'length';
  if (request.targetWords !== undefined) return { part, target: request.targetWords, low: request.targetWords * 0.85, high: request.targetWords * 1.15 };
  if (request.length === 'maintain') return { part, target: before, low: before * 0.9, high: before * 1.1 };
  if (request.length === 'shorter') {
    const ratio = request.lengthRatio ?? 0.7;
    // "Cut it in half" aims at half and counts when at most 60% is left; of a letter, half its body (its greeting and sign-off stay).
    const body = before - fixed;
    return { part, target: Math.round(fixed + body * ratio), low: 0, high: fixed + body * Math.min(ratio + 0.1, 0.9) };
  }
  if (request.length === 'longer') return { part, target: Math.round(before * 1.3), low: before * 1.1, high: Infinity };
  return undefined;
}

function changeLength(blocks: Block[], request: RevisionRequest, before: number, sources: Sources, addedWords: () => number): ChangeOutcome[] {
  const goal = lengthGoal(request, before, request.length === 'shorter' ? frameWords(blocks) : 0);
  if (!goal) return [];
  const outcomes: ChangeOutcome[] = [];
  const now = documentWordCount(renderBlocks(blocks));
  // "Shorter" with no size named drops filler only; "cut it in half" or "to 100 words" may cost a fact, reported below.
  const keepFacts = request.length === 'shorter' && request.lengthRatio === undefined && request.targetWords === undefined;
  if (now > goal.target * 1.05 && goal.high !== Infinity) {
    const dropped = shortenTo(blocks, goal.target, sources.corpus, keepFacts);
    if (dropped.length > 0) outcomes.push(failed('keep decisions, owners and figures', `reaching ${goal.target} words meant cutting ${dropped.length} line(s) with a figure, date, owner or decision, e.g. "${dropped[0]}"`));
  } else if (now < goal.target * 0.95) {
    if (lengthen(blocks, goal.target, sources) === 0) {
      return [failed(goal.part, `the client's material says nothing the document does not say already (${now} words, ${goal.target} asked); ${noModel}`)];
    }
  }
  const check = (content: string) => {
    const words = documentWordCount(content) - addedWords();
    if (words >= goal.low && words <= goal.high) return undefined;
    if (keepFacts && words < before) return undefined;
    const kept = keepFacts ? `; every other line carries a date, figure, name or decision, which a shorter version keeps (say how short, e.g. "cut it in half", to cut those too)` : '';
    return `the document has ${words} words (besides the parts added), not between ${Math.round(goal.low)} and ${goal.high === Infinity ? 'more' : Math.round(goal.high)}${kept}`;
  };
  return [{ part: goal.part, change: { type: goal.part, target_words: goal.target }, check }, ...outcomes];
}

/** Checks every outcome on the final content and writes the revision's record. */
function report(input: StageInput, revision: RevisionInput, request: RevisionRequest, content: string, outcomes: ChangeOutcome[], before: number): StageOutput {
  const applied: string[] = [];
  const notApplied: NotApplied[] = [];
  const changes: Array<Record<string, unknown>> = [];
  for (const outcome of outcomes) {
    const reason = outcome.reason ?? outcome.check?.(content);
    if (reason === undefined) {
      applied.push(outcome.part);
      if (outcome.change) changes.push(outcome.change);
    } else notApplied.push({ part: outcome.part, reason });
  }
  const cannot = `the feedback names no change the local model can make (tone, length, a checklist, a section, an example, a correction, dates, a fact to mention, keywords, an order); ${noModel}`;
  if (request.labels.includes('general_feedback') && outcomes.length === 0) notApplied.push({ part: 'general_feedback', reason: cannot });
  // A request beside the ones read ("make the title punchier and put the time zones bit last") is not left out.
  else for (const unread of unreadRequests(revision.feedback)) notApplied.push({ part: unread, reason: cannot.replace('the feedback names', 'it names') });
  // Never the same document with nothing said: a request read but matched to no change is reported too.
  if (applied.length === 0 && notApplied.length === 0) notApplied.push({ part: request.labels.join(', '), reason: `the feedback was read as ${request.labels.join(', ')}, but no part of the document matched it; ${noModel}` });
  const unchanged = content.trim() === revision.previousContent.trim();
  if (unchanged && applied.length > 0) {
    for (const part of applied) notApplied.push({ part, reason: 'applying it left the document as it was' });
    applied.length = 0;
    changes.length = 0;
  }
  const after = documentWordCount(content);
  const summary = unchanged
    ? `${input.stage.agent} could not apply the revision: ${notApplied.map((entry) => entry.part).join(', ')} not applied; the document is unchanged`
    : `${input.stage.agent} applied ${applied.join(', ') || 'nothing it could verify'}${notApplied.length > 0 ? `; not applied: ${notApplied.map((entry) => entry.part).join(', ')}` : ''} (${before} -> ${after} words)`;
  return {
    summary,
    content: unchanged ? revision.previousContent : content,
    data: { changes_requested: request.labels, applied, not_applied: notApplied, unchanged, changes, words_before: before, words_after: after, feedback: revision.feedback },
  };
}

