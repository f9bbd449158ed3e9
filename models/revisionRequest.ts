import { requestedWords, targetKeywords } from '../quality/requirements.js';
import { readCorrections, readDatedLabels, readReassignments, type Correction, type DatedLabel, type Reassignment } from './revisionFacts.js';
import { toneOf, type Tone } from './local/text/tone.js';
import { requestedEdits, type EditLabel } from './local/revise/edits.js';
import { shorterSubject } from './local/revise/emailParts.js';
import { shorterTitles } from './local/revise/titles.js';
import { moreDetail } from './local/revise/moreDetail.js';

/** Labels of the revision record's `changes_requested` (spec: tone_adjustment, add_examples, maintain_length, ...). */
export type ChangeLabel =
  | 'tone_adjustment'
  | 'add_examples'
  | 'maintain_length'
  | 'shorten'
  | 'lengthen'
  | 'adjust_length'
  | 'add_keywords'
  | 'add_checklist'
  | 'add_section'
  | 'correct_facts'
  | 'add_dates'
  | EditLabel
  | 'general_feedback';

/** Who the revised document is for, when the feedback names a reader ("for the board", "for patients"). */
export type Audience = 'board' | 'patients' | 'customers' | 'team';

/** What a revision asks for, read from its feedback text and requirements. */
export interface RevisionRequest {
  labels: ChangeLabel[];
  tone?: Tone;
  /** "warmer", "friendlier": beyond the register, a warmer voice. */
  warmer: boolean;
  audience?: Audience;
  addExamples: boolean;
  /** The topic the example is to be about ("an example of the priority lanes"), when named. */
  exampleTopic?: string;
  length?: 'maintain' | 'shorter' | 'longer';
  /** The share of the words to keep ("cut it in half": 0.5), when the feedback says how much. */
  lengthRatio?: number;
  /** An explicit word count from requirements.length or the feedback ("to 200 words"). */
  targetWords?: number;
  keywords: string[];
  checklist?: { at: 'start' | 'end' };
  /** Sections on a named topic ("a section on the risk to the Acme renewal"). */
  sections: string[];
  /** Owners or facts the feedback corrects ("Jan is the one sending van 7, not Maria"). */
  corrections: Correction[];
  /** Dates the feedback gives for named parts ("Phase 2 is August 2025"). */
  dates: DatedLabel[];
  /** Action items the feedback gives to someone ("bob owns the e2e action item"). */
  reassignments: Reassignment[];
}

const shorter = /\b(shorter|more concise|concise|trim|cut (?:it |this )?(?:down|back)|cut\b[^.]{0,20}\b(?:half|third|quarter)|tighten|condense|too long|less wordy|brief(?:er)?|halve)\b/i;
const longer = /\b(longer|expand|more detail(?:ed)?|elaborate|too short|flesh (?:it )?out|in more depth|more depth|more thorough)\b/i;
const maintain = /\b(?:maintain|keep|same|preserve)\b[^.]{0,30}\b(?:length|word count|size)\b|\bsame length\b/i;
const examples = /\bexamples?\b/i;
const noExamples = /\b(?:no|remove|fewer|without|drop)\s+(?:the\s+)?examples?\b/i;
const exampleOf = /\bexamples?\s+(?:of|for|about|on|showing)\s+(?:how\s+)?([^.,;!?]+)/i;
const checklist = /\b(?:check ?list|to-?do list|checkboxes)\b/i;
const noChecklist = /\b(?:remove|drop|delete|no|without)\s+(?:the\s+|a\s+)?(?:check ?list|to-?do list)\b/i;
// "add next steps", "include the blockers": a kind of section, named without the word (revise/gathered.ts).
export const namedSection = /\b(?:add|include|write|need|want)\s+(?:a|an|one more|another)\s+(?:short\s+|brief\s+|new\s+)?(?:section|part|paragraph)\s+(?:on|about|covering|for|with)\s+([^.,;!?]+)|\badd\s+(?:a|an)\s+([^.,;!?]+?)\s+section\b|\b(?:add|include|list)\s+(?:the\s+|some\s+)?(next\s+steps|blockers|action\s+items)\b(?!\s*:)/gi;

