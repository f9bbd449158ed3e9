import type { Nlp } from '../../quality/nlp.js';
import { Memo } from './memo.js';

/**
 * What the local composer works with besides a stage's input: the shared analysis of each
 * request (Memo) and the English parser (loaded once per provider, i.e. once per worker thread).
 */
export interface Workbench {
  memo: Memo;
  nlp: Nlp;
}

/** `memoEntries`: at most that many requests' analyses are kept (see Memo for the default). */
export function createWorkbench(nlp: Nlp, memoEntries?: number): Workbench {
  return { memo: new Memo(memoEntries), nlp };
}
