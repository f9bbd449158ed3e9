import { McpServer } from '@modelcontextprotocol/server';
import type { Config, Version3, Version3Client } from 'jira.js';
import { z } from 'zod';
import { actionResult, definePlugin, integrationActionInputSchema } from '../contract.js';
import { atlassianAuthentication, atlassianError, guardedAxiosConfig } from '../shared/atlassianClient.js';
import { baseUrl } from '../shared/baseUrl.js';
import { flagStages } from '../shared/flagStages.js';
import { createdObject } from '../shared/createdObject.js';
import { idempotentCreate } from '../shared/idempotentCreate.js';
import { workItemKey, workItemMarker, workItems } from '../shared/workItems.js';
import { baseUrlProperty, secretProperty } from '../shared/settingsSchemas.js';
import { readResult, vendorFailure } from '../shared/vendorHttp.js';

/** Jira's document format for a plain-text description. */
function adf(text: string): Version3.Version3Models.Document {
  return { type: 'doc', version: 1, content: text.split(/\n{2,}/).filter((p) => p.trim() !== '').map((p) => ({ type: 'paragraph', content: [{ type: 'text', text: p.slice(0, 30_000) }] })) };
}

interface JiraSearch {
  issues?: Array<{ id: string; key: string; fields?: { summary?: string; status?: { name?: string } } }>;
}

/**
 * Issue tracker (mind, pilot) on Jira Cloud's REST API v3 through its client `jira.js`
 * (`Version3Client` on the guarded fetch). `create_tracker_tickets`
 * files one issue per ticket (or action item) of the outcome. Each issue carries the label
 * `crewd-<marker>`, so a replay after a crash finds it with one JQL lookup by label.
 */
export const trackerPlugin = definePlugin({
  manifest: {
    id: 'tracker',
    kind: 'issue tracker',
    displayName: 'Issue tracker (Jira)',
    version: '1.0.0',
    crews: ['mind', 'pilot'],
    tools: ['tracker_create_issues', 'tracker_search_issues'],
    flags: [{ name: 'create_tracker_tickets', type: 'boolean', description: 'File the tickets (or action items) as issues in the tracker.', stages: flagStages('tickets'), tool: 'tracker_create_issues', action: 'create_issues' }],
    settingsSchema: {
      type: 'object',
      additionalProperties: false,
      required: ['base_url', 'project_key'],
      properties: {
        base_url: { ...baseUrlProperty, description: 'The Jira site, e.g. https://acme.atlassian.net (or the OAuth API base).' },
        project_key: { type: 'string', pattern: '^[A-Z][A-Z0-9_]{0,19}$', description: 'The project key, e.g. ENG.' },
        issue_type: { type: 'string', minLength: 1, maxLength: 50, description: 'Issue type name; Task by default.' },
        email: { type: 'string', format: 'email', description: 'Account email of the API token.' },
        api_token: secretProperty('Atlassian API token (with email)'),
        access_token: secretProperty('OAuth access token'),
      },
    },
    secrets: [
      { name: 'api_token', description: 'Atlassian API token.', required: false },
      { name: 'access_token', description: 'OAuth access token.', required: false },
    ],
    oauth: { authorizeUrl: 'https://auth.atlassian.com/authorize', tokenUrl: 'https://auth.atlassian.com/oauth/token', scopes: ['read:jira-work', 'write:jira-work', 'offline_access'], extraAuthorizeParams: { audience: 'api.atlassian.com', prompt: 'consent' } },
  },
  register(context) {
    const site = baseUrl(context, 'tracker', 'https://your-site.atlassian.net');
    const projectKey = String(context.settings.project_key ?? '');
    let jira: Version3Client | undefined;
    const call = async <T>(request: (jira: Version3Client) => Promise<T>): Promise<T> => {
      try {
        // Loaded on first use: jira.js costs more CPU to import than the rest of the plugins together.
        jira ??= new (await import('jira.js')).Version3Client({ host: site, authentication: atlassianAuthentication(context), baseRequestConfig: guardedAxiosConfig(context) } as Config);
        return await request(jira);
      } catch (error) {
        throw atlassianError('Jira', error, context.clock.now());
      }
    };
    const server = new McpServer({ name: 'crewd-tracker', version: '1.0.0' });
    const browse = (key: string) => `${site}/browse/${key}`;

    server.registerTool('tracker_create_issues', { description: 'File one issue per ticket of the outcome; returns their URLs.', inputSchema: integrationActionInputSchema }, async (input) => {
      try {
        const items = workItems(input.content, input.title, /tickets?|action items?|issues?|stories|tasks/i);
        const issues: Array<{ key: string; url: string; summary: string; created: boolean }> = [];
        for (const item of items) {
          // Per item, not per attempt: a retry or a second run of the stage finds the first run's issue.
          const key = workItemKey(input, item);
          const label = `crewd-${await workItemMarker(input, item)}`;
          const { result, created } = await idempotentCreate(context.kv, key, () => context.clock.now(), {
            async find() {
              const found: JiraSearch = await call((jira) => jira.issueSearch.searchForIssuesUsingJqlEnhancedSearchPost({ jql: `labels = "${label}"`, fields: ['summary'], maxResults: 1 }));
              const hit = found.issues?.[0];
              return hit ? { key: hit.key, url: browse(hit.key), summary: hit.fields?.summary ?? item.title } : undefined;
            },
            async create() {
              const description = `${item.owner ? `Owner: ${item.owner}\n\n` : ''}${item.due ? `Due: ${item.due}\n\n` : ''}From the outcome "${input.title}" (${input.outcome_id}).`;
              const made = await call((jira) =>
                jira.issues.createIssue({ fields: { project: { key: projectKey }, summary: item.title.slice(0, 250), issuetype: { name: String(context.settings.issue_type ?? 'Task') }, labels: [label], description: adf(description), ...(item.due ? { duedate: item.due } : {}) } }),
              );
              const issue = createdObject('Jira', made as { key: string } | undefined, ['key']);
              return { key: issue.key, url: browse(issue.key), summary: item.title };
            },
          });
          issues.push({ ...result, created });
        }
        return actionResult({ status: 'success', post_url: issues[0]?.url, details: { project_key: projectKey, issues } });
      } catch (error) {
        return vendorFailure(error);
      }
    });

    server.registerTool(
      'tracker_search_issues',
      {
        description: 'Search issues with JQL (the configured project by default).',
        inputSchema: z.object({ jql: z.string().max(1000).optional(), limit: z.number().int().min(1).max(50).optional() }),
        outputSchema: z.object({ issues: z.array(z.object({ key: z.string(), summary: z.string(), status: z.string().nullable(), url: z.string() })) }),
      },
      async ({ jql, limit }) => {
        try {
          const found: JiraSearch = await call((jira) => jira.issueSearch.searchForIssuesUsingJqlEnhancedSearchPost({ jql: jql ?? `project = "${projectKey}" ORDER BY created DESC`, fields: ['summary', 'status'], maxResults: limit ?? 20 }));
          return readResult({ issues: (found.issues ?? []).map((issue) => ({ key: issue.key, summary: issue.fields?.summary ?? '', status: issue.fields?.status?.name ?? null, url: browse(issue.key) })) });
        } catch (error) {
          return vendorFailure(error);
        }
      },
    );
    return server;
  },
});
