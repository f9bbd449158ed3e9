import { countWords, sentences } from '../../../quality/text.js';
import { handleName, isName } from '../document/names.js';
import { readableDate } from '../text/dates.js';
import { opensTask } from '../text/people.js';
import { verbBase, verbInflection } from '../text/grammar.js';
import { capitalize, lowerFirst, stripEndPunctuation } from '../text/phrases.js';
import { readStandupLine, type Availability } from './standup.js';
import { createConversation } from './conversation.js';

/** One follow-up someone took on in a meeting. */
export interface ActionItem {
  owner: string;
  task: string;
  /** The due date as written ("Friday", "2026-12-01", "end of month"); null when none was said. */
  due: string | null;
  priority: 'high' | 'normal';
}

export interface Utterance {
  speaker?: string;
  text: string;
}

export interface MeetingFindings {
  participants: string[];
  decisions: string[];
  actionItems: ActionItem[];
  risks: string[];
  /** Who said they are away or working elsewhere, and when ("Carla out tmrw"). */
  availability: Availability[];
  /** Every sentence, with its speaker when the line named one; the summary picks from these. */
  utterances: Utterance[];
  /** Requests for a decision or an answer ("I need a decision by Friday"), with who asked, in order. */
  asks: Utterance[];
}

/**
 * The action item is all the sentence says ("dana owns the launch email, due fri"), so the summary
 * need not repeat it; "The TC52s need a firmware update before Friday, I'll book IT" says more
 * than "Book IT" and stays in the summary.
 */
function saysAll(action: ActionItem, sentence: string): boolean {
  return countWords(sentence) <= countWords(action.task) + countWords(action.due ?? '') + 4;
}

