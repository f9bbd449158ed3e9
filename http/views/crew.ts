import type { CrewState } from '../../runtime/crewCatalog.js';

export function crewView({ crew, status }: CrewState) {
  return {
    id: crew.id,
    name: crew.name,
    description: crew.description,
    agents: crew.agents,
    status,
    capabilities: crew.capabilities,
    integrations: crew.integrations,
  };
}
