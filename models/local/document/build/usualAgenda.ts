/**
 * The items a meeting of a kind usually covers, for an agenda asked without notes ("agenda for
 * monday's planning meeting"): the order such a meeting runs in, with no owner, time or figure
 * stated. The kind is read from the ask's words; any other meeting gets the items every meeting has.
 */
const usual: Array<[RegExp, string[]]> = [
  [/\bplanning\b|\bplan\b/i, ['Goal of the meeting', 'Review of the last period: what shipped, what slipped', 'Priorities for the next period', 'Capacity and who owns what', 'Risks and dependencies', 'Decisions and next steps']],
  [/\bkick-?off\b/i, ['Introductions and roles', 'Goals and scope', 'Timeline and milestones', 'How we work together: channels, meetings, decisions', 'Risks and open questions', 'Next steps and owners']],
  [/\bretro(?:spective)?\b/i, ['What went well', 'What did not go well', 'What we will try next time', 'Action items and owners']],
  [/\b(?:1:1|1-on-1|one[- ]on[- ]one)\b/i, ['How things are going', 'Progress on goals', 'Blockers and where help is needed', 'Feedback, both ways', 'Next steps']],
  [/\b(?:all[- ]hands|town\s*hall)\b/i, ['Welcome', 'Company news and results', 'Team updates', 'Questions and answers', 'Close']],
  [/\b(?:board)\b/i, ['Approval of the last minutes', 'Results since the last meeting', 'Decisions for the board', 'Risks', 'Any other business']],
];
const anyMeeting = ['Goal of the meeting', 'Updates since last time', 'Topics to discuss', 'Decisions needed', 'Next steps and owners'];

export function usualAgenda(ask: string): string[] {
  return usual.find(([kind]) => kind.test(ask))?.[1] ?? anyMeeting;
}