// Names with particles count as one name: "Jan de Vries", "Ana van der Berg" (issue 26: the action went to the previous speaker).
const name = String.raw`[A-Z][\p{L}'-]+(?: (?:(?:de|van|der|den|da|di|del|la|le|von|ter|ten) )*[A-Z][\p{L}'-]+)?`;
const weekday = String.raw`(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|wed|thur?s?|fri|sat|sun)\b`;
const month = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`;
const date = [
  // "eod wed": the end of that day.
  String.raw`(?:eod|cob)\s+${weekday}`,
  String.raw`(?:(?:next|this|coming)\s+)?${weekday}(?:\s+(?:morning|afternoon|evening|night|eod))?`,
  String.raw`\d{4}-\d{2}-\d{2}`,
  String.raw`\d{1,2}\/\d{1,2}(?:\/\d{2,4})?`,
  String.raw`${month}\s+\d{1,2}(?:st|nd|rd|th)?(?:,?\s+\d{4})?`,
  String.raw`\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?${month}(?:\s+\d{4})?`,
  String.raw`(?:the\s+)?end\s+of\s+(?:the\s+)?(?:day|week|month|quarter|sprint|year)`,
  String.raw`(?:today|tonight|tomorrow|eod|eow|cob|eom)\b`,
  String.raw`next\s+(?:week|month|sprint|quarter)`,
  String.raw`(?:this|the)\s+(?:weekend|week|month|sprint)`,
  String.raw`q[1-4](?:\s+\d{4})?`,
  // "by the 12th": a day of this month.
  String.raw`the\s+\d{1,2}(?:st|nd|rd|th)\b`,
].join('|');
const duePattern = new RegExp(String.raw`[\s,]*\(?\s*(?:(?:due(?:\s+(?:by|on|date))?|by|before|no later than|until)\s*:?\s*)(${date})\s*\)?`, 'iu');
// "on 20 November" is a due date only when nothing says "by" or "due": "the incident on 20 November (due Friday)" is due Friday.
const onDuePattern = new RegExp(String.raw`[\s,]*(?<![\p{L}])on\s+(${date})`, 'iu');
const bareDuePattern = new RegExp(String.raw`\s*\(\s*(${date})\s*\)`, 'iu');
// "roll back 1.8.0 tonight": a relative day closing the sentence is its due date.
// "update the landing page, mon": a date set off by a comma at the end is the due date.
const commaDuePattern = new RegExp(String.raw`\s*,\s*(${date})\s*[.!]?$`, 'iu');
const closingDuePattern = /\s+((?:eod|cob)\s+(?:mon|tues?|wed|thu(?:rs?)?|fri)\w*|today|tonight|tomorrow(?: morning| afternoon)?|eod|eow|this (?:week|weekend|afternoon|evening)|next week)\s*[.!]?$/i;

// "decided: drop the beta banner", "agreed: ...": the label says which list, the rest is the entry.
const sortingLabel = /^(?:decisions?|decided|agreed|risks?|concerns?|blockers?|issues?|open questions?|open)\s*:/i;
// "todo kim - update figma": "todo" needs no colon, it is never a word of the note.
const markerPattern = /^(?:\[\s?\]\s*)?(?:(?:todo|to-do|action items?|actions?|ai|follow[- ]?ups?|next steps?|next)\s*[:\-–—]|(?:todo|to-do)\s)\s*/i;
// "can someone own the changelog? -> marco": the question asked, then who took it.
const askedThenArrowed = new RegExp(String.raw`^(?:(?:can|could|would|will)\s+(?:someone|somebody|anyone|you)\s+|who(?:['’]s| is| will| can)\s+|someone\s+(?:to|needs to|should)\s+)(.+?)\??\s*(?:->|=>|→)\s*@?(${name})\s*[.!]?$`, 'iu');
const neededFrom = new RegExp(String.raw`^(?:.*?[,;]\s*)?(?:i|we)\s+(?:need|want|'d\s+like)\s+(.+?)\s+from\s+(everyone|everybody|all\s+of\s+you|each\s+of\s+you|you\s+all|y['’]?all|all|${name})\b(.*)$`, 'iu');
// "agreed, the API work is the bottleneck": agreeing with how things are is no decision; "agreed, we drop the banner" is one.
const agreedThat = /^(?:ok(?:ay)?[,!]?\s+)?(?:agreed|we\s+all\s+agree|everyone\s+agrees|all\s+agree)[,!]?\s+(?:that\s+)?(?!we\b|let['’]?s\b|i\b)(?:(?!\b(?:will|'ll|should|going\s+to|to)\b).)+?\s+(?:is|are|was|were|seems?|looks?)\b(?!\s+(?:\w+ed|moving|going|cancell?\w*|done|set|final|off|on|out|in)\b)(?!.*\b(?:will|should|going\s+to)\b)/i;
// "send the quote by fri (me)": the note-taker's own.
const mineSuffix = /^(.+?)\s*\((?:me|mine|myself)\)\s*[.!]?$/i;
const notNames = new Set(
  'I We They He She It You This That These Those The A An Everyone Someone Somebody Nobody Team Meeting Today Tomorrow Action Actions Todo TODO Next Also Then And But So If When Please Let Our My Their There Here What Who Why How Yes No Ok Okay Thanks Note Notes Decision Decisions Agenda Summary Risk Risks Update Updates Attendees Date Owner Due AI Q A Follow Answer Answers Question Questions Reply Response Context Background Status Blocker Blockers Topic Topics Goal Goals Issue Issues'.split(' '),
);
const weekdays = /^(monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|june|july|august|september|october|november|december)$/i;

const commitment = String.raw`(?:\s+will|'ll|\s+shall|\s+is going to|\s+are going to|\s+to|\s+should|\s+must|\s+needs? to|\s+has to|\s+have to|\s+agreed to|\s+offered to|\s+volunteered to|\s+promised to|\s+is to|\s+owns|\s+takes|\s+is taking|\s+is responsible for|\s+will be responsible for)`;
const namedCommitment = new RegExp(String.raw`(?:^|[,;:]\s*|\b(?:that|and|so|then|agreed|decided|confirmed|said)\s+)@?(${name})(?:\s+and\s+(${name}))?${commitment}\s+(.+)$`, 'u');
const selfCommitment = /^(?:.*?[,;]\s*)?(?:i(?:'ll| will| can| am going to|'m going to| need to| have to| should)|let me)\s+(.+)$/i;
const request = new RegExp(String.raw`^@?(${name}),?\s+(?:please|can you|could you|would you)\s+(.+?)\??$`, 'u');
// "Lisa -> update the landing page": an arrow from a name hands that person the work, in any list.
const arrowed = new RegExp(String.raw`^@?(${name})\s*(?:->|=>|→)\s*(.+)$`, 'u');
// "@Nina review the icons": a mention opening a line with a task asks that person to do it.
const mentioned = new RegExp(String.raw`^@(${name})[,:]?\s+(\p{Ll}+)\b(.*)$`, 'u');
const dashed = new RegExp(String.raw`^@?(${name})\s*(?:—|–|-|:)\s+(.+)$`, 'u');
// "AI: lauren send shortlist to maria by fri": on an action line, a name then a task's verb is who does it.
const namedTask = new RegExp(String.raw`^(${name})\s+(\p{Ll}+)\b(.*)$`, 'u');
const ownerSuffix = new RegExp(String.raw`^(.+?)\s*[(\[,—–-]\s*owner:?\s*@?(${name})[)\]]?\.?$`, 'iu');
const decisionPattern = /\b(decided|decision|agreed|agree on|will go with|going with|went with|settled on|approved|signed off|resolved to|chose|opted|consensus|final call|we(?:'ll| will) use|(?:let['’]s|we['’]ll)\s+go\s+(?:ahead\s+)?with|(?<!\b(?:should|shall|do|can|could|would|if|will|did)\s)we(?:\s+go\s+with|(?:['’]ll|\s+will)?\s+(?:push|postpone|delay|pause)\s+(?:the|our)\b))/i;
// "agreed", "fine by me", "ok" alone: an assent, which makes what was proposed before it the decision.
const bareAssent = /^(?:agreed|agree|fine(?:\s+by\s+me)?|ok(?:ay)?|sounds\s+good|works\s+for\s+me|yes|yep|sure|deal|\+1)[.!]*$/i;
// "Porto it is then", "ok, Option B it is": a choice said as settled.
const settledOn = /(?:^|[,.;:]\s*)(?:(?:ok(?:ay)?|so|right|fine|agreed)[,!]?\s+)?(?!(?:What|Whatever|That|This|Which|Here|There|It|How|Who|Whoever|As|If|Yes|No)\b)(?:\p{Lu}[\p{L}\d-]*|[Oo]ption\s+\w+)(?:\s+[\p{Lu}\d][\p{L}\d-]*)?\s+it\s+is\b(?!\s+(?:not|n't))/u;
const undecided = /\b(?:not|n't|no|yet to)\s+(?:yet\s+)?(?:decided|agreed|decision)|undecided/i;
/**
 * A request for a decision is no decision: "I need a decision by Friday", "waiting on your call",
 * "can we decide by Monday?", "please confirm by EOD". It stays open until the thread settles it.
 */
export const decisionAsked = /\b(?:need|needs|needed|want|wants|waiting\s+(?:for|on)|looking\s+for|asking\s+for|would\s+like|require)\s+(?:a|an|the|your|our|everyone['’]s|final)\s+(?:final\s+)?(?:decision|answer|call|go-?ahead|sign-?off|approval|vote|pick|input)\b|\b(?:please|pls)\s+(?:decide|confirm|vote|let\s+me\s+know)\b|\b(?:can|could)\s+(?:we|you|everyone)\s+(?:decide|agree|confirm|vote)\b|\b(?:decision|answer)\s+(?:needed|required|due)\b/i;
// "no blockers", "nothing blocking", "blockers: none": a standup line that reports nothing.
const nothingBlocks = /^(?:(?:no|zero|nothing|none)\s*(?:blockers?|blocking|blocked|risks?|issues?|impediments?)?|(?:blockers?|risks?|issues?|impediments?)\s*[:\-–]?\s*(?:none|no|n\/?a|nothing|nope))[.!]?$/i;
const riskPattern = /\b(risks?|concerns?|concerned|blockers?|blocked|delay(?:ed|s)?|worr(?:y|ied)|bottleneck|outage|at risk|slipp?(?:ing|ed)?|behind schedule|open question|unclear)\b/i;
const urgent = /\b(urgent|asap|critical|blocker|high[- ]priority|top priority|immediately|p0|p1)\b/i;

// "budget is 12k", "plan looks good": the opening word is what the sentence is about, not a task.
const statesSo = /^\S+\s+(?:is|are|was|were|has|have|had|will|would|can|could|should|looks?|seems?|feels?|went|got|needs)\b/i;

/** "Raj" and "Raj Patel" are one person: a first name and the full name that starts with it. */
function samePerson(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b} `) || b.startsWith(`${a} `);
}

function validName(candidate: string | undefined): candidate is string {
  if (!candidate) return false;
  if (candidate.split(' ').length > 4 || !/^[\p{Lu}]/u.test(candidate)) return false;
  const first = candidate.split(' ')[0]!;
  return !notNames.has(first) && !weekdays.test(first);
}

/** "maria.lopez" -> "Maria Lopez"; a name as written stays as written. */

/** Splits "task by Friday" into task and due. */
export function splitDue(raw: string): { task: string; due: string | null } {
  const match = duePattern.exec(raw) ?? bareDuePattern.exec(raw) ?? onDuePattern.exec(raw) ?? commaDuePattern.exec(raw) ?? closingDuePattern.exec(raw);
  if (!match) return { task: cleanTask(raw), due: null };
  // What was around the date stays apart: "incident on 20 November, then" never glues into "incident20".
  const task = `${raw.slice(0, match.index)} ${raw.slice(match.index + match[0].length)}`;
  // "fri", "dec 1", "eod": the date in the words and capitals a reader expects ("Friday", "Dec 1", "end of day").
  return { task: cleanTask(task), due: readableDate(match[1]!.trim().replace(/[.,;:!]+$/, '')) };
}

function cleanTask(raw: string): string {
  return lowerFirst(stripEndPunctuation(raw.replace(/^(?:to|please)\s+/i, '').replace(/\s+/g, ' ').replace(/^be responsible for\s+/i, '')));
}

/**
 * "Dana owns the launch email": the task keeps what she does with it ("own the launch email"),
 * since "the launch email" alone says nothing to do. Other commitments ("will", "to") end before
 * their verb, which the task starts with.
 */
function heldVerb(text: string, task: string): string {
  const before = text.slice(0, text.length - task.length);
  if (/\bowns\s*$/i.test(before)) return 'own ';
  if (/\b(?:takes|is taking)\s*$/i.test(before)) return 'take ';
  return '';
}

/** "ill tell the customers": "I'll" typed without its apostrophe, read as I'll before a verb. */
function withTypedContractions(text: string): string {
  return text.replace(/\b([Ii])ll\s+([a-z]+)\b/g, (whole: string, _i: string, verb: string) => (verbBase(verb) === verb ? `I'll ${verb}` : whole));
}

/** "ok so we go with vendor B" -> "We go with vendor B": a decision without the words that led up to it. */
export function withoutLeadIn(text: string): string {
  const rest = text.replace(/^(?:(?:ok(?:ay)?|so|and|then|right|alright)\b[,.]?\s+)+/i, '');
  return rest === text ? text : capitalize(rest);
}

/** The action item a sentence commits someone to, if any. */
export function actionFrom(sentence: string, speaker: string | undefined, inActionList: boolean): ActionItem | undefined {
  const marked = markerPattern.test(sentence);
  const text = sentence
    .replace(markerPattern, '')
    .replace(/^[-*•]\s*(?:\[[ xX]?\]\s*)?/, '')
    .replace(/^(?:then|so|and|also|ok(?:ay)?|great|next|finally|right|sure)\b,?\s+/i, '')
    .trim();
  const priority = urgent.test(sentence) ? 'high' : 'normal';
  const make = (owner: string, rawTask: string): ActionItem | undefined => {
    const { task, due } = splitDue(rawTask);
    if (task.split(/\s+/).length < 2 || /^(?:be|not|never|probably|maybe|have been)\b/i.test(task)) return undefined;
    return { owner, task, due, priority };
  };
  // "I need the hiring plan from everyone by Wed": everyone owes it, by then (a decision asked for stays an ask).
  const owed = neededFrom.exec(text);
  if (owed && !decisionAsked.test(text) && (/^(?:every|all|each|you|y)/i.test(owed[2]!) || validName(owed[2]))) return make(/^(?:every|all|each|you|y)/i.test(owed[2]!) ? 'Everyone' : owed[2]!, `send ${owed[1]}${owed[3] ?? ''}`);
  const taken = askedThenArrowed.exec(text);
  if (taken && validName(taken[2])) return make(taken[2], taken[1]!);
  const own = mineSuffix.exec(text);
  if (own && (marked || inActionList)) return make('Me', own[1]!);
  const arrow = arrowed.exec(text);
  if (arrow && validName(arrow[1])) return make(arrow[1], arrow[2]!);
  const mention = mentioned.exec(text);
  if (mention && validName(mention[1]) && opensTask(mention[2]!) && !text.endsWith('?')) return make(mention[1], `${mention[2]}${mention[3]}`);
  const suffix = ownerSuffix.exec(text);
  if (suffix && validName(suffix[2])) return make(suffix[2], suffix[1]!);
  const asked = request.exec(text);
  if (asked && validName(asked[1])) return make(asked[1], asked[2]!);
  if (!text.endsWith('?')) {
    const named = namedCommitment.exec(text);
    if (named && validName(named[1])) return make(named[2] && validName(named[2]) ? `${named[1]} and ${named[2]}` : named[1], `${heldVerb(text, named[3]!)}${named[3]!}`);
    const self = selfCommitment.exec(text);
    if (self && speaker) return make(speaker, self[1]!);
    // "Ana books flights by end of month": a name, a verb in the present and a date is a plan someone carries out.
    const present = namedTask.exec(text);
    const verb = present && verbInflection(present[2]!);
    if (present && validName(present[1]) && verb?.form === 'third' && opensTask(verb.base) && splitDue(present[3]!).due !== null) return make(present[1], `${verb.base}${present[3]}`);
  }
  if (marked || inActionList) {
    const dash = dashed.exec(text);
    if (dash && validName(dash[1])) return make(dash[1], dash[2]!);
    const doer = namedTask.exec(text);
    if (doer && validName(doer[1]) && opensTask(doer[2]!)) return make(doer[1], `${doer[2]}${doer[3]}`);
    return make(speaker ?? 'Unassigned', text);
  }
  return undefined;
}

// "Priya: ...", "10:02 Priya: ..." and a chat export's "[6:32 AM] Maria Lopez: ..." (the time first).
const speakerLine = new RegExp(String.raw`^\s*(\[?\d{1,2}:\d{2}(?::\d{2})?\s*(?:[AaPp]\.?[Mm]\.?)?\]?\s*)?(?:[-*•]\s*)?(${name})\s*:\s+(.+)$`, 'u');
// A chat export's message header on its own line: "Maria Lopez  10:02 AM", "maria.lopez [10:02]".
const chatHeader = new RegExp(String.raw`^\s*(${name}|[a-z][a-z0-9._-]{1,30})\s+\[?\d{1,2}:\d{2}(?::\d{2})?\s*(?:[AaPp]\.?[Mm]\.?)?\]?\s*$`, 'u');
const sectionHeader = /^\s*(?:#+\s*)?(decisions?|action items?|actions|next steps|follow[- ]?ups?|risks?(?: and (?:issues|open questions))?|open questions|attendees|participants)\s*:?\s*$/i;

/**
 * Reads transcripts and notes: "Name: ..." speaker lines, "Action items:" lists, free prose. In a
 * `standup` each line is its people's update: what they work on now is their action item, and a
 * blocker keeps their name (standup.ts). Anywhere, "Carla out tomorrow" is an absence, not a line of the summary.
 */
export function analyseMeeting(texts: string[], standup = false): MeetingFindings {
  const findings: MeetingFindings = { participants: [], decisions: [], actionItems: [], risks: [], availability: [], utterances: [], asks: [] };
  const seenActions = new Set<string>();
  // "Alice" after "Alice Moreau" is the same person; a full name replaces a first name seen before.
  const addParticipant = (person: string) => {
    if (!validName(person) || findings.participants.includes(person)) return;
    if (findings.participants.some((known) => known.startsWith(`${person} `))) return;
    const short = findings.participants.findIndex((known) => person.startsWith(`${known} `));
    if (short >= 0) findings.participants[short] = person;
    else findings.participants.push(person);
  };
  // A line that opens with one name and no colon ("Dan fixing the build") is Dan's when Dan speaks elsewhere; "Staging looking better" is no one's.
  const speakers = new Set(texts.flatMap((text) => text.split(/\r?\n/)).map((line) => speakerLine.exec(line)?.[2]).filter(validName));
  for (const text of texts) {
    const conversation = createConversation();
    let section = '';
    // The author of the chat message being read (export format: header line, then the message).
    let author: string | undefined;
    for (const rawLine of text.split(/\r?\n/)) {
      const chat = chatHeader.exec(rawLine);
      if (chat) {
        author = handleName(chat[1]!);
        addParticipant(author);
        continue;
      }
      const header = sectionHeader.exec(rawLine);
      if (header) {
        section = header[1]!.toLowerCase();
        continue;
      }
      if (rawLine.trim() === '') continue;
      const isItem = /^\s*(?:[-*•]|\d+[.)])\s+/.test(rawLine);
      if (!isItem) section = '';
      const spoken = speakerLine.exec(rawLine);
      const named = spoken && validName(spoken[2]) ? spoken : undefined;
      // A timestamped "[6:50 AM] Maria Lopez: ..." line is a message of its own: the author of the
      // header line before it ("Jan de Vries  6:45 AM") wrote only the lines up to it.
      if (named?.[1]) author = undefined;
      const speaker = named ? named[2] : author;
      const body = withTypedContractions(named ? named[3]! : rawLine.trim());
      if (speaker) addParticipant(speaker);
      const roll = /\b(?:attendees|participants|present|ppl|in the room)\s*:\s*(.+)$/i.exec(rawLine);
      let said = body;
      if (roll || /^attendees|^participants/.test(section)) {
        // The roll ends with its sentence: "Attendees: A, B, C. We decided ..." goes on as discussion.
        const list = roll?.[1] ?? body.replace(/^[-*•]\s*/, '');
        // "Dr. Amara Okafor": a title's dot is not the end of the roll.
        const end = /(?<!\b(?:Dr|Mr|Mrs|Ms|Mx|Prof|Sr|Jr|St))[.;](?:\s+|$)/.exec(list);
        list
          .slice(0, end ? end.index : list.length)
          .split(/,|\band\b|&/)
          .forEach((person) => addParticipant(person.trim().replace(/\s*\([^)]*\)$/, '')));
        said = end ? list.slice(end.index + end[0].length).trim() : '';
        if (said === '') continue;
      }
      for (const sentence of isItem ? [said] : sentences(said)) {
        // "- note", "1. note", "2) note": the marker is the list's, not the note's.
        const clean = sentence.replace(/^(?:[-*•]|\d{1,2}[.)])\s*/, '').trim();
        const read = clean.endsWith('?') ? undefined : readStandupLine(clean, speaker);
        const line = read && read.people.every((person) => validName(person) && isName(person)) && (speaker || read.people.length > 1 || read.availability.length > 0 || read.people.every((person) => speakers.has(person))) ? read : undefined;
        if (line) findings.availability.push(...line.availability);
        line?.people.forEach(addParticipant);
        // "Carla out tomorrow" is said under availability; the summary keeps what else a line says.
        if (line?.awayOnly) continue;
        const owners = line?.people.join(' and ');
        const work = standup && line ? line.work.map((item): ActionItem => ({ owner: owners!, task: item.task, due: item.due, priority: urgent.test(clean) ? 'high' : 'normal' })) : [];
        // "I'll do it" after "someone needs to write the press release" commits to the press release (conversation.ts).
        // "- Carl: send the customer email by friday": a note that gives a person a task to do is theirs.
        // "priya: budget is 12k" is a statement: a noun that could be a verb, then "is", says how things stand.
        const assigned = named !== undefined && (isItem || splitDue(clean).due !== null) && opensTask(clean.split(/\s+/)[0] ?? '') && !statesSo.test(clean) && !clean.endsWith('?');
        // "- i'll find a mentor for sam by end of month" in notes no one signed: the note-taker's ("Me").
        const doer = speaker ?? (isItem && /^i(?:['’]ll|\s+will)\s/i.test(clean) ? 'Me' : undefined);
        const said = actionFrom(conversation.turn(clean, doer), doer, assigned || /action|next step|follow/.test(section));
        for (const action of work.length > 0 ? work : said ? [said] : []) {
          const key = `${action.owner}|${action.task}`.toLowerCase();
          // "Raj, can you set up the loop?" then "yes, by next wednesday": the answer dates the work.
          // ("Raj" was asked; "Raj Patel" answered.)
          const earlier = action.due ? findings.actionItems.find((item) => item.due === null && item.task.toLowerCase() === action.task.toLowerCase() && samePerson(item.owner, action.owner)) : undefined;
          if (earlier) earlier.due = action.due;
          if (!earlier && !seenActions.has(key)) {
            seenActions.add(key);
            findings.actionItems.push(action);
            // "Me" is whoever took the notes: an owner, never a name in the roll.
            if (action.owner !== 'Unassigned' && action.owner !== 'Me') action.owner.split(' and ').forEach(addParticipant);
          }
        }
        // Marked follow-ups are listed as action items; the summary is drawn from the discussion.
        // Bullet notes are discussion too, except the items of an action list.
        // Outside a standup, a line that is someone's action item or was typed under a list's label
        // ("risk: ...") is listed there; the summary keeps the discussion.
        const sorted = !standup && ((said !== undefined && saysAll(said, clean)) || sortingLabel.test(clean));
        // "Ben: no blockers": nothing to report is no update and no blocker.
        if (standup && nothingBlocks.test(clean.replace(/^[\p{L}'’ -]{1,30}:\s*/u, ''))) continue;
        // In a standup, a blocker is listed once, under "Blockers and risks", not again in the summary.
        const blocker = standup && (section.startsWith('risk') || riskPattern.test(clean) || line?.blocked === true) && !decisionPattern.test(clean);
        if (!sorted && !blocker && !bareAssent.test(clean) && !markerPattern.test(clean) && !(isItem && (said || /action|next step|follow/.test(section)))) findings.utterances.push({ speaker, text: clean });
        // "risk: QA is short one person" goes under risks: the label only said which list it is for.
        const plain = clean.replace(sortingLabel, '').trim();
        if (bareAssent.test(clean) && !section.startsWith('decision')) {
          // "ben: agreed" after "ana: we should use postgres": Ana's proposal is what was decided.
          const proposal = findings.utterances.at(-1);
          const proposed = proposal && proposal.speaker !== speaker && !proposal.text.endsWith('?') && proposal.text.split(/\s+/).length >= 3 ? proposal.text : undefined;
          if (proposed && !findings.decisions.some((decision) => decision.includes(proposed) || proposed.includes(decision))) findings.decisions.push(proposed);
        } else if (decisionAsked.test(clean) && !section.startsWith('decision')) {
          findings.asks.push({ speaker, text: plain });
        } else if (section.startsWith('decision') || ((decisionPattern.test(clean) || settledOn.test(clean)) && !undecided.test(clean) && !(agreedThat.test(clean) && !settledOn.test(clean)) && !clean.endsWith('?'))) {
          if (!findings.decisions.includes(plain)) findings.decisions.push(plain);
        } else if (section.startsWith('risk') || section === 'open questions' || /^open(?: questions?)?\s*:/i.test(clean) || riskPattern.test(clean) || (standup && line?.blocked)) {
          // "Dan: blocked on staging db creds": a standup's blocker says whose it is.
          const risk = standup && owners && !plain.startsWith(owners) ? `${owners}: ${plain}` : plain;
          if (!findings.risks.includes(risk)) findings.risks.push(risk);
        }
      }
    }
  }
  // "Tom will ..." after "Attendees: Tom Becker" is Tom Becker's.
  for (const item of findings.actionItems) {
    const full = findings.participants.filter((person) => person.startsWith(`${item.owner} `));
    if (full.length === 1) item.owner = full[0]!;
  }
  return findings;
}
