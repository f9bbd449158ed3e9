import type { IdGenerator } from '../../runtime/ids.js';

/**
 * Request ids, echoed in X-Request-Id and written with every log line: a random per-process
 * prefix and a counter, unique, unguessable enough for correlation, and free of a random-bytes
 * call per request.
 */
export function requestIds(ids: IdGenerator): () => string {
  const prefix = ids.id('req', 10);
  let counter = 0;
  return () => {
    counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
    return `${prefix}${counter.toString(36)}`;
  };
}