function ratioFrom(text: string): number | undefined {
  if (/\b(?:in half|by half|halve|half (?:the|as)\s+(?:length|long)|by 50 ?%)/i.test(text)) return 0.5;
  if (/\bby (?:a|one) third\b/i.test(text)) return 0.67;
  if (/\bby (?:a|one) quarter\b/i.test(text)) return 0.75;
  const percent = /\bby (\d{1,2}) ?(?:%|percent)/i.exec(text);
  return percent ? 1 - Number(percent[1]) / 100 : undefined;
}

function toneFrom(feedback: string, requirements: Record<string, unknown>): Tone | undefined {
  const required = toneOf(requirements.tone);
  if (required) return required;
  if (/\bless (?:formal|professional|stiff|corporate)\b|\btoo (?:formal|stiff|corporate|serious|stuffy)\b/i.test(feedback)) return 'casual';
  if (/\btoo (?:casual|informal|chatty|relaxed)\b/i.test(feedback)) return 'professional';
  if (/\bless (?:casual|informal|chatty)\b/i.test(feedback)) return 'professional';
  // "less salesy", "tone it down": plainer, without the hype words and exclamations.
  if (/\bless (?:salesy|sales-y|pushy|hyp(?:e|ey|ed)|markety|marketing-?y|over the top|cheesy)\b|\btone (?:it|this|that) down\b|\bnot so (?:salesy|pushy)\b/i.test(feedback)) return 'professional';
  if (/\bfor (?:the |our )?(?:board|investors|executives|leadership|c-suite)\b/i.test(feedback)) return 'professional';
  // "make it sound more like me, casual", "more chill": a person's everyday voice.
  if (/\b(?:sound|sounds|read|reads)\s+(?:more\s+)?like\s+me\b|\bmore\s+(?:chill|laid[- ]back)\b|\bchill(?:er)?\b|,\s*(?:more\s+)?casual\b/i.test(feedback)) return 'casual';
  if (/\bfor (?:the |our )?patients\b|\bwarm(?:er|th)?\b|\bkinder\b|\bfriendlier\b|\bless stiff\b/i.test(feedback)) return 'friendly';
  // "make it sound less like a robot", "more human", "too robotic": a person's voice, warmer words.
  if (/\b(?:less|not so|too|sounds?|reads?)\s+(?:like\s+)?(?:a\s+)?(?:robot|robotic|ai|machine|chatgpt|generated|mechanical)\b|\bmore\s+(?:human|natural|personal)\b|\bsound(?:s)?\s+(?:more\s+)?(?:human|natural|like\s+a\s+(?:person|human))\b/i.test(feedback)) return 'friendly';
  // "friendlier please", "formal please": the register named on its own.
  if (/^\W*(?:more\s+)?(?:formal|professional)(?:\s+please)?\W*$/i.test(feedback)) return 'professional';
  // "less technical" asks for plainer words (revise/jargon.ts), not a technical tone.
  const phrase = /\b(?:more|less|a|an|into a|sound|tone(?: it)?(?: down)?|make it)\s+((?:[a-z-]+\s+){0,2}?(?:casual|conversational|informal|relaxed|playful|fun|friendl(?:y|ier)|warm(?:er)?|approachable|technical|precise|professional|formal|business-like|serious|authoritative)(?:er)?)\b/i.exec(feedback.replace(/\b(?:less|too|overly|not\s+so)\s+technical\b/gi, ' '));
  return phrase ? toneOf(phrase[1]) : /\btone\b/i.test(feedback) ? toneOf(feedback) : undefined;
}

function audienceFrom(feedback: string): Audience | undefined {
  if (/\bfor (?:the |our )?(?:board|investors|executives|leadership|c-suite)\b/i.test(feedback)) return 'board';
  if (/\bfor (?:the |our )?patients\b/i.test(feedback)) return 'patients';
  if (/\bfor (?:the |our )?(?:customers|clients|users)\b/i.test(feedback)) return 'customers';
  if (/\bfor (?:the |our )?(?:team|staff|crew)\b/i.test(feedback)) return 'team';
  return undefined;
}

