import type { DeliverableData, Section } from '../../../../schemas/deliverables/index.js';
import { forReaders, said, titled, type DocumentContext } from '../context.js';
import type { Item } from '../material.js';
import { jobAdFacts, ourName } from '../shapedKinds.js';
import { commaList } from '../listParts.js';

/**
 * A job ad (the writer's `blog_post` kind): the role as its title ("Senior backend engineer at
 * Fernway"), the company first, then what the person will do, what is asked of them and what is
 * offered, each line the client's own, and how to apply as the call to action. Nothing is added:
 * a part the notes say nothing about is left out.
 */

const apply = /\b(?:apply|applications?|send\s+(?:your|us|in)|cv|résumé|resume|cover\s+letter|deadline|closing\s+date|interviews?)\b/i;
const offer = /[€$£]\s?\d|\b(?:salary|pay|paid|€|eur|euros?|\$|£|usd|gbp|\d+k\b|per\s+(?:year|month|hour|annum)|pension|bonus|equity|stock\s+options|holidays?|vacation|days?\s+off|leave|remote|hybrid|flexible|benefits?|perks?|budget|laptop|insurance|gym|lunch|visa|relocation|four-day|4-day|part-time|full-time|hours?\s+(?:a|per)\s+week|contract|permanent|temporary|shifts?)\b/i;
const asked = /\b(?:years?\s+(?:of\s+)?(?:experience|in)|experience\s+(?:with|in|of)|you\s+(?:have|bring|know|are\s+comfortable|speak)|must|required|requirements?|familiar|knowledge\s+of|fluent|degree|skills?|comfortable\s+with|proficien\w*|background\s+in|bonus\s+if|nice\s+to\s+have|essential|a\s+plus|needed|\d+\+)/i;
const role = /\b(?:you\s+will|you'll|you’ll|your\s+(?:role|job|day)|responsib\w*|you\s+(?:build|own|lead|design|maintain|develop|work\s+on|help)|the\s+role|day[- ]to[- ]day)\b/i;
const company = /\b(?:we\s+are|we're|we’re|we\s+(?:build|make|run|sell|design|develop|help)|our\s+(?:company|team|mission|product|customers)|founded|based\s+in|\d+-person|\d+\s+people|team\s+of\s+\d+|employees|headquartered)\b/i;

/** Requirements and benefits read as a list when there are several. */
function listed(lines: string[]): string[] {
  return lines.length > 1 ? [lines.map((line) => `- ${line}`).join('\n')] : lines;
}

// "go and postgres", "react, node, aws": a line that only names the tools of the job is its stack.
const tool = /^(?:go|golang|python|java|kotlin|rust|ruby|rails|php|laravel|typescript|javascript|ts|js|node(?:\.js)?|react|next\.js|vue|angular|svelte|postgres(?:ql)?|mysql|sql|mongodb|redis|kafka|rabbitmq|elasticsearch|aws|gcp|azure|kubernetes|k8s|docker|terraform|graphql|django|flask|fastapi|spring|swift|swiftui|elixir|phoenix|scala|c\+\+|c#|\.net|spark|snowflake|dbt|figma|linux|ios|android|flutter|bigquery|airflow)$/i;
const isStack = (text: string) => text.replace(/[.!]$/, '').split(/\s*(?:,|\/|\+|&|\band\b)\s*/i).filter(Boolean).every((word) => tool.test(word.trim()));
// "remote", "hybrid", "full-time": a one-word term of the job, too short for the notes' reading, kept from the ask.
const termWord = /^(?:(?:fully\s+)?remote|remote-first|hybrid|on-?site|in-office|full[\s-]time|part[\s-]time|contract|freelance|permanent|temporary)$/i;
// "120-150k", "$90k", "€50-60k": a bare pay figure, said as the salary it is.
const payOnly = /^[$€£]?\d[\d.,]*\s*k?\s*(?:[-–]\s*[$€£]?\d[\d.,]*\s*k?)?(?:\s*(?:[$€£]|eur|usd|gbp))?$/i;

/** "5+ yrs" -> "5+ years of experience": a bare span of years is the experience asked for. */
function experience(text: string): string {
  const years = /^(\d+\+?)\s*(?:yrs?|years?)\.?$/i.exec(text.trim());
  return years ? `${years[1]} years of experience` : text;
}

export function jobAd(ctx: DocumentContext): DeliverableData['blog_post'] {
  const terms = jobAdFacts(ctx.brief.trim().split('\n')[0]!).map((line) => line.replace(/^-\s+/, '')).filter((term) => termWord.test(term) && !ctx.material.items.some((item) => item.text.toLowerCase().includes(term.toLowerCase())));
  // "job posting: junior frontend dev, ...": the role typed first after the colon is the title, not a duty.
  const asRole = ctx.recognised.subject.toLowerCase();
  // "remote (EU), go + postgres, 5+ yrs, salary 90-110k eur": notes typed as one comma list are a fact per part.
  // (Four parts at least: "salary 70-85k EUR, hybrid, 2 days in the office" is one term of the job.)
  const notes = forReaders(ctx).flatMap((item) => {
    const parts = commaList(item.text);
    return parts && parts.length >= 4 ? parts.map((text) => ({ ...item, text })) : [item];
  });
  const items = [...notes.filter((item) => item.text.replace(/[.!]$/, '').toLowerCase() !== asRole), ...terms.map((term): Item => ({ text: `${term.charAt(0).toUpperCase()}${term.slice(1)}`, origin: 'brief', listed: true }))];
  const taken = new Set<Item>();
  const take = (test: (item: Item) => boolean) => items.filter((item) => !taken.has(item) && test(item) && taken.add(item));
  const stack = take((item) => isStack(item.text));
  const pay = take((item) => payOnly.test(item.text.replace(/[.]$/, '').trim()));
  const applying = take((item) => apply.test(item.text));
  const about = take((item) => company.test(item.text) && !role.test(item.text));
  const work = take((item) => role.test(item.text));
  const wanted = take((item) => asked.test(item.text));
  const offered = take((item) => offer.test(item.text));
  const rest = items.filter((item) => !taken.has(item));
  const name = items.map((item) => ourName(item.text)).find(Boolean);
  const position = titled(ctx.recognised.subject);
  const sections: Section[] = [
    { heading: 'What you will do', body: [...work, ...rest].map(said) },
    { heading: 'What we are looking for', body: listed(wanted.map((item) => said({ ...item, text: experience(item.text) }))) },
    { heading: 'Our stack', body: stack.map(said) },
    { heading: 'What we offer', body: listed([...offered.map(said), ...pay.map((item) => `Salary: ${item.text.replace(/[.]$/, '')}.`)]) },
  ].filter((section) => section.body.length > 0);
  return {
    title: name && !position.toLowerCase().includes(name.toLowerCase()) ? `${position} at ${name}` : position,
    // "job post for a senior backend engineer, remote, ...": with nothing said of the company, the ad opens with the hire it asks for.
    lede: about.length > 0 ? about.map(said).join(' ') : work.length + rest.length === 0 ? `We are hiring ${/^[aeiou]/i.test(ctx.recognised.subject) ? 'an' : 'a'} ${ctx.recognised.subject}.` : '',
    sections,
    call_to_action: applying.length > 0 ? applying.map(said).join(' ') : null,
  };
}
