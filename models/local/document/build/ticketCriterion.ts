import { thirdPersonOf, verbBase } from '../../text/grammar.js';
import { capitalize, isPlural } from '../../text/phrases.js';
import { thingTask } from './thingTask.js';

/**
 * A ticket's acceptance criterion: what the note says is wrong, said as what done looks like
 * ("export to PDF cuts off the last page" -> "Export to PDF includes the last page."), with no
 * target or figure the note did not give.
 */

function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

// "Admins need a way to resend invoices": who, and what they want to be able to do.
export const peopleWant = /^(?:the\s+|our\s+|all\s+)?((?:[a-z-]+\s+)?(?:users?|admins?|customers?|managers?|members?|patients?|drivers?|staff|teams?|editors?|buyers?|sellers?|agents?|owners?))\s+(?:want|wants|need|needs|would like|should be able)\s+(?:(?:a|an)\s+(?:way|option|button|setting)\s+)?to\s+(.+?)[.!]?$/i;

// ", happens since tuesday's deploy", ", reported by 3 customers", ", first seen monday": when and by whom
// the bug was seen, which the ticket's description keeps; what done looks like is said without it.
const reportAside = /,\s*(?:(?:it\s+)?happen(?:s|ing|ed)\s+since|since|started|starting|(?:first\s+)?(?:reported|seen|noticed|spotted|found)\s+(?:by|on|in|since|after|yesterday|today|last|this)|(?:\d+|several|many|some|a\s+few)\s+(?:customers?|users?|people|tickets?|reports?)\b)[^,]*$/i;

// What a feature's "add a ... to <verb>" names: a control for doing something.
const control = 'way|option|button|setting|toggle|switch|link|field';

