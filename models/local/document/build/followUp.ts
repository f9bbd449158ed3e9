import type { DeliverableData } from '../../../../schemas/deliverables/index.js';
import { secondPerson } from '../../text/phrases.js';
import { sentenceStart, type DocumentContext } from '../context.js';
import { eventTitle, type FollowUp } from '../followUp.js';
import type { Item } from '../material.js';

/**
 * A follow-up email: thanks for the time, what was discussed (the notes, spoken to the people they
 * were about) and the next steps the notes name. Without notes, it proposes the usual next step, a
 * short call, and asks whether it works; no fact is added.
 */

// "next: trial for 2 weeks", a "next steps" heading, "action items:", "todo": the steps proposed.
const nextLabel = /^(?:next(?:\s+steps?)?|action(?:\s+items?)?|to-?dos?|follow[\s-]*ups?|plan)$/i;
const nextTyped = /^(?:next(?:\s+steps?)?|action(?:\s+items?)?|to-?dos?|follow[\s-]*ups?)\s*[:\-–]\s*/i;

function isNextStep(item: Item): boolean {
  return (item.section !== undefined && nextLabel.test(item.section.trim())) || nextTyped.test(item.text);
}

function line(item: Item): string {
  return sentenceStart(secondPerson(item.text.replace(nextTyped, '').trim().replace(/[.!?]*$/, '')));
}

export function followUpEmail(ctx: DocumentContext, followUp: FollowUp): DeliverableData['email'] {
  const notes = ctx.material.items.filter((item) => item.origin !== 'brief' || item.listed);
  const steps = notes.filter(isNextStep).map(line);
  const recap = notes.filter((item) => !isNextStep(item)).map(line);
  const greeting = followUp.who ? (followUp.person ? `Hi ${followUp.who},` : `Hi ${followUp.who} team,`) : 'Hi all,';
  const sent = followUp.on === 'sent';
  const interview = followUp.on === 'interview';
  const body = [sent ? `I wanted to follow up on ${followUp.event}.` : `Thank you for taking the time for ${followUp.event}.`];
  if (recap.length > 0) body.push(`${sent ? 'A quick reminder of the main points' : 'A quick recap of what we discussed'}:\n${recap.map((text) => `- ${text}`).join('\n')}`);
  if (steps.length > 0) body.push(`As next steps, I suggest:\n${steps.map((text) => `- ${text}`).join('\n')}`);
  // A candidate does not set the next step: the interview's follow-up says they are still keen.
  else if (interview) body.push('I enjoyed our conversation and remain very interested in the role. I would be glad to answer any further questions.');
  else if (sent) body.push('I would be happy to go through it on a short call or answer any questions.');
  else body.push('As a next step, I suggest a short call next week to answer any questions and agree on how to move forward.');
  return {
    subject: `Following up on ${eventTitle(followUp.event)}`,
    greeting,
    body,
    call_to_action: steps.length > 0 ? 'Let me know if these next steps work for you.' : interview ? 'I look forward to hearing from you.' : sent ? 'Have you had a chance to look at it?' : 'Would a short call next week work for you?',
    sign_off: 'Best regards,',
  };
}
