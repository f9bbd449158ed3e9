import { splitParagraph, type Block } from '../text/blocks.js';
import { lowerFirst, stripEndPunctuation } from '../text/phrases.js';
import { isEmail, isHashtagLine } from './email.js';
import { letterParts } from './letter.js';
import { failed, readableLines, type ChangeOutcome, type DeliverableValue } from './outcome.js';

/**
 * "turn this into an email to the team", "make this an email to everyone": a meeting summary, a
 * post, a PRD or a ticket set sent as an email. Its title is the subject line, a greeting names
 * who it is for, each section's lines follow under the section's name as a plain lead-in (never a
 * bold line: in an email a bold line is the call to action), a numbered ticket is one numbered
 * line, a call to reply closes it when the document holds action items or open questions, then a
 * sign-off. Nothing is added that the document does not say; lines said twice (a decision in both
 * "Summary" and "Decisions") are said once, and a keyword list ("Topics") is left out.
 */
export const emailAsk =
  /(?:\b(?:turn|make|rewrite|convert|change|redo|reformat|recast|send|write)\s+(?:(?:this|it|that|the\s+(?:summary|post|doc|document|prd|spec|notes|update|tickets|blog(?:\s+post)?|whole\s+thing))\s+(?:(?:into|as|to|in)\s+)?|(?:it\s+)?(?:into|as)\s+)(?:an?\s+)?e-?mail|(?:^|[,.!?]\s*)(?:(?:ok|okay|now|actually|pls|please)[,\s]+)?(?:as|in)\s+an?\s+e-?mail|\b(?:make|write|create|do)\s+an?\s+e-?mail\s+(?:out\s+of|of|from)\s+(?:this|it))\b(?:\s+(?:to|for)\s+((?:the\s+|our\s+|my\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?))?(?=\s*$|\s*[,.;!?]|\s+(?:and|instead|please|pls|then)\b)/i;

// Who "everyone" is in a greeting; another group is greeted by its name ("Hi design team,").
const everyone = /^(?:everyone|everybody|all|all\s+of\s+us|y'?all|the\s+(?:whole\s+)?(?:company|office)|(?:all\s+)?staff|the\s+whole\s+team)$/i;
// Lists of single words the composer derives from the lines above: nothing an email reader needs.
const keywordSections = /^(?:topics|tags|keywords)$/i;
// A first section that only says "here is the gist": its lines open the email without a lead-in.
const openingSections = /^(?:summary|overview|tl;?dr|highlights|background)$/i;
const actionSections = /^(?:action\s+items?|next\s+(?:steps|actions)|to-?dos?|tasks|owners)$/i;
const openQuestion = /\?|\bno answer yet\b|\bopen question|\bundecided\b|\btbd\b|\bto be decided\b|\bnot (?:yet )?decided\b/i;

export function greetingFor(group: string | undefined): string {
  const who = (group ?? '').trim().replace(/^(?:the|our|my)\s+(?=\S)/i, '');
  // "to my manager", "to my boss": one person, whose name the document does not give.
  if (/^my\s/i.test((group ?? '').trim()) && !/\b(?:team|group|reports|folks|people)$/i.test(who)) return 'Hi,';
  if (who === '' || /^team$/i.test(who)) return 'Hi team,';
  return everyone.test((group ?? '').trim()) || everyone.test(who) ? 'Hi everyone,' : `Hi ${who},`;
}

const plain = (text: string) => text.replace(/\*\*([^*]+)\*\*/g, '$1').trim();
const key = (text: string) => stripEndPunctuation(plain(text).replace(/^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/, '')).toLowerCase();
const itemsOf = (list: string) => list.split('\n').filter((line) => /^\s*(?:[-*+]|\d+[.)])\s+/.test(line));

/** The email's subject: the title (or the front matter's), else a post's first sentence. */
function subjectOf(blocks: Block[]): string | undefined {
  const title = blocks.find((block) => block.type === 'heading' && block.level === 1)?.text;
  const front = blocks.find((block) => block.type === 'frontmatter')?.text.match(/^title:\s*"?(.+?)"?\s*$/m)?.[1];
  const lead = blocks.find((block) => block.type === 'paragraph' && !isHashtagLine(block.text));
  const subject = title ?? front ?? (lead ? splitParagraph(lead.text)[0] : undefined);
  return subject ? stripEndPunctuation(plain(subject)) : undefined;
}

interface Section {
  heading?: string;
  level: number;
  blocks: Block[];
}

function sectionsOf(blocks: Block[]): Section[] {
  const sections: Section[] = [{ level: 1, blocks: [] }];
  for (const block of blocks) {
    if (block.type === 'frontmatter' || (block.type === 'heading' && block.level === 1)) continue;
    if (block.type === 'heading') sections.push({ heading: block.text, level: block.level, blocks: [] });
    else if (!isHashtagLine(block.text)) sections.at(-1)!.blocks.push(block);
  }
  return sections;
}

/** "1. Export button hidden ...", its description and "Acceptance criteria: export button is shown ...": a ticket as one numbered line. */
function numberedLine(section: Section, number: string, seen: Set<string>): Block {
  const name = section.heading!.replace(/^\d+[.)]\s+/, '');
  const parts = [stripEndPunctuation(plain(name))];
  let label: string | undefined;
  for (const block of section.blocks) {
    const text = block.text.trim();
    if (block.type === 'list') {
      const items = itemsOf(text).map((line) => stripEndPunctuation(plain(line.replace(/^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/, ''))));
      const joined = items.map((item, at) => (at === 0 && label ? lowerFirst(item) : item)).join('; ');
      parts.push(label ? `${label}: ${joined}` : joined);
      label = undefined;
    } else if (/^\*\*[^*]+\*\*$/.test(text)) label = stripEndPunctuation(plain(text));
    else if (key(text) !== key(name)) parts.push(stripEndPunctuation(plain(text)));
  }
  for (const part of parts) seen.add(key(part));
  return { type: 'list', text: `${number}. ${parts.join('. ')}.` };
}

