/**
 * A fixture MCP server speaking 2025-11-25 tasks, built with the SDK 1.x that
 * @modelcontextprotocol/server-everything ships (the 2.x server has no task runtime). Run over
 * stdio: `node --import tsx test/e2e/mcpTasksServer.ts <journal file>`.
 * - `search_slow` (taskSupport `required`): a task that works `ms` milliseconds (default 700, or the
 *   second argument: several polls at its 100 ms poll interval), then completes with a text naming the query.
 * - `slow_report` (taskSupport `optional`): answers plainly after `ms`, or as a task.
 * The third and fourth arguments delay the answer to the creating call and to each `tasks/get`.
 * Every task start, poll and cancellation is appended to the journal file as one JSON line, so a
 * test sees what the client asked.
 */
import fs from 'node:fs';
import { InMemoryTaskStore } from '@modelcontextprotocol/sdk/experimental/tasks';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { GetTaskRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

const journal = process.argv[2]!;
/** How long a task works when the call does not say (`ms`); the second argument overrides it. */
const defaultMs = Number(process.argv[3] ?? 700);
/** How long the server takes to answer the creating call after it created the task (third argument). */
const answerDelayMs = Number(process.argv[4] ?? 0);
/** How long the server takes to answer each `tasks/get` (fourth argument). */
const pollDelayMs = Number(process.argv[5] ?? 0);
const note = (entry: Record<string, unknown>) => fs.appendFileSync(journal, `${JSON.stringify({ ...entry, at: Date.now() })}\n`);

const taskStore = new InMemoryTaskStore();
const server = new McpServer(
  { name: 'task-fixture', version: '1.0.0' },
  { capabilities: { tools: {}, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } }, taskStore } as never,
);

function work(taskId: string, ms: number, text: string, store: typeof taskStore) {
  const started = Date.now();
  const timer = setInterval(async () => {
    const task = await store.getTask(taskId).catch(() => null);
    if (!task) return clearInterval(timer);
    if (task.status === 'cancelled') {
      note({ event: 'cancelled', taskId });
      return clearInterval(timer);
    }
    if (Date.now() - started >= ms) {
      clearInterval(timer);
      await store.storeTaskResult(taskId, 'completed', { content: [{ type: 'text', text }] });
      note({ event: 'completed', taskId });
    }
  }, 20);
}

const input = { query: z.string(), ms: z.number().optional() };
for (const [name, support] of [
  ['search_slow', 'required'],
  ['slow_report', 'optional'],
] as const) {
  (server as any).experimental.tasks.registerToolTask(
    name,
    { description: `Search facts about a subject, slowly (${name}).`, inputSchema: input, execution: { taskSupport: support } },
    {
      createTask: async (args: { query: string; ms?: number }, extra: any) => {
        const ms = args.ms ?? defaultMs;
        const task = await extra.taskStore.createTask({ ttl: 60_000, pollInterval: 100 });
        note({ event: 'created', taskId: task.taskId, tool: name, ms });
        work(task.taskId, ms, `${name} found 3 facts about ${args.query}`, extra.taskStore);
        if (answerDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, answerDelayMs));
        return { task };
      },
      getTask: async (_args: unknown, extra: any) => {
        note({ event: 'polled', taskId: extra.taskId });
        return extra.taskStore.getTask(extra.taskId);
      },
      getTaskResult: async (_args: unknown, extra: any) => extra.taskStore.getTaskResult(extra.taskId),
    },
  );
}

// The protocol answers `tasks/get` from the store itself; a slow server is this handler in its place.
if (pollDelayMs > 0) {
  server.server.setRequestHandler(GetTaskRequestSchema, async (request, extra) => {
    note({ event: 'polled', taskId: request.params.taskId });
    await new Promise((resolve) => setTimeout(resolve, pollDelayMs));
    return { ...(await taskStore.getTask(request.params.taskId, extra.sessionId))! } as never;
  });
}

await server.connect(new StdioServerTransport());
