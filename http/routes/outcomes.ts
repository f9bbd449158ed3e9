import { errors } from '../../runtime/errors.js';
import * as schemas from '../../schemas/outcomes.js';
import { authOf } from '../context.js';
import type { HttpDeps } from '../deps.js';
import { withBody, type RouteSpec } from '../route.js';
import { decodeCursor, encodeCursor, outcomeView, resultView, revisionRecordView, revisionView } from '../views/outcome.js';

const errorRef = { $ref: '#/components/schemas/Error' };

/** Reading outcomes and acting on them: view, result, list, revise, revisions, cancel, retry. */
export function outcomeRoutes(deps: HttpDeps): RouteSpec[] {
  const { repos, engine } = deps;
  const params = { outcome_id: schemas.outcomeIdParam };

  async function own(workspaceId: string, id: string) {
    const row = await repos.outcomes.get(workspaceId, id);
    if (!row) throw errors.notFound(`Outcome ${id}`, { outcome_id: id });
    return row;
  }

  return [
    {
      method: 'get',
      path: '/v1/outcomes',
      tag: 'outcomes',
      summary: 'List outcomes, newest first, with an opaque cursor and filters',
      query: schemas.listQuery,
      responses: { 200: schemas.outcomeList },
      async handler(ctx) {
        const query = ctx.state.query as { limit: number; status?: string; crew?: string; created_after?: string; created_before?: string; cursor?: string };
        const after = query.cursor ? decodeCursor(query.cursor) : undefined;
        if (after === null) throw errors.invalidRequest('The cursor is not one this service gave out.', { field: 'cursor', reason: 'invalid_cursor' });
        const rows = await repos.outcomes.list(authOf(ctx).workspace.id, {
          limit: query.limit + 1,
          ...(query.status ? { status: query.status } : {}),
          ...(query.crew ? { crew: query.crew } : {}),
          ...(query.created_after ? { createdAfter: new Date(query.created_after).toISOString() } : {}),
          ...(query.created_before ? { createdBefore: new Date(query.created_before).toISOString() } : {}),
          ...(after ? { after } : {}),
        });
        const page = rows.slice(0, query.limit);
        const hasMore = rows.length > query.limit;
        // Each item names its brief, so a list can be told apart without opening every outcome.
        const briefs = await repos.outcomes.briefsOf(page.map((row) => row.id));
        const data = page.map((row) => ({ ...outcomeView(row), ...(briefs.has(row.id) ? { brief: briefs.get(row.id) } : {}) }));
        ctx.body = { data, pagination: { next_cursor: hasMore ? encodeCursor(page.at(-1)!) : null, has_more: hasMore } };
      },
    },
    {
      method: 'get',
      path: '/v1/outcomes/:outcome_id',
      tag: 'outcomes',
      summary: 'One outcome: status, progress and agents while processing; result once completed',
      params,
      responses: { 200: schemas.outcomeView },
      async handler(ctx) {
        ctx.body = outcomeView(await own(authOf(ctx).workspace.id, ctx.params.outcome_id!));
      },
    },
    {
      method: 'get',
      path: '/v1/outcomes/:outcome_id/result',
      tag: 'outcomes',
      summary: 'The result, quality metrics and integration results of a completed outcome',
      params,
      responses: { 200: schemas.resultView, 409: errorRef },
      async handler(ctx) {
        const row = await own(authOf(ctx).workspace.id, ctx.params.outcome_id!);
        if (!row.result) throw errors.conflict('outcome_not_completed', `Outcome ${row.id} has no result yet; it is ${row.status}.`, { outcome_id: row.id, status: row.status });
        ctx.body = resultView(row);
      },
    },
    withBody({
      method: 'post',
      path: '/v1/outcomes/:outcome_id/revise',
      tag: 'outcomes',
      summary: 'Request a revision of a completed outcome (3 per outcome)',
      params,
      body: schemas.reviseBody,
      responses: { 201: schemas.revision, 409: errorRef, 503: errorRef },
      async handler(ctx, body) {
        const revision = await engine.revise(authOf(ctx).workspace, ctx.params.outcome_id!, body);
        ctx.status = 201;
        ctx.body = revisionView(revision);
      },
    }),
    {
      method: 'get',
      path: '/v1/outcomes/:outcome_id/revisions',
      tag: 'outcomes',
      summary: "An outcome's revision records, oldest first",
      params,
      responses: { 200: schemas.revisionList },
      async handler(ctx) {
        const workspaceId = authOf(ctx).workspace.id;
        const row = await own(workspaceId, ctx.params.outcome_id!);
        ctx.body = { revisions: (await repos.revisions.listForOutcome(workspaceId, row.id)).map(revisionRecordView) };
      },
    },
    {
      method: 'post',
      path: '/v1/outcomes/:outcome_id/cancel',
      tag: 'outcomes',
      summary: 'Cancel a processing outcome: it fails with code cancelled and its credit is given back',
      params,
      responses: { 200: schemas.outcomeView, 409: errorRef, 503: errorRef },
      async handler(ctx) {
        ctx.body = outcomeView(await engine.cancel(authOf(ctx).workspace, ctx.params.outcome_id!));
      },
    },
    {
      method: 'post',
      path: '/v1/outcomes/:outcome_id/retry',
      tag: 'outcomes',
      summary: 'Retry a failed outcome from the stage that failed; takes a credit again',
      params,
      responses: { 200: schemas.outcomeView, 402: errorRef, 409: errorRef, 503: errorRef },
      async handler(ctx) {
        ctx.body = outcomeView(await engine.retry(authOf(ctx).workspace, ctx.params.outcome_id!));
      },
    },
  ];
}
