/*
 * The social networks a brief names, and the length each network allows a post.
 */

/** Each network's name and how a brief names it. */
const networkNames: Array<[string, RegExp]> = [
  ['LinkedIn', /linkedin/i],
  ['X', /\b(?:twitter|tweets?|x)\b/i],
  ['Instagram', /instagram/i],
  ['Facebook', /facebook/i],
  ['Mastodon', /mastodon/i],
  ['Bluesky', /bluesky/i],
  ['Threads', /\bthreads\b/i],
];

/** Networks named in the brief or requirements.platforms/networks; LinkedIn and X when none is. */
export function networksOf(brief: string, requirements: Record<string, unknown>): string[] {
  const listed = [requirements.platforms, requirements.networks, requirements.platform, requirements.network].flat().filter((value): value is string => typeof value === 'string').join(' ');
  const text = `${listed} ${brief}`;
  const found = networkNames.filter(([, pattern]) => pattern.test(text)).map(([name]) => name);
  return found.length > 0 ? found : ['LinkedIn', 'X'];
}

/** Character limits per network (the text of each post stays within). */
export const networkLimits: Record<string, number> = { LinkedIn: 3000, X: 280, Instagram: 2200, Facebook: 63206, Mastodon: 500, Bluesky: 300, Threads: 500 };
