import type { DeliverableData } from '../../../../schemas/deliverables/index.js';
import type { OverdueInvoice } from '../overdueInvoice.js';

/**
 * The reminder of an unpaid invoice: the invoice by number and amount, how late it is, how often
 * it was sent, and the ask to pay or say when. Firm is said plainly, never with a made-up deadline.
 */
export function invoiceReminder(bill: OverdueInvoice, greeting: string): DeliverableData['email'] {
  const named = `invoice${bill.number ? ` ${bill.number}` : ''}${bill.amount ? ` for ${bill.amount}` : ''}`;
  const late = bill.overdue ? ` is now ${bill.overdue}` : bill.due ? `, due on ${bill.due}, has not been paid yet` : ' has not been paid yet';
  const dueToo = bill.overdue && bill.due ? [`It was due on ${bill.due}.`] : [];
  return {
    subject: `${bill.late ? 'Overdue invoice' : 'Payment reminder: invoice'}${bill.number ? ` ${bill.number}` : ''}${bill.amount ? ` (${bill.amount})` : ''}`,
    greeting,
    body: [
      `This is a reminder that ${named}${late}.`,
      ...dueToo,
      ...(bill.sent ? [`We have sent it ${bill.sent} already.`] : []),
      ...(bill.firm ? ['As it is now well past its due date, please treat this payment as a priority.'] : []),
      'If you have already paid, please send us the payment details so we can match it.',
    ],
    call_to_action: 'Please arrange payment as soon as possible, or reply to let us know when we can expect it.',
    sign_off: 'Kind regards,',
  };
}
