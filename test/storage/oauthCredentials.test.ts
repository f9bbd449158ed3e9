import { migrateLatest } from '../../storage/migrate.js';
import { oauthCredentialsRepository, type OAuthCredentialRow } from '../../storage/repositories/oauthCredentials.js';
import { onEveryDatabase } from '../helpers/databases.js';

const at = '2026-11-26T03:00:00.000Z';

function row(id: string, patch: Partial<OAuthCredentialRow> = {}): OAuthCredentialRow {
  return {
    id,
    workspace_id: 'ws_a',
    owner_kind: 'tool_connection',
    owner_id: id.replace(/^tool_connection:/, ''),
    server_url: 'https://mcp.example.com/mcp',
    status: 'authorized',
    tokens: 'sealed',
    client_info: null,
    discovery: null,
    code_verifier: null,
    authorization_url: null,
    auth_state: null,
    auth_state_expires_at: null,
    expires_at: '2026-11-26T03:01:00.000Z',
    refresh_claimed_until: null,
    refresh_claimed_by: null,
    created_at: at,
    updated_at: at,
    ...patch,
  };
}

onEveryDatabase('a refresh claim is won by one claimer at a time, only on the tokens it read, and expires', async (t, db) => {
  await migrateLatest(db);
  const repo = oauthCredentialsRepository(db);
  await repo.insert(row('tool_connection:c1'));
  const until = '2026-11-26T03:00:30.000Z';
  const claims = await Promise.all(['p1', 'p2', 'p3', 'p4'].map((by) => repo.claimRefresh('tool_connection:c1', '2026-11-26T03:01:00.000Z', by, at, until)));
  t.is(claims.filter(Boolean).length, 1, 'one winner among concurrent claimers');
  // Tokens already refreshed by the winner (expires_at moved): a late claim on the old ones loses.
  await repo.update('tool_connection:c1', { expires_at: '2026-11-26T04:00:00.000Z', refresh_claimed_until: null, refresh_claimed_by: null });
  t.false(await repo.claimRefresh('tool_connection:c1', '2026-11-26T03:01:00.000Z', 'p5', at, until));
  // A claim a crashed process left behind lapses at its time.
  t.true(await repo.claimRefresh('tool_connection:c1', '2026-11-26T04:00:00.000Z', 'p6', at, until));
  t.false(await repo.claimRefresh('tool_connection:c1', '2026-11-26T04:00:00.000Z', 'p7', '2026-11-26T03:00:10.000Z', until));
  t.true(await repo.claimRefresh('tool_connection:c1', '2026-11-26T04:00:00.000Z', 'p7', '2026-11-26T03:00:31.000Z', '2026-11-26T03:01:01.000Z'));
  // Only the holder lets its claim go.
  await repo.releaseClaim('tool_connection:c1', 'p6');
  t.is((await repo.get('tool_connection:c1'))!.refresh_claimed_by, 'p7');
  await repo.releaseClaim('tool_connection:c1', 'p7');
  t.is((await repo.get('tool_connection:c1'))!.refresh_claimed_until, null);
});

onEveryDatabase('an authorization state is taken once, and not after it expired; pending ones are listed while usable', async (t, db) => {
  await migrateLatest(db);
  const repo = oauthCredentialsRepository(db);
  const pending = { status: 'pending' as const, tokens: null, authorization_url: 'https://auth.example.com/authorize?x=1', auth_state_expires_at: '2026-11-26T03:10:00.000Z' };
  await repo.insert(row('tool_connection:c2', { ...pending, auth_state: 'state-2' }));
  await repo.insert(row('tool_connection:c3', { ...pending, auth_state: 'state-3', auth_state_expires_at: '2026-11-26T02:59:00.000Z' }));
  t.deepEqual((await repo.listPending('ws_a', 'tool_connection', at)).map((r) => r.id), ['tool_connection:c2']);
  const [first, second] = await Promise.all([repo.consumeState('state-2', at), repo.consumeState('state-2', at)]);
  t.is([first, second].filter(Boolean).length, 1);
  t.is((first ?? second)!.owner_id, 'c2');
  t.is(await repo.consumeState('state-3', at), undefined, 'expired');
  t.is(await repo.consumeState('nope', at), undefined);
});
