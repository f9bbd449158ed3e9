/** The small HTML pages of the signed approval links (no script, no external resources). */

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)}</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:42rem;margin:3rem auto;padding:0 1rem}pre{white-space:pre-wrap;background:#f4f4f4;padding:1rem;max-height:24rem;overflow:auto}button{font-size:1rem;padding:.5rem 1.5rem}</style></head><body><h1>${escape(title)}</h1>${body}</body></html>`;
}

/** GET: what the link will decide, and a button that POSTs to the same address. */
export function confirmPage(decision: string, summary: string, content: string, expiresAt: string): string {
  const verb = decision === 'approve' ? 'Approve' : 'Reject';
  return page(`${verb} this action?`, `<p>${escape(summary)}</p><p>This link can be used once and expires at ${escape(expiresAt)}.</p><pre>${escape(content.slice(0, 20_000))}</pre><form method="post"><button type="submit">${verb}</button></form>`);
}

export function donePage(decision: string, summary: string): string {
  return page(decision === 'approve' ? 'Approved' : 'Rejected', `<p>${escape(summary)}</p><p>Your decision was recorded.</p>`);
}

export function errorPage(title: string, message: string): string {
  return page(title, `<p>${escape(message)}</p>`);
}
