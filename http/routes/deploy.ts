import type { CrewId } from '../../crews/index.js';
import type { Deployed } from '../../runtime/outcomes/requests.js';
import * as schemas from '../../schemas/outcomes.js';
import { authOf } from '../context.js';
import type { WorkflowRow } from '../../storage/repositories/workflows.js';
import type { HttpDeps } from '../deps.js';
import { prepareAnswer } from '../middleware/idempotency.js';
import { withBody, type RouteSpec } from '../route.js';

const errorRef = { $ref: '#/components/schemas/Error' };

/** The caller's W3C trace context: the new outcomes' traces join it (docs/tracing.md). */
function callerOf(ctx: { get(field: string): string }) {
  const traceparent = ctx.get('traceparent');
  return traceparent ? { traceparent } : undefined;
}

function fullView(deployed: Deployed) {
  return {
    outcome_id: deployed.id,
    status: 'processing',
    crew: deployed.crew.id,
    estimated_completion: deployed.estimatedCompletion,
    created_at: deployed.createdAt,
    agents_deployed: deployed.crew.agents,
    progress: {
      current_stage: deployed.progress.current_stage,
      completion_percentage: deployed.progress.completion_percentage,
      ...(deployed.progress.next_stage ? { next_stage: deployed.progress.next_stage } : {}),
    },
  };
}

function shortView(deployed: Deployed) {
  return { outcome_id: deployed.id, status: 'processing', estimated_completion: deployed.estimatedCompletion, crew_deployed: deployed.crew.id };
}

function batchView({ workflow, outcomes }: { workflow: WorkflowRow; outcomes: Deployed[] }) {
  return {
    workflow_id: workflow.id,
    workflow_name: workflow.name,
    status: workflow.status,
    created_at: workflow.created_at,
    completed_at: null,
    outcomes: workflow.entries.map((entry, i) => ({ ...entry, status: 'processing', estimated_completion: outcomes[i]!.estimatedCompletion })),
  };
}

/** Deploying crews: deploy (full answer), run (short answer) and batch-deploy. Each creates and answers 201. */
export function deployRoutes(deps: HttpDeps): RouteSpec[] {
  const { engine } = deps;
  const params = { crew_id: schemas.crewIdParam };
  // 503: the workspace's approval policy changed on every attempt to commit (runtime/outcomes/outcomes.ts), or the service is stopping.
  const errorsOf = { 402: errorRef, 409: errorRef, 503: errorRef };
  return [
    withBody({
      method: 'post',
      path: '/v1/crews/:crew_id/deploy',
      tag: 'crews',
      summary: 'Deploy a crew on a brief; takes one credit; the outcome starts (or waits for a slot) at once',
      params,
      body: schemas.deployBody,
      responses: { 201: schemas.deployResponse, ...errorsOf },
      async handler(ctx, body) {
        const deployed = await engine.deploy(authOf(ctx).workspace, ctx.params.crew_id as CrewId, body, (answer) =>
          prepareAnswer(ctx, { kind: 'outcome', id: answer.id }, 201, fullView(answer)),
          callerOf(ctx),
        );
        ctx.status = 201;
        ctx.body = fullView(deployed);
      },
    }),
    withBody({
      method: 'post',
      path: '/v1/crews/:crew_id/run',
      tag: 'crews',
      summary: 'Deploy a crew (the shorter answer of the same operation)',
      params,
      body: schemas.deployBody,
      responses: { 201: schemas.runResponse, ...errorsOf },
      async handler(ctx, body) {
        const deployed = await engine.run(authOf(ctx).workspace, ctx.params.crew_id as CrewId, body, (answer) =>
          prepareAnswer(ctx, { kind: 'outcome', id: answer.id }, 201, shortView(answer)),
          callerOf(ctx),
        );
        ctx.status = 201;
        ctx.body = shortView(deployed);
      },
    }),
    withBody({
      method: 'post',
      path: '/v1/crews/batch-deploy',
      tag: 'crews',
      summary: 'Deploy several crews as one workflow; an entry starts when the crews it depends on completed',
      body: schemas.batchBody,
      responses: { 201: schemas.workflowView, ...errorsOf },
      async handler(ctx, body) {
        const created = await engine.batch(authOf(ctx).workspace, body, (answer) =>
          prepareAnswer(ctx, { kind: 'workflow', id: answer.workflow.id }, 201, batchView(answer)),
          callerOf(ctx),
        );
        ctx.status = 201;
        ctx.body = batchView(created);
      },
    }),
  ];
}
