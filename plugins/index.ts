import { analyticsPlugin } from './analytics/index.js';
import { chatPlugin } from './chat/index.js';
import { cmsPlugin } from './cms/index.js';
import { codePlugin } from './code/index.js';
import type { Plugin } from './contract.js';
import { drivePlugin } from './drive/index.js';
import { networkPlugin } from './network/index.js';
import { notesPlugin } from './notes/index.js';
import { plannerPlugin } from './planner/index.js';
import { trackerPlugin } from './tracker/index.js';
import { wikiPlugin } from './wiki/index.js';
import { workPlugin } from './work/index.js';

/**
 * The plugins a default service runs, in the spec's order of integration kinds. Adding a plugin
 * is one line here plus its folder `plugins/<id>/` (plugins/README.md).
 */
export function builtInPlugins(): Plugin[] {
  return [networkPlugin, cmsPlugin, drivePlugin, notesPlugin, chatPlugin, workPlugin, trackerPlugin, analyticsPlugin, codePlugin, plannerPlugin, wikiPlugin];
}