/** What a ticket is done by, as a check: "Admins can resend invoices.", "The PDF shows the correct VAT number." */
export function criterionOf(noted: string): string {
  // "(nice to have)", ", customers complaining": how the note was sorted or who reported it, not what done looks like.
  const text = noted.replace(/\s*\((?:nice to have|low priority|p[0-3]|urgent|high priority|minor|blocker)\)/gi, '').replace(/,\s*(?:customers?|users?|people|clients?)\s+(?:are\s+)?(?:complaining|keep complaining|report(?:ing|ed)?\s+it|noticed)\b.*$/i, '').replace(reportAside, '').trim();
  // "add dark mode to settings": a feature is done when it is there.
  const feature = /^(?:add|support|allow|enable|build|introduce)\s+(.+?)(?:\s+(?:to|in|on)\s+(?:the\s+)?(.+?))?[.!]?$/i.exec(text);
  if (feature && !/\b(?:test|tests|logging|logs)\b/i.test(feature[1]!)) {
    // "add an option to disable notifications": what the option is for, not where it goes.
    const toDo = new RegExp(String.raw`\b(?:${control})\s+to\s+(?!the\b)([a-z]+)`, 'i').exec(text)?.[1]?.toLowerCase();
    const purpose = feature[2] && new RegExp(String.raw`^(?:an?\s+)?(?:${control})$`, 'i').test(feature[1]!) && toDo !== undefined && verbBase(toDo) === toDo;
    if (purpose) return sentence(`${capitalize(feature[1]!)} to ${feature[2]!} is available`);
    return sentence(`${feature[1]!.charAt(0).toUpperCase()}${feature[1]!.slice(1)} is available${feature[2] ? ` in ${feature[2]}` : ''}`);
  }
  const wanted = peopleWant.exec(text);
  if (wanted) return sentence(`${wanted[1]!.charAt(0).toUpperCase()}${wanted[1]!.slice(1)} can ${wanted[2]!}`);
  if (/\bwrong\b/i.test(text)) return sentence(text.replace(/\bwrong\b/i, 'correct'));
  if (/\b(?:can['’]t|cannot)\b/i.test(text)) return sentence(text.replace(/\b(?:can['’]t|cannot)\b/i, 'can'));
  // "typo on the pricing page: 'anual' should be 'annual'": the page says the right word.
  const typo = /^(?:typo|spelling(?:\s+mistake)?|misspelling)\s+(?:on|in)\s+(?:the\s+)?(.+?):\s*['"‘“]?(.+?)['"’”]?\s+should\s+be\s+['"‘“]?(.+?)['"’”]?[.!]?$/i.exec(text);
  if (typo) return sentence(`The ${typo[1]} says "${typo[3]}", not "${typo[2]}"`);
  // "login page slow, takes 6s on 3G": faster than today, with no target made up.
  const slow = /^(.+?)\s+(?:is\s+|are\s+)?(?:too\s+|very\s+|really\s+|super\s+)?slow\b[,;:]?\s*(?:it\s+)?(?:takes|taking|at)\s+(.+?)[.!]?$/i.exec(text);
  if (slow) return sentence(`${slow[1]} loads faster than today's ${slow[2]}`);
  // "slow dashboard for big accounts", "avatar upload slow": faster than today, no target made up.
  const slowFirst = /^(?:very\s+|really\s+|super\s+)?slow\s+(.+?)[.!]?$/i.exec(text);
  if (slowFirst) return sentence(`${capitalize(slowFirst[1]!)} is faster than today`);
  const slowLast = /^((?:(?!\b(?:is|are|was|were)\b).)+?)\s+(?:too\s+|very\s+|really\s+|super\s+)?slow(?:\s+((?:on|in|for|when)\s+.+?))?[.!]?$/i.exec(text);
  if (slowLast) return sentence(`${capitalize(slowLast[1]!)} is faster than today${slowLast[2] ? ` ${slowLast[2]}` : ''}`);
  // "password reset email takes 10+ min to arrive": it arrives faster, with no target made up.
  const takes = /^(.+?)\s+(?:takes|is\s+taking|takes\s+up\s+to)\s+(.+?)\s+to\s+([a-z]+)\b(.*?)[.!]?$/i.exec(text);
  if (takes) return sentence(`${takes[1]} ${thirdPersonOf(takes[3]!.toLowerCase())}${takes[4]} faster than today's ${takes[2]}`);
  // "csv export cuts off at 1000 rows": all of them, not only the first ones.
  const capped = /^(.+?)\s+(?:cuts?\s+off|stops|is\s+cut\s+off|truncates|is\s+truncated|is\s+capped|caps\s+out)\s+at\s+([\d,.]+k?)\s+([a-z]+)\b(.*?)[.!]?$/i.exec(text);
  if (capped) return sentence(`${capped[1]} includes all ${capped[3]}${capped[4]}, not only the first ${capped[2]}`);
  // "settings page text unreadable (grey on grey)": readable; the brackets said how it was not.
  const unable = /\s+(?:(is|are)\s+)?(?:un|in)(readable|usable|responsive|clickable|accessible|selectable|scrollable|editable|visible)\b(?:\s*\([^)]*\))?/i.exec(text);
  if (unable) {
    const before = text.slice(0, unable.index);
    return sentence(`${before} ${unable[1] ?? (isPlural(before) ? 'are' : 'is')} ${unable[2]!.toLowerCase()}${text.slice(unable.index + unable[0].length)}`);
  }
  // "onboarding email sends twice": once.
  const repeated = /\b(sends|sent|fires|runs|charges|posts|shows|appears|loads|triggers|goes\s+out|is\s+sent|gets\s+sent)\s+(?:twice|two\s+times|multiple\s+times|more\s+than\s+once|double)\b/i;
  if (repeated.test(text)) return sentence(text.replace(repeated, (_, verb: string) => `${verb} once`));
  // "logout button does nothing on firefox sometimes": fixed means every time.
  const intermittent = /\s+(?:sometimes|occasionally|randomly|intermittently|at\s+random|now\s+and\s+then)\b/i;
  if (intermittent.test(text)) return criterionOf(text.replace(intermittent, '')).replace(/[.!]?$/, ', every time.');
  // "datepicker doesnt open on iOS 16": it opens there.
  // Any verb a note says it does not do: "sync doesn't pick up renamed files" -> "picks up".
  const doesNot = /\b(?:doesn['’]?t|does\s+not|won['’]?t|will\s+not)\s+([a-z]+)\b/i.exec(text);
  const verb = doesNot?.[1]!.toLowerCase();
  if (doesNot && verb && verbBase(verb) === verb) return sentence(text.replace(doesNot[0], thirdPersonOf(verb)));
  // "search returns no results when the query has a trailing space": it returns them then.
  const none = /\b(returns?|shows?|finds?|gives?|displays?|lists?|loads?)\s+(?:no|zero|0)\s+(?=[a-z])/i;
  if (none.test(text)) return sentence(text.replace(none, (_, verb: string) => `${verb.toLowerCase()} `));
  // "search returns nothing for names with accents": it returns results there.
  const nothing = /\b(returns?|shows?|finds?|displays?|lists?|loads?)\s+nothing\b/i;
  if (nothing.test(text)) return sentence(text.replace(nothing, (_, verb: string) => `${verb.toLowerCase()} ${/^loads?$/i.test(verb) ? 'its content' : 'results'}`));
  // "export button greyed out for admins": it can be used there.
  const greyed = /\b(?:(is|are)\s+)?(?:gr[ae]yed[\s-]out|disabled)\b/i.exec(text);
  if (greyed) return sentence(text.replace(greyed[0], `${greyed[1] ?? (isPlural(text.slice(0, greyed.index)) ? 'are' : 'is')} enabled`));
  // "dark mode toggle resets after logout": the setting is kept.
  const resets = /\b(?:resets|gets\s+reset|is\s+reset|reverts|goes\s+back\s+to\s+(?:the\s+)?default)\b/i;
  if (resets.test(text)) return sentence(text.replace(resets, 'keeps its setting'));
  // "app freezes on the upload screen", "page hangs when ...": it does not.
  const stalls = /\b(freezes|hangs|flickers|overlaps|jumps|lags)\b/i.exec(text);
  // Each of these verbs is its base form and an "s".
  if (stalls) return sentence(text.replace(stalls[0], `does not ${stalls[1]!.toLowerCase().slice(0, -1)}`));
  // "upload stuck at 99%": it gets past it.
  const stuck = /\b(?:(?:is|are|gets?)\s+)?stuck\s+(at|on|in)\b/i;
  if (stuck.test(text)) return sentence(text.replace(stuck, (_, where: string) => `does not get stuck ${where.toLowerCase()}`));
  // "users get logged out after 5 minutes": they stay logged in.
  const loggedOut = /\b(?:gets?|are|is|keeps?\s+getting)\s+logged\s+out\b/i;
  if (loggedOut.test(text)) return sentence(text.replace(loggedOut, (found) => (/^(?:get|are|keep)\b/i.test(found) ? 'stay logged in' : 'stays logged in')));
  // "avatar upload fails for png files over 2mb": it succeeds there; "fails to load" is "loads".
  const failsTo = /\b(?:fails|failed|keeps\s+failing)\s+to\s+([a-z]+)\b/i.exec(text);
  if (failsTo && verbBase(failsTo[1]!.toLowerCase()) === failsTo[1]!.toLowerCase()) return sentence(text.replace(failsTo[0], thirdPersonOf(failsTo[1]!.toLowerCase())));
  if (/\b(?:fails|failed|keeps\s+failing|is\s+failing|errors\s+out)\b/i.test(text)) return sentence(text.replace(/\b(?:fails|failed|keeps\s+failing|is\s+failing|errors\s+out)\b/i, 'succeeds'));
  // "saving a draft throws an error when the title is empty", "export gives a 500": it works, with no error.
  const error = /\b(?:throws|shows|gives|returns|displays|hits|raises)\s+(?:an?\s+)?(?:\d{3}(?:\s+error)?|(?:[\w-]+\s+)?(?:error|exception))\b/i;
  if (error.test(text)) return sentence(text.replace(error, 'works without an error'));
  // "drafts are not saved when offline", "invoice isn't sent": it is.
  const notDone = /\b(is|are|was|were)(?:\s+not|n['’]?t)\s+(?:being\s+|getting\s+)?([a-z]+(?:ed|en)|sent|paid|built|kept|made|set|shown)\b/i;
  if (notDone.test(text)) return sentence(text.replace(notDone, (_, be: string, done: string) => `${/^(?:are|were)$/i.test(be) ? 'are' : 'is'} ${done.toLowerCase()}`));
  // "reset email never arrives": it arrives.
  if (/\bnever\s+(?=[a-z]+s\b)/i.test(text)) return sentence(text.replace(/\bnever\s+/i, ''));
  const fault: Array<[RegExp, string]> = [
    [/\bdoes\s+nothing\b/i, 'works'],
    [/\b(?:is|are)\s+invisible\b/i, 'is visible'],
    // "the coupon field is missing on mobile": shown there; "missing the VAT number" (below): includes it.
    [/\b(?:is|are)\s+missing(?=\s+(?:on|in|from|when|for|after|under|at)\b|[.!]?$)/i, 'is shown'],
    [/\b(?:is|are)\s+(?:not\s+showing|not\s+shown|hidden)\b/i, 'is shown'],
    // Notes leave the verb out: "export button hidden on mobile", "csv export drops the last row".
    [/\b(?:not\s+showing|not\s+shown|hidden)\b/i, 'is shown'],
    [/\bmissing(?=\s+(?:on|in|from|when|for|after|under|at)\b|[.!]?$)/i, 'is shown'],
    [/\b(?:drops|loses|skips|omits|ignores|cuts\s+off)\b/i, 'includes'],
    [/\bmisaligned\b/i, 'aligned'],
    [/\breturns\s+duplicates\b/i, 'returns no duplicates'],
    [/\b(?:is\s+|are\s+)?missing\s+(?:the\s+|a\s+|an\s+|its\s+)?/i, 'includes the '],
    [/\bcrash(?:es)?\b/i, 'does not crash'],
    [/\b(?:times|timed)\s+out\b/i, 'completes without timing out'],
  ];
  for (const [pattern, right] of fault) if (pattern.test(text)) return sentence(text.replace(pattern, right));
  if (/\b(?:is|are)\s+(?:too\s+|very\s+)?slow\b/i.test(text)) return sentence(text.replace(/\b(is|are)\s+(?:too\s+|very\s+)?slow\b/i, '$1 fast'));
  if (/\b(?:is|are)\s+broken\b|\b(?:doesn['’]t|does\s+not|don['’]t|do\s+not)\s+work\b/i.test(text)) return sentence(text.replace(/\b(?:is|are)\s+broken\b|\b(?:doesn['’]t|does\s+not|don['’]t|do\s+not)\s+work\b/i, (found) => (/^(?:are|don|do\s)/i.test(found) ? 'work' : 'works')));
  // Notes leave the verb out: "logout broken in chrome".
  if (/\bbroken\b/i.test(text)) return sentence(text.replace(/\bbroken\b/i, 'works'));
  // "landing page", "needs email to existing users": a thing to make is done when it exists.
  const thing = thingTask(text);
  return sentence(thing ? thing.criterion : text);
}

