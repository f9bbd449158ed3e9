// The operator page (GET /admin): preact + htm, bundled by esbuild when the service first serves it.
import { render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { html } from 'htm/preact';
import { getJson, saveKey, savedKey } from './api.js';
import { applyEvent, rowOf } from './progress.js';
import { PendingApprovals } from './approvals.js';

const overviewEveryMs = 3000;
const eventsEveryMs = 1000;

function KeyForm({ onKey, message }) {
  const [value, setValue] = useState('');
  return html`<form class="key" data-testid="key-form" onSubmit=${(e) => { e.preventDefault(); onKey(value.trim()); }}>
    <h1>crewd operator</h1>
    <p>Enter an API key with the <code>admin:read</code> permission. It is kept in this tab's session storage only.</p>
    <input type="password" name="key" placeholder="crew_sk_..." autocomplete="off" value=${value} onInput=${(e) => setValue(e.currentTarget.value)} />
    <button type="submit">Open</button>
    ${message ? html`<p class="error" data-testid="key-error">${message}</p>` : null}
  </form>`;
}

function Actors({ actors }) {
  const groups = actors?.by_machine_state ?? [];
  return html`<section data-testid="actors">
    <h2>Live actors <span class="count" data-testid="actor-count">${actors?.count ?? 0}</span></h2>
    ${groups.length === 0 ? html`<p class="empty">No live actors.</p>` : html`<table><thead><tr><th>machine</th><th>state</th><th>actors</th></tr></thead><tbody>
      ${groups.map((g) => html`<tr data-testid="actor-group" data-machine=${g.machine} data-state=${g.state}><td>${g.machine}</td><td>${g.state}</td><td>${g.count}</td></tr>`)}
    </tbody></table>`}
  </section>`;
}

/**
 * A time as the operator reads it, in UTC everywhere on the page (the API's times are UTC; the
 * column headers say so): hours, minutes and seconds today, else the date too.
 */
function when(iso) {
  if (!iso) return '-';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return String(iso);
  const text = date.toISOString();
  return text.slice(0, 10) === new Date().toISOString().slice(0, 10) ? text.slice(11, 19) : `${text.slice(0, 10)} ${text.slice(11, 19)}`;
}

function Outcomes({ rows, details }) {
  return html`<section data-testid="outcomes">
    <h2>Outcomes</h2>
    ${rows.length === 0 ? html`<p class="empty">No outcomes yet.</p>` : html`<table class="outcomes"><thead><tr><th data-testid="time-header">time (UTC)</th><th>outcome</th><th>crew</th><th>brief</th><th>status</th><th>stage</th><th>agent</th><th>progress</th><th>score</th></tr></thead><tbody>
      ${rows.map((r) => {
        const more = details[r.id] ?? {};
        const score = more.overall_score ?? r.score;
        return html`<tr data-testid="outcome" data-id=${r.id} data-status=${r.status}>
        <td data-testid="time">${when(more.created_at ?? r.created)}</td><td><code>${r.id}</code></td><td>${r.crew}</td><td class="brief" data-testid="brief">${more.brief_start ?? r.brief ?? ''}</td><td class=${`status ${r.status}`}>${r.status}</td><td data-testid="stage">${r.stage}</td><td>${r.agent}</td>
        <td><div class="bar"><div style=${`width:${r.percent}%`}></div></div><span data-testid="percent">${r.percent}%</span></td>
        <td data-testid="score">${score ?? '-'}</td>
      </tr>`;
      })}
    </tbody></table>`}
  </section>`;
}

function Attempts({ attempts }) {
  return html`<section data-testid="webhooks">
    <h2>Recent webhook attempts</h2>
    ${attempts.length === 0 ? html`<p class="empty">No webhook attempts yet.</p>` : html`<table><thead><tr><th>when (UTC)</th><th>webhook</th><th>event</th><th>attempt</th><th>status</th><th>code</th><th>ms</th></tr></thead><tbody>
      ${attempts.map((a) => html`<tr data-testid="attempt" data-status=${a.status}>
        <td data-testid="attempt-time">${when(a.delivered_at)}</td><td title=${a.url}><code>${a.webhook_id}</code></td><td>${a.event}</td><td>${a.attempt}</td>
        <td class=${`status ${a.status}`}>${a.status}</td><td data-testid="response-code">${a.response_code ?? '-'}</td><td>${a.response_time_ms ?? '-'}</td>
      </tr>`)}
    </tbody></table>`}
  </section>`;
}

function Connections({ connections }) {
  const list = connections.list ?? [];
  return html`<section data-testid="connections">
    <h2>Tool connections</h2>
    ${list.length === 0 ? html`<p class="empty">${connections.note ?? 'No tool connections.'}</p>` : html`<table><thead><tr><th>connection</th><th>name</th><th>status</th><th>calls</th><th>recent failures</th></tr></thead><tbody>
      ${list.map((c) => html`<tr data-testid="connection" data-id=${c.id} data-status=${c.connection_status}>
        <td><code>${c.id}</code></td><td>${c.server_name}</td>
        <td class=${`status ${c.connection_status}`} data-testid="connection-status" title=${c.status_detail?.last_error ?? ''}>${c.connection_status}${c.status_detail?.reason && c.connection_status !== 'active' ? html` <span data-testid="connection-reason">(${c.status_detail.reason})</span>` : ''}</td>
        <td>${c.total_tool_calls ?? 0}</td>
        <td class="wrap" data-testid="failures">${c.failures.length === 0 ? '-' : html`<span data-testid="failure-count">${c.failures.length}</span> · <span data-testid="last-failure" title=${c.failures[0].error}>${when(c.failures[0].created_at)} UTC ${c.failures[0].tool}: ${String(c.failures[0].error ?? '').slice(0, 120)}</span>`}</td>
      </tr>`)}
    </tbody></table>`}
  </section>`;
}

/** How many of a connection's latest calls are read for its recent failures. */
const recentCalls = 50;

/**
 * The workspace's tool connections (GET /api/mcp/connections?workspace_id=, which needs the key's
 * workspace) with the failed calls among each one's latest `recentCalls`; or an empty section that says why.
 */
async function loadConnections(key, workspaceId) {
  const { status, body } = await getJson(`/api/mcp/connections?workspace_id=${encodeURIComponent(workspaceId)}`, key);
  if (status === 403) return { list: [], note: 'This key cannot read tool connections (needs integrations:read).' };
  if (status !== 200) return { list: [], note: body?.error?.message ?? `Tool connections could not be read (HTTP ${status}).` };
  const list = await Promise.all(
    (body.connections ?? []).map(async (connection) => {
      const calls = await getJson(`/api/mcp/connections/${encodeURIComponent(connection.id)}/calls?workspace_id=${encodeURIComponent(workspaceId)}&limit=${recentCalls}`, key);
      const failures = calls.status === 200 ? calls.body.data.filter((call) => !call.success) : [];
      return { ...connection, failures };
    }),
  );
  return { list, ...(list.length === 0 ? { note: 'This workspace has no tool connections.' } : {}) };
}

function Dashboard({ apiKey, onForget }) {
  const [overview, setOverview] = useState(null);
  const [rows, setRows] = useState([]);
  const [connections, setConnections] = useState({ list: [] });
  const [details, setDetails] = useState({});
  const workspace = useRef(null);
  const [error, setError] = useState('');
  const after = useRef(null);

  useEffect(() => {
    let stopped = false;
    let timers = [];
    async function refresh() {
      const { status, body } = await getJson('/v1/admin/overview', apiKey);
      if (stopped) return;
      if (status !== 200) {
        setError(body?.error?.message ?? `HTTP ${status}`);
        if (status === 401 || status === 403) onForget(body?.error?.message ?? 'The key was refused.');
        return;
      }
      setError('');
      setOverview(body);
      // The outcome rows start from the overview once; the event feed keeps them current.
      if (after.current === null) {
        after.current = body.position;
        setRows(body.outcomes.map(rowOf));
      }
      // Time, brief and score of the rows, refreshed with each overview (the score comes at the end).
      setDetails(Object.fromEntries(body.outcomes.map((o) => [o.id, { created_at: o.created_at, brief_start: o.brief_start, overall_score: o.overall_score }])));
      if (workspace.current === null) {
        const verified = await getJson('/v1/auth/verify', apiKey);
        if (verified.status === 200) workspace.current = verified.body.workspace_id;
      }
      if (workspace.current !== null) setConnections(await loadConnections(apiKey, workspace.current));
    }
    async function feed() {
      if (after.current === null) return;
      const { status, body } = await getJson(`/v1/admin/events?after=${after.current}`, apiKey);
      if (stopped || status !== 200) return;
      after.current = body.next_after;
      if (body.events.length) setRows((current) => body.events.reduce((acc, event) => applyEvent(acc, event), current));
    }
    const loop = (fn, ms) => {
      const tick = async () => {
        try {
          await fn();
        } catch (e) {
          if (!stopped) setError(String(e));
        }
        if (!stopped) timers.push(setTimeout(tick, ms));
      };
      tick();
    };
    loop(refresh, overviewEveryMs);
    loop(feed, eventsEveryMs);
    return () => {
      stopped = true;
      timers.forEach(clearTimeout);
    };
  }, [apiKey]);

  return html`<main>
    <header><h1>crewd operator</h1><span class="live" data-testid="live">${overview ? 'live' : 'connecting…'}</span><button onClick=${() => onForget('')}>Forget key</button></header>
    ${error ? html`<p class="error">${error}</p>` : null}
    <div class="grid">
      <${Actors} actors=${overview?.actors} />
      <${Connections} connections=${connections} />
    </div>
    <${PendingApprovals} apiKey=${apiKey} />
    <${Outcomes} rows=${rows} details=${details} />
    <${Attempts} attempts=${overview?.webhook_attempts ?? []} />
  </main>`;
}

function App() {
  const [key, setKey] = useState(savedKey());
  const [message, setMessage] = useState('');
  const forget = (why) => {
    saveKey('');
    setKey('');
    setMessage(why);
  };
  if (!key) return html`<${KeyForm} message=${message} onKey=${(k) => { saveKey(k); setMessage(''); setKey(k); }} />`;
  return html`<${Dashboard} apiKey=${key} onForget=${forget} />`;
}

render(html`<${App} />`, document.getElementById('app'));
