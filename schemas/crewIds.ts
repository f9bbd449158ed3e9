/**
 * The crews this service runs: the one list every layer derives crew ids from (issue 28). It
 * lives in schemas/, the leaf layer, so the request and response schemas, the plugin contract
 * and crews/ all read it.
 */
export const crewIds = ['writer', 'mind', 'pilot'] as const;

export type CrewId = (typeof crewIds)[number];
