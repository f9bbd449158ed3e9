import { mkdir, readFile } from 'node:fs/promises';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { actionError, actionResult, definePlugin, integrationActionInputSchema, type CrewId, type Plugin } from '../contract.js';
import type { DocumentBackend } from './documentBackend.js';
import { flagStages } from './flagStages.js';
import { localFolder } from './localFolder.js';
import { readResult, vendorFailure } from './vendorHttp.js';
import { documentKey } from './documentKey.js';

export interface LocalFolderPluginOptions {
  id: 'drive' | 'notes' | 'wiki';
  kind: string;
  displayName: string;
  crews: CrewId[];
  flag: string;
  /** Noun used in tool names and descriptions: document, page. */
  noun: string;
  /** The vendor backend chosen by `"provider": "<vendor>"`; the local folder is the default. */
  vendor?: DocumentBackend;
}

/**
 * drive, notes and wiki share one shape: save the outcome as a document, list, search and read
 * what was saved. The backend is the local folder (default, works unconfigured) or the vendor's
 * (`"provider"` setting), behind the same tools.
 */
export function localFolderPlugin(options: LocalFolderPluginOptions): Plugin {
  const save = `${options.id}_save_${options.noun}`;
  const list = `${options.id}_list_${options.noun}s`;
  const search = `${options.id}_search_${options.noun}s`;
  const read = `${options.id}_read_${options.noun}`;
  const vendor = options.vendor;
  const providers = ['local', ...(vendor ? [vendor.provider] : [])];
  return definePlugin({
    manifest: {
      id: options.id,
      kind: options.kind,
      displayName: options.displayName,
      version: '1.1.0',
      crews: options.crews,
      tools: [save, list, search, read],
      flags: [{ name: options.flag, type: 'boolean', description: `Save the outcome as a ${options.noun} in the ${options.kind}.`, stages: flagStages('documents'), tool: save, action: `save_${options.noun}` }],
      settingsSchema: {
        type: 'object',
        additionalProperties: false,
        properties: {
          provider: { type: 'string', enum: providers, description: `Backend: ${providers.join(' or ')}; local by default.` },
          folder: { type: 'string', pattern: '^[A-Za-z0-9 _-]{1,64}$', description: 'Sub-folder name for saved files (local provider).' },
          ...(vendor?.settingsProperties ?? {}),
        },
      },
      secrets: vendor?.secrets ?? [],
      worksUnconfigured: true,
      ...(vendor?.oauth ? { oauth: vendor.oauth } : {}),
    },
    register(context) {
      const folderName = typeof context.settings.folder === 'string' ? context.settings.folder : '';
      const dir = folderName ? `${context.dataDir}/${folderName}` : context.dataDir;
      const folder = localFolder(dir, options.id);
      const remote = vendor && context.settings.provider === vendor.provider ? vendor : undefined;
      const server = new McpServer({ name: `crewd-${options.id}`, version: '1.1.0' });
      const hits = z.object({ results: z.array(z.object({ id: z.string(), title: z.string(), url: z.string(), excerpt: z.string().optional() })) });

      server.registerTool(save, { description: `Save the outcome's Markdown as a ${options.noun}; returns its id and link.`, inputSchema: integrationActionInputSchema }, async (input) => {
        if (remote) {
          try {
            const saved = await remote.save(context, input);
            return actionResult({ status: 'success', file_url: saved.url, file_id: saved.file_id, ...(options.id !== 'drive' ? { post_url: saved.url } : {}), details: { title: saved.title, provider: remote.provider, created: saved.created } });
          } catch (error) {
            return vendorFailure(error);
          }
        }
        await mkdir(dir, { recursive: true });
        const { document, created } = await folder.save({ title: input.title, content: input.content, idempotencyKey: documentKey(input), createdAt: context.clock.now().toISOString() });
        context.logger.info({ file_id: document.file_id, created }, `${options.noun} saved`);
        return actionResult({ status: 'success', file_url: document.file_url, file_id: document.file_id, details: { title: document.title, bytes: document.bytes, created, provider: 'local' } });
      });
      server.registerTool(list, { description: `List saved ${options.noun}s (local folder) or recent ones (vendor).`, inputSchema: z.object({}), outputSchema: hits }, async () => {
        if (remote) {
          try {
            return readResult({ results: await remote.search(context, '') });
          } catch (error) {
            return vendorFailure(error);
          }
        }
        await mkdir(dir, { recursive: true });
        return readResult({ results: (await folder.list()).map((entry) => ({ id: entry.file_id, title: entry.name, url: entry.file_url })) });
      });
      server.registerTool(search, { description: `Search ${options.noun}s for words; returns excerpts and links.`, inputSchema: z.object({ query: z.string().min(1).max(500) }), outputSchema: hits }, async ({ query }) => {
        if (remote) {
          try {
            return readResult({ results: await remote.search(context, query) });
          } catch (error) {
            return vendorFailure(error);
          }
        }
        await mkdir(dir, { recursive: true });
        return readResult({ results: (await folder.search(query)).map((hit) => ({ id: hit.file_id, title: hit.file_id, url: hit.file_url, excerpt: hit.excerpt })) });
      });
      server.registerTool(
        read,
        { description: `Read a ${options.noun}'s text by id.`, inputSchema: z.object({ id: z.string().min(1).max(200) }), outputSchema: z.object({ id: z.string(), title: z.string(), text: z.string() }) },
        async ({ id }) => {
          if (remote) {
            try {
              return readResult(await remote.read(context, id));
            } catch (error) {
              return vendorFailure(error);
            }
          }
          await mkdir(dir, { recursive: true });
          const entry = (await folder.list()).find((candidate) => candidate.file_id === id);
          if (!entry) return actionError(`No ${options.noun} with id ${id}.`, { retryable: false, code: 'not_found' });
          return readResult({ id, title: entry.name, text: (await readFile(new URL(entry.file_url), 'utf8')).slice(0, 20_000) });
        },
      );
      return server;
    },
  });
}
