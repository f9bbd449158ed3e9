import type { DeliverableData, TicketData, UserStoryData } from '../../../../schemas/deliverables/index.js';
import { startsWithVerb } from '../../text/grammar.js';
import { spellNames } from '../../text/spelling.js';
import { capitalize, lowerFirst } from '../../text/phrases.js';
import { isPersonWord } from '../../pilot/groundedStories.js';
import { sentenceStart, titleWith, type DocumentContext } from '../context.js';
import { factsLine, join } from '../render/shared.js';

/**
 * "user stories for the new invoice export: finance wants csv and pdf, admins only, monthly": a
 * story for each "who wants what" the ask or the notes say ("As a finance team member, I want the
 * new invoice export in CSV and PDF."), with acceptance criteria from the same facts: what they want,
 * and the rules said of the whole feature ("Only admins can use the new invoice export."). No
 * persona, benefit or rule is added; a rule that sits badly with a story is asked, not settled.
 */

const departments = /^(?:finance|security|legal|support|sales|procurement|hr|it|marketing|ops|accounting|engineering|design|product)$/i;
const wantVerb = /^(.{2,60}?)\s+(?:want|wants|need|needs|would\s+like|must\s+be\s+able\s+to|should\s+be\s+able\s+to|ask(?:s|ed)?\s+for)\s+(?:to\s+)?(.+)$/i;
const asA = /^as\s+an?\s+([^,]+),\s*i\s+(?:want|need)\s+(?:to\s+)?(.+)$/i;
const benefitCut = /,?\s+(?:so\s+that|so|because|in\s+order\s+to)\s+(.+)$/i;
const formats = /^(?:csv|pdf|xlsx?|excel|json|xml|html|markdown|txt|zip|png|jpe?g|svg|ics|ical)$/i;
const onlyFor = /^(?:(.+?)\s+only|only\s+(?:for\s+)?(.+?))$/i;
const cadence = /^(?:(?:runs?\s+|once\s+|sent\s+|every\s+)?(daily|weekly|monthly|quarterly|yearly|annually|hourly|nightly|every\s+(?:day|week|month|quarter|year|hour|night)))$/i;

interface Story extends UserStoryData { criteria: string[]; title: string }

/** "finance" -> "finance team member", "home cooks" -> "home cook", "admins" -> "admin". */
function personaOf(who: string): string | undefined {
  const words = who.replace(/^(?:our|the|all|each|every|most|many|some)\s+/i, '').toLowerCase().split(/\s+/);
  const head = words.at(-1)!;
  if (words.length === 1 && departments.test(head)) return `${head === 'hr' || head === 'it' ? head.toUpperCase() : head} team member`;
  if (words.length > 3 || !(isPersonWord(head) || /(?:ers|ors|ists|ians|ees|ants|ents|cooks|staff)$/.test(head))) return undefined;
  const one = head === 'staff' ? 'staff member' : head.replace(/ies$/, 'y').replace(/(?<!s)s$/, '');
  return [...words.slice(0, -1), one].join(' ');
}

/** The ask's facts and the notes, one part a line; a comma list of the ask in its parts, a "so ..." kept with what it explains. */
function partsOf(sources: string): string[] {
  const lines = sources.split(/\n+/).map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, '').trim()).filter(Boolean);
  const parts: string[] = [];
  for (const line of lines) {
    for (const piece of line.split(/,\s+/)) {
      if (/^(?:so|because|in\s+order\s+to)\b/i.test(piece) && parts.length > 0) parts[parts.length - 1] += `, ${piece}`;
      else parts.push(piece.replace(/[.!]+$/, ''));
    }
  }
  return parts;
}

/** "As a home cook, I want to share a recipe by link, so that friends can cook it too." (a thing wanted without "to"). */
function storyText(story: UserStoryData): string {
  const article = /^[aeiou]/i.test(story.persona) && !/^(?:user|uni|eu)/i.test(story.persona) ? 'an' : 'a';
  const want = startsWithVerb(story.want) ? `to ${story.want}` : story.want;
  return `As ${article} ${story.persona}, I want ${want}${story.benefit ? `, so that ${story.benefit}` : ''}.`;
}

