/**
 * How an ask names a document with a shape of its own (shapedAnalysis.ts): a leaf, so recognising
 * an ask never imports the builders that write it.
 */

/** An ask for a synthesis of interviews: "summarize these customer interviews", "themes from the user interviews". */
export const interviewsName = /\b(?:(?:customer|user|discovery|research|sales|churn|exit|candidate|stakeholder|usability)\s+)?interviews?\b(?!\s+(?:questions|guide|script|schedule|invite|plan))/i;

/** An ask for the two sides of something: "pros and cons", "pros/cons", "upsides and downsides". */
export const prosConsName = /\b(?:pros?\s*(?:and|&|\/|n|vs\.?)\s*cons?|advantages\s+(?:and|&|\/)\s+disadvantages|up-?sides?\s+(?:and|&|\/)\s+down-?sides?|benefits\s+(?:and|&|\/)\s+(?:drawbacks|downsides|risks|costs))\b/i;

/** An ask for the risks of something: "what are the risks here", "risk assessment", "what could go wrong". */
export const risksName = /\b(?:what\s+are\s+the\s+(?:main\s+|biggest\s+|key\s+)?risks|what\s+(?:could|can|might)\s+go\s+wrong|risk\s+(?:assessment|register|log|list|analysis|review)|(?:main\s+|biggest\s+|key\s+)?risks?\s+(?:of|in|for|with|here|to)\b|(?:list|identify|flag|spot|find)\s+(?:the\s+|any\s+|all\s+)?risks|any\s+risks)/i;

/** An ask for one bug ticket: "turn this slack message into a bug report", "bug ticket from this thread". */
export const bugReportName = /\b(?:bug\s+(?:report|ticket|issue|write-?up)|defect\s+report|issue\s+report)\b(?!\s+(?:into|to)\b)/i;

/** An ask for a sprint plan: "sprint plan for next 2 weeks", "plan the next sprint". */
export const sprintPlanName = /\b(?:sprint\s+(?:plan(?:ning)?|backlog|commitment)|plan\s+(?:for\s+)?(?:the|our|this|next|a)\s+(?:\d+[- ]week\s+)?sprint)\b/i;

// "should we move our team chat from slack to teams?": a switch between what is used now and what would replace it (build/switchDecision.ts).
export const switchAsked = /\b(?:should\s+(?:we|i)|whether\s+(?:we\s+should|i\s+should|to)|do\s+we|is\s+it\s+worth)\s+(?:(?:switch|switching|move|moving|migrate|migrating|change|changing|go|going|swap|swapping|replace|replacing)\s+)(?:(?:our|the|my|all)\s+(?:[\w-]+\s+){0,3}?)?from\s+([\w.+&-]+(?:\s+[\w.+&-]+)?)\s+(?:to|for|with)\s+([\w.+&-]+(?:\s+[\w.+&-]+)?)(?=\s*(?:\?|$|,|\.|\s+(?:or|and|for|because|given|pros)\b))/i;
