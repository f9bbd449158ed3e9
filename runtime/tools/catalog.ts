import type { Tool } from '@modelcontextprotocol/client';
import type { CatalogTool } from '../../storage/repositories/toolCatalogs.js';
import { duplicateNames, modelToolName } from './toolNames.js';

const maxDescription = 1024;

/**
 * Turns a server's tool list into catalog entries with the names models see. Descriptions are
 * untrusted text: cut to a bounded length, and nothing else from the server (its `instructions`,
 * annotations) is kept for prompts.
 */
export function catalogTools(serverName: string, tools: readonly Tool[]): CatalogTool[] {
  return tools
    .map((tool) => ({
      name: tool.name,
      model_name: modelToolName(serverName, tool.name),
      description: (tool.description ?? '').slice(0, maxDescription),
      input_schema: (tool.inputSchema ?? { type: 'object' }) as Record<string, unknown>,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Model names of `tools` that clash among themselves or with `taken` (other connections). */
export function collisions(tools: readonly CatalogTool[], taken: ReadonlySet<string>): string[] {
  const own = duplicateNames(tools.map((tool) => tool.model_name));
  const withOthers = tools.filter((tool) => taken.has(tool.model_name)).map((tool) => tool.model_name);
  return [...new Set([...own, ...withOthers])];
}
