/**
 * The steps a project of each kind usually takes, for a plan asked without notes
 * (build/projectPlan.ts): each with the question the team answers for it. `dated` marks the step
 * the plan's deadline belongs to (the cutover, the launch, the hand-over). Only structure: no
 * date, owner or figure is stated.
 */

export type ProjectKind = 'relocation' | 'migration' | 'launch' | 'hiring' | 'event' | 'other';

export interface SkeletonStep {
  name: string;
  ask: string;
  dated?: true;
}

/** What kind of project a plan's words name; 'other' when they name none of these. */
export function kindOf(words: string): ProjectKind {
  if (/\b(?:move|moving|relocat\w*)\b/i.test(words) && /\b(?:office|offices|house|home|flat|apartment|premises|warehouse|building|headquarters|hq|studio|shop|store|lab)\b/i.test(words)) return 'relocation';
  if (/\b(?:migrat\w*|move|moving|switch\w*|transition\w*|upgrad\w*|replatform\w*|port(?:ing)?)\b/i.test(words)) return 'migration';
  if (/\b(?:launch\w*|go-?live|roll-?out|rolling\s+out|ship\w*|release)\b/i.test(words)) return 'launch';
  if (/\b(?:hir(?:e|es|ing)|recruit\w*|headcount)\b/i.test(words)) return 'hiring';
  if (/\b(?:offsite|off-site|retreat|event|conference|party|workshop|meetup|summit|celebration|trip|dinner)\b/i.test(words)) return 'event';
  return 'other';
}

/** A migration's steps name what it moves from and to, when the project says ("from Heroku to AWS"). */
function migration(from: string | undefined, to: string | undefined): SkeletonStep[] {
  return [
    { name: 'Inventory and scope', ask: `List everything that moves${from ? ` off ${from}` : ''} (services, jobs, data, integrations), with an owner for each.` },
    { name: to ? `Prepare ${to}` : 'Prepare the new setup', ask: 'What must be set up first (accounts, environments, access), and by when?' },
    { name: 'Dry run', ask: 'Rehearse the move on a copy of the data: how long does it take, and what broke?' },
    { name: 'Cutover', ask: 'Which date and time, who decides to go, and what is the rollback plan?', dated: true },
    { name: from ? `Switch off ${from}` : 'Switch off the old setup', ask: 'How long do both run side by side before the old one is switched off?' },
  ];
}

const fixed: Record<Exclude<ProjectKind, 'migration'>, SkeletonStep[]> = {
  relocation: [
    { name: 'Budget, date and movers', ask: 'What can it cost, which day, and who moves what?' },
    { name: 'Inventory and packing', ask: 'What moves, what is sold or thrown away, and who packs what?' },
    { name: 'The new place ready', ask: 'Keys, internet, power and furniture: what must be in place before the move?' },
    { name: 'Move day', ask: 'Who is there, in what order do things go, and who checks nothing is left behind?', dated: true },
    { name: 'Settling in', ask: 'Who is told the new address (clients, suppliers, the post), and what is unpacked first?' },
  ],
  launch: [
    { name: 'Scope and owners', ask: 'What is in the launch and what waits, and who owns each part?' },
    { name: 'Build and test', ask: 'What is left to build, and how is it tested before launch?' },
    { name: 'Launch readiness', ask: 'Who signs off, and what must be ready (support, docs, the announcement)?' },
    { name: 'Launch', ask: 'The launch date and time, and who watches the first hours?', dated: true },
    { name: 'After launch', ask: 'Which figures show it worked, and when is the review?' },
  ],
  hiring: [
    { name: 'Roles and budget', ask: 'Which roles, at what level and salary range, and who approves them?' },
    { name: 'Job ads and sourcing', ask: 'Where are the roles posted, and who refers or reaches out to candidates?' },
    { name: 'Interviews', ask: 'Which stages, who interviews, and how are candidates scored?' },
    { name: 'Offers', ask: 'Who makes the offer, and how fast after the last interview?', dated: true },
    { name: 'Onboarding', ask: 'What is ready on day one (laptop, accounts, a buddy), and who owns it?' },
  ],
  event: [
    { name: 'Budget, date and headcount', ask: 'How much can be spent, on which dates, for how many people?' },
    { name: 'Venue and travel', ask: 'Which venue, and how does everyone get there?' },
    { name: 'Agenda', ask: 'What happens each day, and who leads each part?' },
    { name: 'Invitations and logistics', ask: 'When do invitations go out, and who handles food, rooms and accessibility?' },
    { name: 'On the day', ask: 'Who is the contact on site, and what is the plan if something falls through?', dated: true },
    { name: 'Follow-up', ask: 'What is shared afterwards, and who collects feedback?' },
  ],
  other: [
    { name: 'Scope and owners', ask: 'What is in scope and what is not, and who owns each part?' },
    { name: 'Plan the work', ask: 'Which steps, in which order, and what does each depend on?' },
    { name: 'Do the work', ask: 'Who does each step, and how is progress checked?' },
    { name: 'Check and hand over', ask: 'How is the result checked, and who signs it off?', dated: true },
    { name: 'Follow-up', ask: 'What happens afterwards, and when is the review?' },
  ],
};

/** The steps of a project of `kind`; `project` names what a migration moves from and to. */
export function skeletonSteps(kind: ProjectKind, project: string): SkeletonStep[] {
  if (kind !== 'migration') return fixed[kind];
  const from = /\bfrom\s+(?:the\s+|our\s+)?([\w.-]+(?:\s+[\w.-]+)?)\s+(?:to|onto|into)\b/i.exec(project)?.[1];
  const to = /\b(?:to|onto|into)\s+(?:the\s+|our\s+)?([\w.-]+(?:\s+[\w.-]+)?)$/i.exec(project)?.[1];
  return migration(from, to);
}
