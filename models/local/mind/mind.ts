import { requestedWords } from '../../../quality/requirements.js';
import { withoutChatNoise } from '../revise/chatNoise.js';
import type { StageInput, StageOutput } from '../../types.js';
import { capitalizeRollNames } from './rollNames.js';
import { analyseMeeting, withoutLeadIn, type ActionItem, type MeetingFindings, type Utterance } from './meeting.js';
import { calendarCase, capitalize, keyPhrases, rankSentences, titleCase } from '../text/phrases.js';
import { meetingSubject } from './meetingSubject.js';
import { vagueTopic, withoutRegarding } from './vagueTopic.js';
import { isLastStage, requestKey } from '../memo.js';
import type { Workbench } from '../workbench.js';
import { citationOf } from '../text/sources.js';
import { readBrief, type BriefReading } from '../text/briefReading.js';
import { toneOf, type Tone } from '../text/tone.js';
import { bareMeetingNotes, theSubject } from './bareMeeting.js';
import { availabilityLine, inWords } from './standup.js';
import { calledStandup, standupTitle, standupWords } from './standupTitle.js';
import { threadAsNotes } from './emailThread.js';
import { chatAsNotes } from './chatThread.js';
import { discussionAsked, isThreadBrief, openAsks, threadTitle } from './thread.js';
import { namedInThread, threadDecision, threadReading, type ThreadReading } from './threadReading.js';

// Dates and meeting vocabulary recur in every transcript without being what it is about.
const calendarWords = new Set(
  'meeting summary action items notes todo due today tomorrow next last week month monday tuesday wednesday thursday friday saturday sunday eod eow tmrw january february march april may june july august september october november december mon tue tues wed thu thur thurs fri sat sun jan feb mar apr jun jul aug sep sept oct nov dec'.split(' '),
);

/**
 * The mind crew reads the brief, context and context documents as meeting material. Each stage
 * adds its part to one document: analysis (topics, decisions, risks), coordination (follow-up by
 * owner), summarization (extractive summary), action_planning (the action item list) and
 * integration_sync (the final ordering the tools receive).
 */
export function mindStep(input: StageInput, bench: Workbench): StageOutput {
  const { memo } = bench;
  const { findings, topics, summary, title, date, bare, standup, thread } = memo.get(requestKey('meeting', input), () => readMeeting(input), isLastStage(input));
  const stageIndex = Math.max(0, input.crew.stages.findIndex((stage) => stage.name === input.stage.name));
  const ranked = wantsRanking(input);
  const reading = readBrief(input.brief, input.requirements);
  const questions = [
    `What was decided in ${theSubject(reading.subject)}?`,
    'Who owns each action item, and by when is it due?',
    'Which risks or open questions are still open?',
    ...(ranked ? ['Which of these matters most, and which can wait?'] : []),
    ...reading.terms.slice(0, 2).map((term) => `What was said about ${term}?`),
  ];
  const tone = toneOf(input.requirements.tone);
  const parts: Parts = { title, bare, standup, subject: reading.subject, questions, reading: withCadence(reading, input.brief), wantsRanking: ranked, ...(tone ? { tone } : {}), findings, topics, summary, followUps: /follow[- ]?ups?/i.test(input.brief), ranking: ranked && !bare ? rankByPriority(findings.utterances) : [], knowledge: input.knowledge.slice(0, 3).map((passage) => `${passage.text.slice(0, 400).trim()} ${citationOf(passage)}`), ...(thread ? { thread } : {}), open: thread ? thread.open : openAsks(findings.asks, [], undefined, false, '') };
  const notes = notesOf(parts, ranked);
  // Copies: the analysis is shared with the outcome's other stages.
  // The data reads as the document does: "Decided to ship v2 on Dec 9", not the notes' lower case.
  const data = { topics: [...topics], decisions: findings.decisions.map((decision) => written(withoutLeadIn(decision))), risks: findings.risks.map((risk) => written(standup ? inWords(risk) : risk)), participants: [...findings.participants], ...(date ? { date } : {}), ...(parts.open.length > 0 ? { open_questions: [...parts.open] } : {}), ...(notes.length > 0 ? { notes } : {}) } as Record<string, unknown>;
  switch (input.stage.name) {
    case 'analysis':
      return {
        summary: `Found ${findings.decisions.length} decisions, ${findings.risks.length} risks and ${topics.length} topics in ${findings.utterances.length} statements`,
        content: render(parts, stageIndex),
        data,
      };
    case 'coordination': {
      const owners = byOwner(findings.actionItems);
      return {
        summary: `Grouped ${findings.actionItems.length} follow-ups across ${owners.size} owners`,
        content: render(parts, stageIndex),
        data: { ...data, owners: Object.fromEntries([...owners].map(([owner, items]) => [owner, items.map((item) => item.task)])) },
      };
    }
    case 'summarization':
      return { summary: `Summarized the discussion in ${summary.length} key sentences`, content: render(parts, stageIndex), data: { ...data, summary: [...summary.map(written), ...findings.availability.map(availabilityLine)] } };
    case 'action_planning':
      return {
        summary: `Listed ${findings.actionItems.length} action items with owners${findings.actionItems.some((item) => item.due) ? ' and due dates' : ''}`,
        content: render(parts, stageIndex),
        data: { ...data, summary: [...summary.map(written), ...findings.availability.map(availabilityLine)], action_items: actionData(findings.actionItems) },
      };
    default:
      return {
        // Only integrations configured for the workspace are named; without any, no tool is.
        summary: `Prepared the summary, ${findings.decisions.length} decisions and ${findings.actionItems.length} action items${configuredTools(input)}`,
        content: render(parts, input.crew.stages.length),
        data: { ...data, summary: [...summary.map(written), ...findings.availability.map(availabilityLine)], action_items: actionData(findings.actionItems) },
      };
  }
}

