import type { BlockObjectRequest, Client } from '@notionhq/client';
import type { PluginContext } from '../contract.js';
import { baseUrl } from '../shared/baseUrl.js';
import type { DocumentBackend } from '../shared/documentBackend.js';
import { createdObject } from '../shared/createdObject.js';
import { idempotentCreate } from '../shared/idempotentCreate.js';
import { baseUrlProperty, secretProperty } from '../shared/settingsSchemas.js';
import { classifyStatus, retryAfterMs, VendorError, vendorErrorOf } from '../shared/vendorHttp.js';
import { documentKey } from '../shared/documentKey.js';

interface NotionPage {
  id: string;
  url: string;
  created_time?: string;
  properties?: Record<string, { type?: string; title?: Array<{ plain_text?: string }> }>;
}

/**
 * The official client on the guarded fetch, its own retries off (the integration runner retries,
 * honouring Retry-After), errors classified like every other vendor's. The SDK loads on the first
 * call, not at every start.
 */
function client(context: PluginContext) {
  let loaded: Promise<{ notion: Client; isHTTPResponseError: typeof import('@notionhq/client').isHTTPResponseError }> | undefined;
  const connect = async () => {
    const sdk = await import('@notionhq/client');
    const notion = new sdk.Client({
      auth: context.secrets.access_token ?? '',
      baseUrl: baseUrl(context, 'notes', 'https://api.notion.com'),
      fetch: context.fetch,
      retry: false,
      logger: (level, message) => context.logger.debug({ level }, message),
    });
    return { notion, isHTTPResponseError: sdk.isHTTPResponseError };
  };
  return async <T>(call: (notion: Client) => Promise<unknown>): Promise<T> => {
    const { notion, isHTTPResponseError } = await (loaded ??= connect());
    try {
      return (await call(notion)) as T;
    } catch (error) {
      if (isHTTPResponseError(error)) {
        const { code, retryable } = classifyStatus(error.status);
        const headers = error.headers as { get?: (name: string) => string | null } | undefined;
        const retryAfter = typeof headers?.get === 'function' ? headers.get('retry-after') : null;
        throw new VendorError(code, `Notion answered HTTP ${error.status}: ${error.message}`, error.status, retryable, retryAfterMs(retryAfter, context.clock.now()));
      }
      // No HTTP answer: a network fault (retried), or the SSRF guard's refusal (a setting to fix).
      throw vendorErrorOf('Notion', { message: (error as Error).message ?? String(error), error }, context.clock.now());
    }
  };
}

function titleOf(page: NotionPage): string {
  const property = Object.values(page.properties ?? {}).find((p) => p.type === 'title' || Array.isArray(p.title));
  return (property?.title ?? []).map((t) => t.plain_text ?? '').join('');
}

/** Markdown paragraphs as Notion blocks (headings kept as headings; 2,000 characters per rich text, 100 blocks per request). */
function blocks(markdown: string): BlockObjectRequest[] {
  return markdown
    .split(/\n{2,}/)
    .filter((p) => p.trim() !== '')
    .slice(0, 100)
    .map((paragraph) => {
      const heading = /^(#{1,3})\s+(.*)$/.exec(paragraph.trim());
      const text = { rich_text: [{ type: 'text' as const, text: { content: (heading ? heading[2]! : paragraph).slice(0, 2000) } }] };
      switch (heading?.[1]!.length) {
        case 1:
          return { object: 'block', type: 'heading_1', heading_1: text };
        case 2:
          return { object: 'block', type: 'heading_2', heading_2: text };
        case 3:
          return { object: 'block', type: 'heading_3', heading_3: text };
        default:
          return { object: 'block', type: 'paragraph', paragraph: text };
      }
    });
}

/**
 * Notion on its official client `@notionhq/client` (`pages.create`, `search`) for the notes integration: a save is a page under the
 * configured parent page. Notion has no idempotency key; a replay after a crash searches pages by
 * the title and keeps one created since the attempt began.
 */
export const notionBackend: DocumentBackend = {
  provider: 'notion',
  settingsProperties: {
    parent_page_id: { type: 'string', pattern: '^[A-Fa-f0-9-]{32,36}$', description: 'The Notion page that receives the pages (notion provider).' },
    access_token: secretProperty('Notion integration token or OAuth access token'),
    base_url: baseUrlProperty,
  },
  secrets: [{ name: 'access_token', description: 'Notion token.', required: false }],
  oauth: { authorizeUrl: 'https://api.notion.com/v1/oauth/authorize', tokenUrl: 'https://api.notion.com/v1/oauth/token', scopes: [], extraAuthorizeParams: { owner: 'user' } },

  async save(context, input) {
    const request = client(context);
    const title = input.title.slice(0, 2000);
    const { result, created } = await idempotentCreate(context.kv, documentKey(input), () => context.clock.now(), {
      async find(since) {
        const found = await request<{ results?: NotionPage[] }>((notion) => notion.search({ query: title, filter: { property: 'object', value: 'page' }, sort: { direction: 'descending', timestamp: 'last_edited_time' }, page_size: 10 }));
        return (found.results ?? []).find((page) => titleOf(page) === title && Date.parse(page.created_time ?? '') >= Date.parse(since));
      },
      create: async () =>
        createdObject(
          'Notion',
          await request<NotionPage | undefined>((notion) =>
            notion.pages.create({ parent: { page_id: String(context.settings.parent_page_id ?? '') }, properties: { title: { title: [{ type: 'text', text: { content: title } }] } }, children: blocks(input.content) }),
          ),
          ['id', 'url'],
        ),
    });
    return { file_id: result.id, url: result.url, title, created };
  },

  async search(context, query) {
    const found = await client(context)<{ results?: NotionPage[] }>((notion) => notion.search({ ...(query ? { query } : {}), filter: { property: 'object', value: 'page' }, page_size: 10 }));
    return (found.results ?? []).map((page) => ({ id: page.id, title: titleOf(page), url: page.url }));
  },

  async read(context, id) {
    const request = client(context);
    const page = await request<NotionPage>((notion) => notion.pages.retrieve({ page_id: id }));
    const children = await request<{ results?: Array<Record<string, unknown> & { type: string }> }>((notion) => notion.blocks.children.list({ block_id: id, page_size: 100 }));
    const text = (children.results ?? [])
      .map((block) => ((block[block.type] as { rich_text?: Array<{ plain_text?: string; text?: { content?: string } }> } | undefined)?.rich_text ?? []).map((t) => t.plain_text ?? t.text?.content ?? '').join(''))
      .join('\n\n');
    return { id: page.id, title: titleOf(page), text: text.slice(0, 20_000) };
  },
};
