import { networksOf, slackMessageName } from './networks.js';
import type { DeliverableKind } from '../../../schemas/deliverables/index.js';
import type { CrewId } from '../../../crews/index.js';
import { calendarCase, isPlural, stripEndPunctuation } from '../text/phrases.js';
import { isClause, startsWithVerb } from '../text/grammar.js';
import { messageAsk, purposeOf } from './purpose.js';
import { withColon, withoutStatements } from './askFacts.js';
import { withoutForm } from './instructions.js';
import { bioName, coverLetterName, jobAdName, pressReleaseName, productDescriptionName } from './shapedKinds.js';
import { commaList, listParts } from './listParts.js';
import { followUpName, followUpOf } from './followUp.js';
import { checklistName } from './checklist.js';
import { testPlanName } from './testPlan.js';
import { priceChangeOf } from './priceChange.js';
import type { Recognised } from './recognised.js';
import { newHireOf } from './newHire.js';
import { overdueInvoiceOf } from './overdueInvoice.js';
import { shapedAnalysis } from './shapedAnalysis.js';
import { bugReportName, sprintPlanName } from './shapedNames.js';

export type { Recognised } from './recognised.js';

/** Deliverable names per crew, most specific first. The match nearest the start of the ask wins. */
// "project plan", "migration plan", "plan the migration of ...", "plan our offsite": a project's plan
// (pilot's roadmap of steps). "Plan a feature that ..." and "Plan offline mode" stay a PRD.
const projectNoun = String.raw`(?:migration|move|launch|roll-?out|go-?live|cut-?over|upgrade|transition|offsite|off-site|retreat|event|conference|project|rebrand|relocation|switch|implementation|hiring|recruiting|recruitment)`;
// "plan to hire three engineers", "plan to migrate the blog": a project's verb.
const projectVerb = String.raw`(?:hire|recruit|migrate|move|relocate|launch|roll\s+out|ship|open|upgrade|switch)`;
const projectPlanName = new RegExp(String.raw`\b(?:(?:project|migration|launch|roll-?out|go-?live|cut-?over|implementation|transition|upgrade|delivery|relocation|offsite|event|move|hiring|recruiting)\s+plan|plan(?=\s+(?:for\s+)?(?:(?:the|our|a|an|my|this|next)\s+)?(?:[\w'’-]+\s+){0,3}?${projectNoun}\b|\s+to\s+${projectVerb}\b))\b`, 'i');