/** A section's lines under a plain lead-in ("Decisions:"), each line once; none when all were said above. */
function sectionBlocks(section: Section, first: boolean, seen: Set<string>): Block[] {
  const out: Block[] = [];
  let label = section.heading && !(first && openingSections.test(section.heading)) ? `${stripEndPunctuation(plain(section.heading))}:` : undefined;
  for (const block of section.blocks) {
    const text = block.text.trim();
    if (block.type === 'paragraph' && /^\*\*[^*]+\*\*$/.test(text)) {
      label = `${stripEndPunctuation(plain(text))}:`;
      continue;
    }
    let kept: Block | undefined;
    if (block.type === 'list') {
      const items = itemsOf(text).filter((line) => !seen.has(key(line)));
      items.forEach((line) => seen.add(key(line)));
      // A checkbox is for a tracker; in an email an action item is a plain line.
      if (items.length > 0) kept = { type: 'list', text: items.map((line) => line.replace(/^(\s*(?:[-*+]|\d+[.)])\s+)\[[ xX]\]\s+/, '$1')).join('\n') };
    } else if (block.type === 'paragraph') {
      if (!seen.has(key(text)) && key(text) !== key(section.heading ?? '')) kept = { type: 'paragraph', text };
      seen.add(key(text));
    } else kept = block;
    if (!kept) continue;
    // "Participants: Priya, Tom, Lena": a lead-in and a line that is no sentence are one line.
    if (label && kept.type === 'paragraph' && !/[.!?]$/.test(kept.text.trim()) && !kept.text.includes('\n')) kept = { type: 'paragraph', text: `${label} ${kept.text.trim()}.` };
    // "Free tier:" over "Free tier of 1,000 calls a month." says it twice.
    else if (label && !(kept.type === 'paragraph' && key(kept.text).startsWith(key(label)))) out.push({ type: 'paragraph', text: label });
    label = undefined;
    out.push(kept);
  }
  return out;
}