function lengthFrom(feedback: string, lengthText: string): RevisionRequest['length'] {
  // "make the subject line shorter" is about the subject (revise/emailParts.ts), not the email's length.
  // ... and "make the titles shorter" about the headings (revise/titles.ts).
  // ... and "more detail on the second point" about that point (revise/moreDetail.ts).
  const all = `${feedback.replace(new RegExp(shorterSubject.source, 'gi'), ' ').replace(new RegExp(shorterTitles.source, 'gi'), ' ').replace(new RegExp(moreDetail.source, 'giu'), ' ')} ${lengthText}`;
  if (maintain.test(all) || /^(?:same|maintain|keep|unchanged)/i.test(lengthText)) return 'maintain';
  if (shorter.test(all) || ratioFrom(feedback) !== undefined) return 'shorter';
  return longer.test(all) ? 'longer' : undefined;
}

export function readRevision(feedback: string, requirements: Record<string, unknown> = {}): RevisionRequest {
  const tone = toneFrom(feedback, requirements);
  const lengthText = typeof requirements.length === 'string' ? requirements.length : '';
  const wordsInFeedback = /\b(?:to|under|below|at most|max(?:imum)?(?: of)?)\s+(\d{2,5})\s+words\b/i.exec(feedback);
  const targetWords = wordsInFeedback ? Number(wordsInFeedback[1]) : typeof requirements.length === 'number' || /\d/.test(lengthText) ? requestedWords(requirements, 'blog_post') : undefined;
  const length = wordsInFeedback ? 'shorter' : lengthFrom(feedback, lengthText);
  const addExamples =
    requirements.examples === true || requirements.include_examples === true || (examples.test(feedback) && !noExamples.test(feedback)) || /add|more|include/i.test(String(requirements.examples ?? ''));
  const keywords = targetKeywords(requirements);
  const sections = [...feedback.matchAll(namedSection)].map((match) => (match[1] ?? match[2] ?? match[3] ?? '').trim()).filter((name) => name !== '' && !checklist.test(name) && !/^(?:(?:short|brief)\s+)?(?:conclusion|concluding|wrap-?up|closing)$/i.test(name));
  const wantsChecklist = (checklist.test(feedback) && !noChecklist.test(feedback)) || requirements.include_checklist === true;
  const corrections = readCorrections(feedback);
  const dates = readDatedLabels(feedback);
  const reassignments = readReassignments(feedback);
  const labels: ChangeLabel[] = [];
  if (tone) labels.push('tone_adjustment');
  if (addExamples) labels.push('add_examples');
  if (length === 'maintain') labels.push('maintain_length');
  if (length === 'shorter') labels.push('shorten');
  if (targetWords !== undefined && length === undefined) labels.push('adjust_length');
  // "expand the second section" lengthens that part (the spec's label), without making the whole document longer.
  if (length === 'longer' || moreDetail.test(feedback)) labels.push('lengthen');
  if (keywords.length > 0) labels.push('add_keywords');
  if (wantsChecklist) labels.push('add_checklist');
  if (sections.length > 0) labels.push('add_section');
  if (corrections.length > 0 || reassignments.length > 0) labels.push('correct_facts');
  if (dates.length > 0) labels.push('add_dates');
  labels.push(...requestedEdits(feedback));
  if (labels.length === 0) labels.push('general_feedback');
  const exampleTopic = addExamples ? exampleOf.exec(feedback)?.[1]?.trim() : undefined;
  return {
    labels: [...new Set(labels)],
    tone,
    warmer: /\bwarm(?:er|th)?\b|\bfriendlier\b|\bkinder\b/i.test(feedback),
    audience: audienceFrom(feedback),
    addExamples,
    ...(exampleTopic ? { exampleTopic } : {}),
    length,
    ...(length === 'shorter' && !wordsInFeedback && ratioFrom(feedback) !== undefined ? { lengthRatio: ratioFrom(feedback) } : {}),
    targetWords,
    keywords,
    ...(wantsChecklist ? { checklist: { at: /\b(?:at the (?:top|start|beginning)|first|up front)\b/i.test(feedback) ? ('start' as const) : ('end' as const) } } : {}),
    sections,
    corrections,
    dates,
    reassignments,
  };
}

/** The `changes_requested` labels for a revision record. */
export function changesRequested(feedback: string, requirements: Record<string, unknown> = {}): ChangeLabel[] {
  return readRevision(feedback, requirements).labels;
}