const names: Record<CrewId, Array<[DeliverableKind, RegExp]>> = {
  writer: [
    // "agenda for monday's planning meeting": mind's agenda, not a blog post about one (build/usualAgenda.ts).
    ['process_plan', /\bagenda\b(?!\s+(?:items?\s+)?(?:e-?mail|post|blog|article))/i],
    ['email', coverLetterName],
    ['email', followUpName],
    ['blog_post', bioName],
    ['landing_copy', productDescriptionName],
    // "slack announcement", "announce in slack": a message for the team's chat, told as a post (no hashtags).
    ['social_posts', slackMessageName],
    ['social_posts', /\b(?:(?:on|to)\s+(?:linkedin|twitter|instagram|facebook|mastodon|bluesky)\b|(?:social(?:\s+media)?|linkedin|twitter|x|instagram|facebook|mastodon|bluesky|threads)\s+(?:posts?|updates?|threads?|captions?)|posts?\s+(?:for|on)\s+(?:our\s+|my\s+|the\s+)?(?:[\w-]+\s+)?(?:linkedin|twitter|instagram|facebook|mastodon|bluesky)\b(?:\s+page)?|tweets?|(?:a|an|the)\s+(?:twitter|x)\s+thread|social\s+media|social\s+posts?)\b/i],
    ['newsletter', /\b(?:newsletters?|(?:e-?mail\s+)?digest)\b/i],
    ['documentation_page', /\b(?:faqs?(?:\s+(?:page|section|list|doc(?:ument)?))?|f\.a\.q\.?s?|frequently\s+asked\s+questions(?:\s+(?:page|section))?|q\s*&\s*a\s+(?:page|section|doc(?:ument)?)|questions\s+and\s+answers\s+(?:page|section)|install(?:ation)?\s+(?:page|guide|docs?|instructions)|setup\s+(?:page|guide|docs?)|documentation(?:\s+page)?|docs?\s+page|readme|reference\s+(?:page|docs?)|api\s+docs?|getting[- ]started\s+(?:page|guide))\b/i],
    ['how_to', /\b(?:how[- ]?to(?:\s+(?:guide|article|post))?|(?:a|an|the)\s+(?:short\s+|quick\s+|simple\s+|beginner'?s?\s+|practical\s+)?guide|tutorial|walk-?through|step[- ]by[- ]step(?:\s+guide)?)\b/i],
    // "out of office message", "ooo", "reminder to everyone: timesheets due friday": messages by what they are for.
    // "price change notice: ...", "a notice to customers: ...": a notice that states its news is a message to the
    // people it concerns (not a privacy notice; "a notice for patients about ..." stays a piece to post).
    ['email', /\b(?:e-?mails?|reply|out[\s-]of[\s-](?:the[\s-])?office(?:\s+(?:message|note|notice|reply|auto-?reply|responder))?|ooo|auto-?reply|away\s+message|reminders?(?:\s+(?:e-?mail|message|note))?|response\s+to\s+(?:a|the|this)\s+customer|letter\s+to|thank[\s-]?you\s+(?:note|letter|card|message)|(?:note|card|message)\s+to|invitations?|invites?(?!\s+(?:link|code|flow|page|button|feature|system|teammates|users|people))|(?:apology|sorry\s+(?=note|letter|e-?mail|message))(?:\s*(?:note|letter|e-?mail|message))?|(?<!privacy\s|legal\s|copyright\s)notices?(?=\s*[:,]|\s+to\s))\b/i],
    ['landing_copy', /\b(?:landing(?:\s+page)?(?:\s+copy)?|hero\s+(?:copy|section)|homepage\s+copy|sales\s+page|product\s+page\s+copy)\b/i],
    // Pilot's deliverable too: a writer asked for release notes writes them, not a blog post with none of their parts.
    ['release_notes', /\b(?:release\s+notes?|changelog|change\s+log)\b/i],
    ['blog_post', jobAdName],
    ['blog_post', pressReleaseName],
    ['blog_post', /\b(?:blog(?:\s+posts?)?|articles?|posts?|essays?|pieces?)\b/i],
  ],
  mind: [
    // "turn this into a todo list", "checklist for closing the shop": the tasks to tick off (checklist.ts).
    ['process_plan', checklistName],
    // "test plan for the checkout page": test cases with steps and expected results (testPlan.ts).
    ['technical_spec', testPlanName],
    ['retro', /\b(?:retro(?:spective)?s?)\b/i],
    ['priority_ranking', /\b(?:priorit(?:y|ies)\s+(?:ranking|list|order)|priorities|prioriti[sz](?:e|ation)|rank(?:ing)?|triage|what\s+to\s+(?:do|tackle)\s+first|what\s+(?:should\s+(?:i|we)\s+)?(?:to\s+)?focus\s+on|where\s+(?:should\s+(?:i|we)\s+)?(?:to\s+)?start)\b/i],
    // "update for the board", "weekly update": mind's update is a status update.
    ['status_review', /\b(?:kpis?(?:\s+review)?|status\s+(?:review|report|update)|sprint\s+review|project\s+review|metrics?\s+review|progress\s+(?:review|report|update)|okrs?|weekly\s+report|monthly\s+report|scorecard|dashboard\s+review|updates?)\b/i],
    ['analysis', /\b(?:(?:backlog|incident|outage|churn|root[- ]cause|post-?mortem|complaints?|support\s+tickets?|survey)\s*(?:analysis|review|report|results)?|analy[sz](?:e|is)|post-?mortem|compar(?:e|ison)|(?:\w+\s+)?vs\.?|versus|pros\s+and\s+cons|trade-?offs?|should\s+we\b|which\s+(?:\w+\s+){0,2}(?:should|to)\b)/i],
    ['process_plan', /\b(?:agenda|process(?:\s+plan)?|procedure|workflow|sop|rollout\s+plan|onboarding\s+plan|plan\s+(?:for|to)|playbook|checklist\s+for)\b/i],
    ['meeting_summary', /\b(?:meeting|call|stand-?up|sync|transcript|minutes|notes|huddle|1:1|one-on-one|summary|summari[sz]e|recap)\b/i],
  ],
  pilot: [
    // "turn this slack message into a bug report": one bug ticket, not a PRD (build/bugReport.ts).
    ['ticket_set', bugReportName],
    // "sprint plan for next 2 weeks: ...": the sprint's items with owners and estimates (build/sprintPlan.ts).
    ['ticket_set', sprintPlanName],
    // "postmortem from this timeline", "incident report for last night's outage": mind's incident write-up
    // (build/incident.ts), as a writer asked for release notes writes pilot's; never a roadmap of the timeline.
    ['analysis', /\b(?:post-?mortems?|incident\s+(?:reports?|reviews?|write-?ups?|summary|retros?(?:pective)?)|outage\s+(?:reports?|reviews?|write-?ups?|summary)|root[- ]cause\s+analysis|rca)\b/i],
    ['release_notes', /\b(?:release\s+notes?|changelog|change\s+log|what'?s\s+new)\b/i],
    // "break this epic into tasks", "estimate these tasks": tasks are tickets (with their estimates).
    ['ticket_set', /\b(?:(?:jira|linear|github|tracker)\s+(?:tickets?|issues?|stories)|tickets?|user\s+stories|backlog\s+items?|epics?|issues\s+for|(?:sub-?)?tasks(?!\s+(?:app|feature|page|api|list|view|module|tab|screen|service|board)\b))\b/i],
    ['roadmap', /\b(?:roadmap|milestones?|phased?\s+plan|release\s+plan|timeline)\b/i],
    ['roadmap', projectPlanName],
    // "QA test plan for the checkout page": test cases with steps and expected results, not a PRD (testPlan.ts).
    ['technical_spec', testPlanName],
    // "onboarding checklist for new engineers": a checklist, not a PRD of one (checklist.ts).
    ['process_plan', checklistName],
    ['technical_spec', /\b(?:tech(?:nical)?\s+spec(?:ification)?s?|design\s+doc(?:ument)?|rfc|architecture(?:\s+doc)?|api\s+design|system\s+design|spec)\b/i],
    ['prd', /\b(?:prds?|product\s+requirements?(?:\s+doc(?:ument)?)?|requirements\s+doc(?:ument)?|product\s+spec|one-?pager)\b/i],
  ],
};

/** requirements.format / deliverable / content_type values that name a kind outright. */
const requirementNames: Array<[DeliverableKind, RegExp]> = [
  ['social_posts', /social|tweet|linkedin|thread/],
  ['newsletter', /newsletter|digest/],
  ['documentation_page', /^doc|documentation|install|readme|reference/],
  ['how_to', /how[ _-]?to|guide|tutorial/],
  ['email', /e-?mail/],
  ['landing_copy', /landing/],
  ['blog_post', /blog|article/],
  ['retro', /retro/],
  ['priority_ranking', /priorit|rank/],
  ['status_review', /kpi|status/],
  ['analysis', /analysis|post-?mortem/],
  ['process_plan', /process|procedure|sop/],
  ['meeting_summary', /meeting|minutes/],
  ['release_notes', /release[ _-]?notes|changelog/],
  ['ticket_set', /ticket|stories|issues/],
  ['roadmap', /roadmap/],
  ['technical_spec', /spec|rfc|design/],
  ['prd', /prd|product[ _]requirements/],
];


const leadIn = /^(?:(?:hi|hey|hello)[,!]?\s+)?(?:(?:please|pls|plz)\s+)?(?:(?:can|could|would)\s+(?:you|u)\s+(?:(?:please|pls|plz)\s+)?|(?:i\s+)?need\s+(?:you\s+to\s+)?|we\s+need(?:\s+you\s+to)?\s+|help\s+(?:me|us)\s+(?:to\s+)?|i'?d\s+like\s+|let'?s\s+)?(?:write\s+up|sum\s+up|wrap\s+up|write|create|draft|generate|produce|compose|prepare|craft|put\s+together|come\s+up\s+with|make|turn\s+(?:this|these)\s+into|give\s+(?:me|us)|summari[sz]e|analy[sz]e|compare|review|rank|prioriti[sz]e|plan|outline|break\s+down|spec\s+out|estimate|size|run|do|get)?\s*/i;
const determiners = /^(?:(?:a|an|the|some|our|my|this|these|that|its|short|quick|brief|simple|full|detailed|clear|friendly|customer-facing|one|two|three|four|five)\s+)+/i;
const connector = /^(?:[:\-–—,]\s*|(?:about|on|for|to|of|covering|explaining|describing|introducing|announcing|regarding|around|that\s+(?:explains|covers|announces|introduces)|from|based\s+on|with)\s+)/i;
const audienceTail = /\s+(?:for|aimed\s+at|targeting|to)\s+((?:our\s+|the\s+|new\s+|existing\s+)?(?:(?!(?:for|to|aimed|targeting)\b)[\w-]+\s+){0,2}(?:customers|users|patients|clients|developers|engineers|managers|readers|subscribers|parents|staff|team|teams|members|drivers|owners|admins|beginners|investors|board|leadership|executives|people|folks|shoppers|bakers|nurses|doctors|contributors|maintainers|ops|dispatchers))\b.*$/i;

// "announcing that ...", "to let customers know that ...": what follows is a statement to pass on.
const statedThat = /\b(?:announc(?:e|es|ing)|say(?:s|ing)?|tell(?:s|ing)?(?:\s+[\w-]+){0,2}|let(?:ting)?\s+(?:[\w-]+\s+){1,2}know|explain(?:s|ing)?|confirm(?:s|ing)?|remind(?:s|ing)?\s+(?:[\w-]+\s+){1,2}|point(?:s|ing)?\s+out)\s+that\s+(.+)$/i;

/** The statement an ask passes on, when it has one of four words or more ("announcing that our bakery now delivers in Utrecht"). */
// "telling them the project will be 2 weeks late": the same without "that", when a clause with its own subject follows.
const statedPlain = /\b(?:tell(?:s|ing)?|inform(?:s|ing)?|let(?:ting)?\s+(?:[\w-]+\s+){1,2}know)\s+(?:them|him|her|us|everyone|(?:the|our|all)\s+[\w-]+)\s+((?:the|our|their|your|we|it|its)\s+[\w-]+\s+(?:[\w-]+\s+)?(?:is|are|was|were|will|has|have|had|can|can't|won't|isn't|aren't)\b.+)$/i;

// "email the team that standup moves to 9:30", "tell the team standup moves ...", "let the team know
// standup moves ...": the ask is itself the message, sent to whom it names, saying what follows.
const toWhom = String.raw`(?:to\s+)?(?<who>(?:(?:the|our|my|all|all\s+the|all\s+our)\s+)?(?!(?:about|on|regarding|that|to)\b)[\w'’-]+(?:\s+(?!(?:that|know|about)\b)[\w'’-]+)?)`;
const toldThat = new RegExp(String.raw`\b(?:e-?mail|message|text|ping|notify|inform|tell|write\s+to|remind|announce\s+(?=to\s))\s*${toWhom}\s+(?:that|(?:announcing|saying)(?:\s+that)?)\s+(?<what>.+)$`, 'i');
// Without "that", "let X know" or "tell X" is followed by the statement itself, not by what it is about.
const toldPlain = new RegExp(String.raw`\b(?:let(?:ting)?\s+${toWhom}\s+know|(?:tell|inform)\s+(?<person>them|him|her|everyone|(?:the|our|my|all)\s+[\w'’-]+))\s+(?!(?:about|of|to|how|what|why|when|where|if|whether|that)\b)(?<what>.+)$`, 'i');

// "announcing we hit 10k users", "saying we're hiring 3 engineers", "a tweet that the office is
// closed on friday": when a clause with its own subject and verb follows ("announcing our series A"
// names a subject, "a post that explains our pricing" says what the post does).
const announced = /\b(?:(?:announc(?:e|es|ing)(?:\s+on\s+[\w-]+)?|say(?:s|ing)?|to\s+say|shar(?:e|es|ing)(?:\s+the\s+news)?)(?:\s+that)?|(?<post>posts?|tweets?|announcement)\s+that)\s+(?<what>.+)$/i;
// "a tweet that we can pin to our profile", "a post that people will actually read": what the post
// should be, not what it says (a verb after "can" or "will" with no object of its own).
const relative = /^(?:we|you|people|they|everyone|readers|customers|users|(?:our|the)\s+[\w-]+)\s+(?:can|could|will|would|should|might|may)\s+(?:\w+ly\s+)?[\w-]+(?:\s+(?:to|on|in|at|with|for|about|from)\b.*)?$/i;

function announcedClause(sentence: string): string | undefined {
  const found = announced.exec(sentence)?.groups;
  const what = found?.what;
  return what && isClause(what) && !(found.post && relative.test(what)) ? what : undefined;
}

// "a linkedin post about our new office in lisbon opening in march": a message about a thing and
// what it is doing says that it does it ("our new office in Lisbon opens in March").
const participled = /\b(?:posts?|tweets?|announcements?|updates?|e-?mails?|messages?|notes?|captions?)\s+(?:to\s+(?:our\s+|the\s+|all\s+)?[\w-]+(?:\s+[\w-]+)?\s+)?(?:about|on|for|announcing)\s+((?:our|the|my|a|an)\s+.+?)\s+(opening|launching|starting|coming\s+back|coming\s+soon|arriving|closing|moving|going\s+live|returning|joining|turning|reopening|shipping|changing|ending|increasing|going\s+up)\b(?=\s+(?:in|on|at|from|this|next|soon|today|tonight|tomorrow|by|early|late|around|after|before|with|for|to|again|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun|\d)|\s*[,.!]|\s*$)(.*)$/i;
// What a thing is doing, said of one thing and of many: "opening" -> "opens" / "open".
const saidOf: Record<string, [one: string, many: string]> = {
  opening: ['opens', 'open'], launching: ['launches', 'launch'], starting: ['starts', 'start'], 'coming back': ['comes back', 'come back'],
  'coming soon': ['is coming soon', 'are coming soon'], arriving: ['arrives', 'arrive'], closing: ['closes', 'close'], moving: ['moves', 'move'],
  'going live': ['goes live', 'go live'], returning: ['returns', 'return'], joining: ['joins', 'join'], turning: ['turns', 'turn'],
  reopening: ['reopens', 'reopen'], shipping: ['ships', 'ship'], changing: ['changes', 'change'], ending: ['ends', 'end'],
  increasing: ['increases', 'increase'], 'going up': ['goes up', 'go up'],
};

function participledClause(sentence: string): string | undefined {
  const found = participled.exec(sentence);
  if (!found) return undefined;
  const forms = saidOf[found[2]!.toLowerCase().replace(/\s+/g, ' ')];
  // "our support hours changing": many things change, one office opens.
  const verb = forms ? forms[isPlural(found[1]!) ? 1 : 0] : found[2]!;
  return `${found[1]} ${verb}${found[3]}`;
}

export function statementOf(sentence: string): string | undefined {
  const stated = ((statedThat.exec(sentence) ?? statedPlain.exec(sentence))?.[1] ?? announcedClause(sentence) ?? told(sentence)?.what ?? participledClause(sentence))?.trim();
  return stated && stated.split(/\s+/).length >= 4 ? calendarCase(stated) : undefined;
}

/** "email the team that ...": the statement told and whom it is told to ("the team"). */
function told(sentence: string): { what: string; who: string | undefined } | undefined {
  const groups = (toldThat.exec(sentence) ?? toldPlain.exec(sentence))?.groups;
  return groups ? { what: groups.what!, who: groups.who ?? groups.person } : undefined;
}

/** Whom an ask that is a message tells its statement to: "email the team that ..." goes to the team; a pronoun names no one. */
export function toldTo(sentence: string): string | undefined {
  const who = told(sentence)?.who?.trim();
  return who && !/^(?:them|him|her|us|you)$/i.test(who) ? who : undefined;
}

// "about our black friday sale", "on the launch of the app", "for our open day on saturday": what a post of the news is about; "about how to ..." or "about 5 tips" is an article.
const momentNews = /^\s*(?:about|on|for|announcing)\s+(?:(?:our|the|this|a|an|my)\s+)?(?:[\w'’-]+\s+){0,3}?(?:sale|sales|discount|deal|deals|promo|promotion|giveaway|launch|grand\s+opening|opening|reopening|open\s+day|open\s+house|webinar|meetup|pop-?up|anniversary|birthday|milestone|award)\b(?!\s+(?:strategy|strategies|tips|ideas|lessons|mistakes|guide|process|playbook|funnel)\b)/i;

/** An ask that is itself a message telling something: "tell the team that ...", "let everyone know ...". */
const tellAsk = /^(?:(?:please|can\s+you|could\s+you)\s+)?(?:tell|let\s+(?:[\w'’-]+\s+){1,3}know|inform|notify|e-?mail|message|text|ping|announce\s+to)\s/i;

/** The subject without its leading determiners, but "this month" stays a time. */
function withoutDeterminers(text: string): string {
  return /^(?:this|last|next)\s+(?:week|month|quarter|season|year)\b/i.test(text) ? text : text.replace(determiners, '');
}

// "for leadership", "for my manager", "for the board": whom a piece goes to, never what it is about.
const recipients = /^(?:(?:all|our|the|my|new|existing|all\s+our)\s+)?(?:[\w-]+\s+)?(?:customers|users|clients|subscribers|members|readers|parents|staff|team|employees|donors|volunteers|students|partners|colleagues|everyone|patients|guests|leadership|management|board|executives|execs|investors|stakeholders|manager|boss|founders|ceo|cto|cfo|coo)$|^(?:(?:our|my|the)\s+)?(?:client|customer|manager|boss|colleague|landlord|tenant|teacher|coach|mentor|supplier|vendor|contractor|accountant|lawyer|recruiter|contact)\s+\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)?$/iu;

const readersLead = /^for\s+((?:our\s+|the\s+|new\s+|existing\s+|all\s+)?(?:customers|users|patients|clients|subscribers|members|readers|parents|staff|team|employees|donors|volunteers|students|partners)),?\s+(?!about\b|on\b|covering\b|regarding\b)(.+)$/i;

function ask(brief: string): string {
  const first = brief.trim().split(/(?<=[.!?])\s+(?=[A-Z"'])|\n/)[0] ?? '';
  return first.replace(/\s+/g, ' ').trim();
}

/** The deliverable named nearest the start of `sentence` from `from` on (its match's index counts from the sentence's start). */
function nearestName(crewId: CrewId, sentence: string, from: number): { kind: DeliverableKind; match: RegExpExecArray } | undefined {
  let best: { kind: DeliverableKind; match: RegExpExecArray } | undefined;
  for (const [kind, pattern] of names[crewId]) {
    const match = pattern.exec(sentence.slice(from));
    if (!match) continue;
    match.index += from;
    if (!best || match.index < best.match.index) best = { kind, match };
  }
  return best;
}

function kindFrom(crewId: CrewId, requirements: Record<string, unknown>, sentence: string, material: boolean): { kind: DeliverableKind; match?: RegExpExecArray } {
  const own = names[crewId].map(([kind]) => kind);
  // "turn this email thread into an FAQ": what it is turned into is the deliverable, whatever is named before.
  const into = /\b(?:turn|make|convert|transform|change|rewrite|put|break|split)\b.*?\binto\s+/i.exec(sentence);
  let best = (into ? nearestName(crewId, sentence, into.index + into[0].length) : undefined) ?? nearestName(crewId, sentence, 0);
  // "summarize the results of our customer survey": summing up data is an analysis, not a meeting's summary.
  if (crewId === 'mind' && best?.kind === 'meeting_summary' && /^(?:summar|recap)/i.test(best.match[0]) && /\b(?:survey|results|responses|feedback|data|numbers|tickets|complaints|reviews|nps|metrics)\b/i.test(sentence) && !/\b(?:meeting|call|stand-?up|sync|transcript|minutes|notes|huddle|chat)\b/i.test(sentence)) {
    best = { kind: 'analysis', match: best.match };
  }
  for (const key of ['deliverable', 'format', 'content_type', 'document', 'type']) {
    const value = typeof requirements[key] === 'string' ? (requirements[key] as string).toLowerCase() : '';
    const found = value ? requirementNames.find(([kind, pattern]) => own.includes(kind) && pattern.test(value)) : undefined;
    // The requirement decides the kind; the ask's own deliverable words still mark where the subject starts.
    if (found) {
      const own = matchOf(crewId, found[0], sentence);
      return { kind: found[0], ...(own.match ? own : best ? { match: best.match } : {}) };
    }
  }
  // "a post saying we're hiring 3 engineers": a post that only passes on a statement is a social post, not an article.
  // "post introducing our new team member": a welcome to a new hire is a social post too (newHire.ts).
  // "post about our black friday sale, 30% off everything till monday": a post about news of the moment (a sale, a launch, an event) is a social post too.
  if (crewId === 'writer' && best?.kind === 'blog_post' && /^posts?$/i.test(best.match[0]) && (statementOf(sentence) || newHireOf(sentence, '') || momentNews.test(sentence.slice(best.match.index + best.match[0].length)))) return { kind: 'social_posts', match: best.match };
  if (best) return best;
  // "Invite the team to a farewell lunch": an ask that is a message's purpose is that message.
  if (crewId === 'writer' && (messageAsk.test(sentence) || (tellAsk.test(sentence) && statementOf(sentence)))) return { kind: 'email' };
  // Without a name: mind reads pasted notes as a meeting, a bare request as an analysis.
  const fallback: Record<CrewId, DeliverableKind> = { writer: 'blog_post', mind: material ? 'meeting_summary' : 'analysis', pilot: 'prd' };
  return { kind: fallback[crewId] };
}

function matchOf(crewId: CrewId, kind: DeliverableKind, sentence: string): { match?: RegExpExecArray } {
  const pattern = names[crewId].find(([name]) => name === kind)?.[1];
  const match = pattern?.exec(sentence);
  return match ? { match } : {};
}

/** The deliverable a request asks of `crewId`, and its subject with the deliverable's name taken out. */
export function recognise(crewId: CrewId, brief: string, requirements: Record<string, unknown>, material: boolean): Recognised {
  // Pros and cons, risks, interviews, a sprint plan: analyses and ticket sets with a shape of their own (shapedAnalysis.ts).
  return shapedAnalysis(crewId, withColon(withoutForm(ask(brief))), material, recogniseKind(crewId, brief, requirements, material));
}

function recogniseKind(crewId: CrewId, brief: string, requirements: Record<string, unknown>, material: boolean): Recognised {
  // "A post about our new office, we move in on 1 March": the statements after the subject are material (askFacts).
  const asked = withColon(withoutForm(ask(brief)));
  const sentence = withoutStatements(asked);
  const { kind, match } = kindFrom(crewId, requirements, sentence, material);
  let subject = '';
  let audienceLead: string | undefined;
  if (match) {
    let after = sentence.slice(match.index + match[0].length).trim();
    for (let round = 0; round < 3; round += 1) after = withoutDeterminers(after.replace(connector, '')).trim();
    // "Newsletter for our customers this month": the readers first, then what it covers.
    const readersFirst = readersLead.exec(sentence.slice(match.index + match[0].length).trim());
    if (readersFirst && readersFirst[2]!.trim().split(/\s+/).length >= 2) {
      audienceLead = readersFirst[1]!.trim();
      after = readersFirst[2]!.trim();
    }
    // "for patients about the new hours": the audience first, then the subject.
    const lead = /^((?:[\w-]+\s+){0,2}[\w-]+)\s+(?:about|on|covering|regarding)\s+(.+)$/i.exec(after);
    // "Email to trial users about the end of their trial": whom it goes to, then the subject.
    // "Email the staff about the fire drill": the verb names whom it goes to without "to".
    if (lead && (/^for\s/i.test(sentence.slice(match.index + match[0].length).trim()) || (kind === 'email' && (/^to\s/i.test(sentence.slice(match.index + match[0].length).trim()) || recipients.test(lead[1]!))))) {
      audienceLead = lead[1];
      after = lead[2]!.replace(determiners, '');
    }
    after = withoutDeterminers(after.replace(/^(?:customer\s+|client\s+)?(?:e-?mail|message|complaint|question|request)\s+(?:about|on|regarding)\s+/i, ''));
    // "status update for my manager from this": what it is made from, when that only points at the material, is no part of the subject.
    let pointed = false;
    after = after.replace(/(?:^|\s+)(?:from|based\s+on|using|out\s+of)\s+(.+)$/i, (whole, source: string) => (pointer.test(source.trim()) ? ((pointed = true), '') : whole));
    // "a product update email to customers": the people it goes to are its audience, what comes before its subject.
    // "email the team: offsite moved to Friday": the verb names whom it goes to, and the news follows the colon or dash.
    const rest = sentence.slice(match.index + match[0].length).trim();
    const people = (/^(?:to|for)\s/i.test(rest) || (kind === 'email' && /^[^:]+?(?::|\s[-–—])\s/.test(rest))) && recipients.exec(stripEndPunctuation(after.split(/:\s|\s[-–—]\s/)[0]!));
    // "thank you note to the caterers": whom a thank-you goes to is its audience, whoever they are.
    const thankedOnes = !people && /^thank/i.test(match[0]) && /^to\s/i.test(rest) && /^(?:(?:the|our|all|my)\s+)?[\p{L}'’-]+(?:\s+[\p{L}'’-]+)?$/u.exec(stripEndPunctuation(rest.replace(/^to\s+/i, '')));
    if ((people || thankedOnes) && !audienceLead) {
      audienceLead = (people || thankedOnes as RegExpExecArray)[0];
      after = '';
    }
    // "turn the bug bash findings into tickets": what is turned into the deliverable is its subject.
    const before = sentence.slice(0, match.index).replace(leadIn, '').replace(/^(?:turn|break(?:\s+down)?|split)\s+(.+?)(?:\s+(?:down|up))?\s+into(?:\s+(?:a|an|some|proper))?\s*$/i, '$1').replace(/\s+into(?:\s+(?:a|an|some|proper))?\s*$/i, '').replace(determiners, '').trim();
    const meetingNoun = kind === 'meeting_summary' && !/summar|recap|notes|transcript|minutes/i.test(match[0]);
    // "Turn this into tickets: a, b, c": what follows the colon is the material, not the subject.
    // ... but "Write a blog post: 5 tips for keeping houseplants alive" names its subject after the colon.
    // "tickets for: a, b, c" lists them after "for:" just the same.
    const afterColon = /^\s*(?:(?:for|about|on|covering)\s*)?:\s*(.*)$/i.exec(sentence.slice(match.index + match[0].length))?.[1];
    const listed = afterColon !== undefined && (commaList(afterColon) !== undefined || /^(?:-|1[).])\s/.test(afterColon) || listParts(afterColon).parts.length > 1 || /,/.test(afterColon));
    subject = meetingNoun && before ? `${before} ${match[0]}` : (after.length >= 3 || /^(?:Q[1-4]|H[12])$/i.test(after)) && !listed ? after : (listed || people) && (!before || pointer.test(before.replace(/\s+into$/i, ''))) ? 'this' : before;
    // "thank you note to our beta users": the note's own name says what it is about, once its readers are taken out.
    // "make tickets out of these notes": made from the material and about nothing else.
    if (subject.trim() === '' && pointed) subject = 'this';
    if ((subject.trim() === '' || (subject === 'this' && !listed)) && /^thank|^apolog/i.test(match[0])) subject = /^thank/i.test(match[0]) ? 'thank you' : 'apology';
  } else subject = sentence.replace(leadIn, '');
  // What the piece passes on is what it is about: "Email our customers to let them know that the
  // office is closed on Friday" is about the office being closed, not about "customers to let them know".
  // A message for a purpose ("to thank them for helping at the run") is titled by what it says.
  const purpose = kind === 'email' || kind === 'social_posts' ? purposeOf(sentence, asked) : undefined;
  const stated = purpose?.subject ?? statementOf(sentence);
  subject = purpose ? purpose.subject : withoutDeterminers((stated ?? subject).trim());
  const requested = typeof requirements.audience === 'string' ? requirements.audience.trim() : '';
  const found = purpose ? null : audienceTail.exec(subject);
  // "how to thank your customers": a verb after "to" is what to do, not whom it is for.
  const tail = found && !(/^\s+to\s/i.test(found[0]) && startsWithVerb(found[1]!)) ? found : null;
  // A project's plan keeps whom and when it is for: "offsite in Lisbon for 20 people in May" (build/projectPlan.ts reads them).
  const whole = subject;
  if (tail && tail.index > 0) subject = subject.slice(0, tail.index);
  // "..., for the council grant application": what it is for comes after the subject.
  if (!purpose) subject = stripEndPunctuation(subject.split(/\s+(?:so\s+that|so\s+we|because|which|in\s+order\s+to)\s+|,\s+for\s+|[.;!?]\s|:\s/)[0] ?? subject)
    .replace(/\s+(?:and|then)\s+(?:extract|list|identify|send|share|highlight|pull\s+out|include|add|make)\b.*$/i, '')
    .replace(/^(?:on|about|for|of)\s+/i, '')
    .replace(/\s+by\s+(?:priority|importance|urgency|impact|severity)$/i, '')
    .trim();
  const words = subject.split(/\s+/).filter(Boolean);
  // A long subject ends where its head does ("team offsite in porto, 3 days, 25 people, ..."), not mid-phrase ("... planning and").
  if (words.length > 12 && !purpose) {
    const head = /^([^,;]+?),\s/.exec(subject)?.[1];
    subject = head && head.split(/\s+/).length >= 2 && head.split(/\s+/).length <= 12 ? head : words.slice(0, 12).join(' ');
  }
  const audience = requested || tail?.[1]?.trim() || purpose?.audience || audienceLead || (stated ? toldTo(sentence) : undefined);
  const networks = kind === 'social_posts' ? networksOf(brief, requirements) : [];
  // A brief that opens with a pasted chat line ("[09:02] Dana: standup notes ...") has no ask of its own.
  if (/^\[?\d{1,2}:\d{2}(?:\s?[AP]M)?\]?\s+[A-Z][\p{L}'’.-]*(?:\s+[A-Z][\p{L}'’.-]*)?:/u.test(sentence)) subject = 'this';
  const jobAd = kind === 'blog_post' && match !== undefined && jobAdName.test(match[0]);
  // "We're hiring a product designer, write the job ad": the role is the one hired.
  const hired = jobAd ? /\bhiring\s+(?:a|an|two|three|\d+)?\s*([^,.;:!?]+?)(?:\s*[,.;:!?]|\s+(?:and|so|to|in|at|for)\s|$)/i.exec(sentence) : null;
  // The role ends at its first comma: what follows are its terms ("20 hours a week, £11.50/hour"), read as material.
  // "job posting: junior frontend dev, hybrid, ...": the role is what the colon opens with.
  if (jobAd && subject === 'this') subject = /:\s*([^,;]+)/.exec(sentence)?.[1]?.trim() ?? subject;
  if (jobAd) return { kind, subject: (hired?.[1] ?? subject).split(/,\s/)[0]!.replace(/^(?:a|an)\s+/i, '').trim() || 'the role', networks, jobAd, ...(audience ? { audience } : {}) };
  // A cover letter, a bio and a product description are built as their own parts (build/coverLetter.ts, bio.ts, productDescription.ts).
  const shaped = match === undefined ? undefined : kind === 'email' && coverLetterName.test(match[0]) ? 'coverLetter' : kind === 'blog_post' && bioName.test(match[0]) ? 'bio' : kind === 'landing_copy' && productDescriptionName.test(match[0]) ? 'productDescription' : undefined;
  // "the barista job at Blue Bottle, hiring manager is Tom Reed": like a job ad's role, the subject ends at its first comma;
  // "bio for our new CTO, Maya Patel": the person's name may follow it.
  if (shaped) return { kind, subject: stripEndPunctuation(shaped === 'bio' ? subject : subject.split(/,\s/)[0]!), networks, [shaped]: true, ...(audience ? { audience } : {}) };
  // "follow-up email after the demo with acme yesterday, thank them and suggest next steps": what it follows up on is the subject; the rest are instructions.
  const followUp = kind === 'email' && !match?.[0].match(/reply/i) ? followUpOf(sentence) : undefined;
  if (followUp) return { kind, subject: followUp.event, networks, followUp, ...(followUp.who ? { audience: followUp.who } : {}) };
  // "QA test plan for the checkout page": what is tested is the subject.
  if (kind === 'technical_spec' && match !== undefined && testPlanName.test(match[0])) return { kind, subject: pointer.test(subject) || !subject ? 'the feature' : subject, networks, testPlan: true, ...(audience ? { audience } : {}) };
  // "onboarding checklist for new engineers", "turn this into a todo list": the list as the ask names it titles it.
  if (kind === 'process_plan' && match !== undefined && checklistName.test(match[0])) {
    const named = stripEndPunctuation(sentence.replace(leadIn, '').replace(/^(?:this|these|the\s+notes?|my\s+notes|our\s+notes)\s+into\s+/i, '').replace(determiners, '').split(/:\s|\s+(?:from|based\s+on|using|out\s+of)\s+(?:this|these|the|my|our)\b/i)[0]!).trim();
    const bare = named.replace(determiners, '').toLowerCase() === match[0].toLowerCase();
    return { kind, subject: bare ? (/^check/i.test(match[0]) ? 'checklist' : 'to-do list') : named, networks, checklist: true, ...(bare ? { generic: true } : {}), ...(audience ? { audience } : {}) };
  }
  // "agenda for monday's quarterly planning meeting": the meeting is the subject.
  if (kind === 'process_plan' && match !== undefined && /^agenda$/i.test(match[0])) return { kind, subject: subject || 'the meeting', networks, agenda: true, ...(audience ? { audience } : {}) };
  // "press release: we just raised a 4M seed round", "press release for the launch of our app": the news is the subject.
  if (kind === 'blog_post' && match !== undefined && pressReleaseName.test(match[0])) {
    const news = sentence.slice(match.index + match[0].length).replace(/^\s*(?::|-|–|about|on|for|announcing)\s*/i, '').replace(/^(?:the|our)\s+(?=launch\b)/i, '').trim();
    return { kind, subject: stripEndPunctuation(news) || subject || 'the news', networks, pressRelease: true, ...(audience ? { audience } : {}) };
  }
  const faq = kind === 'documentation_page' && match !== undefined && faqName.test(match[0]);
  // An FAQ made from pasted notes ("Turn these notes into an FAQ") is titled by what it is.
  if (faq && (!subject || /\b(?:notes?|these|this|below|above|into|thread|e-?mails?|messages?|chat|conversation|transcript|questions)\b/i.test(subject) || placement.test(subject))) return { kind, subject: 'frequently asked questions', ...(audience ? { audience } : {}), networks, generic: true, faq };
  // "hiring plan for the support team": whom it is for is what the plan is of.
  if (kind === 'roadmap' && match !== undefined && /plan$/i.test(match[0]) && !/\b(?:release|phased?)\s+plan$/i.test(match[0]) && subject === 'this' && audienceLead && !/:/.test(sentence)) return { kind, subject: audienceLead.replace(determiners, ''), networks, projectPlan: true, ...planKindOf(match[0]) };
  if (kind === 'roadmap' && match !== undefined && /plan$/i.test(match[0]) && !/\b(?:release|phased?)\s+plan$/i.test(match[0]) && !pointer.test(subject)) return { kind, subject: stripEndPunctuation(whole.split(/\s+(?:so\s+that|so\s+we|because|in\s+order\s+to)\s+|[.;!?]\s|:\s/)[0]!).trim() || 'the project', networks, projectPlan: true, ...planKindOf(match[0]) };
  // "Summarise this: ...", "Turn the notes below into tickets": the subject is the material's, not a topic.
  if (pointer.test(subject)) return { kind, subject: kind === 'meeting_summary' ? 'the meeting' : 'these notes', ...(audience ? { audience } : {}), networks, generic: true };
  const priceChange = kind === 'email' && !purpose?.reply ? priceChangeOf(asked) : undefined;
  const overdueInvoice = kind === 'email' && !purpose ? overdueInvoiceOf(asked, '') : undefined;
  return { kind, subject: subject || fallbackSubject(sentence), ...(audience ? { audience } : {}), networks, ...(priceChange ? { priceChange } : {}), ...(overdueInvoice ? { overdueInvoice } : {}), ...(faq ? { faq } : {}), ...(stated ? { stated: true } : {}), ...(purpose ? { callToAction: purpose.callToAction } : {}), ...(purpose?.reply ? { reply: purpose.sentences } : {}), ...(purpose?.apologise ? { apologise: true } : {}), ...(purpose?.introduced ? { introduced: purpose.introduced } : {}) };
}

/** "launch plan" -> { planKind: "launch" }; "project plan" and "plan" name no kind. */
function planKindOf(name: string): { planKind?: string } {
  const kind = /^([\w-]+)\s+plan$/i.exec(name)?.[1]?.toLowerCase();
  return kind && kind !== 'project' ? { planKind: kind } : {};
}

// Where an FAQ goes is not what it is about: "an FAQ for the website".
const placement = /^(?:(?:the|our|my)\s+)?(?:web\s*site|site|help\s*(?:centre|center|page|desk)|app|web\s*shop|shop|store|page|landing\s+page|intranet|wiki)$/i;
const faqName = /faq|f\.a\.q|frequently|q\s*&\s*a|questions\s+and\s+answers/i;

const pointer = /^(?:(?:this|these|that|those|it|them)\s+for\s+(?:me|us)|me|us|this|these|that|those|it|them|the\s+following|(?:the\s+)?(?:below|above)|(?:the|my|our|these|this|those)\s+(?:notes?|text|thread|transcript|timeline|log|logs|list|items?|commits?|changes|bullets|points|lines|bugs|tasks|issues|themes|ideas|goals|topics|requests|findings|inputs|priorities|epic)(?:\s+(?:below|above))?|commits?|bugs|tasks|issues|items|timeline|logs?|epic)$/i;

function fallbackSubject(sentence: string): string {
  return stripEndPunctuation(sentence.replace(leadIn, '').replace(determiners, '')) || 'this request';
}

export { networkLimits } from './networks.js';