/** The call to reply the document's own open parts ask for: its action items, its open questions. */
function replyLine(sections: Section[]): string | undefined {
  // Action items with owners ("**Priya**: ..."): the readers' own, to confirm; a status report's next actions are the writer's.
  const actions = sections.some((section) => section.heading && actionSections.test(section.heading.trim()) && section.blocks.some((block) => block.type === 'list' && /^\s*[-*+]\s+(?:\[[ xX]\]\s+)?\*\*[^*]+\*\*:/m.test(block.text)));
  const questions = sections.some((section) => section.blocks.some((block) => (block.type === 'list' ? itemsOf(block.text) : [block.text]).some((line) => openQuestion.test(line))));
  if (actions && questions) return '**Please reply to confirm your action items, and if you can answer the open question.**';
  if (actions) return '**Please reply to confirm your action items, or if anything is missing.**';
  return questions ? '**Please reply if you can answer the open question.**' : undefined;
}

export function toEmail(blocks: Block[], group: string | undefined): ChangeOutcome {
  const part = 'as an email';
  if (isEmail(blocks)) return regreet(blocks, group);
  const subject = subjectOf(blocks);
  if (!subject) return failed(part, 'the document has no title or opening line to be its subject line');
  const sections = sectionsOf(blocks);
  const seen = new Set<string>();
  const left: string[] = [];
  const body: Block[] = [];
  let number = 0;
  for (const section of sections) {
    if (section.heading && keywordSections.test(section.heading.trim())) {
      left.push(section.heading);
      continue;
    }
    if (section.heading && /^\d+[.)]\s+/.test(section.heading) && section.level === 2) {
      body.push(numberedLine(section, String((number += 1)), seen));
      continue;
    }
    body.push(...sectionBlocks(section, body.length === 0, seen));
  }
  // Numbered lines that follow each other are one numbered list.
  const merged = body.reduce<Block[]>((all, block) => {
    const last = all.at(-1);
    if (last?.type === 'list' && block.type === 'list' && /^\d+\.\s/.test(block.text) && /^\d+\.\s/.test(last.text)) last.text = `${last.text}\n${block.text}`;
    else all.push(block);
    return all;
  }, []);
  const greeting = greetingFor(group);
  const reply = replyLine(sections);
  const email: Block[] = [{ type: 'paragraph', text: `**Subject:** ${subject}` }, { type: 'paragraph', text: greeting }, ...merged, ...(reply ? [{ type: 'paragraph' as const, text: reply }] : []), { type: 'paragraph', text: 'Thanks,' }];
  blocks.splice(0, blocks.length, ...email);
  const check = (content: string) => {
    const lines = readableLines(content);
    return lines[0] === `**Subject:** ${subject}` && lines.includes(greeting) ? undefined : 'the document does not open with the subject line and the greeting';
  };
  return {
    part: `${part}: "${subject}", ${greeting}${left.length > 0 ? ` (left out: ${left.join(', ')}, words the lines above say)` : ''}`,
    change: { type: 'as_email', subject, greeting },
    check,
    edit: asEmailDeliverable,
  };
}

/** An email asked to be "an email to everyone": only its greeting can change. */
function regreet(blocks: Block[], group: string | undefined): ChangeOutcome {
  const at = letterParts(blocks)?.greeting;
  const greeting = greetingFor(group);
  if (group === undefined || at === undefined || blocks[at]!.text.trim() === greeting) return failed('as an email', `the document is an email already${at === undefined ? '' : ` ("${blocks[at]!.text.trim()}")`}; say what to change in it`);
  blocks[at] = { type: 'paragraph', text: greeting };
  return { part: `greeting: ${greeting}`, change: { type: 'greeting', greeting }, check: (content) => (readableLines(content).includes(greeting) ? undefined : `the greeting is not "${greeting}"`) };
}

/** A post or blog post sent as an email is an email (revise/letterData.ts reads its parts); a summary's or a PRD's data stays what it describes. */
function asEmailDeliverable(deliverable: DeliverableValue): void {
  if (!['social_posts', 'blog_post', 'newsletter'].includes(deliverable.kind)) return;
  deliverable.kind = 'email';
  deliverable.data = { subject: '', greeting: '', body: [], call_to_action: '', sign_off: '' };
}