function listOf(names: string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

function storyOf(part: string, feature: string): Story | undefined {
  const said = asA.exec(part);
  const wanted = said ? [part, said[1]!, said[2]!] : wantVerb.exec(part);
  const persona = said ? said[1]!.trim() : wanted ? personaOf(wanted[1]!) : undefined;
  if (!wanted || !persona) return undefined;
  let want = wanted[2]!.trim();
  const reason = benefitCut.exec(want);
  const benefit = reason ? reason[1]!.replace(/^(?:they|we)\b/i, 'I').replace(/\b(?:their|our)\b/gi, 'my') : null;
  if (reason) want = want.slice(0, reason.index);
  // "finance wants csv and pdf": the feature in the formats they want.
  const named = want.split(/\s*(?:,|\band\b|\bor\b|&|\/)\s*/).filter(Boolean);
  if (named.length > 0 && named.every((name) => formats.test(name))) {
    const upper = named.map((name) => spellNames(name.toUpperCase() === 'EXCEL' ? 'Excel' : name.toUpperCase()));
    return { persona, want: `the ${feature} in ${listOf(upper)}`, benefit, title: `${capitalize(feature)} in ${listOf(upper)}`, criteria: upper.map((name) => `The ${feature} gives a ${name} file.`) };
  }
  const verb = startsWithVerb(want);
  const plural = persona.endsWith('team member') ? `${persona}s` : `${persona}s`;
  return { persona, want: spellNames(want), benefit, title: sentenceStart(spellNames(want)), criteria: [verb ? `${capitalize(plural)} can ${spellNames(want)}.` : `${capitalize(plural)} have ${spellNames(want)}.`] };
}

/** A rule said of the whole feature: "admins only", "monthly", "max 10 per user". */
function ruleOf(part: string, feature: string): { rule: string; only?: string } {
  const only = onlyFor.exec(part);
  const who = only ? (only[1] ?? only[2])! : undefined;
  if (who && personaOf(who)) return { rule: `Only ${who.toLowerCase()} can use the ${feature}.`, only: who.toLowerCase() };
  const every = cadence.exec(part);
  if (every) return { rule: `The ${feature} runs ${every[1]!.toLowerCase()}.` };
  return { rule: sentenceStart(`${spellNames(part)}.`) };
}

function storiesOf(ctx: DocumentContext): { stories: Story[]; rules: string[]; questions: string[] } {
  const feature = ctx.recognised.subject.replace(/^(?:the|our|a|an)\s+/i, '');
  const stories: Story[] = [];
  const rules: string[] = [];
  const only: string[] = [];
  for (const part of partsOf(ctx.material.sources)) {
    const story = storyOf(part, feature);
    if (story) stories.push(story);
    else if (startsWithVerb(part) && !/^(?:only|max|min)\b/i.test(part)) stories.push({ persona: 'user', want: spellNames(part), benefit: null, title: sentenceStart(spellNames(part)), criteria: [`Users can ${spellNames(part)}.`] });
    else {
      const found = ruleOf(part, feature);
      rules.push(found.rule);
      if (found.only) only.push(found.only);
    }
  }
  // "finance wants ..., admins only": whether the people who asked may use it is the team's to settle.
  const questions = only.flatMap((who) => stories.filter((story) => !who.includes(story.persona.split(' ')[0]!)).map((story) => `The ${feature} is for ${who} only: ${story.persona.endsWith(' team member') ? `are the people in ${story.persona.replace(/ team member$/, '')} who use it` : `are the ${story.persona}s`} ${who}?`));
  return { stories, rules, questions: [...new Set(questions)] };
}

export function userStorySet(ctx: DocumentContext): DeliverableData['ticket_set'] {
  const { stories, rules } = storiesOf(ctx);
  const tickets: TicketData[] = stories.map((story) => ({ title: story.title, description: storyText(story), acceptance_criteria: [...story.criteria, ...rules], estimate: null }));
  return { title: titleWith(ctx, 'user stories'), estimate_unit: null, tickets, user_stories: stories.map(({ persona, want, benefit }) => ({ persona, want, benefit })) };
}

export function renderUserStories(data: DeliverableData['ticket_set'], ctx: DocumentContext): string {
  const { questions } = storiesOf(ctx);
  return join([
    `# ${data.title}`,
    ...factsLine(ctx),
    ...data.tickets.flatMap((ticket, index) => [`## ${index + 1}. ${ticket.title}`, ticket.description, `**Acceptance criteria**\n\n${ticket.acceptance_criteria.map((line) => `- [ ] ${line}`).join('\n')}`]),
    ...(questions.length > 0 ? ['## Open questions', questions.map((line) => `- ${lowerFirst(line) === line ? sentenceStart(line) : line}`).join('\n')] : []),
  ]);
}
