import type { IntegrationActionInput, JsonSchema, PluginContext, PluginOAuth, SecretSpec } from '../contract.js';

/** What a saved document answers: the spec's link fields. */
export interface SavedRemoteDocument {
  file_id: string;
  url: string;
  title: string;
  created: boolean;
}

export interface RemoteHit {
  id: string;
  title: string;
  url: string;
  excerpt?: string;
}

/**
 * A vendor backend of a document integration (Google Drive, Notion, Confluence) behind the same
 * tools as the local folder. The plugin picks it when the workspace's settings say
 * `"provider": "<name>"`.
 */
export interface DocumentBackend {
  /** The `provider` value that selects it. */
  provider: string;
  /** Extra settings properties (credentials, parent ids, `base_url`). */
  settingsProperties: Record<string, JsonSchema>;
  secrets: SecretSpec[];
  oauth?: PluginOAuth;
  save(context: PluginContext, input: IntegrationActionInput): Promise<SavedRemoteDocument>;
  search(context: PluginContext, query: string): Promise<RemoteHit[]>;
  read(context: PluginContext, id: string): Promise<{ id: string; title: string; text: string }>;
}
