import { ServiceError } from '../../runtime/errors.js';
import type { AppContext } from '../context.js';
import type { HttpDeps } from '../deps.js';
import type { RouteSpec } from '../route.js';
import { confirmPage, donePage, errorPage } from '../views/linkPage.js';
import { availableApprovals } from './approvalsAvailable.js';

const html = (description: string) => ({ type: 'string', description, 'x-content-type': 'text/html' });

// One declaration of a link route's parameter and refusals, for its GET (confirm) and POST (decide).
const linkParams = { token: { type: 'string', maxLength: 2000 } } as const;
const linkRefusals = { 403: html('A forged or altered link'), 409: html('A used link'), 410: html('An expired link') };

/** The error codes of a refused link, for a client that asked for JSON rather than a page. */
const linkErrorCodes: Record<number, string> = { 403: 'approval_link_invalid', 404: 'not_found', 409: 'approval_link_used', 410: 'approval_link_expired' };

/**
 * A refused link: a page for a person in a browser (who asks for HTML), the spec's error shape for
 * a program (any other Accept), with the same status either way.
 */
function sendRefusal(ctx: AppContext, status: number, title: string, message: string): void {
  if (ctx.accepts('json', 'html') === 'html') return sendPage(ctx, status, errorPage(title, message));
  ctx.status = status;
  ctx.set('Cache-Control', 'no-store');
  ctx.body = { error: { code: linkErrorCodes[status] ?? 'approval_link_refused', message: `${title}. ${message}`, details: {} } };
}

function sendPage(ctx: AppContext, status: number, body: string): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.body = body;
}

/**
 * The signed single-use approval links (issue 27, docs/approvals.md), which need no key: a confirm
 * page on GET (nothing changes), the decision on POST. A used, expired or forged link is a 4xx page
 * (or the error body for a program), and never changes anything.
 */
export function approvalLinkRoutes(deps: HttpDeps): RouteSpec[] {
  /**
   * The action the request's link names when the link is genuine, unused and in time; otherwise
   * the refusal is sent (403 forged or altered, 409 used, 410 expired) and the answer is undefined.
   */
  async function usableLink(ctx: AppContext) {
    const token = ctx.params.token!;
    const { links } = availableApprovals(deps);
    const claims = links.verify(token);
    const row = claims ? await deps.repos.approvals.getAny(claims.actionId) : undefined;
    const hash = links.hash(token);
    if (!claims || !row || (hash !== row.approve_link_hash && hash !== row.reject_link_hash)) {
      return sendRefusal(ctx, 403, 'This link is not valid', 'The link was not issued by this service or was altered. Nothing was changed.');
    }
    if (row.status !== 'pending') return sendRefusal(ctx, 409, 'This link was already used', `The action was already ${row.status}. Nothing was changed.`);
    if (Date.parse(claims.expiresAt) <= deps.clock.now().getTime()) return sendRefusal(ctx, 410, 'This link has expired', `The action expired at ${claims.expiresAt}. Nothing was changed.`);
    return { claims, row };
  }

  return [
    {
      method: 'get',
      path: '/v1/approval-links/:token',
      tag: 'approvals',
      operationId: 'openApprovalLink',
      summary: 'A signed approval link: a confirm page (no key needed; nothing changes until the POST)',
      params: linkParams,
      responses: { 200: html('The confirm page'), ...linkRefusals },
      async handler(ctx) {
        const target = await usableLink(ctx);
        if (!target) return;
        const { claims, row } = target;
        sendPage(ctx, 200, confirmPage(claims.decision, row.summary, String((row.preview as { content?: unknown }).content ?? ''), row.expires_at));
      },
    },
    {
      method: 'post',
      path: '/v1/approval-links/:token',
      tag: 'approvals',
      operationId: 'useApprovalLink',
      summary: 'Decide through a signed approval link (single use; no key needed)',
      params: linkParams,
      responses: { 200: html('The decision was recorded'), ...linkRefusals },
      async handler(ctx) {
        const target = await usableLink(ctx);
        if (!target) return;
        const { claims, row } = target;
        const workspace = await deps.repos.workspaces.get(row.workspace_id);
        if (!workspace) return sendRefusal(ctx, 404, 'Not found', 'The workspace of this action no longer exists.');
        try {
          await availableApprovals(deps).decisions.decide(workspace, row.outcome_id, row.id, { decision: claims.decision }, { type: 'link', id: null });
        } catch (error) {
          // Decided meanwhile by another channel: the link is spent like any used link.
          if (error instanceof ServiceError && error.status === 409) return sendRefusal(ctx, 409, 'This link was already used', 'The action was already decided. Nothing was changed.');
          throw error;
        }
        sendPage(ctx, 200, donePage(claims.decision, row.summary));
      },
    },
  ];
}
