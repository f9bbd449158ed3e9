import type { Knex } from 'knex';

/**
 * The capacity line's settle as one Postgres function (issue 30 item 2): a round of changes and
 * the grant that follows them were six round trips (BEGIN, the workspace's advisory lock, a
 * statement per run of changes, the line's read, the claim, COMMIT), paid by every process for
 * every round it settles, so they grew with the number of processes. The function does the same
 * steps, in the same order and under the same advisory lock, inside the one statement that calls
 * it (its own transaction): one round trip, and a plan Postgres keeps per connection.
 *
 * `runs`: the changes in call order as runs of one kind, `[{ "op": "remove", "ids": [...] }]` or
 * `[{ "op": "request" | "occupy", "rows": [{ "o": outcome, "n": node | null }] }]`, each outcome at
 * most once per run (its last change). Returns the workspace's line after the grant in first-come
 * order, with `just_granted` set on the rows this call gave slots to. SQLite has no shared line
 * (one process per data directory): nothing to create there.
 */
const settle = `
CREATE OR REPLACE FUNCTION crewd_capacity_settle(p_workspace text, p_runs jsonb, p_limit integer, p_node text, p_now text)
RETURNS TABLE (line_outcome text, line_state text, line_node text, just_granted boolean)
LANGUAGE plpgsql AS $settle$
DECLARE
  v_run jsonb;
  v_free integer;
BEGIN
  -- The lock every settle of the workspace takes first: two processes never hand out one free slot.
  PERFORM pg_advisory_xact_lock(hashtext('crewd.capacity:' || p_workspace));
  FOR v_run IN SELECT r.value FROM jsonb_array_elements(p_runs) AS r LOOP
    IF v_run->>'op' = 'remove' THEN
      DELETE FROM capacity_line c WHERE c.outcome_id IN (SELECT jsonb_array_elements_text(v_run->'ids'));
    ELSIF v_run->>'op' = 'request' THEN
      -- A row holding a slot for this node is left as it is; one granted to another node but asked
      -- for again here goes back in line at its old place; node null: any worker may take it.
      INSERT INTO capacity_line AS c (outcome_id, workspace_id, state, node, updated_at)
        SELECT x.o, p_workspace, 'waiting', x.n, p_now FROM jsonb_to_recordset(v_run->'rows') AS x(o text, n text)
      ON CONFLICT (outcome_id) DO UPDATE SET node = COALESCE(EXCLUDED.node, c.node), state = 'waiting'
        WHERE c.state = 'waiting' OR (EXCLUDED.node IS NOT NULL AND c.node IS DISTINCT FROM EXCLUDED.node);
    ELSE
      -- occupy: the node runs the outcome (restored mid-processing): it holds a slot.
      INSERT INTO capacity_line AS c (outcome_id, workspace_id, state, node, updated_at)
        SELECT x.o, p_workspace, 'running', x.n, p_now FROM jsonb_to_recordset(v_run->'rows') AS x(o text, n text)
      ON CONFLICT (outcome_id) DO UPDATE SET state = 'running', node = EXCLUDED.node, updated_at = EXCLUDED.updated_at;
    END IF;
  END LOOP;
  SELECT p_limit - count(*) INTO v_free FROM capacity_line c WHERE c.workspace_id = p_workspace AND c.state = 'running';
  -- The oldest waiting outcomes, whichever process asked, take the free slots; the line is read
  -- as it was before the claim and the claimed rows are joined in.
  RETURN QUERY
    WITH granted AS (
      UPDATE capacity_line c SET state = 'running', node = COALESCE(c.node, p_node), updated_at = p_now
      WHERE c.outcome_id IN (
        SELECT w.outcome_id FROM capacity_line w WHERE w.workspace_id = p_workspace AND w.state = 'waiting'
        ORDER BY w.seq LIMIT greatest(v_free, 0) FOR UPDATE SKIP LOCKED)
      RETURNING c.outcome_id, c.node)
    SELECT l.outcome_id::text, CASE WHEN g.outcome_id IS NULL THEN l.state ELSE 'running' END::text,
      COALESCE(g.node, l.node)::text, g.outcome_id IS NOT NULL
    FROM capacity_line l LEFT JOIN granted g ON g.outcome_id = l.outcome_id
    WHERE l.workspace_id = p_workspace ORDER BY l.seq;
END
$settle$`;

export async function up(db: Knex): Promise<void> {
  if (db.client.config.client !== 'pg') return;
  await db.raw(settle);
}

export async function down(db: Knex): Promise<void> {
  if (db.client.config.client !== 'pg') return;
  await db.raw('DROP FUNCTION IF EXISTS crewd_capacity_settle(text, jsonb, integer, text, text)');
}
