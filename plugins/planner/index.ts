import { createHash } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { actionResult, definePlugin, integrationActionInputSchema, type PluginContext } from '../contract.js';
import { baseUrl } from '../shared/baseUrl.js';
import { flagStages } from '../shared/flagStages.js';
import { markdownItems } from '../shared/markdownItems.js';
import { baseUrlProperty, secretProperty } from '../shared/settingsSchemas.js';
import { readResult, VendorError, vendorFailure, vendorHttp } from '../shared/vendorHttp.js';

/** A UUID derived from the idempotency key: Linear's `issueCreate` takes the id, so a replay cannot make a second issue. */
export function issueIdOf(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

type Gql = <T>(query: string, variables?: Record<string, unknown>) => Promise<T>;

/** Linear's GraphQL over the guarded fetch; GraphQL errors (HTTP 200) are classified like HTTP ones. */
function graphql(context: PluginContext): Gql {
  const token = context.secrets.access_token ?? context.secrets.api_key ?? '';
  const request = vendorHttp(context, { vendor: 'Linear', baseUrl: baseUrl(context, 'planner', 'https://api.linear.app'), headers: () => ({ authorization: context.secrets.access_token ? `Bearer ${token}` : token }) });
  return async <T>(query: string, variables: Record<string, unknown> = {}) => {
    const answer = await request<{ data?: T; errors?: Array<{ message: string; extensions?: { code?: string; type?: string } }> }>({ method: 'POST', path: '/graphql', json: { query, variables } });
    const error = answer.errors?.[0];
    if (error) {
      const code = String(error.extensions?.code ?? error.extensions?.type ?? '').toUpperCase();
      if (code.includes('AUTHENTICATION')) throw new VendorError('auth_required', `Linear: ${error.message}`, 200, false, undefined);
      if (code.includes('FORBIDDEN')) throw new VendorError('permission_denied', `Linear: ${error.message}`, 200, false, undefined);
      if (code.includes('RATELIMITED')) throw new VendorError('rate_limited', `Linear: ${error.message}`, 200, true, undefined);
      if (/not found|entity not found/i.test(error.message)) throw new VendorError('not_found', `Linear: ${error.message}`, 200, false, undefined);
      throw new VendorError('validation_error', `Linear: ${error.message}`, 200, false, undefined);
    }
    return answer.data as T;
  };
}

const issueFields = 'id identifier title url';

/**
 * Issue planner (pilot) on Linear's GraphQL API. `create_planner_issues` makes one issue per
 * roadmap entry in the configured team. Idempotency is the vendor's own: the issue id is derived
 * from the idempotency key, and a replay first asks for the issue by that id.
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
    const gql = graphql(context);
    const teamId = String(context.settings.team_id ?? '');
    const server = new McpServer({ name: 'crewd-planner', version: '1.0.0' });

    server.registerTool('planner_create_issues', { description: 'Create one issue per roadmap entry of the outcome.', inputSchema: integrationActionInputSchema }, async (input) => {
      try {
        const items = markdownItems(input.content, input.title, /roadmap|milestones?|tickets?|issues?/i);
        const issues: Array<{ id: string; identifier: string; url: string; title: string; created: boolean }> = [];
        for (const [index, item] of items.entries()) {
          const id = issueIdOf(`${input.idempotency_key}:${index}`);
          const existing = await gql<{ issue: { id: string; identifier: string; title: string; url: string } | null }>(`query Issue($id: String!) { issue(id: $id) { ${issueFields} } }`, { id }).catch((error: unknown) => {
            if (error instanceof VendorError && error.code === 'not_found') return { issue: null };
            throw error;
          });
          if (existing.issue) {
            issues.push({ ...existing.issue, created: false });
            continue;
          }
          const made = await gql<{ issueCreate: { success: boolean; issue: { id: string; identifier: string; title: string; url: string } } }>(
            `mutation Create($input: IssueCreateInput!) { issueCreate(input: $input) { success issue { ${issueFields} } } }`,
            { input: { id, teamId, title: item.title, description: `From the outcome "${input.title}" (${input.outcome_id}).${item.owner ? `\n\nOwner: ${item.owner}` : ''}`, ...(item.due ? { dueDate: item.due } : {}) } },
          );
          issues.push({ ...made.issueCreate.issue, created: true });
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
          const data = await gql<{ team: { cycles: { nodes: Array<{ id: string; number: number; startsAt: string; endsAt: string }> } } }>('query Cycles($id: String!) { team(id: $id) { cycles { nodes { id number startsAt endsAt } } } }', { id: teamId });
          return readResult({ cycles: data.team.cycles.nodes });
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
          const data = await gql<{ issues: { nodes: Array<{ id: string; identifier: string; title: string; url: string }> } }>(
            `query Issues($team: ID, $first: Int) { issues(first: $first, filter: { team: { id: { eq: $team } } }) { nodes { ${issueFields} } } }`,
            { team: teamId, first: limit ?? 20 },
          );
          return readResult({ issues: data.issues.nodes });
        } catch (error) {
          return vendorFailure(error);
        }
      },
    );
    return server;
  },
});
