/**
 * Reads a `Retry-After` header (RFC 9110, section 10.2.3): whole seconds, or an HTTP date. Returns
 * the wait in ms after `at` (the attempt's time, from the runtime's clock), 0 for a date already
 * past, and undefined for anything unreadable (then the schedule alone decides).
 */
export function retryAfterMs(value: string | undefined, at: string): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Math.min(Number(text), 2_147_483) * 1000;
  // An HTTP date always names its zone (GMT); Date.parse would read a bare number or date as local time.
  if (!/GMT$/.test(text)) return undefined;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - Date.parse(at));
}
