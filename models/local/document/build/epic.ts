import { startsWithVerb } from '../../text/grammar.js';
import { capitalize } from '../../text/phrases.js';
import type { Item } from '../material.js';

/**
 * An epic pasted to be broken into tickets: "epic: team workspaces - users can create a workspace,
 * invite teammates by email, set roles (admin/member), and switch between workspaces from the
 * sidebar". The words before the dash name the epic ("Team workspaces"); who does each part is said
 * once ("users can") and holds for every part after it, so each part is a ticket of its own:
 * titled by what is done ("Invite teammates by email"), done when "Users can invite teammates by email."
 */
export interface Epic {
  name: string;
  /** Each part of the epic's line, by the item it was read into: what is done and its check. */
  parts: Map<Item, { task: string; criterion: string }>;
}

const epicLabel = /^(?:epic|feature|story|initiative)$/i;
// "team workspaces - users can create a workspace": the name, then who can do what.
const namedThenDoer = /^(.{3,60}?)\s+[-–—:]\s+((?:(?:the|all|our)\s+)?(?:[\w-]+\s+)?(?:users?|admins?|customers?|members?|teams?|managers?|owners?|people|guests|buyers|sellers|editors)\s+(?:can|should\s+be\s+able\s+to|are\s+able\s+to|need\s+to\s+be\s+able\s+to))\s+(.+?)[.!]?$/i;

export function epicOf(items: Item[]): Epic | undefined {
  const first = items.findIndex((item) => item.section !== undefined && epicLabel.test(item.section) && namedThenDoer.test(item.text));
  if (first < 0) return undefined;
  const [, name, doer, task] = namedThenDoer.exec(items[first]!.text)!;
  const check = (done: string) => `${capitalize(doer!.toLowerCase())} ${done.replace(/[.!]$/, '')}.`;
  const parts = new Map<Item, { task: string; criterion: string }>([[items[first]!, { task: task!, criterion: check(task!) }]]);
  // The parts after it on the same line: each starts with its verb ("invite teammates by email").
  for (const item of items.slice(first + 1)) {
    if (item.section !== items[first]!.section || !startsWithVerb(item.text)) break;
    parts.set(item, { task: item.text, criterion: check(item.text.charAt(0).toLowerCase() + item.text.slice(1)) });
  }
  return { name: capitalize(name!.trim()), parts };
}
