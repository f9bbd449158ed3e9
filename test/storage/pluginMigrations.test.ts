import test from 'ava';
import { randomBytes } from 'node:crypto';
import { chatPlugin } from '../../plugins/chat/index.js';
import { chatTeamsTable } from '../../plugins/chat/teamsTable.js';
import { createCipher } from '../../runtime/secrets/cipher.js';
import { migrateDownAll, migrateLatest, migrationStatus } from '../../storage/migrate.js';
import { migrationSource } from '../../storage/migrations/index.js';
import { onEveryDatabase } from '../helpers/databases.js';

const team = { workspace_id: 'ws_1', team_id: 'T1', team_name: 'Acme', token: 'xoxb-secret', bot_user_id: 'UBOT', configuration: { channels: ['C1'] }, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' };

onEveryDatabase("a plugin's migration runs with the core ones in name order, once; a database whose chat table an earlier 007_chat made keeps its rows", async (t, db) => {
  const plugins = chatPlugin.migrations ?? [];
  const ran = await migrateLatest(db, plugins);
  t.is(ran.indexOf('007_chat_integrations'), ran.indexOf('007_chat') + 1, 'right after the core step it follows');
  const teams = chatTeamsTable(db, createCipher(randomBytes(32)));
  await teams.save(team);
  // An earlier version made chat_integrations inside 007_chat and never recorded the plugin's step.
  await db('crewd_migrations').where({ name: '007_chat_integrations' }).delete();
  t.deepEqual((await migrationStatus(db, plugins)).pending, ['007_chat_integrations']);
  t.deepEqual(await migrateLatest(db, plugins), ['007_chat_integrations'], 'the step records itself');
  t.like(await teams.get('ws_1', 'T1'), { team_name: 'Acme', token: 'xoxb-secret' }, 'the row is still there');
  t.deepEqual(await migrateLatest(db, plugins), [], 'nothing runs twice');
  // A process running without the plugin opens the same database.
  t.deepEqual(await migrateLatest(db), []);
  t.like(await teams.get('ws_1', 'T1'), { team_name: 'Acme' });
});

onEveryDatabase("with a plugin's step, the migrations run up, down and up again", async (t, db) => {
  const plugins = chatPlugin.migrations ?? [];
  const applied = await migrateLatest(db, plugins);
  t.true(applied.includes('007_chat_integrations'));
  t.deepEqual((await migrateDownAll(db, plugins)).sort(), [...applied].sort());
  t.false(await db.schema.hasTable('chat_integrations'), "the plugin's table goes with its step");
  t.deepEqual(await migrateLatest(db, plugins), applied);
});

test('a migration name declared twice stops the start', (t) => {
  const step = { name: '007_chat', up: async () => {}, down: async () => {} };
  t.throws(() => migrationSource([step]), { message: /migration 007_chat is declared twice/ });
});
