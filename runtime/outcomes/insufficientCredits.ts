import { ServiceError } from '../errors.js';

/** The 402 of a workspace whose plan has fewer outcomes left than a command needs. */
export function insufficientCredits(remaining: number, required: number, upgradeUrl: string): ServiceError {
  return new ServiceError(402, 'insufficient_credits', `This workspace has ${remaining} outcomes left in its plan; ${required} needed.`, {
    outcomes_remaining: remaining,
    outcomes_required: required,
    upgrade_url: upgradeUrl,
  });
}
