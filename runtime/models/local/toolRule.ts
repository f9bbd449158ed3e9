import { contentTerms } from '../../quality/text.js';
import type { KnowledgePassage, StageInput, StageOutput, ToolCall, ToolDescriptor, ToolExchange } from '../types.js';
import { hash } from './text/seed.js';
import { topicOf } from './text/topic.js';

/** The agents that research before the others write: they may look things up. */
const researchAgents = new Set(['ResearchAgent', 'AnalystAgent', 'ProductAgent']);
const searchLike = /search|look_?up|find|query/i;
const argumentNames = ['query', 'q', 'search', 'text', 'term'];
/** What is read of one tool answer: it is untrusted text, and one answer must not drown the brief. */
const maxToolText = 2000;

/**
 * The local provider's one tool rule (DESIGN 6): when the tools handed to a research-type stage
 * include one whose name says search, lookup, find or query, the stage's first step asks for it
 * with the brief's key terms; the next step (exchanges present) writes the stage with what came
 * back as knowledge passages cited "(tool <name>)". Tool output is data: it is cut to
 * `maxToolText` characters, stripped of control characters and only ever read as sentences.
 * Deterministic: the same input and tools ask the same call with the same id.
 */
export function researchToolStep(
  input: StageInput,
  tools: ToolDescriptor[],
  exchanges: ToolExchange[],
): { kind: 'tool_calls'; calls: ToolCall[] } | { kind: 'compose'; input: StageInput } {
  const carried = carriedPassages(input.previous);
  const withCarried = carried.length > 0 ? { ...input, knowledge: [...input.knowledge, ...carried] } : input;
  if (input.revision || !researchAgents.has(input.stage.agent)) return { kind: 'compose', input: withCarried };
  if (exchanges.length === 0) {
    const tool = tools.find((candidate) => searchLike.test(candidate.name));
    if (!tool) return { kind: 'compose', input: withCarried };
    const terms = keyTerms(input.brief);
    const call: ToolCall = { id: `call_${hash(JSON.stringify([tool.name, terms, input.stageIndex])).toString(36)}`, name: tool.name, arguments: { [argumentName(tool.inputSchema)]: terms } };
    return { kind: 'tool_calls', calls: [call] };
  }
  const found = toolPassages(exchanges);
  return { kind: 'compose', input: found.length > 0 ? { ...withCarried, knowledge: [...withCarried.knowledge, ...found] } : withCarried };
}

/** The brief's key terms: the content words of its subject, at most eight. */
export function keyTerms(brief: string): string {
  const terms = [...new Set(contentTerms(topicOf(brief)))];
  return (terms.length > 0 ? terms : [...new Set(contentTerms(brief))]).slice(0, 8).join(' ');
}

/** query | q | search | text | term when the schema has one, else its first string property, else "query". */
export function argumentName(schema: object): string {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
  const names = Object.keys(properties);
  return argumentNames.find((name) => names.includes(name)) ?? names.find((name) => properties[name]?.type === 'string') ?? 'query';
}

/** What the tools answered, as passages; failed calls are skipped. */
export function toolPassages(exchanges: ToolExchange[]): KnowledgePassage[] {
  return exchanges
    .filter((exchange) => !exchange.result.isError && typeof exchange.result.content === 'string')
    .map((exchange) => ({
      // eslint-disable-next-line no-control-regex
      text: exchange.result.content.slice(0, maxToolText).replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' '),
      source: `tool ${exchange.call.name}`,
    }))
    .filter((passage) => passage.text.trim() !== '');
}

/** Passages a research stage found with a tool or was handed from the knowledge base, kept in its output so later stages use them too. */
function carriedPassages(previous: StageOutput[]): KnowledgePassage[] {
  const passages: KnowledgePassage[] = [];
  for (const output of previous) {
    for (const list of [output.data?.knowledge_passages, output.data?.tool_passages]) {
      if (!Array.isArray(list)) continue;
      for (const item of list) {
        const passage = item as Partial<KnowledgePassage>;
        if (typeof passage.text === 'string' && typeof passage.source === 'string') passages.push({ text: passage.text.slice(0, maxToolText), source: passage.source, ...(typeof passage.date === 'string' ? { date: passage.date } : {}) });
      }
    }
  }
  return passages;
}
