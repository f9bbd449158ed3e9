import { clauseSubject, verbInflection } from '../text/grammar.js';
import { literal } from '../text/phrases.js';

/**
 * A post's notes typed as fragments about its subject ("write a tweet about dark mode" over
 * "shipped today / ios and android / settings > appearance") said as a post says them: "Dark mode
 * shipped today on iOS and Android. Find it in Settings > Appearance." A verb without a subject
 * is the subject's; a line of platforms only says where; a menu path says where to find it. Any
 * other line is left as typed; no fact is added.
 */

const platform = /^(?:ios|android|web|the\s+web|mac(?:os)?|windows|linux|desktop|mobile|ipad(?:os)?|iphone|chrome|firefox|safari)$/i;

function platformsOnly(text: string): boolean {
  const parts = text.split(/\s*(?:,|\/|\+|&|\band\b)\s*/i).filter(Boolean);
  return parts.length > 0 && parts.every((part) => platform.test(part.trim()));
}

function upper(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

/** The post's lines (sentences ending in a full stop) with fragments about `subject` said of it. */
export function notesAsPost(subject: string, lines: string[], ask = ''): string[] {
  // "about our new search": the subject as the ask wrote it, with its "our".
  const owned = new RegExp(String.raw`\b((?:our|my|the)\s+${literal(subject)})\b`, 'i').exec(ask)?.[1] ?? subject;
  const out: string[] = [];
  for (const line of lines) {
    const text = line.replace(/[.]$/, '').trim();
    const first = /^\p{L}+/u.exec(text)?.[0]?.toLowerCase() ?? '';
    const form = verbInflection(first)?.form;
    if (/\s>\s/.test(text)) out.push(`Find it in ${text.split(/\s*>\s*/).map(upper).join(' > ')}.`);
    else if (platformsOnly(text) && out.length > 0 && !/\bon\s/i.test(out.at(-1)!)) out[out.length - 1] = `${out.at(-1)!.replace(/[.]$/, '')} on ${text.replace(/^(?:Web|Mobile|Desktop|The)\b/, (word) => word.toLowerCase())}.`;
    else if ((form === 'past' || form === 'third') && clauseSubject(text) === undefined) out.push(`${upper(owned)} ${first}${text.slice(first.length)}.`);
    else out.push(line);
  }
  return out;
}
