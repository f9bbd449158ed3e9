import type { DeliverableData } from '../../../../schemas/deliverables/index.js';
import type { DocumentContext } from '../context.js';
import type { Item } from '../material.js';
import { isName } from '../names.js';
import { clauseOf, personFacts, sentencesOf, type Voice } from '../personFacts.js';

/**
 * A cover letter (the writer's `email` kind): "Dear Hiring Manager," or the person the ask or the
 * notes name, an opening that names the role and the company, every fact of the notes as a
 * sentence in the first person ("2 years excel + sql at a logistics firm" -> "I have 2 years of
 * experience with excel and sql at a logistics firm."), a closing paragraph, and "Sincerely," with
 * the sender's name when given. The subject line is kept for sending it by email; the letter
 * itself has no title.
 */

const me: Voice = { person: 'first', subject: 'I', plural: false };
const position = /\b(?:role|position|job|post|vacancy|opening|internship|apprenticeship|traineeship|placement|opportunity|programme|program)\b/i;
const person = String.raw`((?:(?:Mr|Ms|Mrs|Dr|Mx|Prof)\.?\s+)?[A-Z][\p{L}'’-]+(?:\s+[A-Z][\p{L}'’-]+){0,2})`;
// "hiring manager is Tom Reed", "addressed to Sarah Lee", "to the attention of Dr. Patel".
const addressed = new RegExp(String.raw`\b(?:hiring\s+manager(?:\s+is|\s*:)?|recruiter(?:\s+is|\s*:)?|address(?:ed)?(?:\s+it)?\s+to|(?:for\s+)?the\s+attention\s+of|dear)\s+${person}`, 'u');
// "my name is Jo Smith", "sign it Jo Smith", "from Jo Smith".
const signed = new RegExp(String.raw`\b(?:my\s+name\s+is|I\s+am|I'm|I’m|sign(?:ed)?(?:\s+(?:it|off))?(?:\s+(?:as|with))?|from)\s+${person}`, 'u');
const toLabel = /^(?:hiring\s+manager|recruiter|recipient|addressee|to|contact|dear|address(?:ed)?\s+to)$/i;
const fromLabel = /^(?:name|my\s+name|from|sender|signed?|sign[\s-]off|candidate|applicant|me)$/i;

/** "junior data analyst role at Acme" -> the role ("junior data analyst role") and the company ("Acme"). */
export function applicationOf(subject: string): { role?: string; company?: string } {
  const text = subject.trim().replace(/^(?:applying|application)\s+(?:for|to)\s+/i, '').replace(/^(?:a|an|the|my|this)\s+/i, '').replace(/[.]$/, '');
  // "Acme for the data analyst role": the company first.
  const first = /^([A-Z0-9][\p{L}\p{N}&.'’-]*(?:\s+[A-Z0-9][\p{L}\p{N}&.'’-]*)*)\s+for\s+(.+)$/u.exec(text);
  if (first) return { ...applicationOf(first[2]!), company: first[1]! };
  const at = /^(.*?)\s*\b(?:at|with|for|to|in)\s+(?:the\s+)?([A-Z0-9][\p{L}\p{N}&.'’-]*(?:\s+(?:[A-Z0-9][\p{L}\p{N}&.'’-]*|of|and|&))*)\s*$/u.exec(text);
  const role = (at ? at[1]! : text).replace(/^(?:a|an|the)\s+/i, '').trim();
  const company = at?.[2];
  // "cover letter for Acme": only a company, the role is "a position".
  if (!role && !company) return {};
  if (!role || (!at && /^[A-Z]/.test(role) && !position.test(role) && role.split(/\s+/).every((word) => /^[A-Z]/.test(word)))) return { company: company ?? role };
  return { role: position.test(role) ? role : `${role} role`, ...(company ? { company } : {}) };
}

/** A name labelled in the notes ("hiring manager: Tom Reed"), else said in the ask or the notes ("addressed to Tom Reed"). */
function named(ctx: DocumentContext, label: RegExp, said: RegExp): { name?: string; item?: Item } {
  const item = ctx.material.items.find((entry) => entry.section && label.test(entry.section) && isName(entry.text.replace(/[.]$/, '')));
  if (item) return { name: item.text.replace(/[.]$/, ''), item };
  const found = said.exec(`${ctx.brief}\n${ctx.material.sources}`)?.[1];
  return found && isName(found.replace(/^(?:Mr|Ms|Mrs|Dr|Mx|Prof)\.?\s+/, '')) ? { name: found } : {};
}

export function coverLetter(ctx: DocumentContext): DeliverableData['email'] {
  const { role, company } = applicationOf(ctx.recognised.subject);
  const to = named(ctx, toLabel, addressed);
  const from = named(ctx, fromLabel, signed);
  const mentions = (item: Item, name: string | undefined) => name !== undefined && item.text.includes(name) && item.text.split(/\s+/).length <= name.split(/\s+/).length + 4;
  const used = (item: Item) => item === to.item || item === from.item || mentions(item, to.name) || mentions(item, from.name);
  const sentences = sentencesOf(personFacts(ctx, used).map((fact) => clauseOf(fact.text, me, fact.label)), me, 'I', 1);
  // More than four sentences read better as two paragraphs.
  const half = sentences.length > 4 ? Math.ceil(sentences.length / 2) : sentences.length;
  const applied = role ? `the ${role}${company ? ` at ${company}` : ''}` : `a position${company ? ` at ${company}` : ''}`;
  return {
    subject: `Application for ${applied}`.replace(/^./, (c) => c.toUpperCase()),
    greeting: `Dear ${to.name ?? 'Hiring Manager'},`,
    body: [`I am writing to apply for ${applied}.`, ...[sentences.slice(0, half), sentences.slice(half)].filter((part) => part.length > 0).map((part) => part.join(' '))],
    call_to_action: `I would welcome the chance to discuss how I could contribute to ${company ?? 'your team'}. Thank you for your time and consideration.`,
    sign_off: `Sincerely,${from.name ? `\n${from.name}` : ''}`,
  };
}

