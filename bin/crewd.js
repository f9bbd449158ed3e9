#!/usr/bin/env node
// `npx crewd ...` from a clone: registers tsx (a dependency) and runs the TypeScript CLI in place.
import { register } from 'tsx/esm/api';

register();
await import('../app/cli/main.ts');
