import type { NewHire } from '../newHire.js';
import { roleTitle } from '../newHire.js';
import { sentenceStart } from '../context.js';

/**
 * A post welcoming a new hire: the welcome with the role, where they join from, their first day,
 * what else the notes say, and a welcome to close. The person is named, never tagged by name.
 */
export function newHirePost(hire: NewHire): { lines: string[]; tags: string[] } {
  const name = hire.name ?? 'our new colleague';
  const first = hire.name?.split(/\s+/)[0];
  const role = hire.role ? roleTitle(hire.role) : undefined;
  const lines = [`Please join us in welcoming ${name} to the team${role ? ` as our new ${role}` : ''}!`];
  const who = first ?? (hire.name ? name : 'They');
  if (hire.from) lines.push(`${who} joins us from ${roleTitle(hire.from)}${hire.years ? ` after ${hire.years} years there` : ''}.`);
  else if (hire.years) lines.push(`${who} brings ${hire.years} years of experience.`);
  if (hire.starts) lines.push(`${first ? `${first}'s` : 'Their'} first day is ${hire.starts.replace(/^on\s+/i, '')}.`);
  // "loves climbing": a line that opens with a verb is said of the person.
  for (const line of hire.more) lines.push(sentenceStart(`${/^\p{Ll}+s\b/u.test(line) && first ? `${first} ${line}` : line}`.replace(/([^.!?])$/, "$1.")));
  lines.push(first ? `Welcome aboard, ${first}!` : 'Welcome aboard!');
  return { lines, tags: ['#NewHire', '#WelcomeToTheTeam'] };
}
