import { createRequire } from 'node:module';
import type Compromise from 'compromise';

// compromise loads at the first text that needs it (most requests never do): its lexicon and
// tagger cost a start-up of their own.
const require = createRequire(import.meta.url);
let compromiseModule: typeof Compromise | undefined;

/** The compromise library, loaded on first use. */
export const compromise = (): typeof Compromise => (compromiseModule ??= require('compromise'));
