import type { Knex } from 'knex';
import * as foundation from './001_foundation.js';
import * as outcomes from './002_outcomes.js';
import * as webhooks from './003_webhooks.js';
import * as idempotency from './004_idempotency.js';
import * as hardening from './005_hardening.js';
import * as tools from './006_tools.js';
import * as chat from './007_chat.js';
import * as webhookAttempts from './008_webhook_attempts.js';
import * as outcomesV2 from './009_outcomes_v2.js';
import * as knowledgeFts from './010_knowledge_fts.js';
import * as revisionNotApplied from './011_revision_not_applied.js';
import * as toolCallJournal from './012_tool_call_journal.js';
import * as scaleOut from './030_scale_out.js';
import * as oauthStates from './040_oauth_states.js';
import * as idempotencyPrepared from './070_idempotency_prepared.js';
import * as toolCallVisibility from './080_tool_call_visibility.js';
import * as actorLeases from './090_actor_leases.js';
import * as actorCommands from './100_actor_commands.js';
import * as mcpOAuthGrants from './115_mcp_oauth_grants.js';
import * as oauthCredentials from './135_oauth_credentials.js';
import * as webhookDisabled from './115_webhook_disabled.js';
import * as approvals from './120_approvals.js';
import * as webhookOutcomeScope from './140_webhook_outcome_scope.js';
import * as callJournal from './150_call_journal.js';
import * as actorOwnerIndex from './160_actor_owner_index.js';
import * as approvalPolicyVersion from './170_approval_policy_version.js';
import * as capacitySettle from './180_capacity_settle.js';
import * as roomForHotUpdates from './190_room_for_hot_updates.js';

interface Migration {
  up(db: Knex): Promise<void>;
  down(db: Knex): Promise<void>;
}

/** A migration declared elsewhere (a plugin's own tables), run with the core ones. */
export interface NamedMigration extends Migration {
  name: string;
}

/** Every migration, in order. Listed here (not globbed) so they run the same under tsx and in a bundle. */
const migrations: Array<[string, Migration]> = [
  ['001_foundation', foundation],
  ['002_outcomes', outcomes],
  ['003_webhooks', webhooks],
  ['004_idempotency', idempotency],
  ['005_hardening', hardening],
  ['006_tools', tools],
  ['007_chat', chat],
  ['008_webhook_attempts', webhookAttempts],
  ['009_outcomes_v2', outcomesV2],
  ['010_knowledge_fts', knowledgeFts],
  ['011_revision_not_applied', revisionNotApplied],
  ['012_tool_call_journal', toolCallJournal],
  ['030_scale_out', scaleOut],
  ['040_oauth_states', oauthStates],
  ['070_idempotency_prepared', idempotencyPrepared],
  ['080_tool_call_visibility', toolCallVisibility],
  ['090_actor_leases', actorLeases],
  ['100_actor_commands', actorCommands],
  ['115_mcp_oauth_grants', mcpOAuthGrants],
  ['115_webhook_disabled', webhookDisabled],
  ['120_approvals', approvals],
  ['135_oauth_credentials', oauthCredentials],
  ['140_webhook_outcome_scope', webhookOutcomeScope],
  ['150_call_journal', callJournal],
  ['160_actor_owner_index', actorOwnerIndex],
  ['170_approval_policy_version', approvalPolicyVersion],
  ['180_capacity_settle', capacitySettle],
  ['190_room_for_hot_updates', roomForHotUpdates],
];

/**
 * A knex migration source over the list above and the plugins' migrations (`extra`), one list in
 * the order of their names, so a plugin's step runs at the same place on every database (e.g.
 * `007_chat_integrations` right after `007_chat`); the same migrations run on SQLite and Postgres.
 * A name taken twice stops the start: knex would record only one of them.
 */
export function migrationSource(extra: readonly NamedMigration[] = []): Knex.MigrationSource<[string, Migration]> {
  const all: Array<[string, Migration]> = [...migrations, ...extra.map((migration): [string, Migration] => [migration.name, migration])];
  const seen = new Set<string>();
  for (const [name] of all) {
    if (seen.has(name)) throw new Error(`migration ${name} is declared twice`);
    seen.add(name);
  }
  all.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    getMigrations: async () => all,
    getMigrationName: ([name]) => name,
    getMigration: async ([, migration]) => migration,
  };
}
