// The operator page (GET /admin): preact + htm, bundled by esbuild when the service first serves it.
import { render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { html } from 'htm/preact';
import { getJson, saveKey, savedKey } from './api.js';
import { applyEvent, rowOf } from './progress.js';

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

function Outcomes({ rows }) {
  return html`<section data-testid="outcomes">
    <h2>Outcomes</h2>
    ${rows.length === 0 ? html`<p class="empty">No outcomes yet.</p>` : html`<table><thead><tr><th>outcome</th><th>crew</th><th>status</th><th>stage</th><th>agent</th><th>progress</th></tr></thead><tbody>
      ${rows.map((r) => html`<tr data-testid="outcome" data-id=${r.id} data-status=${r.status}>
        <td><code>${r.id}</code></td><td>${r.crew}</td><td class=${`status ${r.status}`}>${r.status}</td><td data-testid="stage">${r.stage}</td><td>${r.agent}</td>
        <td><div class="bar"><div style=${`width:${r.percent}%`}></div></div><span data-testid="percent">${r.percent}%</span></td>
      </tr>`)}
    </tbody></table>`}
  </section>`;
}

function Attempts({ attempts }) {
  return html`<section data-testid="webhooks">
    <h2>Recent webhook attempts</h2>
    ${attempts.length === 0 ? html`<p class="empty">No webhook attempts yet.</p>` : html`<table><thead><tr><th>when</th><th>webhook</th><th>event</th><th>attempt</th><th>status</th><th>code</th><th>ms</th></tr></thead><tbody>
      ${attempts.map((a) => html`<tr data-testid="attempt" data-status=${a.status}>
        <td>${a.delivered_at ?? '-'}</td><td title=${a.url}><code>${a.webhook_id}</code></td><td>${a.event}</td><td>${a.attempt}</td>
        <td class=${`status ${a.status}`}>${a.status}</td><td data-testid="response-code">${a.response_code ?? '-'}</td><td>${a.response_time_ms ?? '-'}</td>
      </tr>`)}
    </tbody></table>`}
  </section>`;
}

function Connections({ connections }) {
  const list = connections.list ?? [];
  return html`<section data-testid="connections">
    <h2>Tool connections</h2>
    ${list.length === 0 ? html`<p class="empty">${connections.note ?? 'No tool connections.'}</p>` : html`<table><thead><tr><th>connection</th><th>name</th><th>status</th></tr></thead><tbody>
      ${list.map((c) => html`<tr data-testid="connection"><td><code>${c.id ?? c.connection_id ?? '-'}</code></td><td>${c.name ?? c.server_name ?? c.url ?? '-'}</td><td class=${`status ${c.status}`}>${c.status ?? '-'}</td></tr>`)}
    </tbody></table>`}
  </section>`;
}

/** Tool connections from GET /api/mcp/connections when the service has that route; otherwise an empty section that says why. */
async function loadConnections(key) {
  const { status, body } = await getJson('/api/mcp/connections', key);
  if (status === 200) return { list: body?.connections ?? body?.data ?? (Array.isArray(body) ? body : []) };
  if (status === 403) return { list: [], note: 'This key cannot read tool connections (needs integrations:read).' };
  return { list: [], note: 'This service has no tool connections.' };
}

function Dashboard({ apiKey, onForget }) {
  const [overview, setOverview] = useState(null);
  const [rows, setRows] = useState([]);
  const [connections, setConnections] = useState({ list: [] });
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
      setConnections(await loadConnections(apiKey));
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
    <${Outcomes} rows=${rows} />
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
