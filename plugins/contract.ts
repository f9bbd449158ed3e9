/**
 * The plugin contract (DESIGN section 9). A plugin is a manifest plus `register(context)`, which
 * returns an MCP server built with `@modelcontextprotocol/server`. The runtime connects that server
 * in-process over a linked in-memory transport, so agents see plugin tools and external MCP tools
 * through one client interface, and the integration runner calls a plugin's flag tool the same way.
 *
 * Rules for plugin authors:
 * - Import only this file, `@modelcontextprotocol/server`, `zod`, `knex` (for migrations and stores)
 *   and your vendor's client. Never `http/`, `storage/` or `runtime/` internals: everything you need
 *   arrives in the context (per workspace) or the host (`attach`, once at start).
 * - Tool names are unique across all plugins (the registry throws on a duplicate), written
 *   `snake_case`, and stable: they are stored in catalogs and call logs.
 * - A flag tool (see `DeployFlag.tool`) takes an `IntegrationActionInput` and answers with
 *   `structuredContent` shaped as `IntegrationActionResult`. It must be idempotent on
 *   `idempotency_key`: a second call with the same key returns the first call's result and
 *   creates nothing new (use the vendor's idempotency key, or search for the key as a marker
 *   before creating, or remember it in `context.kv`).
 * - A tool's own failure is a result with `isError: true` (the model can read it); throw only for
 *   faults of the protocol. Set `retryable: true` in `structuredContent` of an error result when a
 *   later attempt may succeed (vendor 429/5xx, network), so the runner retries only those.
 * - `register` is called once per (workspace, plugin) connection, with that workspace's settings
 *   and secrets; it must not start timers or open sockets until a tool is called.
 */
export * from './contract/actions.js';
export * from './contract/context.js';
export * from './contract/conversations.js';
export * from './contract/host.js';
export * from './contract/knowledge.js';
export * from './contract/manifest.js';
export * from './contract/migrations.js';
export * from './contract/plugin.js';
export * from './contract/routes.js';
export * from './contract/runs.js';
export * from './contract/schemas.js';
export * from './contract/workers.js';
