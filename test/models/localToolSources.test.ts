import test from 'ava';
import { crews } from '../../crews/index.js';
import { createLocalProvider } from '../../models/local/index.js';
import { researchToolStep, toolPassages } from '../../models/local/toolRule.js';
import type { StageInput, ToolDescriptor } from '../../models/types.js';

/** Issue 26 item 5: tool results are sources, summarised and cited by name or link, never pasted, and unused when off the brief. */

function stage(brief: string): StageInput {
  const crew = crews.writer;
  return { crew, stage: crew.stages[0]!, stageIndex: 0, brief, requirements: {}, contextDocuments: [], knowledge: [], previous: [] };
}

const driveAnswer = JSON.stringify({
  files: [
    { id: '1a', name: 'Migration runbook', webViewLink: 'https://docs.google.com/document/d/1a', snippet: 'Database migrations run in a transaction and are rolled back on the first failed statement.' },
    { id: '2b', name: 'Holiday rota', webViewLink: 'https://docs.google.com/document/d/2b', snippet: 'The office is closed between Christmas and New Year for everyone.' },
  ],
  nextPageToken: null,
});

test('a JSON search answer becomes one source per document, cited by title and link; documents off the brief are dropped', (t) => {
  const passages = toolPassages([{ call: { id: 'c1', name: 'drive__drive_search_documents', arguments: {} }, result: { content: driveAnswer, isError: false } }], 'Write a blog post about database migrations');
  t.deepEqual(passages, [{ text: 'Database migrations run in a transaction and are rolled back on the first failed statement.', source: 'Migration runbook, https://docs.google.com/document/d/1a' }]);
});

test('a simulated research tool that only repeats the question back does not take over the piece', async (t) => {
  const everything: ToolDescriptor[] = [{ name: 'everything__simulate-research-query', description: 'Simulates a research query', inputSchema: { type: 'object', properties: { query: { type: 'string' } } } }];
  const input = stage('Write a blog post about database migrations');
  const first = researchToolStep(input, everything, []);
  if (first.kind !== 'tool_calls') return t.fail('expected a call');
  const topic = String(first.calls[0]!.arguments.query);
  // What server-everything's simulate-research-query answers: the question echoed around a demo text.
  const report = `# Research Report: ${topic}\n\n## Research Parameters\n- **Topic**: ${topic}\n\n## About This Demo (SEP-1686: Tasks)\n\nThis tool demonstrates MCP's task-based execution pattern for long-running operations.`;
  const output = await createLocalProvider().step(input, everything, [{ call: first.calls[0]!, result: { content: report, isError: false }, turn: 0 }], new AbortController().signal);
  if (output.kind !== 'final') return t.fail('expected a final answer');
  t.false(output.output.content.includes('task-based execution'), output.output.content);
  t.notRegex(output.output.content, /\(tool |Research Report/);
});

test('a tool answering about something else does not take over the piece', async (t) => {
  const search: ToolDescriptor[] = [{ name: 'kb_search', description: 'Search', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } }];
  const input = stage('Write a blog post about database migrations for small teams');
  const first = researchToolStep(input, search, []);
  if (first.kind !== 'tool_calls') return t.fail('expected a call');
  const offTopic = 'The task-based execution pattern lets a client poll a long-running request for its result.';
  const provider = createLocalProvider();
  const output = await provider.step(input, search, [{ call: first.calls[0]!, result: { content: offTopic, isError: false }, turn: 0 }], new AbortController().signal);
  if (output.kind !== 'final') return t.fail('expected a final answer');
  t.false(output.output.content.includes('task-based execution'), output.output.content);
  t.notRegex(output.output.content, /\(tool /);
});

test('a Drive search result in the material is cited as its document, never pasted as JSON', async (t) => {
  const search: ToolDescriptor[] = [{ name: 'drive__drive_search_documents', description: 'Search Google Drive', inputSchema: { type: 'object', properties: { query: { type: 'string' } } } }];
  const input = stage('Write a blog post about database migrations');
  const first = researchToolStep(input, search, []);
  if (first.kind !== 'tool_calls') return t.fail('expected a call');
  const output = await createLocalProvider().step(input, search, [{ call: first.calls[0]!, result: { content: driveAnswer, isError: false }, turn: 0 }], new AbortController().signal);
  if (output.kind !== 'final') return t.fail('expected a final answer');
  t.true(output.output.content.includes('Database migrations run in a transaction and are rolled back on the first failed statement (Migration runbook, https://docs.google.com/document/d/1a).'), output.output.content);
  t.notRegex(output.output.content, /[{}"]\s*(?:files|id|webViewLink)/);
  t.false(output.output.content.includes('Holiday rota'));
});
