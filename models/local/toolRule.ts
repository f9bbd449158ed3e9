import { contentTerms, stem } from '../../quality/text.js';
import type { KnowledgePassage, StageInput, StageOutput, ToolCall, ToolDescriptor, ToolExchange } from '../types.js';
import { hash } from './text/seed.js';
import { topicOf } from './text/topic.js';

/** The agents that research before the others write: they may look things up. */
const researchAgents = new Set(['ResearchAgent', 'AnalystAgent', 'ProductAgent']);
const searchLike = /search|look_?up|find|query/i;
// Tools that say search but echo or demonstrate protocol features: their answers are never about
// the brief. A simulated search is still called (it may be the workspace's only search, and its call
// is journaled like any other); what it answers is used only where it says more than the question.
const notASource = /echo|sample|demo|mock|fake|test|annotat|progress|sampling|elicit/i;
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
    const tool = tools.find((candidate) => searchLike.test(candidate.name) && !notASource.test(candidate.name));
    if (!tool) return { kind: 'compose', input: withCarried };
    const terms = keyTerms(input.brief);
    const call: ToolCall = { id: `call_${hash(JSON.stringify([tool.name, terms, input.stageIndex])).toString(36)}`, name: tool.name, arguments: { [argumentName(tool.inputSchema)]: terms } };
    return { kind: 'tool_calls', calls: [call] };
  }
  const found = toolPassages(exchanges, input.brief);
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

/**
 * What the tools answered, as sources: a JSON answer (a search result) is read as its documents,
 * each cited by its title and link; plain text is cited by the tool's name in words. Failed calls
 * are skipped, and with `brief` given, a passage that shares no term with the brief's subject is
 * not used (a tool answering about something else does not take over the piece).
 */
export function toolPassages(exchanges: ToolExchange[], brief?: string): KnowledgePassage[] {
  const terms = brief ? new Set(contentTerms(keyTerms(brief)).map(stem)) : undefined;
  return exchanges
    .filter((exchange) => !exchange.result.isError && typeof exchange.result.content === 'string')
    .flatMap((exchange) => sourcesOf(exchange.call.name, exchange.result.content.slice(0, 20_000)).map((passage) => (terms ? aboutTheBrief(passage, terms, askedText(exchange.call)) : passage)))
    .filter((passage): passage is KnowledgePassage => passage !== undefined && passage.text.trim() !== '');
}

/**
 * The part of a passage that is about the brief, or undefined. A document whose title names the
 * brief's subject is kept whole; otherwise only its sentences that name it are, and a sentence
 * that names it only by repeating the question (a report's title line, a "Topic:" parameter) must
 * also say something of its own: an answer that only echoes the query is not a source.
 */
function aboutTheBrief(passage: KnowledgePassage, terms: Set<string>, asked: string[]): KnowledgePassage | undefined {
  const names = (text: string) => contentTerms(text).map(stem).some((term) => terms.has(term));
  if (terms.size === 0 || names(passage.source)) return passage;
  const sentences = passage.text.split(/\n+|(?<=[.!?])\s+/).filter((sentence) => {
    const own = withoutEcho(sentence, asked);
    if (names(own)) return true;
    return own !== sentence && names(sentence) && contentTerms(own).length >= 3;
  });
  return sentences.length > 0 ? { ...passage, text: sentences.join(' ') } : undefined;
}

/** The strings the call sent (its query): an answer that only repeats them says nothing about the brief. */
function askedText(call: ToolCall): string[] {
  return Object.values(call.arguments ?? {}).filter((value): value is string => typeof value === 'string' && value.trim().length > 0);
}

/** `text` with every occurrence of what was asked removed, so an echo of the query is not read as relevance. */
function withoutEcho(text: string, asked: string[]): string {
  let rest = text;
  for (const query of asked) rest = rest.split(new RegExp(query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi')).join(' ');
  return rest;
}

// eslint-disable-next-line no-control-regex
const controls = /[\u0000-\u0008\u000b-\u001f\u007f]/g;
const titleKeys = ['title', 'name', 'subject', 'filename', 'fileName'];
const linkKeys = ['url', 'link', 'webViewLink', 'href', 'permalink', 'html_url'];
const textKeys = ['snippet', 'description', 'summary', 'excerpt', 'text', 'content', 'body'];

/** "drive__drive_search_documents" -> "drive search documents". */
function toolWords(name: string): string {
  return [...new Set(name.split(/_+|-+|\./).filter(Boolean))].join(' ');
}

function sourcesOf(toolName: string, content: string): KnowledgePassage[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return [{ text: content.slice(0, maxToolText).replace(controls, ' '), source: toolWords(toolName) }];
  }
  const records: KnowledgePassage[] = [];
  const visit = (value: unknown, depth: number) => {
    if (records.length >= 10 || depth > 6 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const entry of value) visit(entry, depth + 1);
      return;
    }
    const record = value as Record<string, unknown>;
    const title = titleKeys.map((key) => record[key]).find((entry): entry is string => typeof entry === 'string' && entry.trim() !== '');
    const link = linkKeys.map((key) => record[key]).find((entry): entry is string => typeof entry === 'string' && /^https?:\/\//.test(entry));
    const text = textKeys.map((key) => record[key]).find((entry): entry is string => typeof entry === 'string' && entry.trim().split(/\s+/).length >= 4);
    if (title && (text || link)) {
      records.push({ text: (text ?? title).slice(0, maxToolText).replace(controls, ' '), source: link ? `${title.trim()}, ${link}` : title.trim() });
      return;
    }
    for (const entry of Object.values(record)) visit(entry, depth + 1);
  };
  visit(parsed, 0);
  return records;
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
