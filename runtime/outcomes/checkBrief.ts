import { ServiceError } from '../errors.js';

export const briefMinLength = 10;

/** Refuses a brief shorter than `briefMinLength` characters (after trimming), naming the field. */
export function checkBrief(brief: string, field: string): void {
  const length = brief.trim().length;
  if (length < briefMinLength) {
    throw new ServiceError(400, 'invalid_brief', `The brief must be at least ${briefMinLength} characters long.`, { field, min_length: briefMinLength, provided_length: length });
  }
}
