import type { CallToolResult, McpServer, RegisteredTool, ServerContext } from '@modelcontextprotocol/server';
import { deployCrewInput, listOutcomesInput, outcomeIdInput, restPartOf, reviseOutcomeInput, type DeployCrewArgs, type ReviseOutcomeArgs } from '../../schemas/mcpTools.js';
import { deployBody, outcomeList, outcomeView, reviseBody, revision } from '../../schemas/outcomes.js';
import type { JsonSchema } from '../../schemas/types.js';
import type { CrewdMcpDeps, McpPrincipal } from './mcpDeps.js';
import { createTaskResult, declaresTasksExtension } from './extensionTasks.js';
import { outcomeUri } from './outcomeUri.js';
import { requirePermission } from './permission.js';
import { toolSchema } from './toolSchema.js';
import { waitForOutcome } from './waitForOutcome.js';

type Args = Record<string, unknown>;

/** A tool answer: the JSON as text for people and models, and the same value as structured content. */
function answer(value: Record<string, unknown>) {
  return { content: [{ type: 'text' as const, text: JSON.stringify(value, null, 2) }], structuredContent: value };
}

/**
 * crewd's five tools (DESIGN section 10), each doing what its REST route does, with the same
 * validation, permissions and answer shapes. Errors thrown here reach the client as tool errors
 * (`isError: true`) carrying the message, never as a crash.
 */
export function registerTools(server: McpServer, deps: CrewdMcpDeps, principal: McpPrincipal, options: { tasksExtension?: boolean } = {}): { deploy: RegisteredTool } {
  const workspace = principal.workspace;
  const input = <T>(schema: JsonSchema, rest?: (value: Args) => string | undefined) =>
    toolSchema<T>(schema, (value) => deps.problemOf(schema, value) ?? rest?.(value as Args));
  const output = (schema: JsonSchema) => toolSchema<Args>(schema, (value) => deps.problemOf(schema, value));
  const own = async (id: string) => {
    const row = await deps.outcomes.get(workspace.id, id);
    if (!row) throw new Error(`Outcome ${id} was not found in this workspace.`);
    return row;
  };

  const deploy = server.registerTool(
    'deploy_crew',
    {
      title: 'Deploy a crew',
      description:
        'Deploy a crew (writer, mind or pilot) on a brief; takes one credit. With wait (the default) it answers when the outcome completed or failed and sends progress notifications meanwhile; with wait: false it answers at once with the processing outcome. The outcome is also the resource crewd://outcomes/{id}.',
      inputSchema: input<DeployCrewArgs>(deployCrewInput, (value) => deps.problemOf(deployBody, restPartOf.deploy(value))),
      outputSchema: output(outcomeView),
    },
    async (args: DeployCrewArgs, ctx: ServerContext) => {
      requirePermission(principal, 'crews:write', 'deploy_crew');
      const deployed = await deps.engine.deploy(workspace, args.crew, restPartOf.deploy(args));
      if (args.wait === false) return answer(deps.outcomeView(await own(deployed.id)));
      // 2026-07-28 with the tasks extension declared: the deploy runs as a task the client polls.
      if (options.tasksExtension && declaresTasksExtension(ctx)) return createTaskResult(deps, await own(deployed.id)) as CallToolResult;
      const progressToken = ctx.mcpReq._meta?.progressToken;
      const row = await waitForOutcome(deps, workspace.id, deployed.id, ctx.mcpReq.signal, async (current) => {
        const progress = current.progress as { completion_percentage?: number; current_stage?: string };
        // A log message per move (at the level the client set with logging/setLevel or its envelope).
        await ctx.mcpReq.log(current.status === 'failed' ? 'warning' : 'info', { outcome_id: deployed.id, status: current.status, stage: progress.current_stage ?? null }, 'crewd');
        if (progressToken === undefined) return;
        await ctx.mcpReq.notify({
          method: 'notifications/progress',
          params: { progressToken, progress: progress.completion_percentage ?? 0, total: 100, message: `${outcomeUri(deployed.id)} ${current.status}${progress.current_stage ? `: ${progress.current_stage}` : ''}` },
        });
      });
      return answer(deps.outcomeView(row));
    },
  );

  server.registerTool(
    'get_outcome',
    { title: 'Get an outcome', description: 'One outcome: status, progress and agents while processing; the result once completed.', inputSchema: input<Args>(outcomeIdInput), outputSchema: output(outcomeView) },
    async (args: Args) => {
      requirePermission(principal, 'outcomes:read', 'get_outcome');
      return answer(deps.outcomeView(await own(args.outcome_id as string)));
    },
  );

  server.registerTool(
    'list_outcomes',
    {
      title: 'List outcomes',
      description: 'Outcomes of this workspace, newest first, filtered by status, crew and creation time; pass pagination.next_cursor back as cursor for the next page.',
      inputSchema: input<Args>(listOutcomesInput),
      outputSchema: output(outcomeList),
    },
    async (args: Args) => {
      requirePermission(principal, 'outcomes:read', 'list_outcomes');
      return answer(await deps.listOutcomes(workspace.id, { limit: 10, ...args }));
    },
  );

  server.registerTool(
    'revise_outcome',
    { title: 'Revise an outcome', description: 'Ask for a revision of a completed outcome with feedback (3 revisions per outcome).', inputSchema: input<ReviseOutcomeArgs>(reviseOutcomeInput, (value) => deps.problemOf(reviseBody, restPartOf.revise(value))), outputSchema: output(revision) },
    async (args: ReviseOutcomeArgs) => {
      requirePermission(principal, 'outcomes:write', 'revise_outcome');
      const started = await deps.engine.revise(workspace, args.outcome_id, restPartOf.revise(args));
      return answer(deps.revisionView(started));
    },
  );

  server.registerTool(
    'cancel_outcome',
    { title: 'Cancel an outcome', description: 'Stop an outcome that is still processing; it ends failed with code cancelled.', inputSchema: input<Args>(outcomeIdInput), outputSchema: output(outcomeView) },
    async (args: Args) => {
      requirePermission(principal, 'outcomes:write', 'cancel_outcome');
      return answer(deps.outcomeView(await deps.engine.cancel(workspace, args.outcome_id as string)));
    },
  );
  return { deploy };
}
