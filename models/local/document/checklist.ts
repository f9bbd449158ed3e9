/**
 * A checklist or to-do list asked for by name ("turn this into a todo list", "onboarding checklist
 * for new engineers"): the tasks to tick off, each with its owner and date when the notes give
 * them. Without notes, the items a checklist of that kind usually holds, grouped by when they are
 * done; no owner or date is stated.
 */

/** "to-do list", "todo", "task list", "checklist", "list of tasks". */
export const checklistName = /\b(?:to-?do(?:\s+list)?s?|task\s*list|action\s+list|list\s+of\s+(?:tasks|to-?dos|things\s+to\s+do)|check-?lists?)\b/i;

export interface ChecklistPhase {
  when: string;
  items: string[];
}

// Who the onboarding is for: engineers get the engineering steps too.
const engineers = /\b(?:engineers?|developers?|devs?|programmers?|backend|frontend|full-?stack|sres?|data\s+scientists?)\b/i;

function onboarding(words: string): ChecklistPhase[] {
  const engineering = engineers.test(words);
  return [
    { when: 'Before day one', items: ['Confirm the start date and send the first-week schedule', 'Order the laptop and any equipment', 'Create accounts: email, chat, calendar' + (engineering ? ', code repository' : ''), 'Assign a buddy'] },
    { when: 'Day one', items: ['Welcome and introductions to the team', 'Laptop and accounts working', 'Walk through the company, the product and the team\u2019s goals', 'Lunch with the buddy or the team'] },
    { when: 'First week', items: ['One-to-one with each teammate', 'Read the handbook and the team\u2019s key documents', ...(engineering ? ['Set up the development environment and run the app locally', 'Read the architecture overview', 'Ship a first small change to production'] : ['Shadow a teammate on everyday work'])] },
    { when: 'First month', items: ['Agree on 30-60-90 day goals with the manager', engineering ? 'Take on a first real project or ticket end to end' : 'Take on a first real piece of work end to end', ...(engineering ? ['Join the on-call rotation as a shadow'] : []), 'Feedback check-in with the manager'] },
  ];
}

const launch: ChecklistPhase[] = [
  { when: 'Before launch', items: ['Scope frozen and owners named', 'Tested end to end, known bugs triaged', 'Support and docs ready', 'Announcement drafted and scheduled', 'Monitoring and a rollback plan in place'] },
  { when: 'Launch day', items: ['Go/no-go check', 'Release shipped', 'Announcement sent', 'Watch errors and sign-ups for the first hours'] },
  { when: 'After launch', items: ['Review the first week\u2019s figures', 'Collect feedback and file follow-ups', 'Thank the team'] },
];

const event: ChecklistPhase[] = [
  { when: 'Weeks before', items: ['Budget, date and headcount agreed', 'Venue booked', 'Invitations sent', 'Catering and dietary needs confirmed', 'Travel and rooms booked'] },
  { when: 'The week before', items: ['Agenda shared', 'Final headcount to the venue and caterer', 'Equipment checked (screens, mics, Wi-Fi)'] },
  { when: 'On the day', items: ['Contact person on site', 'Room set up before people arrive', 'Photos taken'] },
  { when: 'Afterwards', items: ['Thank-you message sent', 'Feedback collected', 'Invoices paid'] },
];

const move: ChecklistPhase[] = [
  { when: 'Weeks before', items: ['Moving date and budget agreed', 'Movers booked', 'Internet, power and keys arranged at the new place', 'New address sent to clients, suppliers and the post', 'Decide what moves, what is sold and what is thrown away'] },
  { when: 'The week before', items: ['Boxes packed and labelled by room', 'Desk and seating plan for the new place', 'Parking or loading bay booked for the van'] },
  { when: 'Move day', items: ['Someone at each end to direct the movers', 'Check nothing is left behind', 'Meter readings taken at both places'] },
  { when: 'Afterwards', items: ['Internet, printers and phones tested', 'Old keys handed back', 'Address updated on the website and invoices'] },
];

/** The usual items of a checklist on `words` ("onboarding ... new engineers", "launch", "offsite"), or undefined when the kind is not one of these. */
export function usualChecklist(words: string): ChecklistPhase[] | undefined {
  if (/\bonboard\w*|\bnew\s+(?:hires?|starters?|joiners?|employees?|engineers?|developers?|staff)\b|\bfirst\s+(?:day|week)\b/i.test(words)) return onboarding(words);
  if (/\b(?:move|moving|relocat\w*)\b/i.test(words) && /\b(?:office|house|home|flat|apartment|premises|warehouse|building|studio|shop|store)\b/i.test(words)) return move;
  if (/\b(?:launch\w*|release|go-?live|roll-?out)\b/i.test(words)) return launch;
  if (/\b(?:offsite|off-site|retreat|event|conference|party|workshop|meetup|summit)\b/i.test(words)) return event;
  return undefined;
}
