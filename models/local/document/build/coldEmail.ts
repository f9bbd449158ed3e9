import type { DeliverableData } from '../../../../schemas/deliverables/index.js';
import { verbInflection } from '../../text/grammar.js';
import { isPlural } from '../../text/phrases.js';
import { sentenceStart } from '../context.js';
import type { ColdEmail } from '../coldEmail.js';

/**
 * A cold email (coldEmail.ts): greeted by the role or the company it goes to, one line on what it
 * offers, the facts the ask gives (a fact typed as a verb is said of the offer: "saves 5 hours a
 * week" -> "It saves 5 hours a week."), and a soft ask for a short call. No name, figure or date
 * is added: without facts, it says only what it offers.
 */

// "head of ops" greeted as people write a role: "Dear Head of Operations,".
const spelled: Record<string, string> = { ops: 'Operations', eng: 'Engineering', engg: 'Engineering', mktg: 'Marketing', hr: 'HR', it: 'IT', ux: 'UX', qa: 'QA', vp: 'VP', ceo: 'CEO', cto: 'CTO', cfo: 'CFO', coo: 'COO', cmo: 'CMO', cro: 'CRO', of: 'of', and: 'and' };

function roleName(role: string): string {
  return role.split(/\s+/).map((word) => spelled[word.toLowerCase()] ?? `${word.charAt(0).toUpperCase()}${word.slice(1)}`).join(' ');
}

/** "saves 5 hours a week" -> "It saves 5 hours a week."; anything else as typed, as a sentence. */
function factSentence(fact: string, offer: string): string {
  const first = /^\p{Ll}+/u.exec(fact)?.[0] ?? '';
  const said = verbInflection(first)?.form === 'third' ? `${isPlural(offer.replace(/^(?:our|my|the|a|an)\s+/i, '')) ? 'They' : 'It'} ${fact}` : sentenceStart(fact);
  return /[.!?]$/.test(said) ? said : `${said}.`;
}

export function coldEmail(cold: ColdEmail): DeliverableData['email'] {
  const offer = cold.offer.replace(/^(?:a|an)\s+/i, 'our ');
  const greeting = cold.role ? `Dear ${roleName(cold.role)},` : cold.company ? `Hi ${cold.company} team,` : 'Hello,';
  return {
    subject: `${offer.charAt(0).toUpperCase()}${offer.slice(1)}${cold.company ? ` for ${cold.company}` : ''}`,
    greeting,
    body: [`I am reaching out about ${offer}${cold.group ? ` for ${cold.group}` : ''}.`, ...cold.facts.map((fact) => factSentence(fact, offer))],
    call_to_action: `Would you be open to a short call to see whether it could help ${cold.company ?? 'you'}?`,
    sign_off: 'Best regards,',
  };
}
