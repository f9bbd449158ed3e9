import type { DeliverableData } from '../../../../schemas/deliverables/index.js';
import { clauseSubject, isClause } from '../../text/grammar.js';
import { hashtagOf } from '../../text/hashtags.js';
import { byWeight, forReaders, related, said, sentenceStart, titled, type DocumentContext } from '../context.js';
import { networkLimits } from '../recognise.js';
import { fitTo } from '../networks.js';
import type { Item } from '../material.js';
import { announcedPost, subjectPost } from './announcement.js';
import { subjectNews } from './subjectNews.js';
import { newHireOf, roleTitle } from '../newHire.js';
import { newJobLines, newJobOf } from '../newJob.js';
import { calendarCase, literal } from '../../text/phrases.js';
import { datedDays } from '../../text/dates.js';
import { newHirePost } from './newHirePost.js';
import { compromise } from '../../text/compromise.js';
import { fragmentsSaid } from '../fragments.js';
import { notesAsPost } from '../notesAsPost.js';
import { proseLines } from '../prose.js';

/** Social posts: what the ask and the notes say, in the order a post tells it, fitted to each network's length. */

/** Tags from the keywords, the names in the subject ("Northwind Labs") and its closing noun phrase ("four-day week"). */
function hashtags(ctx: DocumentContext, news?: string): string[] {
  // "tweet: our new dark mode ships tomorrow": without a subject of its own, the post's first statement is what it is about.
  // A post about news its subject says is about that subject's head ("pricing page", not "live now": build/subjectNews.ts).
  const generic = ctx.recognised.generic === true;
  const subject = news ?? (generic ? (ctx.material.items[0]?.text.replace(/[.!?]+$/, '') ?? '') : ctx.recognised.subject);
  // A stated subject is a sentence: its first word is capitalised as a sentence's, not as a name ("Thank you ...").
  const names = [...subject.matchAll(/\b(?:[A-Z]|\p{Ll}(?=\p{Lu}))[\p{L}\p{N}]+(?:\s+[A-Z][\p{L}\p{N}]+)*/gu)].filter((found) => !((ctx.recognised.stated || generic) && found.index === 0)).map((found) => found[0]);
  // "making the hackathon possible": the tag is what it is about, not how it was.
  const tail = /(?:^|\s(?:to|a|an|the|of|for|on|about|with|is|are)\s)((?:[\p{L}\p{N}-]+\s?){1,3})$/u.exec(subject)?.[1]?.trim().replace(/^(?:in|at|on|for|of|to|with)\s+/i, '').replace(/\s+(?:on|at|in|by|from|this|last|next)\s+.*$/i, '').replace(/\s+(?:today|tomorrow|tonight|now|soon)$/i, '').replace(/\s+(?:possible|ready|available|better|special|easier|successful|amazing|unforgettable|great)$/i, '');
  // "Our new dark mode ships tomorrow": a statement is about its subject, when a noun says it ("#NewDarkMode", not "#ShipsTomorrow").
  const doer = clauseSubject(subject)?.replace(/^(?:the|our|my|a|an|this|these)\s+/i, '');
  // "We just shipped dark mode, available on iOS and Android today": what we did is about its object ("#DarkMode", not "#AndroidToday").
  const object = doer && /^(?:we|i|they)\b/i.test(doer) ? objectOf(subject) : undefined;
  const about = doer && /^\p{Ll}/u.test(doer) && !/^(?:we|i|they|you|he|she|it|there)\b/i.test(doer) ? doer : (object ?? tail ?? subject.split(/\s+/).slice(-2).join(' '));
  // "to a four-day week", "hiring 3 engineers": neither the article nor a bare count is part of the tag.
  const topic = about.replace(/^(?:in|at|on|for|of|to|with)\s+/i, '').replace(/^(?:a|an|the|our)\s+/i, '').replace(/^\d{1,3}\s+(?=\p{L})/u, '');
  // What we did ("#DarkMode") comes before where ("#iOS").
  const phrases = object ? [...ctx.material.keywords, topic, ...names] : [...ctx.material.keywords, ...names, topic];
  return [...new Set(phrases.map(hashtagOf).filter((tag) => tag.length > 2 && tag.length < 30 && /\p{L}/u.test(tag) && !calendarWord.test(tag)))].slice(0, 3);
}

