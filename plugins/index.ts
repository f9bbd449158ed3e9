import { chatPlugin } from './chat/index.js';
import { codePlugin } from './code/index.js';
import type { Plugin } from './contract.js';
import { drivePlugin } from './drive/index.js';
import { notesPlugin } from './notes/index.js';
import { wikiPlugin } from './wiki/index.js';

/** The plugins a default service runs. */
export function builtInPlugins(): Plugin[] {
  return [chatPlugin, codePlugin, drivePlugin, notesPlugin, wikiPlugin];
}
