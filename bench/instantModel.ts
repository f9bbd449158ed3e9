import type { ModelProvider } from '../models/types.js';

/**
 * A model that answers every stage at once with a short final document: what remains of an
 * outcome's cost is orchestration alone (the actor, every stage persisted, every event written).
 * The fair match for a peer's workflow of empty steps (`npm run bench -- engine`, issue 30).
 * It never asks for tools, so every stage is one step.
 */
export const instantModel: ModelProvider = {
  name: 'instant',
  step: async (input) => ({
    kind: 'final',
    output: { summary: `${input.stage.name} done`, content: `# ${input.stage.name}\n\n${input.brief}\n` },
  }),
};
