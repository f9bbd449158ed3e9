import { topicOf } from '../text/topic.js';
import { onlyAsks } from './onlyAsks.js';

const pointsAtMaterial = /^(?:this|these|that|those|it|them|here)\b|^(?:the\s+|our\s+|this\s+)?(?:following|above|below|attached|notes?|meeting(?: notes)?|call|transcript|(?:e-?mail\s+)?thread|e-?mails?|chat(?: export)?)(?:\s+(?:below|above|attached|here))?$/i;

const timeWord = /^(?:morning|afternoon|evening|week|month|quarter|year|sprint)(?:'s)?\s+(?=\S)/i;
const pointerNoun = /^(?:(?:meeting\s+)?notes?|transcript|thread|chat(?: export)?|call notes)\s+(?:from|of|on)\s+(?:the\s+|our\s+)?/i;

/**
 * The meeting a pointing brief still names: "this morning dispatch chat" is this morning's
 * dispatch chat, "these notes from the Tuesday standup" the Tuesday standup; "this for the ops
 * team" names none and is left to the material's heading.
 */
function namedBeyondPointer(subject: string): string {
  const pointer = /^(?:this|these|that|those)\s+(.+)$/i.exec(subject);
  if (!pointer) return subject;
  const rest = pointer[1]!;
  const time = timeWord.exec(rest);
  if (time) return `${subject.split(/\s+/)[0]} ${time[0].trim().replace(/(?:'s)?$/, "'s")} ${rest.slice(time[0].length)}`;
  const named = rest
    .replace(pointerNoun, '')
    // "this incident thread from our chat and pull out action items": the incident thread.
    .replace(/\s+(?:from|in|on)\s+(?:our|the|my)\s+(?:chat|slack|teams|channel|group|call|meeting)\b.*$/i, '')
    .replace(/\s+and\s+.*$/i, '')
    .trim();
  if (named === '' || /^(?:for|to|with|about|please)\b/i.test(named) || pointsAtMaterial.test(named)) return subject;
  return named;
}

/**
 * What the meeting was: the brief's subject, or, when the brief only points at the material
 * ("summarise this"), the material's own first line where it is a heading ("Standup 12 May").
 */
export function meetingSubject(brief: string, texts: string[]): string {
  const subject = topicOf(brief)
    .trim()
    // "Meeting summary of the churn review with a checklist": the meeting is the churn review.
    .replace(/^(?:an?\s+)?(?:meeting\s+)?(?:summary|recap|notes|minutes|write-?up)\s+(?:of|from|for|on)\s+(?:the\s+|our\s+)?/i, '')
    // "clean up my notes from the design review": the meeting is the design review.
    .replace(/^(?:clean|tidy|neaten|write|type)\s+up\s+(?:my\s+|our\s+|the\s+|these\s+)?(?:meeting\s+)?notes\s+(?:from|of|on|for)\s+(?:the\s+|our\s+|this\s+|today['’]s\s+)?/i, '')
    // "recap for people who missed it": who it is for, not what the meeting was.
    .replace(/^(?:(?:a\s+)?(?:summary|recap|notes|minutes|write-?up)\s+)?for\s+(?:the\s+)?(?:people|those|anyone|everyone|folks|team(?:mates)?|colleagues)\b.*$/i, '')
    .replace(/^(?:the\s+)?(?:people|those|anyone|everyone|folks)\s+who\b.*$/i, '')
    .replace(/\s+(?:with|as|in)\s+(?:an?\s+)?(?:check ?list|table|bullets?|bullet points|numbered list|list|action items)\b.*$/i, '')
    .replace(/\s+and\s+(?:list|extract|pull out|add)\b.*$/i, '')
    // "daily standup summary", "standup notes": the meeting is the daily standup.
    .replace(/^(.+?)\s+(?:summary|recap|notes|minutes|write-?up)$/i, '$1')
    .trim();
  const named = namedBeyondPointer(subject);
  if (named !== subject || (!pointsAtMaterial.test(subject) && !onlyAsks(subject))) return named;
  const line = (texts[0] ?? '').trim().split('\n')[0]?.replace(/^#+\s*/, '').trim() ?? '';
  // "q3 planning. attendees: ana, ben. ...": notes typed as one paragraph open with the meeting's name as a sentence.
  const opening = /^([^.!?:]{3,40})\.\s+\S/.exec(line)?.[1];
  const heading = line.split(/\s+/).length > 8 && opening && opening.split(/\s+/).length <= 5 ? opening : line;
  const words = heading.split(/\s+/).filter(Boolean);
  // "- launch moved to may 3": a note of the list is no heading of it.
  // "- launch moved to may 3", "tom to update the roadmap": a note, not a heading naming the meeting.
  const note = /^(?:[-*+•]|\d+[.)])\s/.test(heading) || /\b(?:is|are|was|were|will|to|moved|approved|decided|agreed)\b/i.test(heading);
  return heading && words.length <= 8 && !/[:.!?]$/.test(heading) && !heading.includes(': ') && !note ? heading : 'the notes';
}
