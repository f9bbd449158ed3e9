import type { Tool } from '@modelcontextprotocol/client';
import { classifyMcpError } from '../errors.js';
import type { TaskCapabilities, TaskPolicy } from '../ports.js';
import { tasksExtension } from './callToolAsExtensionTask.js';

export type { TaskPolicy };

export type TaskSupport = 'required' | 'optional' | 'forbidden';

/**
 * When a tool is called as an MCP task (`execution.taskSupport`; 2025-11-25 tasks, or the
 * 2026-07-28 `io.modelcontextprotocol/tasks` extension the server lists in its capabilities): always
 * when the server requires it; for `optional`, once a plain call of that tool ran into the call
 * timeout, since such a call is expected to outlive it again. Never when the server's tasks
 * capability does not cover `tools/call` (then `required` tools fail with the server's own error).
 * One policy per session: what it learned is forgotten with the session.
 */
export function createTaskPolicy(): TaskPolicy {
  const modes = new Map<string, TaskSupport>();
  const outlived = new Set<string>();
  let serverSupportsTasks = false;
  let extension = false;
  return {
    /** Remembers each tool's task support from a `tools/list` answer and the server's capabilities. */
    learn(tools: Tool[], capabilities: TaskCapabilities | undefined): void {
      extension = capabilities?.extensions?.[tasksExtension] !== undefined;
      serverSupportsTasks = capabilities?.tasks?.requests?.tools?.call !== undefined || extension;
      modes.clear();
      for (const tool of tools) {
        const mode = (tool as { execution?: { taskSupport?: unknown } }).execution?.taskSupport;
        if (mode === 'required' || mode === 'optional') modes.set(tool.name, mode);
      }
    },
    /** Whether the server's tasks are the 2026-07-28 extension (else 2025-11-25 tasks). */
    viaExtension(): boolean {
      return extension;
    },
    useTask(name: string): boolean {
      if (!serverSupportsTasks) return false;
      const mode = modes.get(name);
      return mode === 'required' || (mode === 'optional' && outlived.has(name));
    },
    /** A plain call failed; a timeout of an `optional` tool sends its next calls as tasks. */
    noteFailure(name: string, error: unknown): void {
      if (modes.get(name) === 'optional' && classifyMcpError(error).reason === 'timeout') outlived.add(name);
    },
  } satisfies TaskPolicy;
}
