import { fullMonths } from '../text/dates.js';

/** "out of office email reply", "OOO message", "vacation auto-reply", "away message": the away notice people set up. */
export const awayNotice = /\b(?:out[\s-]+of[\s-]+(?:the\s+)?office|ooo|auto[\s-]?reply|away\s+(?:message|notice|e-?mail|reply)|vacation\s+(?:reply|responder|message|email))\b/i;

// "dec 20", "20 dec", "the 20th", "friday": a day an absence starts or ends on.
const day = String.raw`(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?|\d{1,2}(?:st|nd|rd|th)?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*|the\s+\d{1,2}(?:st|nd|rd|th)|(?:mon|tues|wednes|thurs|fri|satur|sun)day)`;
const away = String.raw`^(?:i['’]?m\s+|i\s+am\s+)?(?:away|off|out|ooo|out\s+of\s+(?:the\s+)?office|on\s+(?:holiday|vacation|leave|pto))\s+`;
// "off dec 20 - jan 3", "away aug 5-19": from one day to another (a bare number is the same month's).
const awayRange = new RegExp(String.raw`${away}(?:from\s+)?(${day})\s*(?:-|–|to|until|till|thru|through)\s*(${day}|\d{1,2}(?:st|nd|rd|th)?)(?![\p{L}\d])(.*)$`, 'iu');
// "away till dec 3", "off until monday".
const awayUntil = new RegExp(String.raw`${away}(?:until|till|til|through|thru)\s+(${day})(?![\p{L}\d])(.*)$`, 'iu');

/**
 * An absence typed as a fragment ("off dec 20 - jan 3", "away aug 5-19, no email access", "away
 * till dec 3") said as the sentence it stands for: "I'm out of the office from December 20 to
 * January 3.", "... from August 5 to August 19, with no email access."; undefined for any other line.
 */
export function awaySentence(line: string): string | undefined {
  const text = line.trim().replace(/[.!]+$/, '');
  const range = awayRange.exec(text);
  const until = range ? undefined : awayUntil.exec(text);
  if (!range && !until) return undefined;
  const rest = (range ? range[3] : until![2])!.trim().replace(/^,\s*(?=no\b)/i, ', with ');
  const month = range ? /^\p{L}+/u.exec(range[1]!)?.[0] : undefined;
  const end = range && /^\d/.test(range[2]!) && month && /^\p{L}/u.test(range[1]!) ? `${month} ${range[2]}` : range?.[2];
  const when = range ? `from ${fullMonths(range[1]!)} to ${fullMonths(end!)}` : `until ${fullMonths(until![1]!)}`;
  return `I'm out of the office ${when}${rest ? (/^[,;]/.test(rest) ? rest : ` ${rest}`) : ''}.`;
}
