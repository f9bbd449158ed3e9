/** The names of the pieces the writer builds as parts of their own inside the `blog_post` kind (a job ad, a press release), and what a one-line ask states beside them. */

/** The name a company gives itself: "We are Fernway, a 40-person ...", "we're Parcelo". */
export function ourName(text: string): string | undefined {
  return /\b[Ww]e(?:\s+are|'re|’re)\s+([A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*){0,3})/.exec(text)?.[1];
}

/** "press release", "news release", "media release": a press release, written as a blog post of the news (build/pressRelease.ts). */
export const pressReleaseName = /\b(?:press|news|media)\s+(?:release|announcement|statement)\b/i;

/** "job ad", "job posting", "vacancy text", "job description": a job ad, written as a blog post of the role (build/jobAd.ts). */
export const jobAdName = /\b(?:job\s+(?:ad(?:vert(?:isement)?)?|post(?:ing)?|listing|description|opening|spec)|vacancy(?:\s+(?:text|ad|post))?|recruitment\s+ad|hiring\s+(?:ad|post))\b/i;

/**
 * What a one-line job ad ask states after the role: "a part-time barista at our cafe in Leeds,
 * 20 hours a week, £11.50/hour, weekends essential" states the hours, the pay and the weekends,
 * each as written, as a list line.
 */
export function jobAdFacts(sentence: string): string[] {
  const named = jobAdName.exec(sentence);
  if (!named) return [];
  const parts = sentence.slice(named.index + named[0].length).split(/,\s+|;\s+/).slice(1);
  // As list lines: a term may be two words ("weekends essential") and is still a fact of its own.
  return parts.map((part) => part.trim().replace(/[.!?]+$/, '')).filter((part) => part.length >= 3).map((part) => `- ${part}`);
}
