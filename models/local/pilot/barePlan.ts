import { capitalize } from '../text/phrases.js';
import { namedBeyondSubject, readBrief } from '../text/briefReading.js';

/** One section of a bare brief's PRD: what it covers, in one sentence, and what it must answer. */
export interface FrameSection {
  heading: string;
  covers: string;
  questions: string[];
}

/** The PRD frame a bare brief gives: an opening, the sections before the user stories, and those after. */
export interface BareFrame {
  opening: string;
  before: FrameSection[];
  after: FrameSection[];
}

/**
 * A PRD frame built from the brief alone ("PRD for offline mode in our field inspection app"): each
 * section is named after what a PRD settles about the brief's subject and says, in one sentence,
 * what it covers for the brief's users, then asks what the team must answer. Invariants: no fact,
 * number, estimate, endpoint or date is stated (the sentences describe and ask); no heading reads
 * as a requirement the frame cannot meet ("Technical specifications"), so it stays reported unmet.
 */
export function bareFrame(brief: string, requirements: Record<string, unknown>): BareFrame {
  const reading = readBrief(brief, requirements);
  // The full subject and its users open the PRD; the sections repeat a short handle of each.
  const product = productOf(reading.subject);
  const subject = product?.feature ?? reading.subject;
  const users = reading.audience ?? usersOf(reading.subject) ?? 'its users';
  const who = reading.audience ?? 'its users';
  const terms = namedBeyondSubject(reading).slice(0, 3);
  const opening = `This PRD is for ${reading.subject}, built for ${users}. It sets out the problem, what done looks like, the scope and the systems involved, with the questions the team answers before building.${reading.goal ? ` Its goal: ${reading.goal}.` : ''}`;
  const before: FrameSection[] = [
    { heading: 'Problem', covers: `This section states the problem ${subject} solves for ${who}, and for whom it is worst.`, questions: [`What problem does ${subject} solve for ${who} today?`, `How do ${reading.audience ?? 'they'} work today, without ${subject}?`] },
    {
      heading: 'Goals',
      covers: `This section says how the team will know ${subject} works for ${who}.`,
      questions: [reading.goal ? `What has to be true so that ${reading.goal}?` : `Which measure should move once ${subject} ships, and by how much?`],
    },
  ];
  const after: FrameSection[] = [
    { heading: 'Scope', covers: `This section draws the line around ${subject}: what it must do, and what it leaves out.`, questions: terms.length > 0 ? terms.map((term) => `What must ${term} do, and what is out of scope?`) : [`What must ${subject} do on day one, and what can wait?`] },
    { heading: 'Systems it touches', covers: `This section lists the systems ${subject} connects to and who owns each of them.`, questions: ['Which systems does it connect to, and who owns them?'] },
    { heading: 'Timeline and risks', covers: `This section records the deadline for ${subject} and what could put it at risk.`, questions: ['What is the deadline, and what happens if it slips?', `What could stop ${who} from relying on ${subject}?`] },
  ];
  return { opening, before, after };
}

/** The sections as markdown blocks: heading, sentence, questions. */
export function frameBlocks(sections: FrameSection[]): string[] {
  return sections.flatMap((section) => [`## ${capitalize(section.heading)}`, section.covers, section.questions.map((question) => `- ${question}`).join('\n')]);
}

/**
 * "offline mode in our field inspection app" -> "users of the field inspection app": the people a
 * product serves when the brief names the product but nobody who uses it.
 */
export function usersOf(subject: string): string | undefined {
  const product = productOf(subject);
  return product ? `users of ${product.name}` : undefined;
}

/** "offline mode in our field inspection app" -> { feature: "offline mode", name: "the field inspection app" }. */
export function productOf(subject: string): { feature: string; name: string } | undefined {
  const match = /^(.+?)\s+(?:in|for|on|to)\s+(?:our|the|my|their)\s+(.+?\b(?:app|application|tool|platform|portal|product|site|website|service|dashboard|system))$/i.exec(subject.trim());
  return match ? { feature: match[1]!, name: `the ${match[2]!}` } : undefined;
}
