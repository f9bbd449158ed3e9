/**
 * The names of the pieces the writer builds as parts of their own inside its kinds (a job ad, a
 * press release and a bio as a `blog_post`, a cover letter as an `email`, a product description as
 * `landing_copy`), and what a one-line ask states beside them.
 */

/** The name a company gives itself: "We are Fernway, a 40-person ...", "we're Parcelo". */
export function ourName(text: string): string | undefined {
  return /\b[Ww]e(?:\s+are|'re|’re)\s+([A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*){0,3})/.exec(text)?.[1];
}

/** "press release", "news release", "media release": a press release, written as a blog post of the news (build/pressRelease.ts). */
export const pressReleaseName = /\b(?:press|news|media)\s+(?:release|announcement|statement)\b/i;

/** "cover letter", "motivation letter", "letter of application": a letter to a hiring manager, written as an email (build/coverLetter.ts). */
export const coverLetterName = /\b(?:cover(?:ing)?\s+letter|motivation(?:al)?\s+letter|letter\s+of\s+(?:motivation|application|interest)|(?:job\s+)?application\s+letter)\b/i;

/** "bio", "short speaker bio", "author biography": a person in a paragraph or two, written as a blog post without sections (build/bio.ts). */
export const bioName = /\b(?:(?:speaker|author|artist|professional|personal|founder|team|staff|conference|website|linkedin|instagram|twitter)\s+)?(?:bios?|biography|biographical\s+(?:note|blurb|paragraph))(?:\s+(?:blurb|note|paragraph|section))?\b(?!-)/i;

/** "product description", "product blurb", "Etsy listing": a product's page, written as landing copy (build/productDescription.ts). */
export const productDescriptionName = /\b(?:product\s+(?:description|blurb|copy|listing|text|write-?up)|(?:shop|store|etsy|amazon|ebay|marketplace|shopify|webshop)\s+(?:listing|description|product\s+description)|listing\s+(?:copy|description|text))\b/i;

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
