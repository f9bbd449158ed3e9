import type { PluginContext } from '../contract.js';
import { atlassianHeaders, escapeHtml } from '../shared/atlassian.js';
import { baseUrl } from '../shared/baseUrl.js';
import type { DocumentBackend } from '../shared/documentBackend.js';
import { createdObject } from '../shared/createdObject.js';
import { idempotentCreate } from '../shared/idempotentCreate.js';
import { baseUrlProperty, secretProperty } from '../shared/settingsSchemas.js';
import { vendorHttp } from '../shared/vendorHttp.js';
import { documentKey } from '../shared/documentKey.js';

interface ConfluencePage {
  id: string;
  title: string;
  _links?: { webui?: string; base?: string };
  body?: { storage?: { value?: string } };
}

function site(context: PluginContext): string {
  return baseUrl(context, 'wiki', 'https://your-site.atlassian.net');
}

function client(context: PluginContext) {
  return vendorHttp(context, { vendor: 'Confluence', baseUrl: `${site(context)}/wiki`, headers: () => atlassianHeaders(context) });
}

function urlOf(context: PluginContext, page: ConfluencePage): string {
  return page._links?.webui ? `${page._links.base ?? `${site(context)}/wiki`}${page._links.webui}` : `${site(context)}/wiki/pages/viewpage.action?pageId=${page.id}`;
}

/** Markdown as Confluence storage format: headings and paragraphs, text escaped. */
function storage(markdown: string): string {
  return markdown
    .split(/\n{2,}/)
    .filter((p) => p.trim() !== '')
    .map((p) => {
      const heading = /^(#{1,6})\s+(.*)$/.exec(p.trim());
      return heading ? `<h${heading[1]!.length}>${escapeHtml(heading[2]!)}</h${heading[1]!.length}>` : `<p>${escapeHtml(p).replace(/\n/g, '<br/>')}</p>`;
    })
    .join('');
}

/**
 * Confluence Cloud (REST v2 pages, v1 CQL search) for the wiki integration: a save is a page in
 * the configured space. Titles are unique within a space, so a replay after a crash finds the page
 * with one lookup by space and title.
 */
export const confluenceBackend: DocumentBackend = {
  provider: 'confluence',
  settingsProperties: {
    base_url: { ...baseUrlProperty, description: 'The Confluence site, e.g. https://acme.atlassian.net (confluence provider).' },
    space_id: { type: 'string', pattern: '^[0-9]{1,30}$', description: 'The space (numeric id) that receives the pages.' },
    email: { type: 'string', format: 'email', description: 'Account email of the API token.' },
    api_token: secretProperty('Atlassian API token (with email)'),
    access_token: secretProperty('OAuth access token'),
  },
  secrets: [
    { name: 'api_token', description: 'Atlassian API token.', required: false },
    { name: 'access_token', description: 'OAuth access token.', required: false },
  ],
  oauth: { authorizeUrl: 'https://auth.atlassian.com/authorize', tokenUrl: 'https://auth.atlassian.com/oauth/token', scopes: ['read:page:confluence', 'write:page:confluence', 'search:confluence', 'offline_access'], extraAuthorizeParams: { audience: 'api.atlassian.com', prompt: 'consent' } },

  async save(context, input) {
    const request = client(context);
    const spaceId = String(context.settings.space_id ?? '');
    const title = input.title.slice(0, 255);
    const { result, created } = await idempotentCreate(context.kv, documentKey(input), () => context.clock.now(), {
      async find() {
        const found = await request<{ results?: ConfluencePage[] }>({ path: '/api/v2/pages', query: { 'space-id': spaceId, title, limit: 1 } });
        const page = found.results?.[0];
        return page ? { id: page.id, title: page.title, url: urlOf(context, page) } : undefined;
      },
      async create() {
        const page = createdObject('Confluence', await request<ConfluencePage | undefined>({ method: 'POST', path: '/api/v2/pages', json: { spaceId, status: 'current', title, body: { representation: 'storage', value: storage(input.content) } } }), ['id']);
        return { id: page.id, title: page.title, url: urlOf(context, page) };
      },
    });
    return { file_id: result.id, url: result.url, title: result.title, created };
  },

  async search(context, query) {
    const cql = query.trim() === '' ? 'type = page ORDER BY lastmodified DESC' : `type = page AND text ~ "${query.replace(/["\\]/g, ' ')}"`;
    const found = await client(context)<{ results?: Array<{ content?: ConfluencePage; excerpt?: string; url?: string; title?: string }> }>({ path: '/rest/api/search', query: { cql, limit: 10 } });
    return (found.results ?? []).filter((hit) => hit.content).map((hit) => ({ id: hit.content!.id, title: hit.content!.title ?? hit.title ?? '', url: hit.url ? `${site(context)}/wiki${hit.url}` : urlOf(context, hit.content!), ...(hit.excerpt ? { excerpt: hit.excerpt } : {}) }));
  },

  async read(context, id) {
    const page = await client(context)<ConfluencePage>({ path: `/api/v2/pages/${encodeURIComponent(id)}`, query: { 'body-format': 'storage' } });
    return { id: page.id, title: page.title, text: (page.body?.storage?.value ?? '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 20_000) };
  },
};
