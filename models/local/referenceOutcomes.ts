import type { CrewId } from '../../crews/index.js';
import type { ReferenceOutcome } from '../../quality/boilerplate.js';
import { composeOutcome, type ComposeRequest } from './index.js';
import type { Workbench } from './workbench.js';

/**
 * Requests on subjects no client of this service is likely to share (a bakery, a garden club, a
 * ferry timetable ...). What the local composer writes for them AND for a real request is
 * boilerplate: the quality metrics penalise it (see quality/boilerplate.ts).
 */
const references: Array<[CrewId, ComposeRequest]> = [
  ['writer', { brief: 'Write a blog post about sourdough baking for beginners', context: 'Our bakery in Lyon feeds its starter twice a day. A loaf needs 18 hours from mixing to baking. Beginners often use too little salt.', requirements: { tone: 'friendly', include_examples: true } }],
  ['writer', { brief: 'Create a guide to pruning fruit trees in winter', context: 'The Elm Street garden club prunes in February. Apple trees fruit on two-year-old wood. Cuts should be made just above an outward-facing bud.', requirements: { format: 'documentation', include_code_examples: true } }],
  ['writer', { brief: 'Draft a LinkedIn post about our ferry timetable changes', context: 'From 4 May the Harbour Line runs every 20 minutes. The last ferry leaves Pier 3 at 23:40.', requirements: { format: 'social_media' } }],
  // A post of one statement and nothing else, one of each kind of news (document/build/announcement.ts).
  ['writer', { brief: 'LinkedIn post announcing the garden club reached 500 members' }],
  ['writer', { brief: 'Tweet saying the ferry company is hiring 2 deckhands' }],
  ['writer', { brief: 'LinkedIn post announcing that the bakery now delivers on Sundays' }],
  ['writer', { brief: 'LinkedIn post announcing that the ferry company opens a new ticket office at Pier 3' }],
  ['writer', { brief: 'Tweet saying the choir concert went well' }],
  ['writer', { brief: 'Tweet that the allotment gates are locked on Monday' }],
  ['writer', { brief: 'Tweet about the garden club open day next saturday at 10am' }],
  ['writer', { brief: 'Write a newsletter for members of the chess club', context: 'The spring tournament starts on 12 April with 64 players. Beginners meet on Tuesdays at the library.', requirements: { format: 'newsletter', tone: 'casual' } }],
  ['mind', { brief: 'Summarize the choir committee meeting and extract action items', context: 'Attendees: Ruth, Elias, Marta\nRuth: The concert hall is booked for 20 June.\nElias: We decided to sell tickets online this year.\nMarta will order the programme printing by 1 June.\nRuth will ask the organist about rehearsals on Thursday.' }],
  ['mind', { brief: 'Summarize the allotment association meeting', context: 'Attendees: Tom, Aisha\nTom: The water tank leaks again.\nWe agreed to buy a new tank for 300 pounds.\nAisha will collect quotes by next Friday.' }],
  ['pilot', { brief: 'Build a booking tool for a dog grooming salon', context: 'Groomers lose bookings because customers call during appointments. Owners want reminders sent by SMS the day before. The salon uses Square for payments.', requirements: { include_technical_specs: true, include_user_stories: true } }],
  ['pilot', { brief: 'Plan a loyalty card feature for a chain of coffee shops', context: 'Customers forget their paper cards. Baristas need to stamp a card in under five seconds. The chain has 12 shops in Porto.', requirements: { include_user_stories: true } }],
];

/** The reference outcomes and the request text each was written for. */
export function referenceOutcomes(bench: Workbench): ReferenceOutcome[] {
  return references.map(([crewId, request]) => ({ content: composeOutcome(crewId, request, bench), request: `${request.brief}\n${request.context ?? ''}` }));
}