interface MeetingReading {
  findings: MeetingFindings;
  topics: string[];
  summary: string[];
  title: string;
  /** The day the brief or the notes' heading names ("12 May", "Tuesday"), or null. */
  date: string | null;
  /** Nothing but the brief came: no transcript, notes or documents. */
  bare: boolean;
  /** The brief or the notes call it a standup: every line is someone's update. */
  standup: boolean;
  /** The material is a thread summarised as one: positions, open asks. */
  thread?: ThreadReading;
}



// "Summarise this for the ops team", "the notes below": the brief points at the material instead of naming it.

// "Thanks Jan", "Morning all", "I'll draft", "TC52s need": what a chat says to its people, or a
// phrase cut from a sentence, not what the meeting was about.
// "Answer pending", "Question": a Q&A label, never what the meeting was about.
const chatCourtesy = /^(?:answers?|questions?|replies|reply|response)\b|^(?:thanks|thank you|cheers|hi|hello|hey|morning|good morning|ok|okay|great|yep|yes|yeah|sure|agreed|cool|nice|perfect|sounds good)\b|^(?:i|we|you|they)\b|['’](?:ll|ve|re|d|m)\b|\s(?:need|needs|named|said|says|want|wants)$|n['’]t$|^(?:named|said)\s/i;

// "dispatch chat", "incident thread": what the brief calls the thread it names.
const threadNoun = /\b(?:thread|chat|discussion|conversation|e-?mails?)$/i;

// "9k EUR": a currency says how much, not what about.
const currencyCode = /^(?:EUR|USD|GBP|CHF|JPY|CAD|AUD|NZD|SEK|NOK|DKK|PLN|INR|BRL|MXN|ZAR)$/;


// "Start", "Stuck", "Finished": how a standup line says it is going, not what it is about.
const statusWord = /^(?:start|starting|started|stuck|finished|done|blocked|working|wip|today|yesterday|tomorrow|update|updates)$/i;

