/*
 * The social networks a brief names, and the length each network allows a post.
 */

/** "slack announcement", "announce in slack", "message for #general": a message posted in a team's chat, not a slide of the product ("our slack integration"). */
export const slackMessageName = /\b(?:(?:post|message|announcement|update|note)\s+(?:in|to|for|on)\s+(?:slack|#[\w-]+)|slack\s+(?:announcements?|messages?|posts?|updates?|notes?|blasts?)|(?:in|on|to|for|via)\s+(?:the\s+)?(?:team\s+)?slack(?:\s+channel)?(?!\s+(?:integration|app|bot|api|connector|plugin))|(?:in|to)\s+#[\w-]+)\b/i;

/** Each network's name and how a brief names it. */
const networkNames: Array<[string, RegExp]> = [
  ['LinkedIn', /linkedin/i],
  ['X', /\b(?:twitter|tweets?|x)\b/i],
  ['Instagram', /instagram/i],
  ['Facebook', /facebook/i],
  ['Mastodon', /mastodon/i],
  ['Bluesky', /bluesky/i],
  ['Threads', /\bthreads\b/i],
  ['Slack', slackMessageName],
];

/** Networks named in the brief or requirements.platforms/networks; LinkedIn and X when none is. */
export function networksOf(brief: string, requirements: Record<string, unknown>): string[] {
  const listed = [requirements.platforms, requirements.networks, requirements.platform, requirements.network].flat().filter((value): value is string => typeof value === 'string').join(' ');
  const text = `${listed} ${brief}`;
  const found = networkNames.filter(([, pattern]) => pattern.test(text)).map(([name]) => name);
  return found.length > 0 ? found : ['LinkedIn', 'X'];
}

/** Character limits per network (the text of each post stays within). */
export const networkLimits: Record<string, number> = { LinkedIn: 3000, X: 280, Instagram: 2200, Facebook: 63206, Mastodon: 500, Bluesky: 300, Threads: 500, Slack: 4000 };

/** `text` within `limit` characters: cut after its last whole sentence that fits, else at a word with "…". */
export function fitTo(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit - 1);
  const sentenceEnd = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('! '), cut.lastIndexOf('? '));
  return sentenceEnd > limit / 3 ? cut.slice(0, sentenceEnd + 1) : `${cut.slice(0, cut.lastIndexOf(' '))}…`;
}
