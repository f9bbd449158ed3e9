import type { DeliverableData } from '../../../../schemas/deliverables/index.js';
import { sentenceStart } from '../context.js';
import { isNegative, isPositive } from '../cues.js';
import type { Item } from '../material.js';
import { capitalizeWords, literal } from '../../text/phrases.js';
import { switchAsked as asked } from '../shapedNames.js';

/**
 * "should we move our team chat from slack to teams? pros and cons": a decision between what is
 * used now and what would replace it. Each line of the notes is read for the side it argues: good
 * news of the new option or bad news of the old one is for the change; good news of the old one,
 * bad news of the new one, or the cost of changing is against it. Nothing is weighed or decided:
 * the lines are sorted, in their own words.
 */
export interface Switch {
  /** The question as asked, with its options' capitals: "Should we move our team chat from Slack to Teams?" */
  question: string;
  from: string;
  to: string;
}


/** The switch a brief asks about, or undefined. */
export function switchOf(brief: string): Switch | undefined {
  const first = brief.split(/\n/)[0]!;
  const found = asked.exec(first);
  if (!found) return undefined;
  const from = capitalizeWords(found[1]!);
  const to = capitalizeWords(found[2]!);
  const start = /\b(?:should|whether|do\s+we|is\s+it)\b/i.exec(first)!.index;
  const end = found.index + found[0].length;
  const text = first.slice(start, end).replace(found[1]!, from).replace(new RegExp(`(\\s(?:to|for|with)\\s+)${literal(found[2]!)}`, 'i'), `$1${to}`);
  return { question: `${sentenceStart(text.trim())}?`, from, to };
}

// What the old option costs or lacks, or what the new one saves or does better.
const good = /\b(?:included|free|cheaper|cheap|better|faster|easier|like|likes|love|loves|prefer|prefers|integrations?|works?\s+well|already\s+(?:have|pay|use)|saves?|secure|reliable)\b/i;
const bad = /\b(?:costs?|pay(?:ing)?|expensive|pricey|worse|slower|slow|lacks?|missing|no\s+\w+|can['’]?t|cannot|hate|hates|dislike|complain\w*|buggy|outages?|limits?|limited)\b/i;
// What changing itself costs: the move, its effort and time.
const changeCost = /\b(?:migrat\w*|switch\w*|moving|retrain\w*|training|learning\s+curve|would\s+take|will\s+take|takes?\s+(?:a\s+few|\d+)|downtime|effort|disrupt\w*)\b/i;

function mentions(text: string, name: string): boolean {
  return new RegExp(`\\b${literal(name.split(/\s+/)[0]!)}\\b`, 'i').test(text);
}

/** The side a line argues: for the change, against it, or neither. */
export function sideOf(text: string, change: Switch): 'for' | 'against' | null {
  const positive = good.test(text) || isPositive(text);
  const negative = bad.test(text) || isNegative(text);
  const aboutNew = mentions(text, change.to);
  const aboutOld = mentions(text, change.from);
  if (aboutNew && !aboutOld) return negative && !positive ? 'against' : positive ? 'for' : null;
  if (aboutOld && !aboutNew) return negative && !positive ? 'for' : positive ? 'against' : null;
  if (changeCost.test(text)) return 'against';
  return null;
}

/** The analysis of a switch: the question as its title, each line a finding under the side it argues. */
export function switchAnalysis(items: Item[], change: Switch, general: DeliverableData['analysis']): DeliverableData['analysis'] {
  const findings = items.map((item) => {
    const side = sideOf(item.text, change);
    // The options are names here: "people like slack" is "people like Slack".
    const named = [change.from, change.to].reduce((line, name) => line.replace(new RegExp(`\\b${literal(name)}\\b`, 'gi'), name), item.text);
    const text = sentenceStart(named.replace(/[.]$/, ''));
    return { finding: side === 'for' ? `For: ${text}` : side === 'against' ? `Against: ${text}` : text, evidence: item.cite ?? null };
  });
  return { ...general, title: change.question, findings: findings.slice(0, 16) };
}
