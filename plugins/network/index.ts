import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { actionResult, definePlugin, integrationActionInputSchema } from '../contract.js';
import { baseUrl } from '../shared/baseUrl.js';
import { flagStages } from '../shared/flagStages.js';
import { idempotentCreate } from '../shared/idempotentCreate.js';
import { baseUrlProperty, secretProperty } from '../shared/settingsSchemas.js';
import { readResult, vendorFailure, vendorHttp, type VendorRequestFn } from '../shared/vendorHttp.js';
import { documentKey } from '../shared/documentKey.js';

/** The Posts API version crewd speaks (LinkedIn versions its REST API by month). */
const linkedinVersion = '202405';

interface LinkedinPost {
  id: string;
  commentary?: string;
  createdAt?: number;
}

function postUrl(urn: string): string {
  return `https://www.linkedin.com/feed/update/${encodeURIComponent(urn)}/`;
}

/** Likes and comments of a post (socialActions); views are not readable for member posts. */
async function engagement(request: VendorRequestFn, urn: string): Promise<{ views: number | null; likes: number; comments: number }> {
  const actions = await request<{ likesSummary?: { totalLikes?: number }; commentsSummary?: { aggregatedTotalComments?: number; totalFirstLevelComments?: number } }>({ path: `/rest/socialActions/${encodeURIComponent(urn)}` });
  return { views: null, likes: actions?.likesSummary?.totalLikes ?? 0, comments: actions?.commentsSummary?.aggregatedTotalComments ?? actions?.commentsSummary?.totalFirstLevelComments ?? 0 };
}

/**
 * Professional network (writer) on the LinkedIn Posts REST API over undici (the guarded fetch).
 * `publish_to_network` posts the outcome as the configured author. LinkedIn has no idempotency
 * key for posts: a replay after a crash looks for a post of the author with the same text made
 * since the attempt began (the key-value store remembers when).
 */
export const networkPlugin = definePlugin({
  manifest: {
    id: 'network',
    kind: 'professional network',
    displayName: 'Professional network (LinkedIn)',
    version: '1.0.0',
    crews: ['writer'],
    tools: ['network_publish_post', 'network_post_stats'],
    flags: [{ name: 'publish_to_network', type: 'boolean', description: 'Publish the outcome as a post on the professional network.', stages: flagStages('documents'), tool: 'network_publish_post', action: 'publish_post' }],
    settingsSchema: {
      type: 'object',
      additionalProperties: false,
      required: ['author_urn'],
      properties: {
        author_urn: { type: 'string', pattern: '^urn:li:(person|organization):[A-Za-z0-9_-]+$', description: 'The author: urn:li:person:<id> or urn:li:organization:<id>.' },
        visibility: { type: 'string', enum: ['PUBLIC', 'CONNECTIONS'], description: 'Who sees the post; PUBLIC by default.' },
        access_token: secretProperty('OAuth access token with w_member_social (or w_organization_social)'),
        base_url: baseUrlProperty,
      },
    },
    secrets: [{ name: 'access_token', description: 'OAuth access token.', required: true }],
    oauth: { authorizeUrl: 'https://www.linkedin.com/oauth/v2/authorization', tokenUrl: 'https://www.linkedin.com/oauth/v2/accessToken', scopes: ['w_member_social', 'r_member_social'] },
  },
  register(context) {
    const author = String(context.settings.author_urn ?? '');
    const request = vendorHttp(context, {
      vendor: 'LinkedIn',
      baseUrl: baseUrl(context, 'network', 'https://api.linkedin.com'),
      headers: () => ({ authorization: `Bearer ${context.secrets.access_token ?? ''}`, 'linkedin-version': linkedinVersion, 'x-restli-protocol-version': '2.0.0' }),
    });
    const server = new McpServer({ name: 'crewd-network', version: '1.0.0' });

    server.registerTool('network_publish_post', { description: 'Publish the outcome as a post; returns its URL and engagement.', inputSchema: integrationActionInputSchema }, async (input) => {
      const commentary = `${input.title}\n\n${input.content}`.slice(0, 3000);
      try {
        const { result, created } = await idempotentCreate(context.kv, documentKey(input), () => context.clock.now(), {
          async find(since) {
            const page = await request<{ elements?: LinkedinPost[] }>({ path: '/rest/posts', query: { author, q: 'author', count: 20, sortBy: 'LAST_MODIFIED' } });
            const hit = (page?.elements ?? []).find((post) => post.commentary === commentary && (post.createdAt ?? Infinity) >= Date.parse(since));
            return hit ? { urn: hit.id } : undefined;
          },
          async create() {
            let urn = '';
            await request({
              method: 'POST',
              path: '/rest/posts',
              json: { author, commentary, visibility: context.settings.visibility ?? 'PUBLIC', distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] }, lifecycleState: 'PUBLISHED', isReshareDisabledByAuthor: false },
              onHeaders: (headers) => (urn = headers.get('x-restli-id') ?? headers.get('x-linkedin-id') ?? ''),
            });
            if (!urn) throw new Error('LinkedIn created the post but sent no x-restli-id');
            return { urn };
          },
        });
        const stats = await engagement(request, result.urn).catch(() => undefined);
        return actionResult({ status: 'success', post_url: postUrl(result.urn), ...(stats ? { engagement: stats } : {}), details: { post_urn: result.urn, created } });
      } catch (error) {
        return vendorFailure(error);
      }
    });

    server.registerTool(
      'network_post_stats',
      {
        description: "A post's engagement: likes and comments (views when readable).",
        inputSchema: z.object({ post_urn: z.string().regex(/^urn:li:(share|ugcPost):/) }),
        outputSchema: z.object({ post_urn: z.string(), post_url: z.string(), engagement: z.object({ views: z.number().nullable(), likes: z.number(), comments: z.number() }) }),
      },
      async ({ post_urn }) => {
        try {
          return readResult({ post_urn, post_url: postUrl(post_urn), engagement: await engagement(request, post_urn) });
        } catch (error) {
          return vendorFailure(error);
        }
      },
    );
    return server;
  },
});
