import { datedDays } from '../text/dates.js';
import { calendarCase } from '../text/phrases.js';

/**
 * A reminder of an unpaid invoice ("email to acme, invoice #1042 for $3,200 is 30 days overdue,
 * polite but firm", or "overdue invoice reminder to acme" over "invoice #1042 / $3,200 / due oct
 * 15 / sent twice already"): which invoice, how much, since when, and how often it was asked for,
 * each as written. A firm one says the invoice is a priority; no deadline or fee is made up.
 */
export interface OverdueInvoice {
  number?: string;
  amount?: string;
  /** "30 days overdue". */
  overdue?: string;
  /** "Oct 15". */
  due?: string;
  /** "twice": how often it was sent or asked for before. */
  sent?: string;
  firm: boolean;
  /** "overdue", "unpaid", "past due": the ask says it is late (else a reminder before or on the day). */
  late: boolean;
  /** Whom it goes to, as the ask names them ("acme"). */
  to?: string;
}

const invoice = /\binvoices?\b/i;
const unpaid = /\b(?:overdue|unpaid|outstanding|past[\s-]+due|late|not\s+(?:yet\s+)?(?:been\s+)?paid|chase|chasing|payment\s+reminder|remind(?:er)?)\b/i;

/** The invoice an ask for a message chases, with what the ask and the notes say of it; undefined for any other ask. */
export function overdueInvoiceOf(ask: string, notes: string): OverdueInvoice | undefined {
  const first = ask.trim().split('\n')[0]!;
  if (!invoice.test(first) || !unpaid.test(`${first} ${notes}`) || /\b(?:template|how\s+to|blog|post|policy)\b/i.test(first)) return undefined;
  const text = `${first}\n${notes}`;
  const number = /#\s?([A-Z0-9][\w-]*\d[\w-]*|\d[\w-]*)|\binvoice\s+(?:no\.?\s*|number\s*)?([A-Z]{0,4}-?\d[\w-]*)\b/i.exec(text);
  const amount = /(?:[$€£]\s?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{2})?k?|\b(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{2})?\s?(?:usd|eur|gbp|dollars|euros|pounds)\b)/i.exec(text)?.[0];
  const to = /\b(?:e-?mail|reminder|note|message|letter)\s+to\s+(?!(?:the|our|a|an|my|pay|remind|chase|follow)\b)([\p{L}&.-]+)/iu.exec(first)?.[1];
  const overdue = /\b(\d+)\s+days?\s+(?:overdue|late|past\s+due)\b/i.exec(text)?.[0];
  const due = /\bdue\s+(?:on\s+|date\s*:?\s*)?((?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?|\d{1,2}(?:st|nd|rd|th)?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*|\d{1,2}[/.-]\d{1,2}(?:[/.-]\d{2,4})?)/i.exec(text)?.[1];
  const sent = /\b(?:sent|reminded|chased|asked)\s+(?:it\s+|them\s+)?(once|twice|three\s+times|\d+\s+times|two\s+times)\b/i.exec(text)?.[1];
  return {
    ...(number ? { number: number[1] ? `#${number[1]}` : number[2]! } : {}),
    ...(to ? { to } : {}),
    ...(amount ? { amount } : {}),
    ...(overdue ? { overdue } : {}),
    ...(due ? { due: calendarCase(datedDays(due)) } : {}),
    ...(sent ? { sent: sent.toLowerCase() } : {}),
    late: /\b(?:overdue|unpaid|outstanding|past[\s-]+due|late|not\s+(?:yet\s+)?(?:been\s+)?paid)\b/i.test(text),
    firm: /\bfirm|final\s+(?:notice|reminder)|second\s+reminder|last\s+reminder\b/i.test(text) || sent !== undefined,
  };
}
