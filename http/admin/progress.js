// Applies the event feed to the outcome rows the page shows (pure: rows in, rows out).

/** The status word a row shows: the API keeps a cancelled outcome `failed` with the error code `cancelled`; the page says "cancelled". */
export function statusOf(status, error) {
  return status === 'failed' && error?.code === 'cancelled' ? 'cancelled' : status;
}

/** An outcome view (GET /v1/admin/overview) as a row: stage, agent and percentage. */
export function rowOf(view) {
  const progress = view.progress ?? {};
  const agents = view.agents && typeof view.agents === 'object' ? Object.entries(view.agents) : [];
  const working = agents.find(([, a]) => a && (a.status === 'working' || a.status === 'processing'));
  return {
    id: view.id,
    crew: view.crew,
    status: statusOf(view.status, view.error),
    stage: view.status === 'completed' ? 'completed' : (progress.current_stage ?? '-'),
    agent: progress.current_agent ?? (working ? working[0] : '-'),
    percent: view.status === 'completed' ? 100 : (progress.completion_percentage ?? 0),
    updated: view.completed_at ?? view.failed_at ?? view.created_at,
    created: view.created_at,
    brief: view.brief_start,
    score: view.overall_score ?? null,
  };
}

/** The rows after one stored event (newest outcomes first; at most `limit` rows). */
export function applyEvent(rows, event, limit = 25) {
  const data = event.data ?? {};
  const id = event.outcome_id;
  if (!id) return rows;
  let row = rows.find((r) => r.id === id);
  if (!row) {
    if (event.event !== 'outcome.created' && event.event !== 'crew.deployed') return rows;
    row = { id, crew: data.crew ?? '-', status: 'processing', stage: 'queued', agent: '-', percent: 0, updated: event.timestamp, created: event.timestamp };
    rows = [row, ...rows].slice(0, limit);
  }
  const progress = data.progress ?? {};
  const next = { ...row, updated: event.timestamp };
  switch (event.event) {
    case 'crew.agent_started':
    case 'crew.agent_completed':
    case 'outcome.processing':
      next.status = 'processing';
      next.stage = data.stage ?? progress.current_stage ?? next.stage;
      next.agent = data.agent ?? progress.current_agent ?? next.agent;
      if (typeof progress.completion_percentage === 'number') next.percent = progress.completion_percentage;
      break;
    case 'outcome.completed':
      Object.assign(next, { status: 'completed', stage: 'completed', agent: '-', percent: 100, ...(typeof data.quality_metrics?.overall_score === 'number' ? { score: data.quality_metrics.overall_score } : {}) });
      break;
    case 'outcome.failed':
      Object.assign(next, { status: statusOf('failed', data.error), stage: data.error?.details?.stage ?? next.stage });
      break;
    case 'outcome.revision_requested':
      Object.assign(next, { status: 'revising', stage: 'revision', percent: 0 });
      break;
    default:
      return rows;
  }
  return rows.map((r) => (r.id === id ? next : r));
}
