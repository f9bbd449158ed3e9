/**
 * A transcript's turns read with what was said before them. People commit to work by pointing at
 * it: "someone needs to write the press release" / "I'll do it"; "we should test the checkout flow
 * on mobile" / "Leo, can you own that?"; "pricing is on me, I'll send it tomorrow". Each turn is
 * rewritten so that the action reader (meeting.ts) sees the work itself: "I'll write the press
 * release", "Leo, can you test the checkout flow on mobile?", "I'll send the pricing tomorrow".
 * A need's date goes with it ("we need the landing page done by the 12th" / "I can take the landing
 * page": due the 12th). Nothing is added that no one said; a pointer with nothing before it stays.
 */
export interface Conversation {
  /** `sentence` as the action reader should read it (the same text when nothing needs resolving). */
  turn(sentence: string, speaker: string | undefined): string;
}

interface Need {
  /** What has to be done, as said: "write the press release", "finish the landing page". */
  task: string;
  /** What it is about, to match a later "I can take the landing page": "landing page". */
  object: string;
  /** "by the 12th", as said. */
  due: string | null;
  /** A thing that has to happen ("the blog post must go out the same day"): "I'll own it" owns the thing. */
  ofThing?: boolean;
}

// "someone needs to write the press release", "we should test the checkout flow on mobile before launch".
const stated = /\b(?:someone|somebody|we|you|one of us)\s+(?:also\s+|still\s+)?(?:needs?\s+to|should|have\s+to|has\s+to|must|gotta|got\s+to)\s+(.+?)[.!]?$/i;
// "we need the landing page done by the 12th".
const neededDone = /\b(?:we|you)\s+need\s+(?:the\s+|a\s+|an\s+|our\s+)?(.+?)\s+(?:done|finished|ready|live|shipped)\b\s*(by\s+.+?|before\s+.+?)?[.!]?$/i;
// "ok, but the blog post must go out the same day": what has to happen to a thing, said of the thing.
const thingNeeded = /^(?:(?:ok(?:ay)?|sure|fine|agreed|yes)[,.!]?\s+)?(?:but\s+|and\s+)?(?:the|our)\s+((?:[a-z][a-z-]*\s+){0,3}[a-z][a-z-]*)\s+(?:must|needs?\s+to|has\s+to|should)\s+\S.*$/i;
// "pricing is on me", "the deck is mine".
const onMe = /^(?:the\s+|our\s+)?(.+?)\s+(?:is|are)\s+(?:on\s+me|mine)\b[,;]?\s*(.*)$/i;
// A commitment or a request whose object is only a pointer: "I'll do it", "can you own that?".
const pointer = /\b(?:do|take|own|handle|grab|cover|pick\s+up|tackle|draft|write|send|sort|run|lead)\s+(it|that|this|that\s+one|this\s+one)\b/i;
// A caveat after the work is no part of it: "I'll do it, but I need the final pricing first".
const caveat = /,?\s+(?:but|though|although|as\s+long\s+as|once|assuming)\s+.+$/i;

// "let's roll back to 2.3.1, I'll do it now", "let's ship it friday; I can take that".
const proposedThenTaken = /\blet['’]s\s+(.+?)\s*[,;]\s*(?:and\s+)?(?:i['’]ll|i\s+will|i\s+can)\s+(?:do|take|handle|own)\s+(?:it|that|this)\b\s*(.*)$/i;

