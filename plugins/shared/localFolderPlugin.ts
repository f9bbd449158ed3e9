import { mkdir } from 'node:fs/promises';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { actionResult, definePlugin, integrationActionInputSchema, type CrewId, type Plugin } from '../contract.js';
import { flagStages } from './flagStages.js';
import { localFolder } from './localFolder.js';

export interface LocalFolderPluginOptions {
  id: 'drive' | 'notes' | 'wiki';
  kind: string;
  displayName: string;
  crews: CrewId[];
  flag: string;
  /** Noun used in tool names and descriptions: document, page. */
  noun: string;
}

/**
 * drive, notes and wiki share one local-folder backend: save the outcome's Markdown, list and
 * search what was saved. Vendor backends (Google Drive, Notion, Confluence) follow in their own
 * issue behind the same tools.
 */
export function localFolderPlugin(options: LocalFolderPluginOptions): Plugin {
  const save = `${options.id}_save_${options.noun}`;
  const list = `${options.id}_list_${options.noun}s`;
  const search = `${options.id}_search_${options.noun}s`;
  return definePlugin({
    manifest: {
      id: options.id,
      kind: options.kind,
      displayName: options.displayName,
      version: '1.0.0',
      crews: options.crews,
      tools: [save, list, search],
      flags: [{ name: options.flag, type: 'boolean', description: `Save the outcome as a ${options.noun} in the ${options.kind}.`, stages: flagStages('documents'), tool: save, action: `save_${options.noun}` }],
      settingsSchema: {
        type: 'object',
        additionalProperties: false,
        properties: { folder: { type: 'string', pattern: '^[A-Za-z0-9 _-]{1,64}$', description: 'Sub-folder name for saved files.' } },
      },
      secrets: [],
      worksUnconfigured: true,
    },
    register(context) {
      const folderName = typeof context.settings.folder === 'string' ? context.settings.folder : '';
      const dir = folderName ? `${context.dataDir}/${folderName}` : context.dataDir;
      const folder = localFolder(dir, options.id);
      const server = new McpServer({ name: `crewd-${options.id}`, version: '1.0.0' });
      server.registerTool(save, { description: `Save the outcome's Markdown as a ${options.noun}; returns its file id and file:// link.`, inputSchema: integrationActionInputSchema }, async (input) => {
        await mkdir(dir, { recursive: true });
        const { document, created } = await folder.save({ title: input.title, content: input.content, idempotencyKey: input.idempotency_key, createdAt: context.clock.now().toISOString() });
        context.logger.info({ file_id: document.file_id, created }, `${options.noun} saved`);
        return actionResult({ status: 'success', file_url: document.file_url, file_id: document.file_id, details: { title: document.title, bytes: document.bytes, created } });
      });
      server.registerTool(list, { description: `List saved ${options.noun}s.`, inputSchema: z.object({}) }, async () => {
        await mkdir(dir, { recursive: true });
        return { content: [{ type: 'text', text: JSON.stringify(await folder.list()) }] };
      });
      server.registerTool(search, { description: `Search saved ${options.noun}s for words; returns excerpts.`, inputSchema: z.object({ query: z.string().min(1) }) }, async ({ query }) => {
        await mkdir(dir, { recursive: true });
        return { content: [{ type: 'text', text: JSON.stringify(await folder.search(query)) }] };
      });
      return server;
    },
  });
}
