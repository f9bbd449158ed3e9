import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { actionResult, definePlugin, integrationActionInputSchema } from '../contract.js';
import { baseUrl } from '../shared/baseUrl.js';
import { flagStages } from '../shared/flagStages.js';
import { createdObject } from '../shared/createdObject.js';
import { idempotentCreate, markerOf } from '../shared/idempotentCreate.js';
import { baseUrlProperty, secretProperty } from '../shared/settingsSchemas.js';
import { readResult, vendorFailure, vendorHttp } from '../shared/vendorHttp.js';
import { documentKey } from '../shared/documentKey.js';

interface WpPost {
  id: number;
  link: string;
  status: string;
  slug: string;
  title?: { rendered?: string };
  date_gmt?: string;
}

function slugOf(title: string, marker: string): string {
  const words = title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);
  return `${words || 'post'}-${marker.slice(0, 8)}`;
}

/**
 * Content management system (writer) on the WordPress REST API (`/wp-json/wp/v2`) with an
 * application password, over undici. `publish_to_cms` makes a draft (or a published post when
 * `publish_status` is `publish`). The post's slug carries the idempotency marker, so a replay
 * after a crash finds the post with one lookup by slug.
 */
export const cmsPlugin = definePlugin({
  manifest: {
    id: 'cms',
    kind: 'content management system',
    displayName: 'Content management system (WordPress)',
    version: '1.0.0',
    crews: ['writer'],
    tools: ['cms_publish_post', 'cms_list_posts', 'cms_list_categories'],
    flags: [{ name: 'publish_to_cms', type: 'boolean', description: 'Create the outcome as a post (draft by default) in the CMS.', stages: flagStages('documents'), tool: 'cms_publish_post', action: 'create_post' }],
    settingsSchema: {
      type: 'object',
      additionalProperties: false,
      required: ['base_url', 'username'],
      properties: {
        base_url: { ...baseUrlProperty, description: 'The site URL, e.g. https://blog.example.com (the API is under /wp-json/wp/v2).' },
        username: { type: 'string', minLength: 1, maxLength: 100, description: 'The WordPress user the application password belongs to.' },
        application_password: secretProperty('WordPress application password'),
        publish_status: { type: 'string', enum: ['draft', 'publish'], description: 'Status of created posts; draft by default.' },
        category_ids: { type: 'array', items: { type: 'integer', minimum: 1 }, maxItems: 10, description: 'Categories put on created posts.' },
      },
    },
    secrets: [{ name: 'application_password', description: 'Application password.', required: true }],
  },
  register(context) {
    const auth = Buffer.from(`${String(context.settings.username ?? '')}:${context.secrets.application_password ?? ''}`).toString('base64');
    const request = vendorHttp(context, { vendor: 'WordPress', baseUrl: `${baseUrl(context, 'cms', 'http://localhost')}/wp-json/wp/v2`, headers: () => ({ authorization: `Basic ${auth}` }) });
    const server = new McpServer({ name: 'crewd-cms', version: '1.0.0' });

    server.registerTool('cms_publish_post', { description: 'Create the outcome as a post; returns its URL.', inputSchema: integrationActionInputSchema }, async (input) => {
      try {
        const slug = slugOf(input.title, await markerOf(documentKey(input)));
        const { result, created } = await idempotentCreate(context.kv, documentKey(input), () => context.clock.now(), {
          async find() {
            const posts = await request<WpPost[]>({ path: '/posts', query: { slug, status: 'draft,publish,pending,private,future', context: 'edit' } });
            const post = posts?.[0];
            return post ? { id: post.id, link: post.link, status: post.status } : undefined;
          },
          async create() {
            const post = await request<WpPost | undefined>({
              method: 'POST',
              path: '/posts',
              json: { title: input.title, content: input.content, status: context.settings.publish_status ?? 'draft', slug, ...(Array.isArray(context.settings.category_ids) ? { categories: context.settings.category_ids } : {}) },
            });
            const made = createdObject('WordPress', post, ['id', 'link']);
            return { id: made.id, link: made.link, status: made.status };
          },
        });
        return actionResult({ status: 'success', post_url: result.link, details: { post_id: result.id, post_status: result.status, created } });
      } catch (error) {
        return vendorFailure(error);
      }
    });

    server.registerTool(
      'cms_list_posts',
      {
        description: 'List posts of the site, newest first, optionally matching words.',
        inputSchema: z.object({ search: z.string().max(200).optional(), limit: z.number().int().min(1).max(50).optional() }),
        outputSchema: z.object({ posts: z.array(z.object({ id: z.number(), title: z.string(), status: z.string(), url: z.string() })) }),
      },
      async ({ search, limit }) => {
        try {
          const posts = await request<WpPost[]>({ path: '/posts', query: { search, per_page: limit ?? 10, orderby: 'date', order: 'desc' } });
          return readResult({ posts: (posts ?? []).map((post) => ({ id: post.id, title: post.title?.rendered ?? '', status: post.status, url: post.link })) });
        } catch (error) {
          return vendorFailure(error);
        }
      },
    );

    server.registerTool(
      'cms_list_categories',
      { description: 'List the categories of the site.', inputSchema: z.object({}), outputSchema: z.object({ categories: z.array(z.object({ id: z.number(), name: z.string(), count: z.number() })) }) },
      async () => {
        try {
          const categories = await request<Array<{ id: number; name: string; count?: number }>>({ path: '/categories', query: { per_page: 100 } });
          return readResult({ categories: (categories ?? []).map((category) => ({ id: category.id, name: category.name, count: category.count ?? 0 })) });
        } catch (error) {
          return vendorFailure(error);
        }
      },
    );
    return server;
  },
});
