import { requestedWords, targetKeywords } from '../quality/requirements.js';
import { toneOf, type Tone } from './local/text/tone.js';

/** Labels of the revision record's `changes_requested` (spec: tone_adjustment, add_examples, maintain_length, ...). */
export type ChangeLabel = 'tone_adjustment' | 'add_examples' | 'maintain_length' | 'shorten' | 'lengthen' | 'adjust_length' | 'add_keywords' | 'general_feedback';

/** What a revision asks for, read from its feedback text and requirements. */
export interface RevisionRequest {
  labels: ChangeLabel[];
  tone?: Tone;
  addExamples: boolean;
  length?: 'maintain' | 'shorter' | 'longer';
  /** An explicit word count from requirements.length, when one was given. */
  targetWords?: number;
  keywords: string[];
}

const shorter = /\b(shorter|more concise|concise|trim|cut (?:it )?down|tighten|condense|too long|less wordy|brief(?:er)?)\b/i;
const longer = /\b(longer|expand|more detail(?:ed)?|elaborate|too short|flesh (?:it )?out|in more depth|more depth|more thorough)\b/i;
const maintain = /\b(?:maintain|keep|same|preserve)\b[^.]{0,30}\b(?:length|word count|size)\b|\bsame length\b/i;
const examples = /\bexamples?\b/i;
const noExamples = /\b(?:no|remove|fewer|without|drop)\s+(?:the\s+)?examples?\b/i;

function toneFrom(feedback: string, requirements: Record<string, unknown>): Tone | undefined {
  const required = toneOf(requirements.tone);
  if (required) return required;
  if (/\bless (?:formal|professional|stiff|corporate)\b/i.test(feedback)) return 'casual';
  if (/\bless (?:casual|informal|chatty)\b/i.test(feedback)) return 'professional';
  const phrase = /\b(?:more|less|a|an|into a|sound|tone(?: it)?(?: down)?|make it)\s+((?:[a-z-]+\s+){0,2}?(?:casual|conversational|informal|relaxed|playful|fun|friendl(?:y|ier)|warm(?:er)?|approachable|technical|precise|professional|formal|business-like|serious|authoritative)(?:er)?)\b/i.exec(feedback);
  return phrase ? toneOf(phrase[1]) : /\btone\b/i.test(feedback) ? toneOf(feedback) : undefined;
}

export function readRevision(feedback: string, requirements: Record<string, unknown> = {}): RevisionRequest {
  const tone = toneFrom(feedback, requirements);
  const lengthText = typeof requirements.length === 'string' ? requirements.length : '';
  const targetWords = typeof requirements.length === 'number' || /\d/.test(lengthText) ? requestedWords(requirements, 'blog_post') : undefined;
  const all = `${feedback} ${lengthText}`;
  const length = maintain.test(all) || /^(?:same|maintain|keep|unchanged)/i.test(lengthText) ? 'maintain' : shorter.test(all) ? 'shorter' : longer.test(all) ? 'longer' : undefined;
  const addExamples =
    requirements.examples === true || requirements.include_examples === true || (examples.test(feedback) && !noExamples.test(feedback)) || /add|more|include/i.test(String(requirements.examples ?? ''));
  const keywords = targetKeywords(requirements);
  const labels: ChangeLabel[] = [];
  if (tone) labels.push('tone_adjustment');
  if (addExamples) labels.push('add_examples');
  if (length === 'maintain') labels.push('maintain_length');
  if (length === 'shorter') labels.push('shorten');
  if (targetWords !== undefined && length === undefined) labels.push('adjust_length');
  if (length === 'longer') labels.push('lengthen');
  if (keywords.length > 0) labels.push('add_keywords');
  if (labels.length === 0) labels.push('general_feedback');
  return { labels: [...new Set(labels)], tone, addExamples, length, targetWords, keywords };
}

/** The `changes_requested` labels for a revision record. */
export function changesRequested(feedback: string, requirements: Record<string, unknown> = {}): ChangeLabel[] {
  return readRevision(feedback, requirements).labels;
}
