/**
 * Types of the crewd HTTP API, generated from its OpenAPI document by openapi-typescript.
 * Do not edit: run `npm run client:generate` (a test fails when this file is stale).
 */

export interface paths {
    "/.well-known/agent-card.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The A2A agent card of crewd: one agent at /a2a for every crew (metadata.crew names it) */
        get: operations["getA2aAgentCard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/mcp/server-card.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The MCP Server Card: where crewd's MCP endpoint is and what it speaks */
        get: operations["getMcpServerCard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/a2a/.well-known/agent-card.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The card of the agent at /a2a (every crew), beside its endpoint */
        get: operations["getA2aIndexAgentCard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/a2a/{crew_id}/.well-known/agent-card.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A crew's A2A agent card: its JSON-RPC endpoint /a2a/{crew_id}, skills from its capabilities, bearer keys */
        get: operations["getA2aCrewAgentCard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The operator page: live actors, outcome progress, webhook attempts and tool connections */
        get: operations["getOperatorPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chat/ingest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Legacy: read a channel's newest messages into the knowledge base
         * @description Needs an API key with the `integrations:write` permission.
         */
        post: operations["postApiChatIngest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chat/integrations/chat/channels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List the channels the chat token can reach (public ones, private ones the bot is in)
         * @description Needs an API key with the `integrations:write` permission.
         */
        post: operations["postApiChatIntegrationsChatChannels"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chat/integrations/chat/configure": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Validate and store the chat token (encrypted) and the sync configuration
         * @description Needs an API key with the `integrations:write` permission.
         */
        post: operations["postApiChatIntegrationsChatConfigure"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chat/integrations/chat/disconnect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete the token, stop scheduled syncs and purge the synced messages
         * @description Needs an API key with the `integrations:write` permission.
         */
        delete: operations["deleteApiChatIntegrationsChatDisconnect"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chat/integrations/chat/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sync status: per-channel message counts, last and next sync, running or not, last error
         * @description Needs an API key with the `integrations:read` permission.
         */
        get: operations["getApiChatIntegrationsChatStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chat/integrations/chat/sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a sync now: a backfill (initial_sync true) or only what is newer than the last sync
         * @description Needs an API key with the `integrations:write` permission.
         */
        post: operations["postApiChatIntegrationsChatSync"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chat/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Legacy: the newest messages of a channel, read from the chat tool
         * @description Needs an API key with the `integrations:read` permission.
         */
        get: operations["getApiChatMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chat/post": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Legacy: send a message to a channel
         * @description Needs an API key with the `integrations:write` permission.
         */
        post: operations["postApiChatPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mcp/analytics/{workspace_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Tool usage per server type, from the call log
         * @description Needs an API key with the `admin:read` permission.
         */
        get: operations["getApiMcpAnalyticsWorkspaceId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mcp/connect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Connect an MCP server (a plugin id, or custom with params.url or an allowlisted params.command)
         * @description Needs an API key with the `integrations:write` permission.
         */
        post: operations["postApiMcpConnect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mcp/connections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspace's tool connections with their discovered tools and call counts
         * @description Needs an API key with the `integrations:read` permission.
         */
        get: operations["getApiMcpConnections"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mcp/connections/{connection_id}/calls": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A tool connection's calls, newest first, with an opaque cursor
         * @description Needs an API key with the `integrations:read` permission.
         */
        get: operations["getApiMcpConnectionsConnectionIdCalls"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mcp/disconnect/{connection_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Disconnect a tool connection and clean up its data; the call log stays for analytics
         * @description Needs an API key with the `integrations:write` permission.
         */
        delete: operations["deleteApiMcpDisconnectConnectionId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mcp/oauth/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The authorization server's return after the user authorized a tool connection: redeems the code and connects (public; the state identifies the connection) */
        get: operations["getApiMcpOauthCallback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mcp/oauth/client-metadata.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** crewd's OAuth client ID metadata document: its client_id for authorization servers that support URL client ids (public) */
        get: operations["getApiMcpOauthClientMetadataJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/favicon.ico": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** No icon: 204, so a browser opening the operator page gets no 401 or 404 for it */
        get: operations["getFaviconIco"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process answers */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Service metrics in the Prometheus text format (see the README for the series and what to alert on)
         * @description Needs an API key with the `admin:read` permission.
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: the database answers and the actor host keeps committing its pending work */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/actions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace’s approval actions, oldest first, with a cursor (status=pending for the open ones)
         * @description Needs an API key with the `outcomes:read` permission.
         */
        get: operations["listActions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/actors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live actors of this process in the key's workspace: id, machine, state value, status and age (an operator-wide view is the CLI's)
         * @description Needs an API key with the `admin:read` permission.
         */
        get: operations["listLiveActors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This workspace's stored events after a position, oldest first (the operator page's live feed)
         * @description Needs an API key with the `admin:read` permission.
         */
        get: operations["listAdminEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The operator page's snapshot: live actors by machine and state, recent outcomes with progress, recent webhook attempts
         * @description Needs an API key with the `admin:read` permission.
         */
        get: operations["getAdminOverview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspace's active keys (secrets are never shown again)
         * @description Needs an API key with the `admin:read` permission.
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Create a key with a scope list and optional expiry; the secret is shown once
         * @description Needs an API key with the `admin:write` permission.
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api-keys/{key_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a key; requests with it get 401 from then on
         * @description Needs an API key with the `admin:write` permission.
         */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        /**
         * Rename a key
         * @description Needs an API key with the `admin:write` permission.
         */
        patch: operations["updateApiKey"];
        trace?: never;
    };
    "/v1/approval-links/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A signed approval link: a confirm page (no key needed; nothing changes until the POST) */
        get: operations["openApprovalLink"];
        put?: never;
        /** Decide through a signed approval link (single use; no key needed) */
        post: operations["useApprovalLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Report whether the key is valid, its id, workspace, scopes and rate-limit state */
        get: operations["verifyApiKey"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/crews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the crews with their agents, capabilities, integrations and status
         * @description Needs an API key with the `crews:read` permission.
         */
        get: operations["listCrews"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/crews/{crew_id}/deploy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deploy a crew on a brief; takes one credit; the outcome starts (or waits for a slot) at once
         * @description Needs an API key with the `crews:write` permission.
         */
        post: operations["deployCrew"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/crews/{crew_id}/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deploy a crew (the shorter answer of the same operation)
         * @description Needs an API key with the `crews:write` permission.
         */
        post: operations["runCrew"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/crews/batch-deploy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deploy several crews as one workflow; an entry starts when the crews it depends on completed
         * @description Needs an API key with the `crews:write` permission.
         */
        post: operations["batchDeployCrews"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integrations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every integration with its kind, crews, flags, saved settings (secrets redacted) and connection status
         * @description Needs an API key with the `integrations:read` permission.
         */
        get: operations["getIntegrations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integrations/{integration_id}/configure": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Save an integration's settings (validated against the plugin's schema; secrets encrypted)
         * @description Needs an API key with the `integrations:write` permission.
         */
        post: operations["postIntegrationsIntegrationIdConfigure"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integrations/{integration_id}/oauth/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start connecting an integration through its vendor's OAuth (authorization code with PKCE)
         * @description Needs an API key with the `integrations:write` permission.
         */
        post: operations["postIntegrationsIntegrationIdOauthStart"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integrations/oauth/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The vendor's return after sign-in: exchanges the code and redirects to the client's redirect_uri (public; the state identifies the workspace) */
        get: operations["getIntegrationsOauthCallback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This OpenAPI 3.1 document */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/outcomes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List outcomes, newest first, with an opaque cursor and filters
         * @description Needs an API key with the `outcomes:read` permission.
         */
        get: operations["listOutcomes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/outcomes/{outcome_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One outcome: status, progress and agents while processing; result once completed
         * @description Needs an API key with the `outcomes:read` permission.
         */
        get: operations["getOutcome"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/outcomes/{outcome_id}/actions/{action_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve or reject an outcome’s pending action (content replaces the result Markdown)
         * @description Needs an API key with the `outcomes:write` permission.
         */
        post: operations["decideAction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/outcomes/{outcome_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a processing outcome: it fails with code cancelled and its credit is given back
         * @description Needs an API key with the `outcomes:write` permission.
         */
        post: operations["cancelOutcome"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/outcomes/{outcome_id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An outcome's events. With Accept: text/event-stream, Server-Sent Events: outcome.snapshot first, then the events after ?after= (or Last-Event-ID), each with id: <sequence>, then live ones; keep-alive comments; the response ends after outcome.completed or outcome.failed. Otherwise the stored events as JSON, oldest first, a page at a time (pass pagination.next_cursor as after).
         * @description Needs an API key with the `outcomes:read` permission.
         */
        get: operations["listOutcomeEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/outcomes/{outcome_id}/result": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The result, quality metrics and integration results of a completed outcome
         * @description Needs an API key with the `outcomes:read` permission.
         */
        get: operations["getOutcomeResult"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/outcomes/{outcome_id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retry a failed outcome from the stage that failed; takes a credit again
         * @description Needs an API key with the `outcomes:write` permission.
         */
        post: operations["retryOutcome"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/outcomes/{outcome_id}/revise": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Request a revision of a completed outcome (3 per outcome)
         * @description Needs an API key with the `outcomes:write` permission.
         */
        post: operations["reviseOutcome"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/outcomes/{outcome_id}/revisions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An outcome's revision records, oldest first
         * @description Needs an API key with the `outcomes:read` permission.
         */
        get: operations["listOutcomeRevisions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/outcomes/{outcome_id}/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Real-time progress over a WebSocket: outcome.snapshot first, then stored events after ?after=<sequence>, then live ones; closes with 1000 after outcome.completed or outcome.failed
         * @description Needs an API key with the `outcomes:read` permission.
         */
        get: operations["streamOutcome"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/outcomes/{outcome_id}/tool-calls": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tool calls an outcome's agents made, oldest first: tool, connection, input, output (cut), duration, success, error, agent and step
         * @description Needs an API key with the `outcomes:read` permission.
         */
        get: operations["getOutcomesOutcomeIdToolCalls"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspace's webhooks with delivery statistics, oldest first, with an opaque cursor
         * @description Needs an API key with the `integrations:read` permission.
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Register a webhook; the signing secret is echoed in this answer only (at most 100 per workspace)
         * @description Needs an API key with the `integrations:write` permission.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{webhook_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One webhook with its delivery statistics
         * @description Needs an API key with the `integrations:read` permission.
         */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook; retries still waiting are dropped, the delivery history stays readable
         * @description Needs an API key with the `integrations:write` permission.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        /**
         * Change the url, secret (rotation: the old one keeps signing for 24 h), events, active flag, description or debug flag
         * @description Needs an API key with the `integrations:write` permission.
         */
        patch: operations["updateWebhook"];
        trace?: never;
    };
    "/v1/webhooks/{webhook_id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every delivery attempt of a webhook, newest first (also after the webhook was deleted)
         * @description Needs an API key with the `integrations:read` permission.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Attempt a finished delivery again (the same signed bytes) and answer with that attempt
         * @description Needs an API key with the `integrations:write` permission.
         */
        post: operations["redeliverWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{webhook_id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a webhook.test delivery and answer with its first attempt
         * @description Needs an API key with the `integrations:write` permission.
         */
        post: operations["testWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workflows/{workflow_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A batch deploy and the status of each of its outcomes
         * @description Needs an API key with the `outcomes:read` permission.
         */
        get: operations["getWorkflow"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspace": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The key’s workspace with its default approval policy */
        get: operations["getWorkspace"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Set the workspace’s default approval policy (deploys may tighten it, never loosen it); null clears it
         * @description Needs an API key with the `admin:write` permission.
         */
        patch: operations["updateWorkspace"];
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description An A2A agent card (A2A protocol v1.0 JSON form): the crew as an agent, its JSON-RPC endpoint, skills from its capabilities and crewd's bearer keys as the security scheme. */
        A2aAgentCard: {
            capabilities: {
                pushNotifications?: boolean;
                streaming?: boolean;
            };
            defaultInputModes?: string[];
            defaultOutputModes?: string[];
            description: string;
            name: string;
            securityRequirements?: {
                [key: string]: unknown;
            }[];
            securitySchemes: {
                [key: string]: {
                    [key: string]: unknown;
                };
            };
            skills: {
                description: string;
                id: string;
                name: string;
                tags: string[];
            }[];
            supportedInterfaces: {
                /** @enum {string} */
                protocolBinding: "JSONRPC";
                protocolVersion: string;
                url: string;
            }[];
            version: string;
        };
        Action: {
            comment?: string | null;
            content_edited?: boolean;
            /** Format: date-time */
            decided_at?: string | null;
            decided_by?: components["schemas"]["ActionDecider"] | null;
            /** @enum {string|null} */
            decision?: "approve" | "reject" | null;
            /** Format: date-time */
            expires_at: string;
            id: string;
            /** @enum {string} */
            kind: "approve_integrations" | "approve_result";
            /** @enum {string} */
            on_expiry?: "reject" | "approve";
            outcome_id: string;
            preview: components["schemas"]["ActionPreview"];
            /** Format: date-time */
            requested_at: string;
            /**
             * @description cancelled: the outcome was cancelled while it waited.
             * @enum {string}
             */
            status: "pending" | "approved" | "rejected" | "cancelled";
            summary: string;
        };
        ActionDecider: {
            /** @description The key id for api_key; null otherwise. */
            id: string | null;
            /** @enum {string} */
            type: "api_key" | "link" | "expiry";
        };
        ActionDecision: {
            comment?: string;
            /** @description Replaces the result Markdown before it is published (the edit is recorded). */
            content?: string;
            /** @enum {string} */
            decision: "approve" | "reject";
        };
        ActionList: {
            data: components["schemas"]["Action"][];
            pagination: {
                has_more: boolean;
                next_cursor: string | null;
            };
        };
        ActionPreview: {
            /** @description The Markdown that would be published or completed. */
            content: string;
            integrations: components["schemas"]["ActionPreviewIntegration"][];
        };
        ActionPreviewIntegration: {
            action: string;
            flag: string;
            integration: string;
            /** @description Where it acts: network, channel, project, repository (the integration settings that name it). */
            target: {
                [key: string]: unknown;
            };
        };
        ActorList: {
            actors: {
                age_seconds: number;
                /** Format: date-time */
                created_at: string;
                id: string;
                machine: string;
                state: string;
                status: string;
            }[];
            count: number;
        };
        ApiKey: {
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            expires_at: string | null;
            key_id: string;
            /** Format: date-time */
            last_used_at: string | null;
            name: string;
            permissions: ("crews:read" | "outcomes:read" | "integrations:read" | "crews:write" | "outcomes:write" | "integrations:write" | "admin:read" | "admin:write")[];
            prefix: string;
        };
        ApiKeyCreated: components["schemas"]["ApiKey"] & {
            secret: string;
        };
        ApiKeyList: {
            api_keys: components["schemas"]["ApiKey"][];
        };
        ApiKeyRevoked: {
            key_id: string;
            /** @constant */
            revoked: true;
        };
        Approvals: {
            /** @description The result waits for a decision before the outcome completes. */
            before_completion?: boolean;
            /** @description The integration flags wait for a decision before any side effect. */
            before_integrations?: boolean;
            /** @description How long a decision may take (default 72). */
            expires_in_hours?: number;
            /**
             * @description What an expired action decides (default reject).
             * @enum {string}
             */
            on_expiry?: "reject" | "approve";
        };
        ChatConfiguration: {
            /** @description Channel ids; empty or absent: every accessible channel. */
            channels?: string[];
            /** @description Default 90; older messages are removed. */
            dataRetentionDays?: number;
            /** @description Skip archived channels (default true). */
            excludeArchived?: boolean;
            /** @description Sync only messages with a mention (default false). */
            filterMentionsOnly?: boolean;
            /** @description Extract the text of uploaded text files (default false). */
            includeFiles?: boolean;
            /** @description Include threaded replies (default true). */
            includeThreads?: boolean;
            /** @description Default 1000; the newest are kept. */
            maxMessagesPerChannel?: number;
            /** @description Only channels the bot is already in (default false). */
            onlyMemberChannels?: boolean;
            /**
             * @description Daily at 02:00 UTC.
             * @enum {string}
             */
            syncFrequency?: "daily";
        };
        Crew: {
            agents: string[];
            capabilities: string[];
            description: string;
            /** @enum {string} */
            id: "writer" | "mind" | "pilot";
            integrations: string[];
            name: string;
            status: string;
        };
        CrewList: {
            crews: components["schemas"]["Crew"][];
        };
        /**
         * @description The deliverable's data beside the Markdown: the kind and its data, so integrations create objects from data, not from Markdown.
         * @example {
         *       "kind": "meeting_summary",
         *       "data": {
         *         "title": "Dispatch sync",
         *         "date": null,
         *         "summary": [
         *           "The returns backlog is 1,240 tickets."
         *         ],
         *         "decisions": [
         *           {
         *             "text": "Van 7 goes out on Monday.",
         *             "source": "Maria"
         *           }
         *         ],
         *         "action_items": [
         *           {
         *             "owner": "Jan de Vries",
         *             "task": "Send van 7 to the Utrecht depot",
         *             "due": "Monday"
         *           }
         *         ],
         *         "risks": [
         *           "Two drivers are out next week."
         *         ],
         *         "open_questions": []
         *       }
         *     }
         */
        Deliverable: components["schemas"]["DeliverableBlogPost"] | components["schemas"]["DeliverableSocialPosts"] | components["schemas"]["DeliverableNewsletter"] | components["schemas"]["DeliverableDocumentationPage"] | components["schemas"]["DeliverableHowTo"] | components["schemas"]["DeliverableEmail"] | components["schemas"]["DeliverableLandingCopy"] | components["schemas"]["DeliverableMeetingSummary"] | components["schemas"]["DeliverableStatusReview"] | components["schemas"]["DeliverableAnalysis"] | components["schemas"]["DeliverableProcessPlan"] | components["schemas"]["DeliverableRetro"] | components["schemas"]["DeliverablePriorityRanking"] | components["schemas"]["DeliverablePrd"] | components["schemas"]["DeliverableRoadmap"] | components["schemas"]["DeliverableTicketSet"] | components["schemas"]["DeliverableReleaseNotes"] | components["schemas"]["DeliverableTechnicalSpec"];
        /** @description A backlog, incident or general analysis. */
        DeliverableAnalysis: {
            data: {
                action_items: {
                    /** @description As the material states it ("by Friday", "2026-03-02"); null when none was given. */
                    due: string | null;
                    owner: string | null;
                    task: string;
                }[];
                causes: string[];
                findings: {
                    evidence: string | null;
                    finding: string;
                }[];
                recommendations: {
                    /** @enum {string} */
                    priority: "high" | "medium" | "low";
                    text: string;
                }[];
                /** @enum {string} */
                subject: "backlog" | "incident" | "general";
                title: string;
            };
            /** @enum {string} */
            kind: "analysis";
        };
        /** @description A blog post. */
        DeliverableBlogPost: {
            data: {
                call_to_action: string | null;
                lede: string;
                sections: {
                    body: string[];
                    heading: string;
                }[];
                title: string;
            };
            /** @enum {string} */
            kind: "blog_post";
        };
        /** @description A documentation or install page. */
        DeliverableDocumentationPage: {
            data: {
                prerequisites: string[];
                sections: {
                    body: string[];
                    heading: string;
                }[];
                steps: {
                    /** @description A shell command or code line the step runs, when it has one. */
                    command: string | null;
                    detail: string | null;
                    instruction: string;
                }[];
                summary: string;
                title: string;
            };
            /** @enum {string} */
            kind: "documentation_page";
        };
        /** @description An email with a subject line and a call to action. */
        DeliverableEmail: {
            data: {
                body: string[];
                call_to_action: string;
                greeting: string;
                sign_off: string;
                subject: string;
            };
            /** @enum {string} */
            kind: "email";
        };
        /** @description A how-to guide. */
        DeliverableHowTo: {
            data: {
                steps: {
                    /** @description A shell command or code line the step runs, when it has one. */
                    command: string | null;
                    detail: string | null;
                    instruction: string;
                }[];
                summary: string;
                tips: string[];
                title: string;
                you_need: string[];
            };
            /** @enum {string} */
            kind: "how_to";
        };
        /** @description Landing-page copy. */
        DeliverableLandingCopy: {
            data: {
                benefits: {
                    text: string;
                    title: string;
                }[];
                call_to_action: string;
                headline: string;
                proof: string[];
                subheadline: string;
            };
            /** @enum {string} */
            kind: "landing_copy";
        };
        /** @description A meeting summary: what was said, decided, who does what, and the risks raised. */
        DeliverableMeetingSummary: {
            data: {
                action_items: {
                    /** @description As the material states it ("by Friday", "2026-03-02"); null when none was given. */
                    due: string | null;
                    owner: string | null;
                    task: string;
                }[];
                date: string | null;
                decisions: {
                    source: string | null;
                    text: string;
                }[];
                open_questions: string[];
                risks: string[];
                summary: string[];
                title: string;
            };
            /** @enum {string} */
            kind: "meeting_summary";
        };
        /** @description A newsletter issue. */
        DeliverableNewsletter: {
            data: {
                call_to_action: string | null;
                intro: string;
                items: {
                    body: string[];
                    heading: string;
                }[];
                title: string;
            };
            /** @enum {string} */
            kind: "newsletter";
        };
        /** @description A product requirements document. */
        DeliverablePrd: {
            data: {
                goals: string[];
                metrics: string[];
                open_questions: string[];
                personas: string[];
                problem: string[];
                requirements: string[];
                title: string;
                user_stories: {
                    /** @description The "so that" reason; null when the material gives none. */
                    benefit: string | null;
                    persona: string;
                    want: string;
                }[];
            };
            /** @enum {string} */
            kind: "prd";
        };
        /** @description A priority ranking. */
        DeliverablePriorityRanking: {
            data: {
                criteria: string[];
                items: {
                    item: string;
                    /** @enum {string} */
                    priority: "high" | "medium" | "low";
                    rank: number;
                    reason: string | null;
                }[];
                title: string;
            };
            /** @enum {string} */
            kind: "priority_ranking";
        };
        /** @description A process plan: goal, ordered steps with owners, risks and how success is measured. */
        DeliverableProcessPlan: {
            data: {
                goal: string;
                measures: string[];
                risks: string[];
                steps: {
                    due: string | null;
                    owner: string | null;
                    step: string;
                }[];
                title: string;
            };
            /** @enum {string} */
            kind: "process_plan";
        };
        /** @description Release notes. */
        DeliverableReleaseNotes: {
            data: {
                date: string | null;
                entries: {
                    /** @description Issue, PR or commit it came from; kept for the author, not printed to customers. */
                    reference: string | null;
                    text: string;
                    /** @enum {string} */
                    type: "feature" | "improvement" | "fix" | "breaking" | "security" | "other";
                }[];
                highlights: string[];
                title: string;
                version: string | null;
            };
            /** @enum {string} */
            kind: "release_notes";
        };
        /** @description A retrospective. */
        DeliverableRetro: {
            data: {
                action_items: {
                    /** @description As the material states it ("by Friday", "2026-03-02"); null when none was given. */
                    due: string | null;
                    owner: string | null;
                    task: string;
                }[];
                title: string;
                to_improve: string[];
                went_well: string[];
            };
            /** @enum {string} */
            kind: "retro";
        };
        /** @description A roadmap: phases with dates. */
        DeliverableRoadmap: {
            data: {
                phases: {
                    /** @description The period as the material or requirements.timeline state it; null when none was given. */
                    dates: string | null;
                    items: string[];
                    name: string;
                }[];
                timeline: string | null;
                title: string;
            };
            /** @enum {string} */
            kind: "roadmap";
        };
        /** @description Social posts, one per network, each within its network's length. */
        DeliverableSocialPosts: {
            data: {
                posts: {
                    hashtags: string[];
                    /** @description The network's length limit the text keeps within. */
                    max_characters: number;
                    network: string;
                    text: string;
                }[];
            };
            /** @enum {string} */
            kind: "social_posts";
        };
        /** @description A KPI or status review. */
        DeliverableStatusReview: {
            data: {
                action_items: {
                    /** @description As the material states it ("by Friday", "2026-03-02"); null when none was given. */
                    due: string | null;
                    owner: string | null;
                    task: string;
                }[];
                highlights: string[];
                metrics: {
                    current: string | null;
                    due: string | null;
                    name: string;
                    /** @enum {string} */
                    status: "on_track" | "at_risk" | "off_track" | "unknown";
                    target: string | null;
                }[];
                period: string | null;
                risks: string[];
                title: string;
            };
            /** @enum {string} */
            kind: "status_review";
        };
        /** @description A technical specification. */
        DeliverableTechnicalSpec: {
            data: {
                design: {
                    body: string[];
                    heading: string;
                }[];
                goals: string[];
                interfaces: string[];
                open_questions: string[];
                overview: string;
                risks: string[];
                title: string;
            };
            /** @enum {string} */
            kind: "technical_spec";
        };
        /** @description A set of tracker tickets, each with acceptance criteria. */
        DeliverableTicketSet: {
            data: {
                estimate_unit: string | null;
                tickets: {
                    acceptance_criteria: string[];
                    description: string;
                    /** @description Null when the material gives none (estimates are never guessed). */
                    estimate: {
                        /** @description The unit asked for: points, hours, days ... */
                        unit: string;
                        value: number;
                    } | null;
                    title: string;
                }[];
                title: string;
                user_stories: {
                    /** @description The "so that" reason; null when the material gives none. */
                    benefit: string | null;
                    persona: string;
                    want: string;
                }[];
            };
            /** @enum {string} */
            kind: "ticket_set";
        };
        Deployment: {
            agents_deployed: string[];
            /** Format: date-time */
            created_at: string;
            /** @enum {string} */
            crew: "writer" | "mind" | "pilot";
            /** Format: date-time */
            estimated_completion: string;
            outcome_id: string;
            progress: {
                completion_percentage: number;
                current_agent?: string;
                current_stage: string;
                next_stage?: string;
                stages_completed?: string[];
            };
            /** @enum {string} */
            status: "processing";
        };
        Error: {
            error: {
                code: string;
                details: {
                    [key: string]: unknown;
                };
                message: string;
            };
        };
        Integration: {
            auth: {
                oauth: boolean;
                token: boolean;
            };
            /** @enum {string} */
            auth_status: "ok" | "auth_required";
            configured: boolean;
            connection_id: string | null;
            /** @enum {string} */
            connection_status: "active" | "disconnected" | "error";
            crews: string[];
            display_name: string;
            flags: string[];
            id: string;
            kind: string;
            settings: {
                [key: string]: unknown;
            };
            settings_schema: {
                [key: string]: unknown;
            };
            /** Format: date-time */
            updated_at: string | null;
        };
        IntegrationList: {
            integrations: components["schemas"]["Integration"][];
        };
        Outcome: {
            agents?: {
                [key: string]: {
                    /** Format: date-time */
                    completion_time?: string;
                    output_summary?: string;
                    progress?: string;
                    /** Format: date-time */
                    started_at?: string;
                    /** @enum {string} */
                    status: "pending" | "processing" | "completed" | "failed";
                };
            };
            /** @description The brief the outcome was deployed on; in list items (GET /v1/outcomes) only. */
            brief?: string;
            /**
             * Format: date-time
             * @description The first completion; a revision does not move it (see revised_at).
             */
            completed_at?: string;
            /** Format: date-time */
            created_at: string;
            /** @enum {string} */
            crew: "writer" | "mind" | "pilot";
            error?: {
                code: string;
                details: {
                    agent: string;
                    last_error: string;
                    /** @description Model retries spent at that stage (0 when the failure is not a model step). */
                    retry_count: number;
                    /** @description The stage it failed at, or waiting_for_dependencies, finalizing, revision. */
                    stage: string;
                } & {
                    [key: string]: unknown;
                };
                message: string;
            };
            /** Format: date-time */
            estimated_completion?: string;
            /** Format: date-time */
            estimated_retry_time?: string;
            /** Format: date-time */
            failed_at?: string;
            id: string;
            pending_action?: components["schemas"]["PendingAction"];
            progress?: {
                completion_percentage: number;
                current_agent?: string;
                current_stage: string;
                next_stage?: string;
                stages_completed?: string[];
            };
            result?: components["schemas"]["Result"];
            retry_available?: boolean;
            /**
             * Format: date-time
             * @description When the latest revision completed (completed_at keeps the first completion). Present once a revision completed.
             */
            revised_at?: string;
            /** @description The latest completed revision. Present once a revision completed. */
            revision_id?: string;
            revisions_available: number;
            /** @enum {string} */
            status: "processing" | "completed" | "failed" | "revision_requested";
        };
        OutcomeEvent: {
            data: {
                [key: string]: unknown;
            };
            event: string;
            sequence: number;
            /** Format: date-time */
            timestamp: string;
        };
        OutcomeEventList: {
            data: components["schemas"]["OutcomeEvent"][];
            pagination: {
                has_more: boolean;
                next_cursor: string | null;
            };
        };
        OutcomeList: {
            data: components["schemas"]["Outcome"][];
            pagination: {
                has_more: boolean;
                next_cursor: string | null;
            };
        };
        OutcomeResult: {
            /** Format: date-time */
            completed_at: string;
            /** @enum {string} */
            crew: "writer" | "mind" | "pilot";
            id: string;
            integrations_executed: {
                [key: string]: unknown;
            };
            quality_metrics: components["schemas"]["QualityMetrics"];
            result: components["schemas"]["Result"];
            /**
             * Format: date-time
             * @description When the latest revision completed (completed_at keeps the first completion). Present once a revision completed.
             */
            revised_at?: string;
            /** @description The latest completed revision. Present once a revision completed. */
            revision_id?: string;
            /** @enum {string} */
            status: "processing" | "completed" | "failed" | "revision_requested";
        };
        PendingAction: {
            /** Format: date-time */
            expires_at: string;
            id: string;
            /** @enum {string} */
            kind: "approve_integrations" | "approve_result";
            preview: components["schemas"]["ActionPreview"];
            /** Format: date-time */
            requested_at: string;
            summary: string;
        };
        QualityMetrics: {
            criteria: {
                clarity: number;
                completeness: number;
                engagement: number;
                relevance: number;
            };
            overall_score: number;
        };
        Result: {
            assets: {
                description: string;
                type: string;
                url: string;
            }[];
            content: string;
            metadata: {
                deliverable?: components["schemas"]["Deliverable"];
                /**
                 * @description "outline" when the brief came without material: an honest outline of the deliverable with what to add; "grounded" otherwise.
                 * @enum {string}
                 */
                draft_kind?: "grounded" | "outline";
                /** @description What the material lacked (no context, no reason for a user story, nothing to rank ...), said beside the content; present only when there is something to say. */
                notes?: string[];
                readability_score?: number;
                reading_time?: string;
                sentiment?: string;
                seo_score?: number;
                word_count?: number;
            };
        };
        Revision: {
            /** @description The parts of the feedback the revision applied. null until it completes, and when the model does not report them (openai provider). */
            applied: string[] | null;
            changes_requested: string[];
            /** Format: date-time */
            completed_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** @description Why the revision failed (status failed), else null: the error code, a message, the crew stage it failed at, and details (agent, retry_count, last_error). The outcome keeps its content and gets the revision back. */
            error?: {
                code: string;
                details: {
                    [key: string]: unknown;
                };
                message: string;
                stage: string;
            } | null;
            /** Format: date-time */
            estimated_completion: string;
            feedback: string;
            /** @description The parts of the feedback the revision did not apply, each with the reason; [] when it applied everything (or the model reports nothing unapplied). null until it completes. A revision that changed nothing lists what it could not do here. */
            not_applied: {
                part: string;
                reason: string;
            }[] | null;
            outcome_id: string;
            priority?: string | null;
            requirements?: {
                [key: string]: unknown;
            };
            revision_id: string;
            /** @enum {string} */
            status: "processing" | "completed" | "failed";
        };
        RevisionList: {
            revisions: components["schemas"]["Revision"][];
        };
        RevisionStarted: {
            changes_requested: string[];
            /** Format: date-time */
            estimated_completion: string;
            revision_id: string;
            /** @enum {string} */
            status: "processing" | "completed" | "failed";
        };
        RunStarted: {
            /** @enum {string} */
            crew_deployed: "writer" | "mind" | "pilot";
            /** Format: date-time */
            estimated_completion: string;
            outcome_id: string;
            /** @enum {string} */
            status: "processing";
        };
        ToolAnalytics: {
            analytics: components["schemas"]["ToolAnalyticsEntry"][];
            total_connections: number;
        };
        ToolAnalyticsEntry: {
            avg_execution_time_ms: number;
            server_type: string;
            success_rate_percent: number;
            total_tool_calls: number;
            unique_tools_used: number;
            usage_count_last_30d: number;
        };
        ToolAuthorizationRequired: {
            authorization_url: string;
            connection_id: string;
            /** Format: date-time */
            expires_at: string;
            /** @constant */
            status: "auth_required";
        };
        ToolConnected: {
            connection_id: string;
            /** @constant */
            status: "connected";
            tools: {
                description: string;
                name: string;
            }[];
            tools_available: number;
        };
        ToolConnection: {
            /** @description An auth "oauth" connection waiting for its user (first connect, scope step-up, refused refresh): the URL to open. */
            authorization_url?: string;
            available_tools: {
                description: string;
                name: string;
            }[];
            /** @enum {string} */
            connection_status: "active" | "disconnected" | "error";
            /** Format: date-time */
            created_at?: string;
            id: string;
            /** Format: date-time */
            last_connected_at: string | null;
            server_name: string;
            server_type: string;
            status_detail: {
                last_error: string | null;
                /** Format: date-time */
                next_retry_at: string | null;
                reason: string | null;
                /** @enum {string} */
                state: "connecting" | "active" | "reconnecting" | "error" | "disconnected";
            };
            total_tool_calls: number;
            workspace_id: string;
        };
        ToolConnectionList: {
            connections: components["schemas"]["ToolConnection"][];
            total_count: number;
        };
        Webhook: {
            active: boolean;
            /** Format: date-time */
            created_at: string;
            debug: boolean;
            delivery_count: number;
            description: string;
            disabled_reason: string | null;
            events: ("outcome.created" | "outcome.processing" | "outcome.completed" | "outcome.failed" | "outcome.revision_requested" | "crew.deployed" | "crew.agent_started" | "crew.agent_completed" | "integration.executed" | "integration.failed" | "webhook.test" | "outcome.revision_failed" | "tool.failed" | "outcome.action_required" | "outcome.action_resolved" | "tool_connection.auth_required")[];
            id: string;
            /** Format: date-time */
            last_delivery: string | null;
            outcome_id: string | null;
            /** Format: date-time */
            previous_secret_expires_at: string | null;
            success_rate: number;
            url: string;
        };
        WebhookCreated: components["schemas"]["Webhook"] & {
            secret: string;
        };
        WebhookDeleted: {
            /** @constant */
            deleted: true;
            id: string;
        };
        WebhookDelivery: {
            attempt: number;
            /** Format: date-time */
            delivered_at: string;
            error?: string;
            event: string;
            id: string;
            /** Format: date-time */
            next_retry?: string;
            response_code: number;
            response_time_ms: number;
            /** @enum {string} */
            status: "success" | "failed";
        };
        WebhookDeliveryList: {
            deliveries: components["schemas"]["WebhookDelivery"][];
        };
        WebhookList: {
            pagination: {
                has_more: boolean;
                next_cursor: string | null;
            };
            webhooks: components["schemas"]["Webhook"][];
        };
        Workflow: {
            /** Format: date-time */
            completed_at?: string | null;
            /** Format: date-time */
            created_at: string;
            outcomes: {
                crew_id: string;
                depends_on: string[];
                outcome_id: string;
                priority: number;
                /** @enum {string} */
                status: "processing" | "completed" | "failed" | "revision_requested";
            }[];
            /** @enum {string} */
            status: "running" | "completed" | "failed";
            workflow_id: string;
            workflow_name: string;
        };
        Workspace: {
            /** @description The default approval policy; a deploy may tighten it, never loosen it. */
            approvals: components["schemas"]["Approvals"] | null;
            id: string;
            name: string;
            plan: string;
        };
    };
    responses: {
        /** @description Bad request: invalid_request, invalid_json or a resource-specific code; details name the field */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "invalid_brief",
                 *         "message": "The brief must be at least 10 characters.",
                 *         "details": {
                 *           "field": "brief",
                 *           "min_length": 10,
                 *           "provided_length": 4
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Conflict: the resource is not in a state that allows this, or an Idempotency-Key was reused with another body (`idempotency_conflict`) */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "crew_unavailable",
                 *         "message": "The pilot crew is in maintenance.",
                 *         "details": {
                 *           "crew": "pilot",
                 *           "estimated_availability": "2026-05-04T12:00:00.000Z",
                 *           "alternative_crews": [
                 *             "writer"
                 *           ]
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The key lacks the permission this operation needs (`forbidden`, details.required_permission) */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "forbidden",
                 *         "message": "This key lacks the crews:write permission.",
                 *         "details": {
                 *           "required_permission": "crews:write",
                 *           "provided_permissions": [
                 *             "crews:read"
                 *           ]
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Out of plan outcomes (`insufficient_credits`) */
        InsufficientCredits: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "insufficient_credits",
                 *         "message": "This workspace has no outcomes left on its plan.",
                 *         "details": {
                 *           "outcomes_remaining": 0,
                 *           "outcomes_required": 1,
                 *           "upgrade_url": "https://example.org/billing"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Internal error; the body carries no internals, X-Request-Id identifies the request */
        InternalError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "internal_error",
                 *         "message": "Something went wrong on our side; the request id is in X-Request-Id.",
                 *         "details": {}
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No such resource in this workspace (`not_found`) */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "not_found",
                 *         "message": "Outcome out_7Hq2ZpK4mW was not found.",
                 *         "details": {
                 *           "outcome_id": "out_7Hq2ZpK4mW"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Body larger than 1 MB (`payload_too_large`) */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "payload_too_large",
                 *         "message": "The body is larger than 1 MB.",
                 *         "details": {
                 *           "limit_bytes": 1048576
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Rate limited (`rate_limited`); wait for Retry-After seconds */
        RateLimited: {
            headers: {
                "Retry-After": components["headers"]["Retry-After"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "rate_limited",
                 *         "message": "Too many requests; retry after 12 seconds.",
                 *         "details": {
                 *           "limit": 60,
                 *           "retry_after_seconds": 12
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Missing, malformed, invalid, expired or revoked API key (`unauthorized`, details.reason) */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "unauthorized",
                 *         "message": "The API key is not valid.",
                 *         "details": {
                 *           "reason": "invalid_api_key"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Not ready */
        Unavailable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "unavailable",
                 *         "message": "The service is not ready.",
                 *         "details": {}
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Body is not application/json (`unsupported_media_type`) */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "unsupported_media_type",
                 *         "message": "Send the body as application/json.",
                 *         "details": {
                 *           "content_type": "text/plain"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description A plain GET on the WebSocket endpoint: connect with Upgrade: websocket (`upgrade_required`) */
        UpgradeRequired: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "upgrade_required",
                 *         "message": "This endpoint is a WebSocket: connect with Upgrade: websocket.",
                 *         "details": {}
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description Seconds to wait before trying again */
        "Retry-After": number;
        /** @description Requests allowed per minute for this key (or address) */
        "X-RateLimit-Limit": number;
        /** @description Requests left in the current window */
        "X-RateLimit-Remaining": number;
        /** @description Unix time (seconds) when the window resets */
        "X-RateLimit-Reset": number;
    };
    pathItems: never;
}
export type A2aAgentCard = components['schemas']['A2aAgentCard'];
export type Action = components['schemas']['Action'];
export type ActionDecider = components['schemas']['ActionDecider'];
export type ActionDecision = components['schemas']['ActionDecision'];
export type ActionList = components['schemas']['ActionList'];
export type ActionPreview = components['schemas']['ActionPreview'];
export type ActionPreviewIntegration = components['schemas']['ActionPreviewIntegration'];
export type ActorList = components['schemas']['ActorList'];
export type ApiKey = components['schemas']['ApiKey'];
export type ApiKeyCreated = components['schemas']['ApiKeyCreated'];
export type ApiKeyList = components['schemas']['ApiKeyList'];
export type ApiKeyRevoked = components['schemas']['ApiKeyRevoked'];
export type Approvals = components['schemas']['Approvals'];
export type ChatConfiguration = components['schemas']['ChatConfiguration'];
export type Crew = components['schemas']['Crew'];
export type CrewList = components['schemas']['CrewList'];
export type Deliverable = components['schemas']['Deliverable'];
export type DeliverableAnalysis = components['schemas']['DeliverableAnalysis'];
export type DeliverableBlogPost = components['schemas']['DeliverableBlogPost'];
export type DeliverableDocumentationPage = components['schemas']['DeliverableDocumentationPage'];
export type DeliverableEmail = components['schemas']['DeliverableEmail'];
export type DeliverableHowTo = components['schemas']['DeliverableHowTo'];
export type DeliverableLandingCopy = components['schemas']['DeliverableLandingCopy'];
export type DeliverableMeetingSummary = components['schemas']['DeliverableMeetingSummary'];
export type DeliverableNewsletter = components['schemas']['DeliverableNewsletter'];
export type DeliverablePrd = components['schemas']['DeliverablePrd'];
export type DeliverablePriorityRanking = components['schemas']['DeliverablePriorityRanking'];
export type DeliverableProcessPlan = components['schemas']['DeliverableProcessPlan'];
export type DeliverableReleaseNotes = components['schemas']['DeliverableReleaseNotes'];
export type DeliverableRetro = components['schemas']['DeliverableRetro'];
export type DeliverableRoadmap = components['schemas']['DeliverableRoadmap'];
export type DeliverableSocialPosts = components['schemas']['DeliverableSocialPosts'];
export type DeliverableStatusReview = components['schemas']['DeliverableStatusReview'];
export type DeliverableTechnicalSpec = components['schemas']['DeliverableTechnicalSpec'];
export type DeliverableTicketSet = components['schemas']['DeliverableTicketSet'];
export type Deployment = components['schemas']['Deployment'];
export type Error = components['schemas']['Error'];
export type Integration = components['schemas']['Integration'];
export type IntegrationList = components['schemas']['IntegrationList'];
export type Outcome = components['schemas']['Outcome'];
export type OutcomeEvent = components['schemas']['OutcomeEvent'];
export type OutcomeEventList = components['schemas']['OutcomeEventList'];
export type OutcomeList = components['schemas']['OutcomeList'];
export type OutcomeResult = components['schemas']['OutcomeResult'];
export type PendingAction = components['schemas']['PendingAction'];
export type QualityMetrics = components['schemas']['QualityMetrics'];
export type Result = components['schemas']['Result'];
export type Revision = components['schemas']['Revision'];
export type RevisionList = components['schemas']['RevisionList'];
export type RevisionStarted = components['schemas']['RevisionStarted'];
export type RunStarted = components['schemas']['RunStarted'];
export type ToolAnalytics = components['schemas']['ToolAnalytics'];
export type ToolAnalyticsEntry = components['schemas']['ToolAnalyticsEntry'];
export type ToolAuthorizationRequired = components['schemas']['ToolAuthorizationRequired'];
export type ToolConnected = components['schemas']['ToolConnected'];
export type ToolConnection = components['schemas']['ToolConnection'];
export type ToolConnectionList = components['schemas']['ToolConnectionList'];
export type Webhook = components['schemas']['Webhook'];
export type WebhookCreated = components['schemas']['WebhookCreated'];
export type WebhookDeleted = components['schemas']['WebhookDeleted'];
export type WebhookDelivery = components['schemas']['WebhookDelivery'];
export type WebhookDeliveryList = components['schemas']['WebhookDeliveryList'];
export type WebhookList = components['schemas']['WebhookList'];
export type Workflow = components['schemas']['Workflow'];
export type Workspace = components['schemas']['Workspace'];
export type ResponseBadRequest = components['responses']['BadRequest'];
export type ResponseConflict = components['responses']['Conflict'];
export type ResponseForbidden = components['responses']['Forbidden'];
export type ResponseInsufficientCredits = components['responses']['InsufficientCredits'];
export type ResponseInternalError = components['responses']['InternalError'];
export type ResponseNotFound = components['responses']['NotFound'];
export type ResponsePayloadTooLarge = components['responses']['PayloadTooLarge'];
export type ResponseRateLimited = components['responses']['RateLimited'];
export type ResponseUnauthorized = components['responses']['Unauthorized'];
export type ResponseUnavailable = components['responses']['Unavailable'];
export type ResponseUnsupportedMediaType = components['responses']['UnsupportedMediaType'];
export type ResponseUpgradeRequired = components['responses']['UpgradeRequired'];
export type HeaderRetryAfter = components['headers']['Retry-After'];
export type HeaderXRateLimitLimit = components['headers']['X-RateLimit-Limit'];
export type HeaderXRateLimitRemaining = components['headers']['X-RateLimit-Remaining'];
export type HeaderXRateLimitReset = components['headers']['X-RateLimit-Reset'];
export type $defs = Record<string, never>;
export interface operations {
    getA2aAgentCard: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "name": "name example",
                     *       "description": "description example",
                     *       "version": "version example",
                     *       "supportedInterfaces": [
                     *         {
                     *           "url": "https://example.org/hooks/crewd",
                     *           "protocolBinding": "JSONRPC",
                     *           "protocolVersion": "protocolVersion example"
                     *         }
                     *       ],
                     *       "capabilities": {
                     *         "streaming": true,
                     *         "pushNotifications": true
                     *       },
                     *       "securitySchemes": {
                     *         "key": {}
                     *       },
                     *       "securityRequirements": [
                     *         {}
                     *       ],
                     *       "defaultInputModes": [
                     *         "defaultInputModes example"
                     *       ],
                     *       "defaultOutputModes": [
                     *         "defaultOutputModes example"
                     *       ],
                     *       "skills": [
                     *         {
                     *           "id": "out_7Hq2ZpK4mW",
                     *           "name": "name example",
                     *           "description": "description example",
                     *           "tags": [
                     *             "tags example"
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["A2aAgentCard"];
                };
            };
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getMcpServerCard: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "$schema": "$schema example",
                     *       "name": "name example",
                     *       "title": "title example",
                     *       "version": "version example",
                     *       "description": "description example",
                     *       "remotes": [
                     *         {
                     *           "type": "streamable-http",
                     *           "url": "https://example.org/hooks/crewd",
                     *           "supportedProtocolVersions": [
                     *             "supportedProtocolVersions example"
                     *           ],
                     *           "headers": [
                     *             {
                     *               "name": "name example",
                     *               "description": "description example",
                     *               "isRequired": true,
                     *               "isSecret": true
                     *             }
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        $schema: string;
                        description?: string;
                        name: string;
                        remotes: {
                            headers?: {
                                description?: string;
                                isRequired?: boolean;
                                isSecret?: boolean;
                                name?: string;
                            }[];
                            supportedProtocolVersions?: string[];
                            /** @enum {string} */
                            type: "streamable-http";
                            url: string;
                        }[];
                        title?: string;
                        version: string;
                    };
                };
            };
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getA2aIndexAgentCard: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "name": "name example",
                     *       "description": "description example",
                     *       "version": "version example",
                     *       "supportedInterfaces": [
                     *         {
                     *           "url": "https://example.org/hooks/crewd",
                     *           "protocolBinding": "JSONRPC",
                     *           "protocolVersion": "protocolVersion example"
                     *         }
                     *       ],
                     *       "capabilities": {
                     *         "streaming": true,
                     *         "pushNotifications": true
                     *       },
                     *       "securitySchemes": {
                     *         "key": {}
                     *       },
                     *       "securityRequirements": [
                     *         {}
                     *       ],
                     *       "defaultInputModes": [
                     *         "defaultInputModes example"
                     *       ],
                     *       "defaultOutputModes": [
                     *         "defaultOutputModes example"
                     *       ],
                     *       "skills": [
                     *         {
                     *           "id": "out_7Hq2ZpK4mW",
                     *           "name": "name example",
                     *           "description": "description example",
                     *           "tags": [
                     *             "tags example"
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["A2aAgentCard"];
                };
            };
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getA2aCrewAgentCard: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                crew_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "name": "name example",
                     *       "description": "description example",
                     *       "version": "version example",
                     *       "supportedInterfaces": [
                     *         {
                     *           "url": "https://example.org/hooks/crewd",
                     *           "protocolBinding": "JSONRPC",
                     *           "protocolVersion": "protocolVersion example"
                     *         }
                     *       ],
                     *       "capabilities": {
                     *         "streaming": true,
                     *         "pushNotifications": true
                     *       },
                     *       "securitySchemes": {
                     *         "key": {}
                     *       },
                     *       "securityRequirements": [
                     *         {}
                     *       ],
                     *       "defaultInputModes": [
                     *         "defaultInputModes example"
                     *       ],
                     *       "defaultOutputModes": [
                     *         "defaultOutputModes example"
                     *       ],
                     *       "skills": [
                     *         {
                     *           "id": "out_7Hq2ZpK4mW",
                     *           "name": "name example",
                     *           "description": "description example",
                     *           "tags": [
                     *             "tags example"
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["A2aAgentCard"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getOperatorPage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example example */
                    "text/html": string;
                };
            };
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    postApiChatIngest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "example",
                 *       "channel": "channel example",
                 *       "limit": 100
                 *     }
                 */
                "application/json": {
                    /** @description A channel id (C0123...) or name (#eng). */
                    channel: string;
                    /** @default 100 */
                    limit?: number;
                    /** @description Chat bot token (<ACCESS_TOKEN>); stored encrypted, never returned. */
                    token: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ingested",
                     *       "team_id": "out_7Hq2ZpK4mW",
                     *       "channel": "channel example",
                     *       "channel_name": "channel_name example",
                     *       "ingested": 1
                     *     }
                     */
                    "application/json": {
                        channel: string;
                        channel_name: string;
                        ingested: number;
                        /** @constant */
                        status: "ingested";
                        team_id: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    postApiChatIntegrationsChatChannels: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "access_token": "example",
                 *       "team_id": "out_7Hq2ZpK4mW"
                 *     }
                 */
                "application/json": {
                    /** @description Chat bot token (<ACCESS_TOKEN>); stored encrypted, never returned. */
                    access_token: string;
                    /** @description The chat workspace (team) id. */
                    team_id: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "team_id": "out_7Hq2ZpK4mW",
                     *       "channels": [
                     *         {
                     *           "id": "out_7Hq2ZpK4mW",
                     *           "name": "name example",
                     *           "is_private": true,
                     *           "is_archived": true,
                     *           "is_member": true,
                     *           "num_members": 1
                     *         }
                     *       ],
                     *       "total_count": 1
                     *     }
                     */
                    "application/json": {
                        channels: {
                            id: string;
                            is_archived: boolean;
                            is_member: boolean;
                            is_private: boolean;
                            name: string;
                            num_members: number | null;
                        }[];
                        team_id: string;
                        total_count: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    postApiChatIntegrationsChatConfigure: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "access_token": "example",
                 *       "team_id": "out_7Hq2ZpK4mW",
                 *       "configuration": {
                 *         "channels": [
                 *           "channels example"
                 *         ],
                 *         "includeThreads": true,
                 *         "includeFiles": true,
                 *         "filterMentionsOnly": true,
                 *         "maxMessagesPerChannel": 500,
                 *         "dataRetentionDays": 30,
                 *         "syncFrequency": "daily",
                 *         "excludeArchived": true,
                 *         "onlyMemberChannels": true
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description Chat bot token (<ACCESS_TOKEN>); stored encrypted, never returned. */
                    access_token: string;
                    configuration: components["schemas"]["ChatConfiguration"];
                    /** @description The chat workspace (team) id. */
                    team_id: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "configured",
                     *       "team_id": "out_7Hq2ZpK4mW",
                     *       "team_name": "team_name example",
                     *       "configuration": {
                     *         "channels": [
                     *           "channels example"
                     *         ],
                     *         "includeThreads": true,
                     *         "includeFiles": true,
                     *         "filterMentionsOnly": true,
                     *         "maxMessagesPerChannel": 1,
                     *         "dataRetentionDays": 1,
                     *         "syncFrequency": "daily",
                     *         "excludeArchived": true,
                     *         "onlyMemberChannels": true
                     *       },
                     *       "next_sync_at": "2026-05-04T09:30:00.000Z",
                     *       "tool_connection_id": "out_7Hq2ZpK4mW"
                     *     }
                     */
                    "application/json": {
                        configuration: {
                            channels: string[];
                            dataRetentionDays: number;
                            excludeArchived: boolean;
                            filterMentionsOnly: boolean;
                            includeFiles: boolean;
                            includeThreads: boolean;
                            maxMessagesPerChannel: number;
                            onlyMemberChannels: boolean;
                            /** @enum {string} */
                            syncFrequency: "daily";
                        };
                        /** Format: date-time */
                        next_sync_at: string;
                        /** @constant */
                        status: "configured";
                        team_id: string;
                        team_name: string;
                        tool_connection_id: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteApiChatIntegrationsChatDisconnect: {
        parameters: {
            query: {
                team_id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "disconnected",
                     *       "team_id": "out_7Hq2ZpK4mW",
                     *       "messages_deleted": 1
                     *     }
                     */
                    "application/json": {
                        messages_deleted: number;
                        /** @constant */
                        status: "disconnected";
                        team_id: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getApiChatIntegrationsChatStatus: {
        parameters: {
            query: {
                team_id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "team_id": "out_7Hq2ZpK4mW",
                     *       "team_name": "team_name example",
                     *       "state": "idle",
                     *       "running": true,
                     *       "last_sync_started_at": "2026-05-04T09:30:00.000Z",
                     *       "last_sync_at": "2026-05-04T09:30:00.000Z",
                     *       "next_sync_at": "2026-05-04T09:30:00.000Z",
                     *       "last_error": {
                     *         "code": "code example",
                     *         "message": "message example",
                     *         "at": "2026-05-04T09:30:00.000Z"
                     *       },
                     *       "total_messages": 1,
                     *       "configuration": {
                     *         "channels": [
                     *           "channels example"
                     *         ],
                     *         "includeThreads": true,
                     *         "includeFiles": true,
                     *         "filterMentionsOnly": true,
                     *         "maxMessagesPerChannel": 1,
                     *         "dataRetentionDays": 1,
                     *         "syncFrequency": "daily",
                     *         "excludeArchived": true,
                     *         "onlyMemberChannels": true
                     *       },
                     *       "channels": [
                     *         {
                     *           "channel_id": "out_7Hq2ZpK4mW",
                     *           "channel_name": "channel_name example",
                     *           "message_count": 1,
                     *           "synced_through": "2026-05-04T09:30:00.000Z",
                     *           "last_synced_at": "2026-05-04T09:30:00.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        channels: {
                            channel_id: string;
                            channel_name: string;
                            /** Format: date-time */
                            last_synced_at: string | null;
                            message_count: number;
                            /** Format: date-time */
                            synced_through: string | null;
                        }[];
                        configuration: {
                            channels: string[];
                            dataRetentionDays: number;
                            excludeArchived: boolean;
                            filterMentionsOnly: boolean;
                            includeFiles: boolean;
                            includeThreads: boolean;
                            maxMessagesPerChannel: number;
                            onlyMemberChannels: boolean;
                            /** @enum {string} */
                            syncFrequency: "daily";
                        };
                        last_error: null | {
                            /** Format: date-time */
                            at: string;
                            code: string;
                            message: string;
                        };
                        /** Format: date-time */
                        last_sync_at: string | null;
                        /** Format: date-time */
                        last_sync_started_at: string | null;
                        /** Format: date-time */
                        next_sync_at: string;
                        running: boolean;
                        /** @enum {string} */
                        state: "idle" | "syncing" | "error";
                        team_id: string;
                        team_name: string;
                        total_messages: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    postApiChatIntegrationsChatSync: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "team_id": "out_7Hq2ZpK4mW",
                 *       "initial_sync": true
                 *     }
                 */
                "application/json": {
                    /** @description true: backfill; false: only messages newer than the last sync. */
                    initial_sync: boolean;
                    /** @description The chat workspace (team) id. */
                    team_id: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "started",
                     *       "team_id": "out_7Hq2ZpK4mW",
                     *       "run_id": "out_7Hq2ZpK4mW",
                     *       "initial_sync": true
                     *     }
                     */
                    "application/json": {
                        initial_sync: boolean;
                        run_id: string;
                        /** @enum {string} */
                        status: "started" | "already_running";
                        team_id: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getApiChatMessages: {
        parameters: {
            query: {
                channel: string;
                limit?: number;
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "channel": "channel example",
                     *       "channel_name": "channel_name example",
                     *       "messages": [
                     *         {
                     *           "ts": "ts example",
                     *           "user": "user example",
                     *           "text": "text example",
                     *           "thread_ts": "thread_ts example",
                     *           "reply_count": 1,
                     *           "posted_at": "2026-05-04T09:30:00.000Z"
                     *         }
                     *       ],
                     *       "has_more": true
                     *     }
                     */
                    "application/json": {
                        channel: string;
                        channel_name: string;
                        has_more: boolean;
                        messages: {
                            /** Format: date-time */
                            posted_at: string;
                            reply_count: number;
                            text: string;
                            thread_ts: string | null;
                            ts: string;
                            user: string | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    postApiChatPost: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "example",
                 *       "channel": "channel example",
                 *       "text": "text example"
                 *     }
                 */
                "application/json": {
                    /** @description A channel id (C0123...) or name (#eng). */
                    channel: string;
                    text: string;
                    /** @description Chat bot token (<ACCESS_TOKEN>); stored encrypted, never returned. */
                    token: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "channel": "channel example",
                     *       "ts": "ts example",
                     *       "permalink": "permalink example"
                     *     }
                     */
                    "application/json": {
                        channel: string;
                        /** @constant */
                        ok: true;
                        permalink: string | null;
                        ts: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getApiMcpAnalyticsWorkspaceId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "analytics": [
                     *         {
                     *           "server_type": "server_type example",
                     *           "total_tool_calls": 1,
                     *           "unique_tools_used": 1,
                     *           "avg_execution_time_ms": 1,
                     *           "success_rate_percent": 0.85,
                     *           "usage_count_last_30d": 1
                     *         }
                     *       ],
                     *       "total_connections": 1
                     *     }
                     */
                    "application/json": components["schemas"]["ToolAnalytics"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    postApiMcpConnect: {
        parameters: {
            query: {
                workspace_id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "server_type": "example",
                 *       "server_name": "example",
                 *       "credentials": {
                 *         "key": "key example"
                 *       },
                 *       "params": {
                 *         "url": "https://example.org/hooks/crewd",
                 *         "command": "command example",
                 *         "args": [
                 *           "args example"
                 *         ],
                 *         "call_timeout_ms": 100
                 *       },
                 *       "auth": "oauth",
                 *       "oauth": {
                 *         "client_id": "out_7Hq2ZpK4mW",
                 *         "client_secret": "client_secret example"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    auth?: "oauth";
                    credentials?: {
                        [key: string]: string;
                    };
                    oauth?: {
                        client_id: string;
                        client_secret?: string;
                    };
                    params?: {
                        args?: string[];
                        call_timeout_ms?: number;
                        command?: string;
                        url?: string;
                    };
                    server_name: string;
                    server_type: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "connected",
                     *       "connection_id": "out_7Hq2ZpK4mW",
                     *       "tools_available": 1,
                     *       "tools": [
                     *         {
                     *           "name": "name example",
                     *           "description": "description example"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ToolConnected"];
                };
            };
            /** @description Success */
            202: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "auth_required",
                     *       "connection_id": "out_7Hq2ZpK4mW",
                     *       "authorization_url": "authorization_url example",
                     *       "expires_at": "2026-05-04T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ToolAuthorizationRequired"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getApiMcpConnections: {
        parameters: {
            query: {
                workspace_id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "connections": [
                     *         {
                     *           "id": "out_7Hq2ZpK4mW",
                     *           "workspace_id": "out_7Hq2ZpK4mW",
                     *           "server_type": "server_type example",
                     *           "server_name": "server_name example",
                     *           "connection_status": "active",
                     *           "status_detail": {
                     *             "state": "connecting",
                     *             "reason": "reason example",
                     *             "next_retry_at": "2026-05-04T09:30:00.000Z",
                     *             "last_error": "last_error example"
                     *           },
                     *           "available_tools": [
                     *             {
                     *               "name": "name example",
                     *               "description": "description example"
                     *             }
                     *           ],
                     *           "total_tool_calls": 1,
                     *           "last_connected_at": "2026-05-04T09:30:00.000Z",
                     *           "created_at": "2026-05-04T09:30:00.000Z",
                     *           "authorization_url": "authorization_url example"
                     *         }
                     *       ],
                     *       "total_count": 1
                     *     }
                     */
                    "application/json": components["schemas"]["ToolConnectionList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getApiMcpConnectionsConnectionIdCalls: {
        parameters: {
            query: {
                cursor?: string;
                limit?: number;
                workspace_id: string;
            };
            header?: never;
            path: {
                connection_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "connection_id": "out_7Hq2ZpK4mW",
                     *       "data": [
                     *         {
                     *           "id": "out_7Hq2ZpK4mW",
                     *           "outcome_id": "out_7Hq2ZpK4mW",
                     *           "connection_id": "out_7Hq2ZpK4mW",
                     *           "server_type": "server_type example",
                     *           "tool": "tool example",
                     *           "model_tool_name": "model_tool_name example",
                     *           "agent": "agent example",
                     *           "step": 1,
                     *           "input": {},
                     *           "output": "output example",
                     *           "output_truncated": true,
                     *           "duration_ms": 1,
                     *           "success": true,
                     *           "error": "error example",
                     *           "created_at": "2026-05-04T09:30:00.000Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "next_cursor": "next_cursor example",
                     *         "has_more": true
                     *       }
                     *     }
                     */
                    "application/json": {
                        connection_id: string;
                        data: {
                            agent: string | null;
                            connection_id: string;
                            /** Format: date-time */
                            created_at: string;
                            duration_ms: number;
                            error: string | null;
                            id: string;
                            /** @description The arguments, as JSON (the text when it was cut when logged). */
                            input: unknown;
                            /** @description The name the model called it by. */
                            model_tool_name: string;
                            outcome_id: string | null;
                            output: string;
                            output_truncated: boolean;
                            server_type: string;
                            /** @description The agent's model step (0-based) that asked for the call. */
                            step: number | null;
                            success: boolean;
                            /** @description The server's own tool name. */
                            tool: string;
                        }[];
                        pagination: {
                            has_more: boolean;
                            next_cursor: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteApiMcpDisconnectConnectionId: {
        parameters: {
            query: {
                workspace_id: string;
            };
            header?: never;
            path: {
                connection_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "disconnected",
                     *       "connection_id": "out_7Hq2ZpK4mW"
                     *     }
                     */
                    "application/json": {
                        connection_id: string;
                        /** @constant */
                        status: "disconnected";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getApiMcpOauthCallback: {
        parameters: {
            query?: {
                code?: string;
                error?: string;
                error_description?: string;
                iss?: string;
                state?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "connected",
                     *       "connection_id": "out_7Hq2ZpK4mW",
                     *       "authorization_url": "authorization_url example",
                     *       "expires_at": "expires_at example"
                     *     }
                     */
                    "application/json": {
                        authorization_url?: string;
                        connection_id: string;
                        expires_at?: string;
                        /** @enum {string} */
                        status: "connected" | "auth_required" | "error";
                    };
                };
            };
            /** @description No body */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            /** @description No body */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getApiMcpOauthClientMetadataJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "client_id": "out_7Hq2ZpK4mW",
                     *       "redirect_uris": [
                     *         "redirect_uris example"
                     *       ]
                     *     }
                     */
                    "application/json": {
                        client_id: string;
                        redirect_uris: string[];
                    };
                };
            };
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getFaviconIco: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        status: "ok";
                    };
                };
            };
            500: components["responses"]["InternalError"];
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example # HELP crewd_outcomes_total Outcomes reaching a status, by crew
                     *     # TYPE crewd_outcomes_total counter
                     *     crewd_outcomes_total{crew="writer",status="completed"} 12
                     */
                    "text/plain": string;
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ready",
                     *       "database": "ok",
                     *       "roles": {
                     *         "api": true,
                     *         "worker": true
                     *       }
                     *     }
                     */
                    "application/json": {
                        database: string;
                        roles: {
                            api: boolean;
                            worker: boolean;
                        };
                        /** @enum {string} */
                        status: "ready" | "unavailable";
                    };
                };
            };
            500: components["responses"]["InternalError"];
            /** @description Not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "unavailable",
                     *       "database": "unreachable",
                     *       "roles": {
                     *         "api": true,
                     *         "worker": true
                     *       }
                     *     }
                     */
                    "application/json": {
                        database: string;
                        roles: {
                            api: boolean;
                            worker: boolean;
                        };
                        /** @enum {string} */
                        status: "ready" | "unavailable";
                    } | components["schemas"]["Error"];
                };
            };
        };
    };
    listActions: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
                status?: "pending" | "approved" | "rejected" | "cancelled";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "out_7Hq2ZpK4mW",
                     *           "outcome_id": "out_7Hq2ZpK4mW",
                     *           "kind": "approve_integrations",
                     *           "status": "pending",
                     *           "summary": "summary example",
                     *           "preview": {
                     *             "content": "content example",
                     *             "integrations": [
                     *               {
                     *                 "integration": "integration example",
                     *                 "flag": "flag example",
                     *                 "action": "action example",
                     *                 "target": {}
                     *               }
                     *             ]
                     *           },
                     *           "requested_at": "2026-05-04T09:30:00.000Z",
                     *           "expires_at": "2026-05-04T09:30:00.000Z",
                     *           "on_expiry": "reject",
                     *           "decision": "approve",
                     *           "decided_by": {
                     *             "type": "api_key",
                     *             "id": "out_7Hq2ZpK4mW"
                     *           },
                     *           "decided_at": "2026-05-04T09:30:00.000Z",
                     *           "comment": "comment example",
                     *           "content_edited": true
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "next_cursor": "next_cursor example",
                     *         "has_more": true
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ActionList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listLiveActors: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "actors": [
                     *         {
                     *           "id": "out_7Hq2ZpK4mW",
                     *           "machine": "machine example",
                     *           "state": "state example",
                     *           "status": "status example",
                     *           "age_seconds": 1,
                     *           "created_at": "2026-05-04T09:30:00.000Z"
                     *         }
                     *       ],
                     *       "count": 1
                     *     }
                     */
                    "application/json": components["schemas"]["ActorList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listAdminEvents: {
        parameters: {
            query?: {
                after?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "events": [
                     *         {
                     *           "position": 1,
                     *           "outcome_id": "out_7Hq2ZpK4mW",
                     *           "sequence": 1,
                     *           "event": "event example",
                     *           "timestamp": "2026-05-04T09:30:00.000Z",
                     *           "data": {}
                     *         }
                     *       ],
                     *       "next_after": 1,
                     *       "has_more": true
                     *     }
                     */
                    "application/json": {
                        events: {
                            data: {
                                [key: string]: unknown;
                            };
                            event: string;
                            outcome_id: string | null;
                            position: number;
                            sequence: number;
                            /** Format: date-time */
                            timestamp: string;
                        }[];
                        has_more: boolean;
                        next_after: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getAdminOverview: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "actors": {
                     *         "count": 1,
                     *         "by_machine_state": [
                     *           {
                     *             "machine": "machine example",
                     *             "state": "state example",
                     *             "count": 1
                     *           }
                     *         ],
                     *         "list": [
                     *           {
                     *             "id": "out_7Hq2ZpK4mW",
                     *             "machine": "machine example",
                     *             "state": "state example",
                     *             "status": "status example",
                     *             "age_seconds": 1
                     *           }
                     *         ]
                     *       },
                     *       "outcomes": [
                     *         {
                     *           "id": "out_7Hq2ZpK4mW",
                     *           "status": "status example",
                     *           "crew": "crew example",
                     *           "created_at": "2026-05-04T09:30:00.000Z",
                     *           "brief_start": "brief_start example",
                     *           "overall_score": 1
                     *         }
                     *       ],
                     *       "webhook_attempts": [
                     *         {
                     *           "webhook_id": "out_7Hq2ZpK4mW",
                     *           "url": "https://example.org/hooks/crewd",
                     *           "id": "out_7Hq2ZpK4mW",
                     *           "event": "event example",
                     *           "status": "status example",
                     *           "attempt": 1,
                     *           "response_code": 1,
                     *           "response_time_ms": 1,
                     *           "delivered_at": "2026-05-04T09:30:00.000Z"
                     *         }
                     *       ],
                     *       "position": 1
                     *     }
                     */
                    "application/json": {
                        actors: {
                            by_machine_state: {
                                count: number;
                                machine: string;
                                state: string;
                            }[];
                            count: number;
                            list: {
                                age_seconds?: number;
                                id: string;
                                machine: string;
                                state: string;
                                status: string;
                            }[];
                        };
                        outcomes: {
                            /** @description The brief's first words. */
                            brief_start: string;
                            /** Format: date-time */
                            created_at: string;
                            crew: string;
                            id: string;
                            /** @description The quality score once completed. */
                            overall_score: number | null;
                            status: string;
                        }[];
                        /** @description Latest event position: pass it as ?after= to GET /v1/admin/events */
                        position: number;
                        webhook_attempts: {
                            attempt: number;
                            /** Format: date-time */
                            delivered_at?: string | null;
                            event: string;
                            id: string;
                            response_code?: number | null;
                            response_time_ms?: number | null;
                            status: string;
                            url: string;
                            webhook_id: string;
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "api_keys": [
                     *         {
                     *           "key_id": "key_9Ws4hJ2c",
                     *           "name": "name example",
                     *           "permissions": [
                     *             "crews:read"
                     *           ],
                     *           "prefix": "prefix example",
                     *           "created_at": "2026-05-04T09:30:00.000Z",
                     *           "last_used_at": "2026-05-04T09:30:00.000Z",
                     *           "expires_at": "2026-05-04T09:30:00.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ApiKeyList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "CI deploys",
                 *       "permissions": [
                 *         "crews:read",
                 *         "crews:write",
                 *         "outcomes:read"
                 *       ],
                 *       "expires_at": "2027-01-01T00:00:00.000Z"
                 *     }
                 */
                "application/json": {
                    /** Format: date-time */
                    expires_at?: string;
                    name: string;
                    permissions: ("crews:read" | "outcomes:read" | "integrations:read" | "crews:write" | "outcomes:write" | "integrations:write" | "admin:read" | "admin:write")[];
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "key_id": "key_9Ws4hJ2c",
                     *       "name": "name example",
                     *       "permissions": [
                     *         "crews:read"
                     *       ],
                     *       "prefix": "prefix example",
                     *       "created_at": "2026-05-04T09:30:00.000Z",
                     *       "last_used_at": "2026-05-04T09:30:00.000Z",
                     *       "expires_at": "2026-05-04T09:30:00.000Z",
                     *       "secret": "crew_sk_example0000000000000000"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiKeyCreated"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "key_id": "out_7Hq2ZpK4mW",
                     *       "revoked": true
                     *     }
                     */
                    "application/json": components["schemas"]["ApiKeyRevoked"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    updateApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "CI deploys (rotated)"
                 *     }
                 */
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "key_id": "key_9Ws4hJ2c",
                     *       "name": "name example",
                     *       "permissions": [
                     *         "crews:read"
                     *       ],
                     *       "prefix": "prefix example",
                     *       "created_at": "2026-05-04T09:30:00.000Z",
                     *       "last_used_at": "2026-05-04T09:30:00.000Z",
                     *       "expires_at": "2026-05-04T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    openApprovalLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example example */
                    "text/html": string;
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description The key lacks the permission this operation needs (`forbidden`, details.required_permission) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example example */
                    "text/html": string;
                };
            };
            404: components["responses"]["NotFound"];
            /** @description Conflict: the resource is not in a state that allows this, or an Idempotency-Key was reused with another body (`idempotency_conflict`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example example */
                    "text/html": string;
                };
            };
            /** @description Error */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example example */
                    "text/html": string;
                };
            };
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    useApprovalLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example example */
                    "text/html": string;
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description The key lacks the permission this operation needs (`forbidden`, details.required_permission) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example example */
                    "text/html": string;
                };
            };
            404: components["responses"]["NotFound"];
            /** @description Conflict: the resource is not in a state that allows this, or an Idempotency-Key was reused with another body (`idempotency_conflict`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example example */
                    "text/html": string;
                };
            };
            /** @description Error */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example example */
                    "text/html": string;
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    verifyApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "valid": true,
                     *       "key_id": "out_7Hq2ZpK4mW",
                     *       "workspace_id": "out_7Hq2ZpK4mW",
                     *       "permissions": [
                     *         "permissions example"
                     *       ],
                     *       "rate_limit": {
                     *         "limit": 1,
                     *         "remaining": 1,
                     *         "reset": 1
                     *       }
                     *     }
                     */
                    "application/json": {
                        key_id: string;
                        permissions: string[];
                        rate_limit: {
                            limit: number;
                            remaining: number;
                            reset: number;
                        };
                        valid: boolean;
                        workspace_id: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listCrews: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "crews": [
                     *         {
                     *           "id": "writer",
                     *           "name": "name example",
                     *           "description": "description example",
                     *           "agents": [
                     *             "agents example"
                     *           ],
                     *           "status": "status example",
                     *           "capabilities": [
                     *             "capabilities example"
                     *           ],
                     *           "integrations": [
                     *             "integrations example"
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["CrewList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    deployCrew: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                crew_id: "writer" | "mind" | "pilot";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "brief": "Write a 1,200-word guide to composting in small city apartments for beginners.",
                 *       "requirements": {
                 *         "tone": "friendly",
                 *         "audience": "renters",
                 *         "word_count": 1200
                 *       }
                 *     }
                 */
                "application/json": {
                    approvals?: components["schemas"]["Approvals"];
                    /** @description At least 10 characters (else 400 invalid_brief). */
                    brief: string;
                    context?: string;
                    context_documents?: string[];
                    integrations?: {
                        [key: string]: unknown;
                    };
                    /** @description Free-form keys; at most 32768 characters of JSON and 32 levels deep. */
                    requirements?: {
                        [key: string]: unknown;
                    };
                    template_id?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "outcome_id": "out_7Hq2ZpK4mW",
                     *       "status": "processing",
                     *       "crew": "writer",
                     *       "estimated_completion": "2026-05-04T09:32:10.000Z",
                     *       "created_at": "2026-05-04T09:30:00.000Z",
                     *       "agents_deployed": [
                     *         "researcher",
                     *         "writer",
                     *         "editor"
                     *       ],
                     *       "progress": {
                     *         "current_stage": "research",
                     *         "completion_percentage": 0,
                     *         "next_stage": "draft"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Deployment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    runCrew: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                crew_id: "writer" | "mind" | "pilot";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "brief": "Write a 1,200-word guide to composting in small city apartments for beginners."
                 *     }
                 */
                "application/json": {
                    approvals?: components["schemas"]["Approvals"];
                    /** @description At least 10 characters (else 400 invalid_brief). */
                    brief: string;
                    context?: string;
                    context_documents?: string[];
                    integrations?: {
                        [key: string]: unknown;
                    };
                    /** @description Free-form keys; at most 32768 characters of JSON and 32 levels deep. */
                    requirements?: {
                        [key: string]: unknown;
                    };
                    template_id?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "outcome_id": "out_7Hq2ZpK4mW",
                     *       "status": "processing",
                     *       "estimated_completion": "2026-05-04T09:32:10.000Z",
                     *       "crew_deployed": "writer"
                     *     }
                     */
                    "application/json": components["schemas"]["RunStarted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    batchDeployCrews: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "workflow_name": "Launch week",
                 *       "crews": [
                 *         {
                 *           "crew_id": "mind",
                 *           "brief": "Research what small-apartment composters struggle with most."
                 *         },
                 *         {
                 *           "crew_id": "writer",
                 *           "brief": "Write a 1,200-word guide to composting in small city apartments for beginners.",
                 *           "depends_on": [
                 *             "mind"
                 *           ],
                 *           "requirements": {
                 *             "tone": "friendly",
                 *             "audience": "renters",
                 *             "word_count": 1200
                 *           }
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    crews: {
                        approvals?: components["schemas"]["Approvals"];
                        brief: string;
                        context?: string;
                        crew_id: string;
                        depends_on?: string[];
                        /** @description Lower starts first. */
                        priority?: number;
                        /** @description Free-form keys; at most 32768 characters of JSON and 32 levels deep. */
                        requirements?: {
                            [key: string]: unknown;
                        };
                    }[];
                    workflow_name: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "workflow_id": "out_7Hq2ZpK4mW",
                     *       "workflow_name": "workflow_name example",
                     *       "status": "running",
                     *       "created_at": "2026-05-04T09:30:00.000Z",
                     *       "completed_at": "2026-05-04T09:30:00.000Z",
                     *       "outcomes": [
                     *         {
                     *           "crew_id": "out_7Hq2ZpK4mW",
                     *           "outcome_id": "out_7Hq2ZpK4mW",
                     *           "status": "processing",
                     *           "priority": 1,
                     *           "depends_on": [
                     *             "depends_on example"
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["Workflow"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getIntegrations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "integrations": [
                     *         {
                     *           "id": "out_7Hq2ZpK4mW",
                     *           "kind": "kind example",
                     *           "display_name": "display_name example",
                     *           "crews": [
                     *             "crews example"
                     *           ],
                     *           "flags": [
                     *             "flags example"
                     *           ],
                     *           "configured": true,
                     *           "settings": {},
                     *           "settings_schema": {},
                     *           "auth": {
                     *             "token": true,
                     *             "oauth": true
                     *           },
                     *           "auth_status": "ok",
                     *           "connection_status": "active",
                     *           "connection_id": "out_7Hq2ZpK4mW",
                     *           "updated_at": "2026-05-04T09:30:00.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["IntegrationList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    postIntegrationsIntegrationIdConfigure: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                integration_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "settings": {},
                 *       "channel": "channel example",
                 *       "notify_on_completion": true,
                 *       "import_context": true
                 *     }
                 */
                "application/json": {
                    channel?: string;
                    import_context?: boolean;
                    notify_on_completion?: boolean;
                    settings?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "out_7Hq2ZpK4mW",
                     *       "kind": "kind example",
                     *       "display_name": "display_name example",
                     *       "crews": [
                     *         "crews example"
                     *       ],
                     *       "flags": [
                     *         "flags example"
                     *       ],
                     *       "configured": true,
                     *       "settings": {},
                     *       "settings_schema": {},
                     *       "auth": {
                     *         "token": true,
                     *         "oauth": true
                     *       },
                     *       "auth_status": "ok",
                     *       "connection_status": "active",
                     *       "connection_id": "out_7Hq2ZpK4mW",
                     *       "updated_at": "2026-05-04T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Integration"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    postIntegrationsIntegrationIdOauthStart: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                integration_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "redirect_uri": "https://example.org/hooks/crewd"
                 *     }
                 */
                "application/json": {
                    /** Format: uri */
                    redirect_uri: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "authorization_url": "authorization_url example",
                     *       "state": "state example",
                     *       "expires_at": "expires_at example"
                     *     }
                     */
                    "application/json": {
                        authorization_url: string;
                        expires_at: string;
                        state: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getIntegrationsOauthCallback: {
        parameters: {
            query?: {
                code?: string;
                error?: string;
                error_description?: string;
                state?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No body */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "openapi": "openapi example",
                     *       "paths": {}
                     *     }
                     */
                    "application/json": {
                        openapi: string;
                        paths: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listOutcomes: {
        parameters: {
            query?: {
                created_after?: string;
                created_before?: string;
                crew?: "writer" | "mind" | "pilot";
                cursor?: string;
                limit?: number;
                status?: "processing" | "completed" | "failed" | "revision_requested";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "out_7Hq2ZpK4mW",
                     *           "status": "processing",
                     *           "crew": "writer",
                     *           "created_at": "2026-05-04T09:30:00.000Z",
                     *           "completed_at": "2026-05-04T09:30:00.000Z",
                     *           "revised_at": "2026-05-04T09:30:00.000Z",
                     *           "revision_id": "out_7Hq2ZpK4mW",
                     *           "estimated_completion": "2026-05-04T09:30:00.000Z",
                     *           "failed_at": "2026-05-04T09:30:00.000Z",
                     *           "progress": {
                     *             "current_stage": "current_stage example",
                     *             "completion_percentage": 1,
                     *             "stages_completed": [
                     *               "stages_completed example"
                     *             ],
                     *             "current_agent": "current_agent example",
                     *             "next_stage": "next_stage example"
                     *           },
                     *           "agents": {
                     *             "key": {
                     *               "status": "pending",
                     *               "started_at": "2026-05-04T09:30:00.000Z",
                     *               "completion_time": "2026-05-04T09:30:00.000Z",
                     *               "output_summary": "output_summary example",
                     *               "progress": "progress example"
                     *             }
                     *           },
                     *           "result": {
                     *             "content": "content example",
                     *             "metadata": {
                     *               "word_count": 1,
                     *               "reading_time": "reading_time example",
                     *               "sentiment": "sentiment example",
                     *               "seo_score": 1,
                     *               "readability_score": 1,
                     *               "notes": [
                     *                 "notes example"
                     *               ],
                     *               "deliverable": {
                     *                 "kind": "meeting_summary",
                     *                 "data": {
                     *                   "title": "Dispatch sync",
                     *                   "date": null,
                     *                   "summary": [
                     *                     "The returns backlog is 1,240 tickets."
                     *                   ],
                     *                   "decisions": [
                     *                     {
                     *                       "text": "Van 7 goes out on Monday.",
                     *                       "source": "Maria"
                     *                     }
                     *                   ],
                     *                   "action_items": [
                     *                     {
                     *                       "owner": "Jan de Vries",
                     *                       "task": "Send van 7 to the Utrecht depot",
                     *                       "due": "Monday"
                     *                     }
                     *                   ],
                     *                   "risks": [
                     *                     "Two drivers are out next week."
                     *                   ],
                     *                   "open_questions": []
                     *                 }
                     *               },
                     *               "draft_kind": "grounded"
                     *             },
                     *             "assets": [
                     *               {
                     *                 "type": "type example",
                     *                 "url": "https://example.org/hooks/crewd",
                     *                 "description": "description example"
                     *               }
                     *             ]
                     *           },
                     *           "error": {
                     *             "code": "code example",
                     *             "message": "message example",
                     *             "details": {
                     *               "stage": "stage example",
                     *               "agent": "agent example",
                     *               "retry_count": 1,
                     *               "last_error": "last_error example"
                     *             }
                     *           },
                     *           "retry_available": true,
                     *           "estimated_retry_time": "2026-05-04T09:30:00.000Z",
                     *           "revisions_available": 1,
                     *           "pending_action": {
                     *             "id": "out_7Hq2ZpK4mW",
                     *             "kind": "approve_integrations",
                     *             "summary": "summary example",
                     *             "preview": {
                     *               "content": "content example",
                     *               "integrations": [
                     *                 {
                     *                   "integration": "integration example",
                     *                   "flag": "flag example",
                     *                   "action": "action example",
                     *                   "target": {}
                     *                 }
                     *               ]
                     *             },
                     *             "requested_at": "2026-05-04T09:30:00.000Z",
                     *             "expires_at": "2026-05-04T09:30:00.000Z"
                     *           },
                     *           "brief": "brief example"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "next_cursor": "next_cursor example",
                     *         "has_more": true
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["OutcomeList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getOutcome: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                outcome_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "out_7Hq2ZpK4mW",
                     *       "status": "processing",
                     *       "crew": "writer",
                     *       "created_at": "2026-05-04T09:30:00.000Z",
                     *       "completed_at": "2026-05-04T09:30:00.000Z",
                     *       "revised_at": "2026-05-04T09:30:00.000Z",
                     *       "revision_id": "out_7Hq2ZpK4mW",
                     *       "estimated_completion": "2026-05-04T09:30:00.000Z",
                     *       "failed_at": "2026-05-04T09:30:00.000Z",
                     *       "progress": {
                     *         "current_stage": "current_stage example",
                     *         "completion_percentage": 1,
                     *         "stages_completed": [
                     *           "stages_completed example"
                     *         ],
                     *         "current_agent": "current_agent example",
                     *         "next_stage": "next_stage example"
                     *       },
                     *       "agents": {
                     *         "key": {
                     *           "status": "pending",
                     *           "started_at": "2026-05-04T09:30:00.000Z",
                     *           "completion_time": "2026-05-04T09:30:00.000Z",
                     *           "output_summary": "output_summary example",
                     *           "progress": "progress example"
                     *         }
                     *       },
                     *       "result": {
                     *         "content": "content example",
                     *         "metadata": {
                     *           "word_count": 1,
                     *           "reading_time": "reading_time example",
                     *           "sentiment": "sentiment example",
                     *           "seo_score": 1,
                     *           "readability_score": 1,
                     *           "notes": [
                     *             "notes example"
                     *           ],
                     *           "deliverable": {
                     *             "kind": "meeting_summary",
                     *             "data": {
                     *               "title": "Dispatch sync",
                     *               "date": null,
                     *               "summary": [
                     *                 "The returns backlog is 1,240 tickets."
                     *               ],
                     *               "decisions": [
                     *                 {
                     *                   "text": "Van 7 goes out on Monday.",
                     *                   "source": "Maria"
                     *                 }
                     *               ],
                     *               "action_items": [
                     *                 {
                     *                   "owner": "Jan de Vries",
                     *                   "task": "Send van 7 to the Utrecht depot",
                     *                   "due": "Monday"
                     *                 }
                     *               ],
                     *               "risks": [
                     *                 "Two drivers are out next week."
                     *               ],
                     *               "open_questions": []
                     *             }
                     *           },
                     *           "draft_kind": "grounded"
                     *         },
                     *         "assets": [
                     *           {
                     *             "type": "type example",
                     *             "url": "https://example.org/hooks/crewd",
                     *             "description": "description example"
                     *           }
                     *         ]
                     *       },
                     *       "error": {
                     *         "code": "code example",
                     *         "message": "message example",
                     *         "details": {
                     *           "stage": "stage example",
                     *           "agent": "agent example",
                     *           "retry_count": 1,
                     *           "last_error": "last_error example"
                     *         }
                     *       },
                     *       "retry_available": true,
                     *       "estimated_retry_time": "2026-05-04T09:30:00.000Z",
                     *       "revisions_available": 1,
                     *       "pending_action": {
                     *         "id": "out_7Hq2ZpK4mW",
                     *         "kind": "approve_integrations",
                     *         "summary": "summary example",
                     *         "preview": {
                     *           "content": "content example",
                     *           "integrations": [
                     *             {
                     *               "integration": "integration example",
                     *               "flag": "flag example",
                     *               "action": "action example",
                     *               "target": {}
                     *             }
                     *           ]
                     *         },
                     *         "requested_at": "2026-05-04T09:30:00.000Z",
                     *         "expires_at": "2026-05-04T09:30:00.000Z"
                     *       },
                     *       "brief": "brief example"
                     *     }
                     */
                    "application/json": components["schemas"]["Outcome"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    decideAction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                action_id: string;
                outcome_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "decision": "approve",
                 *       "comment": "comment example",
                 *       "content": "content example"
                 *     }
                 */
                "application/json": components["schemas"]["ActionDecision"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "out_7Hq2ZpK4mW",
                     *       "outcome_id": "out_7Hq2ZpK4mW",
                     *       "kind": "approve_integrations",
                     *       "status": "pending",
                     *       "summary": "summary example",
                     *       "preview": {
                     *         "content": "content example",
                     *         "integrations": [
                     *           {
                     *             "integration": "integration example",
                     *             "flag": "flag example",
                     *             "action": "action example",
                     *             "target": {}
                     *           }
                     *         ]
                     *       },
                     *       "requested_at": "2026-05-04T09:30:00.000Z",
                     *       "expires_at": "2026-05-04T09:30:00.000Z",
                     *       "on_expiry": "reject",
                     *       "decision": "approve",
                     *       "decided_by": {
                     *         "type": "api_key",
                     *         "id": "out_7Hq2ZpK4mW"
                     *       },
                     *       "decided_at": "2026-05-04T09:30:00.000Z",
                     *       "comment": "comment example",
                     *       "content_edited": true
                     *     }
                     */
                    "application/json": components["schemas"]["Action"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    cancelOutcome: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                outcome_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "out_7Hq2ZpK4mW",
                     *       "status": "processing",
                     *       "crew": "writer",
                     *       "created_at": "2026-05-04T09:30:00.000Z",
                     *       "completed_at": "2026-05-04T09:30:00.000Z",
                     *       "revised_at": "2026-05-04T09:30:00.000Z",
                     *       "revision_id": "out_7Hq2ZpK4mW",
                     *       "estimated_completion": "2026-05-04T09:30:00.000Z",
                     *       "failed_at": "2026-05-04T09:30:00.000Z",
                     *       "progress": {
                     *         "current_stage": "current_stage example",
                     *         "completion_percentage": 1,
                     *         "stages_completed": [
                     *           "stages_completed example"
                     *         ],
                     *         "current_agent": "current_agent example",
                     *         "next_stage": "next_stage example"
                     *       },
                     *       "agents": {
                     *         "key": {
                     *           "status": "pending",
                     *           "started_at": "2026-05-04T09:30:00.000Z",
                     *           "completion_time": "2026-05-04T09:30:00.000Z",
                     *           "output_summary": "output_summary example",
                     *           "progress": "progress example"
                     *         }
                     *       },
                     *       "result": {
                     *         "content": "content example",
                     *         "metadata": {
                     *           "word_count": 1,
                     *           "reading_time": "reading_time example",
                     *           "sentiment": "sentiment example",
                     *           "seo_score": 1,
                     *           "readability_score": 1,
                     *           "notes": [
                     *             "notes example"
                     *           ],
                     *           "deliverable": {
                     *             "kind": "meeting_summary",
                     *             "data": {
                     *               "title": "Dispatch sync",
                     *               "date": null,
                     *               "summary": [
                     *                 "The returns backlog is 1,240 tickets."
                     *               ],
                     *               "decisions": [
                     *                 {
                     *                   "text": "Van 7 goes out on Monday.",
                     *                   "source": "Maria"
                     *                 }
                     *               ],
                     *               "action_items": [
                     *                 {
                     *                   "owner": "Jan de Vries",
                     *                   "task": "Send van 7 to the Utrecht depot",
                     *                   "due": "Monday"
                     *                 }
                     *               ],
                     *               "risks": [
                     *                 "Two drivers are out next week."
                     *               ],
                     *               "open_questions": []
                     *             }
                     *           },
                     *           "draft_kind": "grounded"
                     *         },
                     *         "assets": [
                     *           {
                     *             "type": "type example",
                     *             "url": "https://example.org/hooks/crewd",
                     *             "description": "description example"
                     *           }
                     *         ]
                     *       },
                     *       "error": {
                     *         "code": "code example",
                     *         "message": "message example",
                     *         "details": {
                     *           "stage": "stage example",
                     *           "agent": "agent example",
                     *           "retry_count": 1,
                     *           "last_error": "last_error example"
                     *         }
                     *       },
                     *       "retry_available": true,
                     *       "estimated_retry_time": "2026-05-04T09:30:00.000Z",
                     *       "revisions_available": 1,
                     *       "pending_action": {
                     *         "id": "out_7Hq2ZpK4mW",
                     *         "kind": "approve_integrations",
                     *         "summary": "summary example",
                     *         "preview": {
                     *           "content": "content example",
                     *           "integrations": [
                     *             {
                     *               "integration": "integration example",
                     *               "flag": "flag example",
                     *               "action": "action example",
                     *               "target": {}
                     *             }
                     *           ]
                     *         },
                     *         "requested_at": "2026-05-04T09:30:00.000Z",
                     *         "expires_at": "2026-05-04T09:30:00.000Z"
                     *       },
                     *       "brief": "brief example"
                     *     }
                     */
                    "application/json": components["schemas"]["Outcome"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    listOutcomeEvents: {
        parameters: {
            query?: {
                after?: number;
                limit?: number;
            };
            header?: never;
            path: {
                outcome_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "event": "event example",
                     *           "timestamp": "2026-05-04T09:30:00.000Z",
                     *           "sequence": 1,
                     *           "data": {}
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "next_cursor": "next_cursor example",
                     *         "has_more": true
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["OutcomeEventList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getOutcomeResult: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                outcome_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "out_7Hq2ZpK4mW",
                     *       "status": "processing",
                     *       "crew": "writer",
                     *       "completed_at": "2026-05-04T09:30:00.000Z",
                     *       "revised_at": "2026-05-04T09:30:00.000Z",
                     *       "revision_id": "out_7Hq2ZpK4mW",
                     *       "result": {
                     *         "content": "content example",
                     *         "metadata": {
                     *           "word_count": 1,
                     *           "reading_time": "reading_time example",
                     *           "sentiment": "sentiment example",
                     *           "seo_score": 1,
                     *           "readability_score": 1,
                     *           "notes": [
                     *             "notes example"
                     *           ],
                     *           "deliverable": {
                     *             "kind": "meeting_summary",
                     *             "data": {
                     *               "title": "Dispatch sync",
                     *               "date": null,
                     *               "summary": [
                     *                 "The returns backlog is 1,240 tickets."
                     *               ],
                     *               "decisions": [
                     *                 {
                     *                   "text": "Van 7 goes out on Monday.",
                     *                   "source": "Maria"
                     *                 }
                     *               ],
                     *               "action_items": [
                     *                 {
                     *                   "owner": "Jan de Vries",
                     *                   "task": "Send van 7 to the Utrecht depot",
                     *                   "due": "Monday"
                     *                 }
                     *               ],
                     *               "risks": [
                     *                 "Two drivers are out next week."
                     *               ],
                     *               "open_questions": []
                     *             }
                     *           },
                     *           "draft_kind": "grounded"
                     *         },
                     *         "assets": [
                     *           {
                     *             "type": "type example",
                     *             "url": "https://example.org/hooks/crewd",
                     *             "description": "description example"
                     *           }
                     *         ]
                     *       },
                     *       "integrations_executed": {},
                     *       "quality_metrics": {
                     *         "overall_score": 1,
                     *         "criteria": {
                     *           "relevance": 1,
                     *           "clarity": 1,
                     *           "completeness": 1,
                     *           "engagement": 1
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["OutcomeResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    retryOutcome: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                outcome_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "out_7Hq2ZpK4mW",
                     *       "status": "processing",
                     *       "crew": "writer",
                     *       "created_at": "2026-05-04T09:30:00.000Z",
                     *       "completed_at": "2026-05-04T09:30:00.000Z",
                     *       "revised_at": "2026-05-04T09:30:00.000Z",
                     *       "revision_id": "out_7Hq2ZpK4mW",
                     *       "estimated_completion": "2026-05-04T09:30:00.000Z",
                     *       "failed_at": "2026-05-04T09:30:00.000Z",
                     *       "progress": {
                     *         "current_stage": "current_stage example",
                     *         "completion_percentage": 1,
                     *         "stages_completed": [
                     *           "stages_completed example"
                     *         ],
                     *         "current_agent": "current_agent example",
                     *         "next_stage": "next_stage example"
                     *       },
                     *       "agents": {
                     *         "key": {
                     *           "status": "pending",
                     *           "started_at": "2026-05-04T09:30:00.000Z",
                     *           "completion_time": "2026-05-04T09:30:00.000Z",
                     *           "output_summary": "output_summary example",
                     *           "progress": "progress example"
                     *         }
                     *       },
                     *       "result": {
                     *         "content": "content example",
                     *         "metadata": {
                     *           "word_count": 1,
                     *           "reading_time": "reading_time example",
                     *           "sentiment": "sentiment example",
                     *           "seo_score": 1,
                     *           "readability_score": 1,
                     *           "notes": [
                     *             "notes example"
                     *           ],
                     *           "deliverable": {
                     *             "kind": "meeting_summary",
                     *             "data": {
                     *               "title": "Dispatch sync",
                     *               "date": null,
                     *               "summary": [
                     *                 "The returns backlog is 1,240 tickets."
                     *               ],
                     *               "decisions": [
                     *                 {
                     *                   "text": "Van 7 goes out on Monday.",
                     *                   "source": "Maria"
                     *                 }
                     *               ],
                     *               "action_items": [
                     *                 {
                     *                   "owner": "Jan de Vries",
                     *                   "task": "Send van 7 to the Utrecht depot",
                     *                   "due": "Monday"
                     *                 }
                     *               ],
                     *               "risks": [
                     *                 "Two drivers are out next week."
                     *               ],
                     *               "open_questions": []
                     *             }
                     *           },
                     *           "draft_kind": "grounded"
                     *         },
                     *         "assets": [
                     *           {
                     *             "type": "type example",
                     *             "url": "https://example.org/hooks/crewd",
                     *             "description": "description example"
                     *           }
                     *         ]
                     *       },
                     *       "error": {
                     *         "code": "code example",
                     *         "message": "message example",
                     *         "details": {
                     *           "stage": "stage example",
                     *           "agent": "agent example",
                     *           "retry_count": 1,
                     *           "last_error": "last_error example"
                     *         }
                     *       },
                     *       "retry_available": true,
                     *       "estimated_retry_time": "2026-05-04T09:30:00.000Z",
                     *       "revisions_available": 1,
                     *       "pending_action": {
                     *         "id": "out_7Hq2ZpK4mW",
                     *         "kind": "approve_integrations",
                     *         "summary": "summary example",
                     *         "preview": {
                     *           "content": "content example",
                     *           "integrations": [
                     *             {
                     *               "integration": "integration example",
                     *               "flag": "flag example",
                     *               "action": "action example",
                     *               "target": {}
                     *             }
                     *           ]
                     *         },
                     *         "requested_at": "2026-05-04T09:30:00.000Z",
                     *         "expires_at": "2026-05-04T09:30:00.000Z"
                     *       },
                     *       "brief": "brief example"
                     *     }
                     */
                    "application/json": components["schemas"]["Outcome"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    reviseOutcome: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                outcome_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "feedback": "Shorter, please, and end with a one-page checklist.",
                 *       "requirements": {
                 *         "word_count": 800
                 *       },
                 *       "priority": "normal"
                 *     }
                 */
                "application/json": {
                    feedback: string;
                    /** @enum {string} */
                    priority?: "low" | "normal" | "high";
                    /** @description Free-form keys; at most 32768 characters of JSON and 32 levels deep. */
                    requirements?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "revision_id": "out_7Hq2ZpK4mW",
                     *       "status": "processing",
                     *       "estimated_completion": "2026-05-04T09:30:00.000Z",
                     *       "changes_requested": [
                     *         "changes_requested example"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["RevisionStarted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    listOutcomeRevisions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                outcome_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "revisions": [
                     *         {
                     *           "revision_id": "out_7Hq2ZpK4mW",
                     *           "outcome_id": "out_7Hq2ZpK4mW",
                     *           "status": "processing",
                     *           "feedback": "feedback example",
                     *           "requirements": {},
                     *           "priority": "priority example",
                     *           "changes_requested": [
                     *             "changes_requested example"
                     *           ],
                     *           "estimated_completion": "2026-05-04T09:30:00.000Z",
                     *           "created_at": "2026-05-04T09:30:00.000Z",
                     *           "completed_at": "2026-05-04T09:30:00.000Z",
                     *           "applied": [
                     *             "applied example"
                     *           ],
                     *           "not_applied": [
                     *             {
                     *               "part": "part example",
                     *               "reason": "reason example"
                     *             }
                     *           ],
                     *           "error": {
                     *             "code": "code example",
                     *             "message": "message example",
                     *             "stage": "stage example",
                     *             "details": {}
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["RevisionList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    streamOutcome: {
        parameters: {
            query?: {
                after?: number;
            };
            header?: never;
            path: {
                outcome_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Switching protocols: the WebSocket is open */
            101: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            426: components["responses"]["UpgradeRequired"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getOutcomesOutcomeIdToolCalls: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path: {
                outcome_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "outcome_id": "out_7Hq2ZpK4mW",
                     *       "data": [
                     *         {
                     *           "id": "out_7Hq2ZpK4mW",
                     *           "outcome_id": "out_7Hq2ZpK4mW",
                     *           "connection_id": "out_7Hq2ZpK4mW",
                     *           "server_type": "server_type example",
                     *           "tool": "tool example",
                     *           "model_tool_name": "model_tool_name example",
                     *           "agent": "agent example",
                     *           "step": 1,
                     *           "input": {},
                     *           "output": "output example",
                     *           "output_truncated": true,
                     *           "duration_ms": 1,
                     *           "success": true,
                     *           "error": "error example",
                     *           "created_at": "2026-05-04T09:30:00.000Z"
                     *         }
                     *       ],
                     *       "total_calls": 1,
                     *       "failed_calls": 1,
                     *       "pagination": {
                     *         "next_cursor": "next_cursor example",
                     *         "has_more": true
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            agent: string | null;
                            connection_id: string;
                            /** Format: date-time */
                            created_at: string;
                            duration_ms: number;
                            error: string | null;
                            id: string;
                            /** @description The arguments, as JSON (the text when it was cut when logged). */
                            input: unknown;
                            /** @description The name the model called it by. */
                            model_tool_name: string;
                            outcome_id: string | null;
                            output: string;
                            output_truncated: boolean;
                            server_type: string;
                            /** @description The agent's model step (0-based) that asked for the call. */
                            step: number | null;
                            success: boolean;
                            /** @description The server's own tool name. */
                            tool: string;
                        }[];
                        failed_calls: number;
                        outcome_id: string;
                        pagination: {
                            has_more: boolean;
                            next_cursor: string | null;
                        };
                        total_calls: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listWebhooks: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "webhooks": [
                     *         {
                     *           "id": "wh_3kT9vQx2",
                     *           "url": "https://example.org/hooks/crewd",
                     *           "events": [
                     *             "outcome.created"
                     *           ],
                     *           "description": "description example",
                     *           "active": true,
                     *           "debug": true,
                     *           "created_at": "2026-05-04T09:30:00.000Z",
                     *           "last_delivery": "2026-05-04T09:30:00.000Z",
                     *           "delivery_count": 1,
                     *           "success_rate": 0.85,
                     *           "previous_secret_expires_at": "2026-05-04T09:30:00.000Z",
                     *           "disabled_reason": "disabled_reason example",
                     *           "outcome_id": "out_7Hq2ZpK4mW"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "next_cursor": "next_cursor example",
                     *         "has_more": true
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://example.org/hooks/crewd",
                 *       "events": [
                 *         "outcome.completed",
                 *         "outcome.failed"
                 *       ],
                 *       "secret": "whsec_4f9d1c7a2b8e6f30",
                 *       "description": "Publishing pipeline"
                 *     }
                 */
                "application/json": {
                    active?: boolean;
                    debug?: boolean;
                    description?: string;
                    events: ("outcome.created" | "outcome.processing" | "outcome.completed" | "outcome.failed" | "outcome.revision_requested" | "crew.deployed" | "crew.agent_started" | "crew.agent_completed" | "integration.executed" | "integration.failed" | "webhook.test" | "outcome.revision_failed" | "tool.failed" | "outcome.action_required" | "outcome.action_resolved" | "tool_connection.auth_required")[];
                    outcome_id?: string;
                    secret: string;
                    url: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "wh_3kT9vQx2",
                     *       "url": "https://example.org/hooks/crewd",
                     *       "events": [
                     *         "outcome.created"
                     *       ],
                     *       "description": "description example",
                     *       "active": true,
                     *       "debug": true,
                     *       "created_at": "2026-05-04T09:30:00.000Z",
                     *       "last_delivery": "2026-05-04T09:30:00.000Z",
                     *       "delivery_count": 1,
                     *       "success_rate": 0.85,
                     *       "previous_secret_expires_at": "2026-05-04T09:30:00.000Z",
                     *       "disabled_reason": "disabled_reason example",
                     *       "outcome_id": "out_7Hq2ZpK4mW",
                     *       "secret": "secret example"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookCreated"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "wh_3kT9vQx2",
                     *       "url": "https://example.org/hooks/crewd",
                     *       "events": [
                     *         "outcome.created"
                     *       ],
                     *       "description": "description example",
                     *       "active": true,
                     *       "debug": true,
                     *       "created_at": "2026-05-04T09:30:00.000Z",
                     *       "last_delivery": "2026-05-04T09:30:00.000Z",
                     *       "delivery_count": 1,
                     *       "success_rate": 0.85,
                     *       "previous_secret_expires_at": "2026-05-04T09:30:00.000Z",
                     *       "disabled_reason": "disabled_reason example",
                     *       "outcome_id": "out_7Hq2ZpK4mW"
                     *     }
                     */
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "wh_3kT9vQx2",
                     *       "deleted": true
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookDeleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "events": [
                 *         "outcome.completed"
                 *       ],
                 *       "active": true
                 *     }
                 */
                "application/json": {
                    active?: boolean;
                    debug?: boolean;
                    description?: string;
                    events?: ("outcome.created" | "outcome.processing" | "outcome.completed" | "outcome.failed" | "outcome.revision_requested" | "crew.deployed" | "crew.agent_started" | "crew.agent_completed" | "integration.executed" | "integration.failed" | "webhook.test" | "outcome.revision_failed" | "tool.failed" | "outcome.action_required" | "outcome.action_resolved" | "tool_connection.auth_required")[];
                    secret?: string;
                    url?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "wh_3kT9vQx2",
                     *       "url": "https://example.org/hooks/crewd",
                     *       "events": [
                     *         "outcome.created"
                     *       ],
                     *       "description": "description example",
                     *       "active": true,
                     *       "debug": true,
                     *       "created_at": "2026-05-04T09:30:00.000Z",
                     *       "last_delivery": "2026-05-04T09:30:00.000Z",
                     *       "delivery_count": 1,
                     *       "success_rate": 0.85,
                     *       "previous_secret_expires_at": "2026-05-04T09:30:00.000Z",
                     *       "disabled_reason": "disabled_reason example",
                     *       "outcome_id": "out_7Hq2ZpK4mW"
                     *     }
                     */
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                limit?: number;
            };
            header?: never;
            path: {
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "deliveries": [
                     *         {
                     *           "id": "del_5Rb8nLq1",
                     *           "event": "event example",
                     *           "status": "success",
                     *           "response_code": 1,
                     *           "delivered_at": "2026-05-04T09:30:00.000Z",
                     *           "response_time_ms": 1,
                     *           "attempt": 1,
                     *           "next_retry": "2026-05-04T09:30:00.000Z",
                     *           "error": "error example"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookDeliveryList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    redeliverWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                delivery_id: string;
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "del_5Rb8nLq1",
                     *       "event": "event example",
                     *       "status": "success",
                     *       "response_code": 1,
                     *       "delivered_at": "2026-05-04T09:30:00.000Z",
                     *       "response_time_ms": 1,
                     *       "attempt": 1,
                     *       "next_retry": "2026-05-04T09:30:00.000Z",
                     *       "error": "error example"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    testWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event": "outcome.completed"
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    event?: "outcome.created" | "outcome.processing" | "outcome.completed" | "outcome.failed" | "outcome.revision_requested" | "crew.deployed" | "crew.agent_started" | "crew.agent_completed" | "integration.executed" | "integration.failed" | "webhook.test" | "outcome.revision_failed" | "tool.failed" | "outcome.action_required" | "outcome.action_resolved" | "tool_connection.auth_required";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "del_5Rb8nLq1",
                     *       "event": "event example",
                     *       "status": "success",
                     *       "response_code": 1,
                     *       "delivered_at": "2026-05-04T09:30:00.000Z",
                     *       "response_time_ms": 1,
                     *       "attempt": 1,
                     *       "next_retry": "2026-05-04T09:30:00.000Z",
                     *       "error": "error example"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getWorkflow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workflow_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "workflow_id": "out_7Hq2ZpK4mW",
                     *       "workflow_name": "workflow_name example",
                     *       "status": "running",
                     *       "created_at": "2026-05-04T09:30:00.000Z",
                     *       "completed_at": "2026-05-04T09:30:00.000Z",
                     *       "outcomes": [
                     *         {
                     *           "crew_id": "out_7Hq2ZpK4mW",
                     *           "outcome_id": "out_7Hq2ZpK4mW",
                     *           "status": "processing",
                     *           "priority": 1,
                     *           "depends_on": [
                     *             "depends_on example"
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["Workflow"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getWorkspace: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "out_7Hq2ZpK4mW",
                     *       "name": "name example",
                     *       "plan": "plan example",
                     *       "approvals": {
                     *         "before_integrations": true,
                     *         "before_completion": true,
                     *         "expires_in_hours": 1,
                     *         "on_expiry": "reject"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Workspace"];
                };
            };
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    updateWorkspace: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "approvals": {
                 *         "before_integrations": true,
                 *         "before_completion": true,
                 *         "expires_in_hours": 1,
                 *         "on_expiry": "reject"
                 *       }
                 *     }
                 */
                "application/json": {
                    approvals: components["schemas"]["Approvals"] | null;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "out_7Hq2ZpK4mW",
                     *       "name": "name example",
                     *       "plan": "plan example",
                     *       "approvals": {
                     *         "before_integrations": true,
                     *         "before_completion": true,
                     *         "expires_in_hours": 1,
                     *         "on_expiry": "reject"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Workspace"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
}
