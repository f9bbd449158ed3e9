import { McpServer } from '@modelcontextprotocol/server';
import type Asana from 'asana';
import { z } from 'zod';
import { actionResult, definePlugin, integrationActionInputSchema, type PluginContext } from '../contract.js';
import { baseUrl } from '../shared/baseUrl.js';
import { flagStages } from '../shared/flagStages.js';
import { createdObject } from '../shared/createdObject.js';
import { idempotentCreate } from '../shared/idempotentCreate.js';
import { workItemKey, workItemMarker, workItems } from '../shared/workItems.js';
import { baseUrlProperty, secretProperty } from '../shared/settingsSchemas.js';
import { guardedAgentFor } from '../shared/guardedAgent.js';
import { readResult, vendorErrorOf, vendorFailure } from '../shared/vendorHttp.js';

interface AsanaTask {
  gid: string;
  name: string;
  notes?: string;
  permalink_url?: string;
  completed?: boolean;
  due_on?: string | null;
  assignee?: { name?: string } | null;
}

/**
 * Asana's official client (`asana` v3, superagent over node:http) with the guarded agent: every
 * connection passes the SSRF guard of the plugin's fetch. Its collections off (a page answers
 * `{data}`), its errors classified like every other vendor's.
 */
function asanaClient(context: PluginContext) {
  const basePath = `${baseUrl(context, 'work', 'https://app.asana.com')}/api/1.0`;
  let apis: { client: Asana.ApiClient; tasks: Asana.TasksApi; projects: Asana.ProjectsApi } | undefined;
  return async <T>(call: (asana: { tasks: Asana.TasksApi; projects: Asana.ProjectsApi }) => Promise<unknown>): Promise<T> => {
    try {
      if (!apis) {
        // Loaded on first use, so a service without Asana never pays for the client.
        // A CommonJS module: its exports are `default` or the namespace itself, by loader.
        const loaded = await import('asana');
        const sdk: typeof Asana = loaded.default ?? loaded;
        const client = new sdk.ApiClient();
        client.basePath = basePath;
        client.RETURN_COLLECTION = false;
        client.authentications.token!.accessToken = context.secrets.access_token ?? '';
        // superagent follows redirects itself, past the guarded agent (a redirect to https crashed
        // the process): none are followed, so a 3xx is the call's failure, with its status.
        const applyAuth = client.applyAuthToRequest.bind(client);
        client.applyAuthToRequest = (request, authNames) => applyAuth(request.redirects(0), authNames);
        apis = { client, tasks: new sdk.TasksApi(client), projects: new sdk.ProjectsApi(client) };
      }
      // Asked per call: a refusal (no guarded agent) is the call's failure, not the plugin's start.
      apis.client.requestAgent = guardedAgentFor(context, basePath, 'Asana');
      return (await call(apis)) as T;
    } catch (error) {
      // superagent: `status` and `response` when Asana answered; a socket error when it did not.
      const failure = error as { status?: number; response?: { headers?: Record<string, string>; body?: { errors?: Array<{ message?: string }> } }; message?: string };
      const message = failure.response?.body?.errors?.[0]?.message ?? failure.message ?? String(error);
      throw vendorErrorOf('Asana', { status: failure.response ? failure.status : undefined, retryAfter: failure.response?.headers?.['retry-after'], message, error }, context.clock.now());
    }
  };
}

/**
 * Work-management tool (mind) on the Asana REST API through its official client `asana`. `create_work_tasks` makes one
 * task per action item of the outcome (owner and due date when the line names them) in the
 * configured project. Asana has no idempotency key: each task's notes end with a marker, and a
 * replay after a crash asks for the project's tasks modified since the attempt began.
 */
