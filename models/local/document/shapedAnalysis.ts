import type { CrewId } from '../../../crews/index.js';
import { stripEndPunctuation } from '../text/phrases.js';
import { bugReportName, interviewsName, prosConsName, risksName, sprintPlanName, switchAsked } from './shapedNames.js';
import type { Recognised } from './recognised.js';

/**
 * Asks of the mind and pilot crews that want a shape of their own, recognised on top of the kind:
 * "pros and cons of ..." (two sides), "what are the risks here" (risk, why, mitigation), "summarize
 * these customer interviews" (themes with who said what), "sprint plan for ..." (items with owners
 * and estimates). A meeting named in the ask keeps its summary.
 */

const meetingWords = /\b(?:meeting|call|stand-?up|sync|transcript|minutes|huddle|retro(?:spective)?|1:1|one-on-one)\b/i;
const pointing = /^(?:here|this|that|these|those|it|them|(?:this|the|our|my)\s+(?:plan|proposal|doc(?:ument)?|notes?|idea|approach|list|project))$/i;

export function shapedAnalysis(crewId: CrewId, sentence: string, material: boolean, found: Recognised): Recognised {
  if (crewId === 'pilot' && found.kind === 'ticket_set' && sprintPlanName.test(sentence)) {
    // "sprint plan" alone names no sprint: it is titled "Sprint plan".
    const named = found.subject.trim() !== '' && !sprintPlanName.test(found.subject) && !pointing.test(found.subject.trim());
    return { ...found, sprintPlan: true, ...(named ? {} : { generic: true }) };
  }
  if (crewId === 'pilot' && found.kind === 'ticket_set' && bugReportName.test(sentence)) return { ...found, bugReport: true };
  // "user stories for the new invoice export: finance wants csv and pdf": stories, each with its criteria, when there is something to write them from.
  if (crewId === 'pilot' && found.kind === 'ticket_set' && /\buser\s+stor(?:y|ies)\b/i.test(sentence) && !/\b(?:into|to)\s+(?:jira\s+|linear\s+)?(?:tickets|tasks|issues)\b/i.test(sentence)) return { ...found, userStories: true };
  if (crewId !== 'mind') return found;
  const interviews = interviewsName.exec(sentence);
  if (interviews && material && !meetingWords.test(sentence) && (found.kind === 'meeting_summary' || found.kind === 'analysis')) {
    return { ...found, kind: 'analysis', subject: interviews[0].toLowerCase(), interviews: true, generic: false };
  }
  const risks = risksName.exec(sentence);
  if (risks && (found.kind === 'meeting_summary' || found.kind === 'analysis') && !meetingWords.test(sentence.slice(0, risks.index))) {
    const after = stripEndPunctuation(sentence.slice(risks.index + risks[0].length).replace(/^\s*(?:of|in|for|with|to|here|there)\b\s*/i, '').trim());
    const subject = after === '' || pointing.test(after) ? 'this plan' : after.replace(/^(?:the|our|my|this)\s+/i, '');
    return { ...found, kind: 'analysis', subject, risks: true, generic: subject === 'this plan' };
  }
  // "pros and cons of a contractor vs a full-time designer", "should we build our own auth or use Auth0? pros and cons":
  // a choice between options keeps the comparison and the decision's reading (build/mind.ts).
  if (found.kind === 'analysis' && prosConsName.test(sentence) && !switchAsked.test(sentence.split(/\n/)[0]!) && !/\bvs\.?\s|\bversus\b|\bshould\s+(?:we|i)\b|\bwhether\b|\s+or\s+/i.test(sentence)) return { ...found, prosCons: true };
  return found;
}
