export { createCrewdClient, unwrap, type CrewdClient, type CrewdClientOptions, type Outcome, type OutcomeListQuery } from './client.js';
export { CrewdApiError } from './errors.js';
export { retryAfterMs, retryingFetch, type FetchLike, type RetryOptions } from './retryingFetch.js';
export { followOutcome, type FollowOptions, type StreamMessage } from './stream.js';
export type { components, operations, paths } from './schema.js';
