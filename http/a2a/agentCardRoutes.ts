import type { AgentCard } from '@a2a-js/sdk';
import { crewAgentCard, indexAgentCard } from '../../runtime/a2a/agentCard.js';
import { isCrewId } from '../../crews/index.js';
import { errors } from '../../runtime/errors.js';
import { a2aAgentCard } from '../../schemas/a2aAgentCard.js';
import type { AppContext } from '../context.js';
import type { HttpDeps } from '../deps.js';
import type { RouteSpec } from '../route.js';
import { publicBaseOf } from '../routes/mcpDiscovery.js';

/**
 * Cards are public (A2A discovery happens before credentials) and cached briefly: crews change
 * status. The SDK's card writer loads with the first card asked for, not at every start.
 */
async function sendCard(ctx: AppContext, card: AgentCard): Promise<void> {
  const { AgentCard: cardJson } = await import('@a2a-js/sdk');
  ctx.set('Access-Control-Allow-Origin', '*');
  ctx.set('Cache-Control', 'public, max-age=60');
  ctx.body = cardJson.toJSON(card);
}

/**
 * The A2A agent cards (docs/a2a.md): one per crew at `/a2a/{crew}/.well-known/agent-card.json`,
 * and at the root well-known path (and under `/a2a`) the card of the agent at `/a2a` that serves every crew.
 */
export function agentCardRoutes(deps: HttpDeps): RouteSpec[] {
  const indexCard = async (ctx: AppContext) => await sendCard(ctx, indexAgentCard(await deps.crews.list(), publicBaseOf(deps, ctx), deps.version));
  return [
    {
      method: 'get',
      path: '/.well-known/agent-card.json',
      tag: 'a2a',
      operationId: 'getA2aAgentCard',
      summary: 'The A2A agent card of crewd: one agent at /a2a for every crew (metadata.crew names it)',
      responses: { 200: a2aAgentCard },
      handler: indexCard,
    },
    {
      // The same card where an A2A client looks for it from the agent's own URL (`/a2a/`).
      method: 'get',
      path: '/a2a/.well-known/agent-card.json',
      tag: 'a2a',
      operationId: 'getA2aIndexAgentCard',
      summary: 'The card of the agent at /a2a (every crew), beside its endpoint',
      responses: { 200: a2aAgentCard },
      handler: indexCard,
    },
    {
      method: 'get',
      path: '/a2a/:crew_id/.well-known/agent-card.json',
      tag: 'a2a',
      operationId: 'getA2aCrewAgentCard',
      summary: "A crew's A2A agent card: its JSON-RPC endpoint /a2a/{crew_id}, skills from its capabilities, bearer keys",
      params: { crew_id: { type: 'string', maxLength: 50 } },
      responses: { 200: a2aAgentCard, 404: { $ref: '#/components/schemas/Error' } },
      async handler(ctx) {
        const crewId = ctx.params.crew_id!;
        if (!isCrewId(crewId)) throw errors.notFound(`Crew ${crewId}`, { crew_id: crewId });
        const state = (await deps.crews.list()).find((candidate) => candidate.crew.id === crewId)!;
        await sendCard(ctx, crewAgentCard(state, publicBaseOf(deps, ctx), deps.version));
      },
    },
  ];
}
