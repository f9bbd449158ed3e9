import type { PluginContext } from '../contract.js';
import { baseUrl } from '../shared/baseUrl.js';
import type { DocumentBackend } from '../shared/documentBackend.js';
import { idempotentCreate, markerOf } from '../shared/idempotentCreate.js';
import { baseUrlProperty, secretProperty } from '../shared/settingsSchemas.js';
import { vendorHttp } from '../shared/vendorHttp.js';

interface DriveFile {
  id: string;
  name: string;
  mimeType?: string;
  webViewLink?: string;
}

const googleDoc = 'application/vnd.google-apps.document';

function client(context: PluginContext) {
  return vendorHttp(context, { vendor: 'Google Drive', baseUrl: baseUrl(context, 'drive', 'https://www.googleapis.com'), headers: () => ({ authorization: `Bearer ${context.secrets.access_token ?? ''}` }) });
}

function linkOf(file: DriveFile): string {
  return file.webViewLink ?? (file.mimeType === googleDoc ? `https://docs.google.com/document/d/${file.id}/edit` : `https://drive.google.com/file/d/${file.id}/view`);
}

/** Drive's query language quotes strings with single quotes; backslash escapes them. */
function quoted(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/**
 * Google Drive v3 (`/drive/v3/files`, multipart upload) for the drive integration. A save is a
 * Google Doc converted from the Markdown (or a Markdown file with `drive_format: "markdown"`),
 * tagged with the idempotency marker as an app property, so a replay after a crash finds it with
 * one query on that property.
 */
export const googleDriveBackend: DocumentBackend = {
  provider: 'google',
  settingsProperties: {
    folder_id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,200}$', description: 'Drive folder id that receives the files (google provider).' },
    drive_format: { type: 'string', enum: ['doc', 'markdown'], description: 'Save as a Google Doc (default) or a Markdown file.' },
    access_token: secretProperty('Google OAuth access token with drive.file'),
    base_url: baseUrlProperty,
  },
  secrets: [{ name: 'access_token', description: 'Google OAuth access token.', required: false }],
  oauth: { authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth', tokenUrl: 'https://oauth2.googleapis.com/token', scopes: ['https://www.googleapis.com/auth/drive.file'], extraAuthorizeParams: { access_type: 'offline', prompt: 'consent' } },

  async save(context, input) {
    const request = client(context);
    const marker = await markerOf(input.idempotency_key);
    const { result, created } = await idempotentCreate(context.kv, input.idempotency_key, () => context.clock.now(), {
      async find() {
        const found = await request<{ files?: Array<DriveFile & { appProperties?: Record<string, string> }> }>({ path: '/drive/v3/files', query: { q: `appProperties has { key='crewd_key' and value=${quoted(marker)} } and trashed = false`, fields: 'files(id,name,mimeType,webViewLink,appProperties)', pageSize: 10 } });
        // Checked here too: a server that ignores part of the query must not hand back another file.
        const hit = found.files?.find((file) => file.appProperties?.crewd_key === marker);
        return hit ? { id: hit.id, name: hit.name, ...(hit.mimeType ? { mimeType: hit.mimeType } : {}), ...(hit.webViewLink ? { webViewLink: hit.webViewLink } : {}) } : undefined;
      },
      async create() {
        const boundary = `crewd-${marker}`;
        const asDoc = context.settings.drive_format !== 'markdown';
        const metadata = { name: asDoc ? input.title : `${input.title}.md`, mimeType: asDoc ? googleDoc : 'text/markdown', appProperties: { crewd_key: marker }, ...(typeof context.settings.folder_id === 'string' ? { parents: [context.settings.folder_id] } : {}) };
        const body = `--${boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n${JSON.stringify(metadata)}\r\n--${boundary}\r\nContent-Type: text/markdown; charset=UTF-8\r\n\r\n${input.content}\r\n--${boundary}--`;
        return request<DriveFile>({ method: 'POST', path: '/upload/drive/v3/files', query: { uploadType: 'multipart', fields: 'id,name,mimeType,webViewLink' }, body, headers: { 'content-type': `multipart/related; boundary=${boundary}` } });
      },
    });
    return { file_id: result.id, url: linkOf(result), title: result.name, created };
  },

  async search(context, query) {
    const q = query.trim() === '' ? 'trashed = false' : `fullText contains ${quoted(query)} and trashed = false`;
    const found = await client(context)<{ files?: DriveFile[] }>({ path: '/drive/v3/files', query: { q, fields: 'files(id,name,mimeType,webViewLink)', pageSize: 10, ...(query.trim() === '' ? { orderBy: 'modifiedTime desc' } : {}) } });
    return (found.files ?? []).map((file) => ({ id: file.id, title: file.name, url: linkOf(file) }));
  },

  async read(context, id) {
    const request = client(context);
    const file = await request<DriveFile>({ path: `/drive/v3/files/${encodeURIComponent(id)}`, query: { fields: 'id,name,mimeType' } });
    const url = new URL(`${baseUrl(context, 'drive', 'https://www.googleapis.com')}/drive/v3/files/${encodeURIComponent(id)}${file.mimeType === googleDoc ? '/export?mimeType=text/plain' : '?alt=media'}`);
    const response = await context.fetch(url, { headers: { authorization: `Bearer ${context.secrets.access_token ?? ''}` } });
    const text = await response.text();
    if (!response.ok) {
      const { classifyStatus, VendorError } = await import('../shared/vendorHttp.js');
      const { code, retryable } = classifyStatus(response.status);
      throw new VendorError(code, `Google Drive answered HTTP ${response.status}`, response.status, retryable, undefined);
    }
    return { id: file.id, title: file.name, text: text.slice(0, 20_000) };
  },
};
