import { thirdPersonOf } from '../text/grammar.js';

/**
 * A QA test plan ("QA test plan for the checkout page", "test cases for login"): test cases, each
 * with its steps and the expected result, not a PRD or a spec of the feature. Without notes, the
 * cases a plan of that kind of feature usually covers; nothing about the product is assumed beyond
 * what the feature is.
 */

/** "test plan", "QA plan", "test cases", "test scenarios", "QA checklist". */
export const testPlanName = /\b(?:(?:qa|test(?:ing)?|uat|regression|e2e|end-to-end|acceptance)\s+(?:test\s+)?(?:plan|cases|scenarios|script|suite|strategy)|test\s+cases?|qa\s+check-?list)\b/i;

export interface TestCase {
  name: string;
  steps: string[];
  expected: string;
}

const checkout: TestCase[] = [
  { name: 'Buy with a valid card', steps: ['Add an item to the cart', 'Go to checkout', 'Enter a valid shipping address', 'Pay with a valid test card'], expected: 'The order confirmation shows, a confirmation email is sent, and the order appears in the order history.' },
  { name: 'Declined card', steps: ['Go to checkout with an item in the cart', 'Pay with a test card that is declined'], expected: 'A clear error says the payment failed; no order is created and the cart is kept.' },
  { name: 'Missing or invalid address', steps: ['Go to checkout', 'Leave the postcode empty, or enter an invalid one', 'Try to continue'], expected: 'The field is marked with an error and checkout does not continue.' },
  { name: 'Discount code', steps: ['Enter a valid discount code', 'Enter an expired or unknown code'], expected: 'The valid code lowers the total; the invalid one shows an error and the total is unchanged.' },
  { name: 'Totals recalculate', steps: ['Change the quantity of an item', 'Change the shipping method'], expected: 'Subtotal, shipping, tax and total update to the right amounts.' },
  { name: 'Double submit', steps: ['Click "Pay" twice quickly, or reload while paying'], expected: 'Only one order is created and the card is charged once.' },
  { name: 'Empty cart', steps: ['Remove every item from the cart', 'Open the checkout page directly'], expected: 'Checkout cannot be completed; a message points back to the shop.' },
  { name: 'Mobile', steps: ['Complete a purchase on a phone (iOS Safari, Android Chrome)'], expected: 'Every field and button is usable and the purchase completes.' },
];

const signIn: TestCase[] = [
  { name: 'Sign in with valid details', steps: ['Open the sign-in page', 'Enter a valid email and password', 'Submit'], expected: 'The user lands signed in on the right page.' },
  { name: 'Wrong password', steps: ['Enter a valid email and a wrong password', 'Submit'], expected: 'An error says the details are wrong, without saying which one; the user stays signed out.' },
  { name: 'Too many attempts', steps: ['Enter a wrong password several times in a row'], expected: 'Further attempts are slowed or blocked as specified.' },
  { name: 'Password reset', steps: ['Click "Forgot password"', 'Follow the link in the email', 'Set a new password'], expected: 'The new password works and the old one no longer does.' },
  { name: 'Sign out', steps: ['Sign out', 'Press the browser\u2019s back button'], expected: 'No signed-in page is shown again.' },
  { name: 'Mobile', steps: ['Sign in on a phone (iOS Safari, Android Chrome)'], expected: 'The form is usable and sign-in works.' },
];

/** The cases every feature's plan covers, named after the feature. */
function general(name: string): TestCase[] {
  const feature = /^(?:the|our|a|an)\s/i.test(name) ? name : `the ${name}`;
  return [
    { name: 'Main flow', steps: [`Open ${feature}`, 'Complete its main task with valid input'], expected: 'The task completes and the result is saved and shown.' },
    { name: 'Required fields missing', steps: ['Leave each required field empty in turn', 'Submit'], expected: 'Each missing field is marked and nothing is saved.' },
    { name: 'Invalid input', steps: ['Enter values that are too long, in the wrong format or out of range', 'Submit'], expected: 'A clear error names the field; nothing is saved.' },
    { name: 'Permissions', steps: [`Open ${feature} signed out, then as a user without access`], expected: 'Access is refused or redirected to sign-in.' },
    { name: 'Network failure', steps: ['Go offline or slow the network, then submit'], expected: 'An error says what happened, and retrying works without duplicates.' },
    { name: 'Browsers and mobile', steps: [`Repeat the main flow in Chrome, Safari and Firefox, and on a phone`], expected: 'It looks and works the same everywhere.' },
    { name: 'Accessibility', steps: ['Complete the main flow with the keyboard only and with a screen reader'], expected: 'Every control can be reached and is announced by name.' },
  ];
}

/** The usual cases for the feature a plan tests. */
export function usualCases(feature: string): TestCase[] {
  if (/\b(?:checkout|check-out|payments?|cart|basket|purchase)\b/i.test(feature)) return checkout;
  if (/\b(?:log-?in|sign-?in|signin|authentication|auth)\b/i.test(feature)) return signIn;
  return general(feature);
}

/** A case typed as a note: "apply promo code -> total drops 10%", "guest checkout should send a receipt". */
export function caseOfNote(text: string): TestCase {
  // "guest checkout should send a receipt email": what it should do, said of it ("It sends a receipt email.").
  const does = (rest: string) => rest.replace(/^(\S+)/, (verb) => thirdPersonOf(verb));
  const arrow = /^(.+?)\s*(?:->|→|=>|:)\s*(.+)$/.exec(text);
  const should = /^(.+?)\s+(?:should|must)\s+(.+)$/i.exec(text);
  const [action, result] = arrow ? [arrow[1]!, arrow[2]!] : should ? [should[1]!, `It ${does(should[2]!)}`] : [text, ''];
  const name = action.replace(/[.]$/, '');
  return { name: `${name.charAt(0).toUpperCase()}${name.slice(1)}`, steps: [`${name.charAt(0).toUpperCase()}${name.slice(1)}`], expected: result ? `${result.charAt(0).toUpperCase()}${result.slice(1).replace(/[.]?$/, '.')}` : 'Works as specified (expected result to confirm).' };
}
