import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { actionResult, definePlugin, integrationActionInputSchema } from '../contract.js';
import { flagStages } from '../shared/flagStages.js';
import { createdObject } from '../shared/createdObject.js';
import { idempotentCreate } from '../shared/idempotentCreate.js';
import { workItemKey, workItemMarker, workItems } from '../shared/workItems.js';
import { baseUrlProperty, secretProperty } from '../shared/settingsSchemas.js';
import { readResult, vendorFailure } from '../shared/vendorHttp.js';
import { linearGraphql } from './linear.js';

const issueFields = 'id identifier title url';

/**
 * Issue planner (pilot) on Linear's GraphQL API (`@linear/sdk`'s request seam and error types;
 * see linear.ts). `create_planner_issues` makes one issue per
 * roadmap entry in the configured team. Each issue's description ends with a reference marker;
 * a replay after a crash asks for issues with the same title (one filtered query) and keeps the
 * one carrying the marker. (Linear's `IssueCreateInput.id` could serve as an idempotency key,
 * but the emulator the tests run against does not take it; one code path serves both.)
 */
export const plannerPlugin = definePlugin({
  manifest: {
    id: 'planner',
    kind: 'issue planner',
    displayName: 'Issue planner (Linear)',
    version: '1.0.0',
    crews: ['pilot'],
    tools: ['planner_create_issues', 'planner_list_teams', 'planner_list_cycles', 'planner_list_issues'],
    flags: [{ name: 'create_planner_issues', type: 'boolean', description: 'Create an issue per roadmap entry in the planner team.', stages: flagStages('tickets'), tool: 'planner_create_issues', action: 'create_issues' }],
    settingsSchema: {
      type: 'object',
      additionalProperties: false,
      required: ['team_id'],
      properties: {
        team_id: { type: 'string', minLength: 1, maxLength: 100, description: 'The Linear team (id) that receives the issues.' },
        api_key: secretProperty('Linear personal API key'),
        access_token: secretProperty('OAuth access token'),
        base_url: baseUrlProperty,
      },
    },
    secrets: [
      { name: 'api_key', description: 'Personal API key.', required: false },
      { name: 'access_token', description: 'OAuth access token.', required: false },
    ],
    oauth: { authorizeUrl: 'https://linear.app/oauth/authorize', tokenUrl: 'https://api.linear.app/oauth/token', scopes: ['read', 'write'] },
  },
  register(context) {
    const gql = linearGraphql(context);
    const teamId = String(context.settings.team_id ?? '');
    const server = new McpServer({ name: 'crewd-planner', version: '1.0.0' });

    server.registerTool('planner_create_issues', { description: 'Create one issue per roadmap entry of the outcome.', inputSchema: integrationActionInputSchema }, async (input) => {
      try {
        const items = workItems(input.content, input.title, /roadmap|milestones?|tickets?|issues?|tasks|backlog/i);
        const issues: Array<{ id: string; identifier: string; url: string; title: string; created: boolean }> = [];
        for (const item of items) {
          // Per item, not per attempt: a retry or a second run of the stage finds the first run's issue.
          const key = workItemKey(input, item);
          const marker = `crewd-ref: ${await workItemMarker(input, item)}`;
          const { result, created } = await idempotentCreate(context.kv, key, () => context.clock.now(), {
            async find() {
              const found = await gql<{ issues: { nodes: Array<{ id: string; identifier: string; title: string; url: string; description?: string | null }> } }>(
                `query Find($title: String!) { issues(first: 20, filter: { title: { eq: $title } }) { nodes { ${issueFields} description } } }`,
                { title: item.title },
              );
              const hit = found.issues.nodes.find((issue) => (issue.description ?? '').includes(marker));
              return hit ? { id: hit.id, identifier: hit.identifier, title: hit.title, url: hit.url } : undefined;
            },
            async create() {
              const made = await gql<{ issueCreate?: { success: boolean; issue?: { id: string; identifier: string; title: string; url: string } } } | null>(
                `mutation Create($input: IssueCreateInput!) { issueCreate(input: $input) { success issue { ${issueFields} } } }`,
                { input: { teamId, title: item.title, description: `From the outcome "${input.title}" (${input.outcome_id}).${item.owner ? `\n\nOwner: ${item.owner}` : ''}\n\n${marker}`, ...(item.due ? { dueDate: item.due } : {}) } },
              );
              return createdObject('Linear', made?.issueCreate?.success === false ? undefined : made?.issueCreate?.issue, ['id', 'url']);
            },
          });
          issues.push({ ...result, created });
        }
        return actionResult({ status: 'success', post_url: issues[0]?.url, details: { team_id: teamId, issues } });
      } catch (error) {
        return vendorFailure(error);
      }
    });

    server.registerTool(
      'planner_list_teams',
      { description: 'List the teams.', inputSchema: z.object({}), outputSchema: z.object({ teams: z.array(z.object({ id: z.string(), key: z.string(), name: z.string() })) }) },
      async () => {
        try {
          const data = await gql<{ teams: { nodes: Array<{ id: string; key: string; name: string }> } }>('query { teams { nodes { id key name } } }');
          return readResult({ teams: data.teams.nodes });
        } catch (error) {
          return vendorFailure(error);
        }
      },
    );

    server.registerTool(
      'planner_list_cycles',
      { description: 'List the cycles of the team.', inputSchema: z.object({}), outputSchema: z.object({ cycles: z.array(z.object({ id: z.string(), number: z.number(), startsAt: z.string(), endsAt: z.string() })) }) },
      async () => {
        try {
          const data = await gql<{ cycles: { nodes: Array<{ id: string; number: number; startsAt: string | null; endsAt: string | null; team: { id: string } }> } }>('query { cycles(first: 50) { nodes { id number startsAt endsAt team { id } } } }');
          return readResult({ cycles: data.cycles.nodes.filter((cycle) => cycle.team.id === teamId).map(({ team: _team, ...cycle }) => ({ ...cycle, startsAt: cycle.startsAt ?? '', endsAt: cycle.endsAt ?? '' })) });
        } catch (error) {
          return vendorFailure(error);
        }
      },
    );

    server.registerTool(
      'planner_list_issues',
      {
        description: 'List recent issues of the team.',
        inputSchema: z.object({ limit: z.number().int().min(1).max(50).optional() }),
        outputSchema: z.object({ issues: z.array(z.object({ id: z.string(), identifier: z.string(), title: z.string(), url: z.string() })) }),
      },
      async ({ limit }) => {
        try {
          // Filtered here: the team filter's shape differs between Linear and its emulator.
          const data = await gql<{ issues: { nodes: Array<{ id: string; identifier: string; title: string; url: string; team: { id: string } }> } }>(`query Issues($first: Int) { issues(first: $first) { nodes { ${issueFields} team { id } } } }`, { first: 100 });
          return readResult({ issues: data.issues.nodes.filter((issue) => issue.team.id === teamId).slice(0, limit ?? 20).map(({ team: _team, ...issue }) => issue) });
        } catch (error) {
          return vendorFailure(error);
        }
      },
    );
    return server;
  },
});