export const workPlugin = definePlugin({
  manifest: {
    id: 'work',
    kind: 'work-management tool',
    displayName: 'Work-management tool (Asana)',
    version: '1.0.0',
    crews: ['mind'],
    tools: ['work_create_tasks', 'work_list_projects', 'work_list_tasks'],
    flags: [{ name: 'create_work_tasks', type: 'boolean', description: 'Create a task per action item in the work-management tool.', stages: flagStages('tickets'), tool: 'work_create_tasks', action: 'create_tasks' }],
    settingsSchema: {
      type: 'object',
      additionalProperties: false,
      required: ['workspace_gid', 'project_gid'],
      properties: {
        workspace_gid: { type: 'string', pattern: '^[0-9]{1,30}$', description: 'The Asana workspace gid.' },
        project_gid: { type: 'string', pattern: '^[0-9]{1,30}$', description: 'The project that receives the tasks.' },
        access_token: secretProperty('Personal access token or OAuth access token'),
        base_url: baseUrlProperty,
      },
    },
    secrets: [{ name: 'access_token', description: 'Access token.', required: true }],
    oauth: { authorizeUrl: 'https://app.asana.com/-/oauth_authorize', tokenUrl: 'https://app.asana.com/-/oauth_token', scopes: ['default'] },
  },
  register(context) {
    const project = String(context.settings.project_gid ?? '');
    const workspace = String(context.settings.workspace_gid ?? '');
    const asana = asanaClient(context);
    const server = new McpServer({ name: 'crewd-work', version: '1.0.0' });

    server.registerTool('work_create_tasks', { description: 'Create one task per action item of the outcome.', inputSchema: integrationActionInputSchema }, async (input) => {
      try {
        const items = workItems(input.content, input.title, /action items?|next steps|tasks/i);
        const tasks: Array<{ gid: string; url: string; name: string; created: boolean }> = [];
        for (const item of items) {
          // Per item, not per attempt: a retry or a second run of the stage finds the first run's task.
          const key = workItemKey(input, item);
          const marker = `crewd:${await workItemMarker(input, item)}`;
          const { result, created } = await idempotentCreate(context.kv, key, () => context.clock.now(), {
            async find(since) {
              const page = await asana<{ data: AsanaTask[] }>(({ tasks }) => tasks.getTasks({ project, modified_since: since, opt_fields: 'name,notes,permalink_url', limit: 100 }));
              const hit = page.data.find((task) => (task.notes ?? '').includes(marker));
              return hit ? { gid: hit.gid, url: hit.permalink_url ?? '', name: hit.name } : undefined;
            },
            async create() {
              const notes = `${item.owner ? `Owner: ${item.owner}\n` : ''}From crewd outcome ${input.outcome_id}: ${input.title}\n\n${marker}`;
              const answer = await asana<{ data?: AsanaTask } | undefined>(({ tasks }) =>
                tasks.createTask({ data: { name: item.title, notes, projects: [project], workspace, ...(item.due ? { due_on: item.due } : {}), ...(item.owner && item.owner.includes('@') ? { assignee: item.owner } : {}) } }, { opt_fields: 'name,permalink_url' }),
              );
              const data = createdObject('Asana', answer?.data, ['gid']);
              return { gid: data.gid, url: data.permalink_url ?? '', name: data.name };
            },
          });
          tasks.push({ ...result, created });
        }
        return actionResult({ status: 'success', post_url: tasks[0]?.url, details: { project_gid: project, tasks } });
      } catch (error) {
        return vendorFailure(error);
      }
    });

    server.registerTool(
      'work_list_projects',
      { description: 'List the projects of the workspace.', inputSchema: z.object({}), outputSchema: z.object({ projects: z.array(z.object({ gid: z.string(), name: z.string() })) }) },
      async () => {
        try {
          const page = await asana<{ data: Array<{ gid: string; name: string }> }>(({ projects }) => projects.getProjects({ workspace, limit: 100 }));
          return readResult({ projects: page.data.map((p) => ({ gid: p.gid, name: p.name })) });
        } catch (error) {
          return vendorFailure(error);
        }
      },
    );

    server.registerTool(
      'work_list_tasks',
      {
        description: 'List tasks of a project (the configured one by default).',
        inputSchema: z.object({ project_gid: z.string().regex(/^[0-9]{1,30}$/).optional(), limit: z.number().int().min(1).max(100).optional() }),
        outputSchema: z.object({ tasks: z.array(z.object({ gid: z.string(), name: z.string(), completed: z.boolean(), due_on: z.string().nullable(), assignee: z.string().nullable(), url: z.string() })) }),
      },
      async ({ project_gid, limit }) => {
        try {
          const page = await asana<{ data: AsanaTask[] }>(({ tasks }) => tasks.getTasks({ project: project_gid ?? project, limit: limit ?? 50, opt_fields: 'name,completed,due_on,assignee.name,permalink_url' }));
          return readResult({ tasks: page.data.map((task) => ({ gid: task.gid, name: task.name, completed: task.completed ?? false, due_on: task.due_on ?? null, assignee: task.assignee?.name ?? null, url: task.permalink_url ?? '' })) });
        } catch (error) {
          return vendorFailure(error);
        }
      },
    );
    return server;
  },
});
