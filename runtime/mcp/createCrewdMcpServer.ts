import { McpServer } from '@modelcontextprotocol/server';
import type { CrewdMcpDeps, McpPrincipal } from './mcpDeps.js';
import { tasksCapability } from './outcomeTasks.js';
import { registerCrewResource } from './registerCrewResource.js';
import { registerOutcomeResource } from './registerOutcomeResource.js';
import { registerTools } from './registerTools.js';
import { registerApprovalTools } from './registerApprovalTools.js';
import { registerExtensionTasks } from './extensionTasks.js';
import { registerLegacyTaskResult } from './legacyTaskResult.js';

/**
 * crewd as an MCP server for one caller (DESIGN section 10): the five crew tools, the outcome and
 * crew resources (with completion of their ids) and log messages of a waiting deploy, acting in
 * the caller's workspace with the caller's permissions. Transport-free: the HTTP mount (http/routes/mcpServer.ts) connects it, per request (2026-07-28) or per session
 * (2025-11-25). Resource subscriptions and the other 2025-11-25 task messages are answered by the
 * mount, which owns the sessions; `tasks/result` (2025-11-25) and the 2026-07-28 tasks extension
 * are answered here.
 */
export function createCrewdMcpServer(deps: CrewdMcpDeps, principal: McpPrincipal, options: { tasks?: boolean; tasksExtension?: boolean } = {}): McpServer {
  const server = new McpServer(
    { name: 'crewd', version: deps.version },
    {
      capabilities: { tools: {}, resources: { subscribe: true }, logging: {}, ...(options.tasks ? { tasks: tasksCapability } : {}) },
      instructions:
        'crewd runs AI crews (writer, mind, pilot) on a brief. deploy_crew starts one and, by default, waits for the outcome with progress notifications; get_outcome, list_outcomes, revise_outcome and cancel_outcome act on outcomes. Each outcome is the resource crewd://outcomes/{id}.',
    },
  );
  const { deploy } = registerTools(server, deps, principal, { tasksExtension: options.tasksExtension ?? false });
  registerApprovalTools(server, deps, principal);
  // 2025-11-25 tasks (answered by the mount, see outcomeTasks.ts): a client may run a deploy as one.
  if (options.tasks) {
    deploy.execution = { taskSupport: 'optional' };
    registerLegacyTaskResult(server, deps, principal);
  }
  // 2026-07-28: the tasks extension (extensionTasks.ts), advertised in server/discover.
  if (options.tasksExtension) registerExtensionTasks(server, deps, principal);
  registerOutcomeResource(server, deps, principal);
  registerCrewResource(server, deps, principal);
  return server;
}
