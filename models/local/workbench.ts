import type { Nlp } from '../../quality/nlp.js';
import { Memo } from './memo.js';

/**
 * What the local composer works with besides a stage's input: the shared analysis of each
 * request (Memo), the request's text with names spelled as their owners do (a Memo of its own:
 * it is the input of the analysis, not an analysis), and the English parser (loaded once per
 * provider, i.e. once per worker thread).
 */
export interface Workbench {
  memo: Memo;
  spelled: Memo;
  nlp: Nlp;
}

/** `memoEntries`: at most that many requests' analyses are kept (see Memo for the default). */
export function createWorkbench(nlp: Nlp, memoEntries?: number): Workbench {
  return { memo: new Memo(memoEntries), spelled: new Memo(memoEntries), nlp };
}
