// The operator page's pending approvals (issue 27): the workspace's open actions with Approve and
// Reject. Its own file and poll: the outcomes table is another component. The key needs
// outcomes:read to list and outcomes:write to decide; without them the panel says so.
import { useEffect, useState } from 'preact/hooks';
import { html } from 'htm/preact';
import { getJson } from './api.js';

const everyMs = 3000;

async function decide(apiKey, action, decision) {
  const response = await fetch(`/v1/outcomes/${action.outcome_id}/actions/${action.id}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ decision, comment: 'Decided on the operator page' }),
  });
  const body = await response.json().catch(() => null);
  return response.ok ? `${action.id} ${body?.status ?? decision}` : (body?.error?.message ?? `HTTP ${response.status}`);
}

export function PendingApprovals({ apiKey }) {
  const [actions, setActions] = useState([]);
  const [note, setNote] = useState('');
  const [message, setMessage] = useState('');
  const [tick, setTick] = useState(0);

  useEffect(() => {
    let stopped = false;
    let timer;
    async function load() {
      const { status, body } = await getJson('/v1/actions?status=pending&limit=50', apiKey);
      if (stopped) return;
      if (status === 200) {
        setActions(body.data);
        setNote('');
      } else setNote(status === 403 ? 'This key cannot read approvals (it needs outcomes:read).' : (body?.error?.message ?? `HTTP ${status}`));
      timer = setTimeout(load, everyMs);
    }
    load();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [apiKey, tick]);

  const act = async (action, decision) => {
    setMessage(await decide(apiKey, action, decision));
    setTick((n) => n + 1);
  };

  return html`<section data-testid="approvals">
    <h2>Pending approvals <span class="count" data-testid="approval-count">${actions.length}</span></h2>
    ${note ? html`<p class="empty">${note}</p>` : null}
    ${message ? html`<p data-testid="approval-message">${message}</p>` : null}
    ${actions.length === 0 && !note ? html`<p class="empty">Nothing waits for a decision.</p>` : null}
    ${actions.length > 0 ? html`<table><thead><tr><th>action</th><th>outcome</th><th>kind</th><th>summary</th><th>expires</th><th></th></tr></thead><tbody>
      ${actions.map((a) => html`<tr data-testid="approval" data-id=${a.id}>
        <td><code>${a.id}</code></td><td><code>${a.outcome_id}</code></td><td>${a.kind}</td>
        <td><details><summary>${a.summary}</summary><pre>${a.preview.content}</pre>${a.preview.integrations.map((i) => html`<div>${i.integration}: ${i.action} ${JSON.stringify(i.target)}</div>`)}</details></td>
        <td>${new Date(a.expires_at).toLocaleString()}</td>
        <td><button data-testid="approve" onClick=${() => act(a, 'approve')}>Approve</button> <button data-testid="reject" onClick=${() => act(a, 'reject')}>Reject</button></td>
      </tr>`)}
    </tbody></table>` : null}
  </section>`;
}