// "can you also add the Q3 numbers?" asked of no one by name, then "sure" from someone else: theirs.
// "Raj can you set up the interview loop?": asked of a name, the answer that counts is that person's.
const askedOfAnyone = /^(?:hey\s+)?(?:@?([A-Z][\p{L}'-]+),?\s+)?(?:can|could|would)\s+(?:you|someone|somebody|anyone)\s+(?:also\s+|please\s+|pls\s+)?(.+?)\s*\?$/u;
// "sure", "yes, will do by next wednesday": a yes, and the date it comes with.
const assent = /^(?:sure|sure thing|will do|on it|yes|yep|yeah|ok(?:ay)?|can do|absolutely|no problem|np|of course|happy to|i can|i will)\b[\s,.!]*(?:(?:will do|on it|i['’]ll do it|i can do that)\b[\s,.!]*)?((?:by|before|on)\s+[^.!?]+)?[.!]?$/i;

const mainWords = (text: string) => text.toLowerCase().replace(/^(?:the|a|an|our)\s+/, '').split(/\s+/).filter((word) => word.length > 3);

export function createConversation(): Conversation {
  let need: Need | undefined;
  let asked: { task: string; by: string | undefined; to: string | undefined } | undefined;
  return {
    turn(sentence, speaker) {
      const text = sentence.trim();
      const request = askedOfAnyone.exec(text);
      const answered = asked;
      asked = request ? { task: request[2]!, by: speaker, to: request[1] } : undefined;
      if (request) return text;
      const yes = answered && speaker && answered.by !== speaker && (!answered.to || speaker.split(' ')[0] === answered.to) ? assent.exec(text) : null;
      if (yes) return `I'll ${answered!.task}${yes[1] ? ` ${yes[1].trim()}` : ''}`;
      const done = neededDone.exec(text);
      if (done) {
        need = { task: `finish the ${done[1]!.replace(/^(?:the|a|an|our)\s+/i, '')}`, object: done[1]!, due: done[2] ?? null };
        return text;
      }
      const must = stated.exec(text);
      if (must && !/^(?:i|i'll|i\s+will)\b/i.test(text)) {
        const { task, due } = withoutDue(must[1]!);
        need = { task, object: task.replace(/^\S+\s+/, ''), due };
        return text;
      }
      const thing = thingNeeded.exec(text);
      if (thing) {
        need = { task: '', object: `the ${thing[1]!.toLowerCase()}`, due: null, ofThing: true };
        return text;
      }
      // "pricing is on me, I'll send it tomorrow": the speaker takes the pricing.
      const mine = onMe.exec(text);
      if (mine && speaker) {
        const thing = mine[1]!.trim();
        const then = mine[2]!.replace(/^(?:and\s+|so\s+)/i, '');
        if (/^(?:i['’]ll|i\s+will|i\s+can)\s+/i.test(then)) return then.replace(/\b(?:it|that|this)\b/i, `the ${thing.replace(/^(?:the|our)\s+/i, '')}`);
        return `I'll handle the ${thing.replace(/^(?:the|our)\s+/i, '')}`;
      }
      // "ok let's roll back to 2.3.1, I'll do it now": the work is what the same sentence proposed.
      const proposed = proposedThenTaken.exec(text);
      if (proposed && speaker) return `I'll ${proposed[1]!.replace(/[.!]$/, '')}${proposed[2] ? ` ${proposed[2].replace(/[.!]$/, '')}` : ''}`;
      const pointed = pointer.exec(text);
      if (pointed && need) {
        // "I'll do it" is the need itself; "I'll send it" does the need's own thing with that verb.
        const verb = pointed[0].split(/\s+/)[0]!.toLowerCase();
        const work = need.ofThing ? `${verb === 'pick' ? 'pick up' : verb} ${need.object}` : /^(?:do|take|own|handle|grab|cover|pick|tackle|sort|run|lead)$/.test(verb) ? need.task : `${verb} ${need.object}`;
        // "agreed, Leo can you own that?": the assent before the request is no part of it.
        const rewritten = `${text.slice(0, pointed.index)}${work}${text.slice(pointed.index + pointed[0].length)}`.replace(caveat, '').replace(/^(?:agreed|great|ok(?:ay)?|cool|perfect|sounds\s+good|nice|right|sure|yes|yeah|yep)[,.!]?\s+/i, '');
        const due = need.due && !/\b(?:by|before|due|tomorrow|today|monday|tuesday|wednesday|thursday|friday)\b/i.test(rewritten) ? ` ${need.due}` : '';
        need = undefined;
        return rewritten.endsWith('?') ? `${rewritten.slice(0, -1)}${due}?` : `${rewritten.replace(/[.!]$/, '')}${due}`;
      }
      // "I can take the landing page" after "we need the landing page done by the 12th": its date too.
      if (need?.due && speaker && /^(?:i['’]ll|i\s+will|i\s+can|i\s+am\s+going\s+to|let\s+me)\s/i.test(text) && mainWords(need.object).some((word) => text.toLowerCase().includes(word))) {
        const due = need.due;
        need = undefined;
        return `${text.replace(caveat, '').replace(/[.!]$/, '')} ${due}`;
      }
      return /^(?:i['’]ll|i\s+will|i\s+can)\s/i.test(text) ? text.replace(caveat, '') : text;
    },
  };
}

/** "test the checkout flow on mobile before launch" keeps its words; "write the release notes by friday" -> the task and "by friday". */
function withoutDue(task: string): { task: string; due: string | null } {
  const due = /\s+((?:by|before)\s+(?:the\s+)?(?:\d{1,2}(?:st|nd|rd|th)?|monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|end\s+of\s+\w+|next\s+\w+|[a-z]{3,9}\s+\d{1,2}))\s*$/i.exec(task);
  return due ? { task: task.slice(0, due.index), due: due[1]! } : { task, due: null };
}
