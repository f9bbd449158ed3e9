import type { DeliverableData } from '../../../../schemas/deliverables/index.js';
import type { PriceChange } from '../priceChange.js';

/**
 * A price change notice to customers: what changes price, from what to what and when, in one
 * sentence; the old price until the date when one is given; where to ask. Only the ask's facts.
 */
export function priceChangeEmail(change: PriceChange, greeting: string): DeliverableData['email'] {
  const name = change.product ? change.product.replace(/^the\s+/i, '') : undefined;
  // "on March 1", "in April", "from next month".
  const at = change.when ? ` ${/\d/.test(change.when) ? 'on' : /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*$/i.test(change.when) ? 'in' : 'from'} ${change.when}` : '';
  return {
    subject: `${name ? `${name} price change` : 'Price change'}${change.when ? ` from ${change.when}` : ''}`,
    greeting,
    body: [
      `We are writing to let you know that the price of ${change.product ?? 'your plan'} changes from ${change.from} to ${change.to}${at}.`,
      ...(change.when ? [`Until then, you keep paying ${priced(change.from, change.to)}.`] : []),
      'Thank you for being a customer.',
    ],
    call_to_action: 'If you have any questions, just reply to this email.',
    sign_off: 'Kind regards,',
  };
}

/** "9" beside "12 dollars/month" is "9 dollars/month": a bare figure takes the other's currency and unit. */
function priced(from: string, to: string): string {
  if (!/^\d[\d.,]*$/.test(from)) return from;
  const sign = /^[$€£]/.exec(to)?.[0] ?? '';
  const unit = to.replace(/^[$€£]?\s?\d[\d.,]*/, '');
  return `${sign}${from}${unit}`;
}
