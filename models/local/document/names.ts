/**
 * Whether capitalised words are a person's name rather than a label or an opening word: "Jan de
 * Vries" and "Maria" are, "Nice", "Action items", "Went well" and "Q3" are not.
 */
const notNames = new Set(
  `note notes action actions item items decision decisions agenda date time subject from to re cc bcc todo ai owner owners due next
  nice good great thanks thank also then update updates status blocker blockers risk risks issue issues question questions answer
  idea ideas well went improve improvements summary context background goal goals problem problems result results outcome outcomes
  feedback comment comments fyi ps pss tl;dr tldr important urgent reminder follow followup follow-up step steps phase phase1 phase2
  done doing open closed yes no ok okay hi hello hey dear team everyone all update agreed decided proposal option options pros cons
  total average median target current today tomorrow yesterday monday tuesday wednesday thursday friday saturday sunday january
  february march april may june july august september october november december q1 q2 q3 q4 eta eod asap wip sprint retro
  kpi okr prd spec api faq why what how who when where which note: present attendees participants location customer customers
  patient patients driver drivers user users bug bugs fix fixes feature features release version warning error errors tip tips
  example examples step result learned learnings keep stop start more less better worse plus minus pro con
  new fixed improved changed removed added deprecated security available coming price prices pricing cost costs venue deadline
  highlights lowlights wins misc other bonus success scope requirements requirement persona personas metric metrics
  audience users constraints assumptions dependencies timeline budget need needs someone somebody anyone anybody nobody we they must
  should`.split(/\s+/),
);

export function isName(words: string): boolean {
  const parts = words.trim().split(/\s+/);
  if (parts.length === 0 || parts.length > 4) return false;
  const capitalised = parts.filter((part) => /^[A-Z]/.test(part));
  if (capitalised.length === 0) return false;
  return capitalised.every((part) => !notNames.has(part.toLowerCase().replace(/[^a-z0-9;-]/g, '')) && /^[A-Z][\p{Ll}'’.-]*[\p{Ll}]$|^[A-Z]\.?$/u.test(part));
}

/** A chat handle as a name: "sara.kim" -> "Sara Kim"; a capitalised name stays as written. */
export function handleName(handle: string): string {
  if (/^[\p{Lu}]/u.test(handle)) return handle;
  return handle
    .split(/[._-]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(' ');
}
