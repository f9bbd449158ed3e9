import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { builtInPlugins } from '../../plugins/index.js';
import { importsOfLayers, layerOf, root } from './importGraph.js';

/** The TypeScript files of a source folder, recursively, relative to the root. */
function sourceFiles(folder: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(path.join(root, folder), { withFileTypes: true })) {
    const relative = path.join(folder, entry.name);
    if (entry.isDirectory()) found.push(...sourceFiles(relative));
    else if (entry.name.endsWith('.ts')) found.push(relative);
  }
  return found;
}

/** The file's code without its comments (a comment may well name a plugin to explain itself). */
const code = (file: string) =>
  fs
    .readFileSync(path.join(root, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/**
 * A plugin id used as one: compared with an id (`manifest.id === 'chat'`, `integrationId !==
 * 'chat'`), looked up in the registry, or handed to what addresses a plugin (its context, its
 * secrets, its runs). The crews' lists of integration kinds (the spec's "Integration kinds per
 * crew") name ids as data and match none of these.
 */
function idUses(id: string): RegExp[] {
  const q = `['"\`]${id}['"\`]`;
  return [
    new RegExp(`(\\bid|Id)\\s*[!=]==?\\s*${q}`),
    new RegExp(`${q}\\s*[!=]==?\\s*[\\w.]*(\\bid|Id)\\b`),
    new RegExp(`\\b(registry|plugins?)\\.(get|flag)\\(\\s*${q}`),
    new RegExp(`\\b(context|saveSecretsAndConnect|adopt|forPlugin|configure|connect)\\([^)]*,\\s*${q}`),
  ];
}

test('no plugin id is special-cased outside plugins/: app/, http/, runtime/, storage/ and machines/ treat every plugin alike (issue 28)', (t) => {
  const ids = builtInPlugins().map((plugin) => plugin.manifest.id);
  t.true(ids.includes('chat'), 'the plugin list was read');
  const offending: string[] = [];
  for (const file of ['app', 'http', 'runtime', 'storage', 'machines'].flatMap(sourceFiles)) {
    code(file)
      .split('\n')
      .forEach((line, index) => {
        for (const id of ids) if (idUses(id).some((pattern) => pattern.test(line))) offending.push(`${file}:${index + 1}: '${id}' in ${line.trim().slice(0, 120)}`);
      });
  }
  t.deepEqual(offending, []);
});

test('the check above finds a plugin id used as one', (t) => {
  const lines = ["plugin.manifest.id === 'chat' ? chat : plugin", "if (integrationId !== 'chat') throw", "tools.pluginHost.context(workspaceId, 'chat')", "registry.get('chat')"];
  for (const line of lines) t.true(idUses('chat').some((pattern) => pattern.test(line)), line);
  t.false(idUses('chat').some((pattern) => pattern.test("integrations: ['chat', 'work', 'tracker', 'analytics'],")), 'a crew list is data');
});

test("nothing outside plugins/ imports a plugin's folder: only the contract, the registry and the plugin list", (t) => {
  const open = new Set([path.join('plugins', 'index.ts'), path.join('plugins', 'registry.ts'), path.join('plugins', 'contract.ts')]);
  const offending = importsOfLayers()
    .filter((edge) => layerOf(edge.from) !== 'plugins' && layerOf(edge.to) === 'plugins' && !open.has(edge.to))
    .map((edge) => `${edge.from} -> ${edge.to}`);
  t.deepEqual(offending, []);
});

test('the chat plugin keeps its endpoints, table and errors in plugins/chat', (t) => {
  const outside = ['http/routes/chat.ts', 'schemas/chat.ts', 'storage/repositories/chatIntegrations.ts', 'app/compose/chatEndpoints.ts', 'app/compose/chatTeams.ts', 'app/compose/legacyChatSyncs.ts', 'plugins/chat/chatServiceError.ts'];
  t.deepEqual(
    outside.filter((file) => fs.existsSync(path.join(root, file))),
    [],
  );
  t.false(/\/api\/chat\//.test(code('http/scopes.ts')), "the chat routes' scopes are declared with the routes, in the plugin");
  const chat = builtInPlugins().find((plugin) => plugin.manifest.id === 'chat')!;
  t.deepEqual(
    chat.migrations?.map((migration) => migration.name),
    ['007_chat_integrations'],
  );
});

test('plugins reach schemas/ only through their contract', (t) => {
  const offending = importsOfLayers()
    .filter((edge) => layerOf(edge.from) === 'plugins' && layerOf(edge.to) === 'schemas' && !edge.from.startsWith(path.join('plugins', 'contract') + path.sep))
    .map((edge) => `${edge.from} -> ${edge.to}`);
  t.deepEqual(offending, []);
});

test('the plugin contract is split by concern: plugins/contract.ts re-exports files of under 400 lines each', (t) => {
  const files = sourceFiles(path.join('plugins', 'contract'));
  t.true(files.length >= 6, 'split into files by concern');
  const long = [path.join('plugins', 'contract.ts'), ...files].filter((file) => fs.readFileSync(path.join(root, file), 'utf8').split('\n').length > 400);
  t.deepEqual(long, []);
  const barrel = code(path.join('plugins', 'contract.ts'));
  for (const file of files) t.true(barrel.includes(`'./contract/${path.basename(file, '.ts')}.js'`), `contract.ts re-exports ${file}`);
});