/** Everything the mind stages render, read once per request. */
function readMeeting(input: StageInput): MeetingReading {
  // The brief is the instruction, never the meeting: without material there is nothing to read.
  // An email thread is read as its writers' lines, its subject line naming the meeting (emailThread.ts).
  // A chat export's "[10:02] sam: ..." lines are read as "Sam: ..." (chatThread.ts).
  const read = [input.context ?? '', ...input.contextDocuments].filter((text) => text.trim() !== '').map((text) => threadAsNotes(text) ?? chatAsNotes(text));
  const threads = read.map((thread, index) => thread ?? { notes: [input.context ?? '', ...input.contextDocuments].filter((text) => text.trim() !== '')[index]! });
  const given = threads.map((thread) => thread.notes).filter((text) => text.trim() !== '');
  const threadSubject = threads.find((thread) => thread.subject)?.subject;
  // "tl;dr of this discussion" over "should we move standup to 9:30?": a thread about the standup is no standup.
  const standup = standupWords.test(input.brief) || (!discussionAsked.test(input.brief) && standupWords.test(given[0]?.split('\n')[0] ?? ''));
  // "Standup 12 May" over the notes is their heading: it dates the standup and is no one's update.
  const heading = standup ? standupHeading(given[0] ?? '') : meetingHeading(given[0] ?? '', given.length);
  // "ana: finished csv export. bob: stuck on e2e tests. carla: out tomorrow": a standup typed on one line is a line a person.
  const lines = standup ? given.map((text) => text.replace(/([.!?;])\s+(?=[a-z][\w'’-]{1,20}:\s)/g, '$1\n')) : given;
  const texts = capitalizeRollNames(heading ? [lines[0]!.slice(lines[0]!.indexOf(heading) + heading.length).replace(/^\s*\n/, ''), ...lines.slice(1)] : lines, standup);
  const findings = analyseMeeting(texts, standup);
  // The meeting as the title names it: the notes' heading, an email thread's subject line, or the brief's.
  const subject = meetingSubject(input.brief, heading ? [heading] : threadSubject ? [threadSubject] : texts);
  const subjectWords = new Set(subject.toLowerCase().split(/\s+/).filter((word) => word.length > 2 && !/^(?:the|notes)$/.test(word)));
  // Who is away ("carla out tmrw") is never what a standup was about: its topics come from the updates.
  // What blocks someone is what the standup was about too, though it is listed under blockers only.
  const corpus = standup ? inWords([...findings.utterances.map((utterance) => utterance.text), ...findings.risks.map((risk) => risk.replace(/^[\p{L}'’ -]{1,30}:\s*/u, ''))].join('\n')) : texts.join('\n');
  // A thread is summarised as one (thread.ts): who prefers what, and what is still to decide.
  const thread = !standup && !actionsAsked.test(input.brief.trim()) && texts.length > 0 && isThreadBrief(input.brief, read.some(Boolean)) ? threadReading(findings, threadSubject, input, corpus, !threads.some((thread) => thread.topPosted)) : undefined;
  return {
    ...(thread ? { thread: thread.reading } : {}),
    findings,
    // A speaker's name is who talked, not what was talked about.
    // The meeting's own name ("planning sync") is what the title says, not a topic of it.
    topics: texts.length > 0 ? keyPhrases(corpus, 8, calendarWords).map(withoutRegarding).filter((topic) => !vagueTopic(topic, findings.participants) && !chatCourtesy.test(topic) && !statusWord.test(topic) && !currencyCode.test(topic) && (!thread || namedInThread(topic, corpus)) && !subjectWords.has(topic.toLowerCase()) && !findings.participants.some((person) => person.toLowerCase() === topic.toLowerCase() || person.toLowerCase().startsWith(`${topic.toLowerCase()} `) || (standup && topic.toLowerCase().startsWith(`${person.toLowerCase()} `)))).slice(0, 6) : [],
    // A standup is short, and each line is someone's update: every line stays, its shorthand in words.
    summary: standup ? findings.utterances.map((utterance) => inWords(utterance.speaker ? `${utterance.speaker}: ${utterance.text}` : utterance.text)) : thread ? summarize(thread.rest, corpus, thread.input) : summarize(findings.utterances, corpus, input),
    // "Standup, 12 May" or "Standup summary", as a person titles it, not "Meeting summary: Today's Standup".
    // "planning sync 11/24" over the notes: the meeting's date stays with its title ("Meeting summary: Planning Sync, 11/24"),
    // said once when the heading is the title too ("summarize this" over "weekly sync 11/24").
    // "pull out the action items": what was asked for titles it, "Action items", not "Meeting summary: Pull Out the Action Items".
    // A thread without a subject line is named as the brief names it ("this morning dispatch chat": "This Morning's Dispatch Chat: summary").
    ...(thread ? { title: threadSubject || !threadNoun.test(subject) ? threadTitle(threadSubject, input.brief) : `${titleCase(subject)}: summary`, date: null } : actionsAsked.test(input.brief.trim()) ? dated(heading ? `Action items: ${titleCase(meetingName(heading))}` : 'Action items', heading) : calledStandup(`${input.brief} ${heading ?? ''}`) ? standupTitle(`${meetingSubject(input.brief, texts)} ${heading ?? ''}`) : dated(subject === 'the notes' ? 'Meeting summary' : `Meeting summary: ${titleCase(meetingName(subject))}`, heading)),
    bare: texts.length === 0,
    standup,
  };
}

// An ask for the action items alone: "pull out the action items", "list the todos from this call", "what are the next steps?",
// or named alone: "action items from this call".
const actionsAsked = /^(?:please\s+|can\s+you\s+|could\s+you\s+)?(?:(?:pull\s+out|list|extract|get|give\s+me|find|grab|collect|what\s+are)\s+)?(?:the\s+|all\s+(?:the\s+)?|our\s+)?(?:action\s+items?|actions|to-?dos|next\s+steps|follow[- ]?ups)\b(?:\s+(?:from|of|in)\s+(?:this|these|the|our|today['’]s)\s+[\w\s'’-]{0,30})?[?.!]*$/i;

// A date at the end of a heading: "11/24", "2026-11-24", "18 November 2026", "Nov 24".
const headingDate = /(?:,\s*|\s+)(\d{1,2}\/\d{1,2}(?:\/\d{2,4})?|\d{4}-\d{2}-\d{2}|\d{1,2}(?:st|nd|rd|th)?\s+[A-Za-z]{3,9}\.?(?:\s+\d{4})?|[A-Za-z]{3,9}\.?\s+\d{1,2}(?:st|nd|rd|th)?(?:,?\s+\d{4})?)\s*$/;

/** A meeting as its heading names it, without its date (the title gives it once) and "w/" in words: "call w/ northwind, nov 25" -> "call with northwind". */
function meetingName(heading: string): string {
  return heading.replace(headingDate, '').replace(/\bw\/\s*/gi, 'with ');
}

/** The title with the date its heading gives, and that date (null when none). */
function dated(title: string, heading: string | undefined): { title: string; date: string | null } {
  const date = heading ? headingDate.exec(heading.trim())?.[1] : undefined;
  const written = date ? calendarCase(date) : undefined;
  return written ? { title: `${title}, ${written}`, date: written } : { title, date: null };
}

// "planning sync 11/24", "Design review, 18 November 2026", "1:1 with Sam": a line that names a meeting.
const meetingNoun = /\b(?:sync|meeting|review|retro(?:spective)?|planning|call|kick-?off|1:1|one-on-one|check-?in|workshop|offsite|huddle|catch-?up|all-?hands|town ?hall|interview|demo)\b/i;

/** The notes' first line when it only names the meeting and when it was ("planning sync 11/24"), else undefined. */
function meetingHeading(notes: string, documents: number): string | undefined {
  const lines = notes.trim().split('\n');
  const first = lines[0]?.replace(/^#+\s*/, '').trim() ?? '';
  return documents > 0 && lines.length > 1 && meetingNoun.test(first) && first.split(/\s+/).length <= 6 && !/:\s/.test(first) && !/[.!?]$/.test(first) && !/\b(?:will|to|is|are|was|were|decided|agreed)\b/i.test(first) ? lines[0] : undefined;
}

/** The notes' first line when it only names the standup ("Standup 12 May", "## Daily standup - Tue"), else undefined. */
function standupHeading(notes: string): string | undefined {
  const first = notes.trim().split('\n')[0] ?? '';
  return standupWords.test(first) && first.split(/\s+/).length <= 8 && !/:\s/.test(first) && !/[.!?]$/.test(first) ? first : undefined;
}

/** " for the chat, tracker tools" when the workspace has integrations configured, else "". */
function configuredTools(input: StageInput): string {
  const configured = (input.integrations ?? []).filter((id) => id.trim() !== '');
  return configured.length > 0 ? ` for the ${configured.join(', ')} integration${configured.length === 1 ? '' : 's'}` : '';
}

function actionData(items: ActionItem[]): Array<Record<string, unknown>> {
  return items.map((item) => ({ owner: item.owner, task: capitalize(item.task), due: item.due, priority: item.priority }));
}

/** How many sentences the summary keeps: short 3, long 8, else about a quarter, 3 to 6. */
function summaryLength(count: number, requirements: Record<string, unknown>): number {
  const raw = requirements.summary_length ?? requirements.length;
  const words = requestedWords({ length: raw }, 'newsletter');
  const wanted = typeof raw === 'string' && /short|brief/i.test(raw) ? 3 : typeof raw === 'string' && /long|detailed/i.test(raw) ? 8 : words ? Math.round(words / 20) : Math.round(count / 4);
  return Math.max(1, Math.min(count, Math.max(3, Math.min(wanted, 12))));
}

/** Extractive summary: the highest-ranked statements, in the order they were made. */
function summarize(utterances: Utterance[], corpus: string, input: StageInput): string[] {
  // "Budget is 12k.": a figure is worth its line however short. A short note says something too
  // ("launch: moved to april", "hiring freeze lifted"); a chat's "ok sounds good all" does not.
  const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
  const candidates = utterances.filter((utterance) => words(utterance.text) >= (/\d/.test(utterance.text) ? 3 : 5) || (words(utterance.text) >= 3 && words(withoutChatNoise(utterance.text)) >= 3 && !chatCourtesy.test(utterance.text) && !utterance.text.endsWith('?')));
  const keep = new Set(rankSentences(candidates.map((utterance) => utterance.text), corpus, [input.brief]).slice(0, summaryLength(candidates.length, input.requirements)));
  // Statements with figures (amounts, rates, counts) are what readers come back for: they stay, as written.
  for (const utterance of candidates.filter((candidate) => /\d/.test(candidate.text) && !/^\s*(?:present|attendees)\b/i.test(candidate.text)).slice(0, 6)) keep.add(utterance.text);
  // A chat's "ok so", "morning all," and timestamps are not what was said: the statement stays, word for word.
  const said = (text: string) => withoutChatNoise(text) || text;
  return candidates.filter((utterance) => keep.has(utterance.text)).map((utterance) => (utterance.speaker ? `${utterance.speaker}: ${said(utterance.text)}` : said(utterance.text)));
}

function byOwner(items: ActionItem[]): Map<string, ActionItem[]> {
  const owners = new Map<string, ActionItem[]>();
  for (const item of items) owners.set(item.owner, [...(owners.get(item.owner) ?? []), item]);
  return owners;
}

function describe(item: ActionItem): string {
  const extras = [item.due ? `due ${item.due}` : '', item.priority === 'high' ? 'high priority' : ''].filter(Boolean);
  return `${capitalize(item.task)}${extras.length > 0 ? ` (${extras.join(', ')})` : ''}`;
}

interface Parts {
  title: string;
  /** No material came with the brief: the document is the questions the notes should answer. */
  bare: boolean;
  standup: boolean;
  subject: string;
  questions: string[];
  /** The brief as read (subject, audience, goal, terms): a bare brief's notes are built from it. */
  reading: BriefReading;
  wantsRanking: boolean;
  tone?: Tone;
  /** The brief calls them follow-ups: the action items heading says so too. */
  followUps: boolean;
  /** Statements ordered by urgency, when the client asked for a priority ranking. */
  ranking: string[];
  findings: MeetingFindings;
  topics: string[];
  summary: string[];
  knowledge: string[];
  thread?: ThreadReading;
  /** What is still to decide, and who asked ("Decide Porto or Braga by Friday (asked by Ana)"). */
  open: string[];
}


/** A line of notes as a reader expects it: a capital first, days and months with theirs ("Dec 9"). */
function written(text: string): string {
  return capitalize(calendarCase(text));
}

function bullets(items: string[]): string {
  return items.map((item) => `- ${item}`).join('\n');
}

/**
 * The document after stage `upTo` (0-based); sections appear as their stage completes. A section
 * with nothing from the material is left out (the stage's `notes` say what was not found).
 */
function render(parts: Parts, upTo: number): string {
  const { findings } = parts;
  const blocks = [`# ${parts.title}`];
  if (parts.bare) return bareMeetingNotes(parts.title, parts.reading, { ranked: parts.wantsRanking, followUps: parts.followUps, knowledge: parts.knowledge, ...(parts.tone ? { tone: parts.tone } : {}) });
  // Notes typed in lower case still read as sentences.
  const { open } = parts;
  // "What do I need to reply?": what waits on the reader comes first.
  if (parts.thread?.reply && open.length > 0) blocks.push('## What needs your reply', bullets(open));
  if (upTo >= 2 && parts.summary.length > 0) blocks.push('## Summary', bullets(parts.summary.map(written)));
  if (parts.thread && parts.thread.positions.length > 0) blocks.push('## Who prefers what', bullets(parts.thread.positions));
  if (findings.decisions.length > 0) blocks.push('## Decisions', bullets(findings.decisions.map((decision) => (parts.thread ? threadDecision(decision, parts.thread) : written(withoutLeadIn(decision))))));
  if (!parts.thread?.reply && open.length > 0) blocks.push('## Open questions', bullets(open));
  if (upTo >= 3) {
    const rows = findings.actionItems.map((item) => `- [ ] **${item.owner}**: ${describe(item)}`);
    if (rows.length > 0) blocks.push(parts.followUps ? '## Action items and follow-ups' : '## Action items', rows.join('\n'));
  } else if (upTo >= 1) {
    const owners = byOwner(findings.actionItems);
    if (owners.size > 0) blocks.push('## Follow-up by owner');
    for (const [owner, items] of owners) blocks.push(`### ${owner}`, bullets(items.map(describe)));
  }
  if (parts.ranking.length > 0) blocks.push('## Priority ranking', parts.ranking.map((item, index) => `${index + 1}. ${item}`).join('\n'));
  if (findings.availability.length > 0) blocks.push('## Availability', bullets(findings.availability.map(availabilityLine)));
  if (findings.risks.length > 0) blocks.push(parts.standup ? '## Blockers and risks' : '## Risks and open questions', bullets(findings.risks.map((risk) => written(parts.standup ? inWords(risk) : risk))));
  if (parts.topics.length > 0) blocks.push('## Topics', bullets(parts.topics.map(capitalize)));
  if (findings.participants.length > 0) blocks.push('## Participants', findings.participants.join(', '));
  if (parts.knowledge.length > 0) blocks.push('## Related knowledge', bullets(parts.knowledge));
  return blocks.join('\n\n');
}

/** What the material did not hold, said beside the document (never as a line of it). */
function notesOf(parts: Parts, wantsRanking: boolean): string[] {
  if (parts.bare) return [bareMeetingNote];
  const notes: string[] = [];
  if (parts.findings.decisions.length === 0) notes.push('No decision was found in the material.');
  if (parts.findings.actionItems.length === 0) notes.push('No action item with an owner was found in the material.');
  if (parts.summary.length === 0) notes.push('The material holds no statement long enough to summarize.');
  if (wantsRanking && parts.ranking.length === 0) notes.push('A priority ranking was asked for, but the material holds no statements to rank.');
  return notes;
}

const bareMeetingNote = 'The brief came without context (no transcript, notes or context documents): there are no decisions, action items or figures to report; the draft lists what the notes should answer.';

/** "weekly ops sync": the cadence the brief names stays with the meeting (the subject reading drops it). */
function withCadence(reading: BriefReading, brief: string): BriefReading {
  const cadence = /\b(daily|weekly|bi-?weekly|fortnightly|monthly|quarterly)\s+(.+)$/i.exec(brief);
  return cadence && cadence[2]!.toLowerCase().startsWith(reading.subject.toLowerCase()) ? { ...reading, subject: `${cadence[1]!.toLowerCase()} ${reading.subject}` } : reading;
}

function wantsRanking(input: StageInput): boolean {
  const flag = input.requirements.priority_ranking ?? input.requirements.prioritize ?? input.requirements.prioritise;
  return flag === true || flag === 'true' || /\b(?:rank|prioriti[sz]e|priority|priorities)\b/i.test(input.brief);
}

const urgent = /\b(urgent|asap|critical|blocks?|blocking|blocked|at risk|this week|immediately|leave|leaving|outage|deadline)\b/i;
const deferrable = /\b(can wait|later|paused|nice to have|slip|not urgent|low priority|next quarter|Q[2-4])\b/i;

/**
 * Statements ordered by how urgent the speakers made them sound: urgency words first ("urgent",
 * "blocks", "at risk"), then the rest, then what they said can wait; each marked with its level.
 */
function rankByPriority(utterances: Utterance[]): string[] {
  const level = (text: string) => (urgent.test(text) ? 0 : deferrable.test(text) ? 2 : 1);
  const labels = ['high', 'medium', 'low'];
  return utterances
    .filter((utterance) => utterance.text.split(/\s+/).length >= 5 && !/^(?:we (?:agreed|decided))/i.test(utterance.text))
    .map((utterance, index) => ({ utterance, index, level: level(utterance.text) }))
    .sort((a, b) => a.level - b.level || a.index - b.index)
    .map(({ utterance, level: value }) => `**${labels[value]}**: ${utterance.speaker ? `${utterance.speaker}: ` : ''}${utterance.text}`);
}
