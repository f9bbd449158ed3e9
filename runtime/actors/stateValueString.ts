import type { StateValue } from 'xstate';

/** `{processing: 'stage'}` -> `processing.stage` */
export function stateValueString(value: StateValue): string {
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, child]) => (child === undefined || (typeof child === 'object' && Object.keys(child).length === 0) ? key : `${key}.${stateValueString(child as StateValue)}`))
    .join(',');
}
