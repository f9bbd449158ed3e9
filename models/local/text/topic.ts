import { stripEndPunctuation } from './phrases.js';

// Leading instructions stripped from a brief to find what it is about, applied in order.
const leadIns = [
  /^(?:please\s+)?(?:(?:can|could|would) you\s+|i need you to\s+|we need(?: you)? to\s+|help (?:me|us)\s+)?/i,
  // "turn this into a standup summary": what it is turned into names the piece, "this" the material.
  /^(?:turn|make|convert|transform|change)\s+(?:this|these|it|them|that|(?:the|my|our)\s+notes?)\s+into\s+/i,
  /^(?:write|create|draft|generate|produce|compose|prepare|craft|put together|come up with|publish|analy[sz]e|summari[sz]e|review|extract|process|go through|capture|define|plan|build|design|develop|implement|spec out|outline)\s+/i,
  /^(?:a|an|the|some|our|my|me|us|one|two|three)\s+/i,
  /^(?:(?:short|long|brief|quick|detailed|comprehensive|engaging|informative|new|catchy|friendly|professional|casual|technical|weekly|monthly|seo[- ]optimi[sz]ed|in-depth|\d+[- ]words?)[\s,]+)*/i,
  /^(?:(?:blog|linkedin|twitter|social(?:\s+media)?|newsletter|marketing|email|documentation|technical|product)\s+)?(?:posts?|articles?|pieces?|guides?|threads?|tweets?|updates?|newsletters?|documentation|docs|copy|content|series|overviews?|explainers?|tutorials?|prds?|specs?|summary)\b\s*/i,
  /^(?:about|on|for|covering|explaining|describing|introducing|announcing|that explains|that covers|of|regarding)\s+/i,
];

/** The subject of a brief: its first sentence without the instruction ("Write a blog post about"). */
export function topicOf(brief: string): string {
  const first = brief.trim().split(/(?<=[.!?])\s+|\n/)[0] ?? '';
  let topic = first;
  for (const pattern of leadIns) topic = topic.replace(pattern, '');
  topic = topic.replace(/\s+(?:and|then)\s+(?:extract|list|identify|create|summari[sz]e|send|share|draft|write|highlight|pull out|find|turn)\b.*$/i, '');
  topic = stripEndPunctuation(topic.split(/[;:]|\s[-–—]\s/)[0] ?? topic);
  const words = topic.split(/\s+/).filter(Boolean);
  if (words.length > 12) {
    const clause = topic.search(/,|\s(?:so that|which|because|while|and how|in order to)\s/);
    topic = stripEndPunctuation(clause > 0 ? topic.slice(0, clause) : words.slice(0, 12).join(' '));
  }
  return topic || stripEndPunctuation(first);
}

const dangling = new Set(['over', 'of', 'for', 'to', 'and', 'or', 'the', 'a', 'an', 'with', 'in', 'on', 'by', 'from', 'about', 'into', 'at', 'as', 'that', 'which', 'our', 'your', 'their', 'its']);

/**
 * A title-sized whole phrase of the subject: at most `max` words, never ending on a preposition,
 * article or conjunction, never leaving a parenthesis open ("... (HMAC-SHA256 Over" cannot happen).
 */
export function wholePhrase(subject: string, max = 9): string {
  let words = subject.split(/\s+/).filter(Boolean);
  if (words.length > max) words = words.slice(0, max);
  const balanced = () => {
    const text = words.join(' ');
    return (text.match(/\(/g) ?? []).length === (text.match(/\)/g) ?? []).length;
  };
  while (words.length > 1 && !balanced()) {
    const open = words.findLastIndex((word) => word.includes('('));
    words = open > 0 ? words.slice(0, open) : words.slice(0, -1);
  }
  while (words.length > 1 && dangling.has(words.at(-1)!.toLowerCase().replace(/[^a-z]/g, ''))) words.pop();
  return stripEndPunctuation(words.join(' '));
}