/** The first thing a statement's verb acts on, without its article, place or time ("dark mode" of "we just shipped dark mode, ..."). */
function objectOf(statement: string): string | undefined {
  // Only a noun right after the verb: "we're closed Monday for Memorial Day" and "we raised our series A" have none to tag.
  const found = compromise()(statement.split(/,\s|\s[-–—]\s/)[0]!).match('#Verb+ #Adverb? [(#Determiner|#Possessive)? #Adjective* #Noun+]', 0).out('array') as string[];
  const noun = found[0]?.replace(/^(?:the|our|my|a|an|this|these|its|their)\s+/i, '').replace(/\s+(?:today|tomorrow|tonight|now|soon)$/i, '').replace(/[.,!?]+$/, '').trim();
  // "we hit 10k users": a count and what it counts is no subject to tag ("#Users"); a name is tagged as a name.
  return noun && noun.split(/\s+/).length <= 3 && !/^\p{Lu}/u.test(noun) && !new RegExp(String.raw`\d\S*\s+${literal(noun)}`, 'i').test(statement) ? noun : undefined;
}

// "every Saturday from 9 to 12": a day, a month or a number is when, not what the post is about.
const calendarWord = /^#(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december)(?:$|[A-Z0-9])/i;

/** "Mon-Fri" and "Lisbon" keep their capital after a colon; "We", "The", "New" do not. */
function continued(line: string): string {
  return /^(?:The|A|An|We|Our|It|This|These|They|You|Your|New|Every|All)\b/.test(line) ? `${line.charAt(0).toLowerCase()}${line.slice(1)}` : line;
}

// "write two linkedin posts: one about our series a, one about hiring": a post per subject, each on its own.
const several = /\b(?:two|three|four|2|3|4)\s+(?:[\w-]+\s+)?(?:posts|tweets|updates)\b[^:]*:\s*(one\s+(?:about|on|for|announcing|introducing)\s+.+)$/i;

/** The subjects of the posts an ask asks for one by one ("one about our series a, one about hiring"), or undefined. */
function subjectsOf(ask: string): string[] | undefined {
  const listed = several.exec(ask.trim().split('\n')[0]!)?.[1];
  const subjects = listed?.split(/[,;]?\s*(?:and\s+|then\s+)?(?:one|another|the\s+other)\s+(?=(?:about|on|for|announcing|introducing)\s)/i).map((part) => part.replace(/^(?:one\s+)?(?:about|on|for)\s+/i, '').replace(/[.!]+$/, '').trim()).filter(Boolean);
  return subjects && subjects.length >= 2 ? subjects.map((subject) => subject.replace(/\bseries\s+([a-e])\b/i, (_, round: string) => `Series ${round.toUpperCase()}`)) : undefined;
}

