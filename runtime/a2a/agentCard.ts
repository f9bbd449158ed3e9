import type { AgentCard, AgentInterface, AgentSkill } from '@a2a-js/sdk';
import type { CrewState } from '../crewCatalog.js';

/** The security scheme's name in the card: crewd's API keys, sent as HTTP bearer tokens. */
export const keySchemeName = 'crewd_api_key';

const inputModes = ['text/plain', 'application/json'];
const outputModes = ['text/markdown', 'application/json'];

const words = (id: string) => id.replace(/_/g, ' ').replace(/\b\w/, (first) => first.toUpperCase());

/** One skill per capability of the crew (GET /v1/crews), tagged with the crew and the capability. */
function skillsOf({ crew }: CrewState): AgentSkill[] {
  return crew.capabilities.map((capability) => ({
    id: `${crew.id}.${capability}`,
    name: words(capability),
    description: `${crew.name}: ${words(capability).toLowerCase()}. Send the brief as text (10 characters or more); a data part may add context, requirements, integrations and approvals as POST /v1/crews/${crew.id}/deploy takes them.`,
    tags: [crew.id, capability],
    examples: [],
    inputModes,
    outputModes,
    securityRequirements: [],
  }));
}

function interfacesAt(url: string): AgentInterface[] {
  // One JSON-RPC endpoint, both protocol generations (A2A-Version 1.0, or 0.3 / no header).
  return ['1.0', '0.3'].map((protocolVersion) => ({ url, protocolBinding: 'JSONRPC', tenant: '', protocolVersion }));
}

function cardBase(baseUrl: string, version: string): Pick<AgentCard, 'provider' | 'version' | 'documentationUrl' | 'capabilities' | 'securitySchemes' | 'securityRequirements' | 'defaultInputModes' | 'defaultOutputModes' | 'signatures'> {
  return {
    provider: { organization: 'crewd', url: baseUrl },
    version,
    documentationUrl: `${baseUrl}/v1/openapi.json`,
    // Push configs are crewd's signed webhooks scoped to the task's outcome (docs/a2a.md).
    capabilities: { streaming: true, pushNotifications: true, extensions: [], extendedAgentCard: false },
    securitySchemes: {
      [keySchemeName]: {
        scheme: {
          $case: 'httpAuthSecurityScheme',
          value: {
            scheme: 'bearer',
            bearerFormat: 'crewd API key (crew_sk_...)',
            description: 'A crewd API key, as for the REST API: crews:write starts a task, outcomes:write continues (revision, approval) or cancels one, outcomes:read reads one. Tasks are the key workspace\'s outcomes.',
          },
        },
      },
    },
    securityRequirements: [{ schemes: { [keySchemeName]: { list: [] } } }],
    defaultInputModes: inputModes,
    defaultOutputModes: outputModes,
    signatures: [],
  };
}

/** The card of one crew's agent, served at `/a2a/{crew}/.well-known/agent-card.json`. */
export function crewAgentCard(state: CrewState, baseUrl: string, version: string): AgentCard {
  const { crew } = state;
  return {
    name: `crewd ${crew.name}`,
    description: `${crew.description} Each message deploys the ${crew.id} crew on its text as the brief; the task is the outcome (its id is the outcome id). A message to a completed task asks for a revision with its text as the feedback; a task in input-required waits for an approval: answer approve or reject.${state.status === 'available' ? '' : ` The crew is ${state.status} at the moment.`}`,
    supportedInterfaces: interfacesAt(`${baseUrl}/a2a/${crew.id}`),
    skills: skillsOf(state),
    ...cardBase(baseUrl, version),
  };
}

/**
 * The card at the root well-known path: one agent for every crew at `/a2a`, whose skills are all
 * the crews' capabilities. A message names its crew in `metadata.crew` (or a data part's `crew`);
 * each crew also has its own agent and card under `/a2a/{crew}`.
 */
export function indexAgentCard(states: readonly CrewState[], baseUrl: string, version: string): AgentCard {
  return {
    name: 'crewd',
    description: `crewd runs AI crews on a brief (${states.map((state) => state.crew.id).join(', ')}). Name the crew in the message's metadata.crew, or talk to one crew's agent at ${baseUrl}/a2a/{crew} (its card is at /a2a/{crew}/.well-known/agent-card.json). Tasks are outcomes: the task id is the outcome id.`,
    supportedInterfaces: interfacesAt(`${baseUrl}/a2a`),
    skills: states.flatMap(skillsOf),
    ...cardBase(baseUrl, version),
  };
}
