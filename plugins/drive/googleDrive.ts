import type { drive_v3 } from '@googleapis/drive';
import type { PluginContext } from '../contract.js';
import { baseUrl } from '../shared/baseUrl.js';
import type { DocumentBackend } from '../shared/documentBackend.js';
import { createdObject } from '../shared/createdObject.js';
import { idempotentCreate, markerOf } from '../shared/idempotentCreate.js';
import { baseUrlProperty, secretProperty } from '../shared/settingsSchemas.js';
import { vendorErrorOf } from '../shared/vendorHttp.js';
import { documentKey } from '../shared/documentKey.js';

interface DriveFile {
  id: string;
  name: string;
  mimeType?: string;
  webViewLink?: string;
}

const googleDoc = 'application/vnd.google-apps.document';

/**
 * The official client `@googleapis/drive` on the guarded fetch (gaxios' `fetchImplementation`),
 * so every request passes the SSRF guard; its own retries off (the integration runner retries,
 * honouring Retry-After), errors classified like every other vendor's.
 */
function client(context: PluginContext) {
  // Given per call too: the client takes the media (upload) URL's root from the call's options only.
  const rootUrl = `${baseUrl(context, 'drive', 'https://www.googleapis.com')}/`;
  let drive: drive_v3.Drive | undefined;
  return async <T>(call: (drive: drive_v3.Drive, options: { rootUrl: string }) => Promise<{ data: unknown }>): Promise<T> => {
    try {
      // Loaded on first use, so a service that never saves to Google Drive never pays for the client.
      drive ??= new (await import('@googleapis/drive')).drive_v3.Drive({ rootUrl, fetchImplementation: context.fetch, retry: false, headers: { authorization: `Bearer ${context.secrets.access_token ?? ''}` } });
      return (await call(drive, { rootUrl })).data as T;
    } catch (error) {
      const failure = error as { status?: number; response?: { status?: number; headers?: { get?: (name: string) => string | null } }; message?: string };
      const status = failure.status ?? failure.response?.status;
      throw vendorErrorOf('Google Drive', { status, retryAfter: failure.response?.headers?.get?.('retry-after'), message: failure.message ?? String(error), error }, context.clock.now());
    }
  };
}

function linkOf(file: DriveFile): string {
  return file.webViewLink ?? (file.mimeType === googleDoc ? `https://docs.google.com/document/d/${file.id}/edit` : `https://drive.google.com/file/d/${file.id}/view`);
}

/** Drive's query language quotes strings with single quotes; backslash escapes them. */
function quoted(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/**
 * Google Drive v3 on its official client (`files.create` with a multipart upload, `files.list`,
 * `files.get`, `files.export`) for the drive integration. A save is a
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
    const marker = await markerOf(documentKey(input));
    const { result, created } = await idempotentCreate(context.kv, documentKey(input), () => context.clock.now(), {
      async find() {
        const found = await request<{ files?: Array<DriveFile & { appProperties?: Record<string, string> }> }>((drive) =>
          drive.files.list({ q: `appProperties has { key='crewd_key' and value=${quoted(marker)} } and trashed = false`, fields: 'files(id,name,mimeType,webViewLink,appProperties)', pageSize: 10 }),
        );
        // Checked here too: a server that ignores part of the query must not hand back another file.
        const hit = found.files?.find((file) => file.appProperties?.crewd_key === marker);
        return hit ? { id: hit.id, name: hit.name, ...(hit.mimeType ? { mimeType: hit.mimeType } : {}), ...(hit.webViewLink ? { webViewLink: hit.webViewLink } : {}) } : undefined;
      },
      async create() {
        const asDoc = context.settings.drive_format !== 'markdown';
        const metadata = { name: asDoc ? input.title : `${input.title}.md`, mimeType: asDoc ? googleDoc : 'text/markdown', appProperties: { crewd_key: marker }, ...(typeof context.settings.folder_id === 'string' ? { parents: [context.settings.folder_id] } : {}) };
        // A multipart upload (`uploadType=multipart`): the metadata and the Markdown in one request.
        return createdObject('Google Drive', await request<DriveFile | undefined>((drive, options) => drive.files.create({ requestBody: metadata, media: { mimeType: 'text/markdown', body: input.content }, fields: 'id,name,mimeType,webViewLink' }, options)), ['id']);
      },
    });
    return { file_id: result.id, url: linkOf(result), title: result.name, created };
  },

  async search(context, query) {
    const q = query.trim() === '' ? 'trashed = false' : `fullText contains ${quoted(query)} and trashed = false`;
    const found = await client(context)<{ files?: DriveFile[] }>((drive) => drive.files.list({ q, fields: 'files(id,name,mimeType,webViewLink)', pageSize: 10, ...(query.trim() === '' ? { orderBy: 'modifiedTime desc' } : {}) }));
    return (found.files ?? []).map((file) => ({ id: file.id, title: file.name, url: linkOf(file) }));
  },

  async read(context, id) {
    const request = client(context);
    const file = await request<DriveFile>((drive) => drive.files.get({ fileId: id, fields: 'id,name,mimeType' }));
    // A Google Doc is exported as plain text; any other file is downloaded as is.
    const text = await request<string>((drive, options) => (file.mimeType === googleDoc ? drive.files.export({ fileId: id, mimeType: 'text/plain' }, { ...options, responseType: 'text' }) : drive.files.get({ fileId: id, alt: 'media' }, { ...options, responseType: 'text' })));
    return { id: file.id, title: file.name, text: String(text).slice(0, 20_000) };
  },
};