export function socialPosts(ctx: DocumentContext): DeliverableData['social_posts'] {
  const subjects = subjectsOf(ctx.brief);
  if (subjects) {
    const network = ctx.recognised.networks[0] ?? 'LinkedIn';
    const limit = networkLimits[network] ?? 500;
    return { posts: subjects.map((subject) => {
      // "hiring": the post says so ("We are hiring."), as a post of the news would.
      const line = /^(?:hiring|recruiting)$/i.test(subject) ? 'We are hiring.' : subjectPost(calendarCase(datedDays(subject)), calendarCase(datedDays(ctx.brief)));
      const text = announcedPost(line).join(limit <= 500 ? ' ' : '\n\n');
      return { network, text: fitTo(text, limit), hashtags: [], max_characters: limit };
    }) };
  }
  // What the brief itself lists ("new sourdough buns, 3.50 each, only on weekends") is said in its order.
  const readers = forReaders(ctx);
  const ordered = readers.every((item) => item.origin === 'brief') ? readers : byWeight(readers);
  // "announcing that Northwind Labs is moving to a four-day week": what the post announces opens it, the context's facts follow.
  // The subject is the statement without its article ("office is closed on Friday").
  const announces = (item: Item) => item.origin === 'brief' && item.text.replace(/[.!?]+$/, '').toLowerCase().endsWith(ctx.recognised.subject.replace(/[.!?]+$/, '').toLowerCase());
  const items = [...ordered.filter(announces), ...ordered.filter((item) => !announces(item))];
  // "slack announcement": the team's chat takes the notes said as sentences, in one message, without a public post's frame or hashtags.
  if (ctx.recognised.networks.length === 1 && ctx.recognised.networks[0] === 'Slack' && items.length > 0) {
    const text = proseLines(items.map((item) => sentenceStart(said(item)))).map(sentenceStart).join(' ');
    return { posts: [{ network: 'Slack', text: fitTo(text, networkLimits.Slack!), hashtags: [], max_characters: networkLimits.Slack! }] };
  }
  // One statement and nothing else is news said with a line before and after it; no statement at all, the subject as asked.
  const alone = items.length === 1 && (announces(items[0]!) || (ctx.recognised.generic === true && items[0]!.origin === 'brief')) && isClause(items[0]!.text);
  // "linkedin post welcoming maria to the team, she joins as head of design from spotify": who joins, as what, from where.
  const hire = newHireOf(ctx.brief, ctx.material.sources);
  // "linkedin post about my new job": the writer's own news, in the first person, not the company's (newJob.ts).
  const job = hire ? undefined : newJobOf(ctx.brief, ctx.material.sources);
  const welcome = hire ? newHirePost(hire) : job ? { lines: newJobLines(job), tags: ['#NewJob', ...(job.role ? [hashtagOf(roleTitle(job.role))] : [])] } : undefined;
  // Nothing but the ask: news the subject says ("about our new pricing page, live now") framed as a post, else the subject as asked.
  const news = !welcome && items.length === 0 ? subjectNews(ctx.recognised.subject, ctx.brief) : undefined;
  const framed = welcome ? welcome.lines : alone ? announcedPost(said(items[0]!)) : news ? announcedPost(news.sentence) : items.length === 0 ? [subjectPost(ctx.recognised.subject, ctx.brief)] : undefined;
  const tags = welcome ? welcome.tags : hashtags(ctx, news?.about);
  const posts = ctx.recognised.networks.map((network, index) => {
    const limit = networkLimits[network] ?? 500;
    const tagText = tags.length > 0 ? `\n\n${tags.join(' ')}` : '';
    const short = limit <= 500;
    // "..., hiring 10 engineers, room for 40 people": what the ask typed as fragments after its statement is said as sentences (fragments.ts).
    // "tweet about dark mode" over "shipped today / ios and android": notes about the subject are said of it (notesAsPost.ts).
    const ofSubject = !ctx.recognised.stated && !ctx.recognised.generic && ctx.recognised.subject.split(/\s+/).length <= 4;
    const told = (list: Item[]) => (list.every((item) => item.origin === 'brief') ? fragmentsSaid(list.map((item) => sentenceStart(said(item)))) : ofSubject ? notesAsPost(ctx.recognised.subject, list.map((item) => sentenceStart(said(item))), ctx.brief) : list.map((item) => sentenceStart(said(item))));
    const lines = framed ? [...framed] : told(short ? [...items.slice(index % Math.max(1, items.length)), ...items.slice(0, index % Math.max(1, items.length))] : items.slice(0, 5));
    // Facts about a subject that none of them names ("We move in on 1 March") are said of it.
    const subject = ctx.recognised.subject;
    if (!framed && lines.length > 0 && !ctx.recognised.stated && !ctx.recognised.generic && subject.split(/\s+/).length >= 2 && !related(lines.join(' '), subject, 1)) lines[0] = `${titled(subject)}: ${continued(lines[0]!)}`;
    // A short network takes the lines in order while they fit (a tweet holds the hours and "closed Sundays").
    const room = limit - tagText.length;
    const kept = short ? lines.filter((_, at) => lines.slice(0, at + 1).join(' ').length <= room || at === 0) : lines;
    const body = kept.join(short ? ' ' : '\n\n');
    return { network, text: fitTo(body, limit - tagText.length) + tagText, hashtags: tags, max_characters: limit };
  });
  return { posts };
}

