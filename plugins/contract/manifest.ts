import type { CrewId } from '../../schemas/crewIds.js';
import type { PluginJob, PluginRunner } from './workers.js';

/** Crew ids of the spec (the one list: schemas/crewIds.ts). */
export type { CrewId };

/** Integration ids are DESIGN's neutral words; one plugin per id. */
export type IntegrationId =
  | 'network'
  | 'cms'
  | 'drive'
  | 'notes'
  | 'chat'
  | 'work'
  | 'tracker'
  | 'analytics'
  | 'code'
  | 'planner'
  | 'wiki'
  | (string & {});

/** A JSON Schema object (draft 2020-12 subset that ajv understands). */
export type JsonSchema = Record<string, unknown>;

/**
 * A deploy flag the plugin answers, e.g. `create_repo_issues: true` or `notify_chat: "#eng"`.
 * The flag's value type is checked at deploy; at the crew's stage the runner calls `tool`.
 */
export interface DeployFlag {
  /** The key under the deploy body's `integrations` object. */
  name: string;
  /** The JSON type the value must have. */
  type: 'boolean' | 'string';
  description: string;
  /**
   * The stage at which the flag runs, per crew that may use it (writer: `publishing`,
   * mind: `integration_sync`, pilot: `ticket_creation` or `release_planning`).
   */
  stages: Partial<Record<CrewId, string>>;
  /** The plugin tool the runner calls (a name the plugin registers). */
  tool: string;
  /** The verb shown in `integration.executed` / `integration.failed` events, e.g. `create_issue`. */
  action: string;
}

/** A secret the plugin needs (an access token, an API key). Stored encrypted, never returned. */
export interface SecretSpec {
  name: string;
  description: string;
  required: boolean;
}

export interface PluginManifest {
  /** The neutral integration id (also the MCP `server_type` of its tool connection). */
  id: IntegrationId;
  /** The spec's kind of tool, e.g. `source-code host`, `cloud drive`. */
  kind: string;
  displayName: string;
  /** Semver of the plugin; shown in catalogs. */
  version: string;
  /** Crews that use this integration (the spec's "Integration kinds per crew"). */
  crews: CrewId[];
  /**
   * Names of every tool the server registers. Declared up front so the registry can refuse a
   * duplicate across plugins at start; the runtime checks the built server against this list.
   */
  tools: string[];
  /** Deploy flags the plugin answers; may be empty. */
  flags: DeployFlag[];
  /**
   * JSON Schema of the `settings` object accepted by `POST /v1/integrations/{id}/configure`
   * (secrets excluded). Must be `type: object`; unknown keys should be refused with
   * `additionalProperties: false` so a typo is a 400 naming the field.
   */
  settingsSchema: JsonSchema;
  /**
   * Settings the configure body may also carry at its top level, beside `settings` (spec:
   * Integrations names `channel`, `notify_on_completion` and `import_context` for the chat tool).
   * Each must be a property of `settingsSchema`; another plugin's configure refuses them.
   */
  configureFields?: string[];
  /** Secrets read from `settings` on configure, encrypted at rest, handed in decrypted. */
  secrets: SecretSpec[];
  /**
   * True when the plugin works without any configure call (e.g. the local-folder backends of
   * drive, notes and wiki, so `npm start` shows a result). Flags of a plugin that is neither
   * configured nor `worksUnconfigured` are refused at deploy with `integration_not_configured`.
   */
  worksUnconfigured?: boolean;
  /**
   * Scheduled jobs (e.g. the chat sync's nightly run). The runtime runs each job once per
   * schedule tick for every workspace where the plugin is configured (or `worksUnconfigured`),
   * with that workspace's context. The registry refuses an invalid cron expression at start.
   */
  jobs?: PluginJob[];
  /**
   * Durable runs the plugin starts through `context.runs` (e.g. the chat sync). The runtime keeps
   * each run on its actor host: a run in flight when the process dies (kill -9 included) is run
   * again after the restart with the same `runId` and input, and two runs of one key never
   * overlap. The registry refuses a duplicate runner name at start.
   */
  runners?: PluginRunner[];
  /**
   * The vendor's OAuth 2.0 authorization-code endpoints, when the vendor has them. The operator
   * gives the client through CREWD_OAUTH_<ID>_CLIENT_ID / _CLIENT_SECRET (and may override the
   * URLs with _AUTHORIZE_URL / _TOKEN_URL); tokens land in the secret `access_token`.
   */
  oauth?: PluginOAuth;
}

/** The vendor's OAuth endpoints and scopes (authorization code with PKCE S256). */
export interface PluginOAuth {
  authorizeUrl: string;
  tokenUrl: string;
  scopes: string[];
  /** Extra query parameters of the authorize URL some vendors need (e.g. `access_type=offline`). */
  extraAuthorizeParams?: Record<string, string>;
}
