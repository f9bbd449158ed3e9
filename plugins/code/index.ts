import { McpServer } from '@modelcontextprotocol/server';
import type { Octokit } from '@octokit/rest';
import { z } from 'zod';
import { actionError, actionResult, definePlugin, integrationActionInputSchema, type PluginContext } from '../contract.js';
import { baseUrl } from '../shared/baseUrl.js';
import { baseUrlProperty } from '../shared/settingsSchemas.js';
import { VendorError, vendorFailure } from '../shared/vendorHttp.js';
import { flagStages } from '../shared/flagStages.js';
import { createdObject, notCreatedStatus } from '../shared/createdObject.js';
import { idempotentCreate } from '../shared/idempotentCreate.js';
import { documentKey } from '../shared/documentKey.js';

/** Hidden marker carried in an issue body: the idempotency key, found again by search-before-create. */
export function issueMarker(key: string): string {
  return `<!-- crewd:${key} -->`;
}

/** Octokit, loaded on the first call rather than at every start (about 20 modules). */
async function client(context: PluginContext): Promise<Octokit> {
  const { Octokit } = await import('@octokit/rest');
  return new Octokit({
    ...(context.secrets.token || context.secrets.access_token ? { auth: context.secrets.token ?? context.secrets.access_token } : {}),
    baseUrl: baseUrl(context, 'code', 'https://api.github.com'),
    userAgent: 'crewd-code-plugin/1',
    request: { fetch: context.fetch, retries: 0 },
    // Octokit logs failed requests to the console by default; route them to the plugin logger.
    log: {
      debug: () => {},
      info: () => {},
      warn: (message: string) => context.logger.warn({}, message),
      error: (message: string) => context.logger.warn({}, message),
    },
  });
}

function failure(error: unknown) {
  if (error instanceof VendorError) return vendorFailure(error);
  const status = (error as { status?: number }).status;
  const retryable = status === undefined || status === 429 || status >= 500;
  return actionError(`The source-code host refused the request${status ? ` (HTTP ${status})` : ''}: ${(error as Error).message}`, {
    retryable,
    code: status === 401 || status === 403 ? 'auth_required' : status === 404 ? 'repository_not_found' : 'vendor_error',
  });
}

/**
 * Source-code host (pilot) on the vendor's official client, Octokit, with a configurable base URL
 * (CREWD_CODE_API_URL; GitHub Enterprise or a test server). `create_repo_issues` files the
 * outcome as an issue. The host has no idempotency key for issues, so the key is written into the
 * body as a hidden marker and searched for before creating.
 */
export const codePlugin = definePlugin({
  manifest: {
    id: 'code',
    kind: 'source-code host',
    displayName: 'Source-code host',
    version: '1.0.0',
    crews: ['pilot'],
    tools: ['code_create_issue', 'code_list_issues'],
    flags: [{ name: 'create_repo_issues', type: 'boolean', description: 'File the outcome as an issue in the configured repository.', stages: flagStages('tickets'), tool: 'code_create_issue', action: 'create_issue' }],
    settingsSchema: {
      type: 'object',
      additionalProperties: false,
      required: ['owner', 'repo'],
      properties: {
        owner: { type: 'string', minLength: 1, maxLength: 100, description: 'Repository owner (user or organisation).' },
        repo: { type: 'string', minLength: 1, maxLength: 100, description: 'Repository name.' },
        labels: { type: 'array', items: { type: 'string', maxLength: 50 }, maxItems: 10, description: 'Labels put on created issues.' },
        token: { type: 'string', minLength: 1, writeOnly: true, description: 'Access token (stored encrypted, never returned).' },
        access_token: { type: 'string', minLength: 1, writeOnly: true, description: 'OAuth access token (set by the OAuth connect flow).' },
        base_url: baseUrlProperty,
      },
    },
    secrets: [
      { name: 'token', description: 'Access token with permission to create issues.', required: false },
      { name: 'access_token', description: 'OAuth access token.', required: false },
    ],
    oauth: { authorizeUrl: 'https://github.com/login/oauth/authorize', tokenUrl: 'https://github.com/login/oauth/access_token', scopes: ['repo'] },
  },
  register(context) {
    const owner = String(context.settings.owner ?? '');
    const repo = String(context.settings.repo ?? '');
    const labels = Array.isArray(context.settings.labels) ? (context.settings.labels as string[]) : [];
    let loaded: Promise<Octokit> | undefined;
    const issuesApi = async () => (await (loaded ??= client(context))).rest.issues;
    const server = new McpServer({ name: 'crewd-code', version: '1.0.0' });

    server.registerTool('code_create_issue', { description: 'Create an issue from the outcome in the configured repository.', inputSchema: integrationActionInputSchema }, async (input) => {
      const marker = issueMarker(documentKey(input));
      try {
        // The key-value store remembers the issue; only a replay after a crash between the create
        // and that record asks the host, for issues updated since the attempt began (one page).
        const { result: issue, created } = await idempotentCreate(context.kv, documentKey(input), () => context.clock.now(), {
          async find(since) {
            const { data } = await (await issuesApi()).listForRepo({ owner, repo, state: 'all', since, per_page: 100 });
            const hit = data.find((candidate) => (candidate.body ?? '').includes(marker));
            return hit ? { number: hit.number, html_url: hit.html_url } : undefined;
          },
          async create() {
            const response = await (await issuesApi()).create({ owner, repo, title: input.title.slice(0, 250), body: `${input.content}\n\n${marker}`, labels });
            // Octokit hands back a 3xx (the guarded fetch follows no redirect) as if it succeeded.
            const refused = notCreatedStatus('The source-code host', response.status);
            if (refused) throw refused;
            const data = createdObject('The source-code host', response.data as { number: number; html_url: string } | undefined, ['number', 'html_url'], response.status);
            return { number: data.number, html_url: data.html_url };
          },
        });
        return actionResult({ status: 'success', post_url: issue.html_url, details: { issue_number: issue.number, repository: `${owner}/${repo}`, created } });
      } catch (error) {
        return failure(error);
      }
    });

    server.registerTool(
      'code_list_issues',
      { description: 'List issues of the configured repository (newest first).', inputSchema: z.object({ state: z.enum(['open', 'closed', 'all']).optional(), limit: z.number().int().min(1).max(100).optional() }) },
      async ({ state, limit }) => {
        try {
          const { data } = await (await issuesApi()).listForRepo({ owner, repo, state: state ?? 'open', per_page: limit ?? 30 });
          const issues = data.map((issue) => ({ number: issue.number, title: issue.title, state: issue.state, url: issue.html_url }));
          return { content: [{ type: 'text', text: JSON.stringify(issues) }] };
        } catch (error) {
          return failure(error);
        }
      },
    );
    return server;
  },
});
