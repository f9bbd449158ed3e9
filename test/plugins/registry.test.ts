import test from 'ava';
import { McpServer } from '@modelcontextprotocol/server';
import { definePlugin, type Plugin } from '../../plugins/contract.js';
import { examplePlugin } from '../../plugins/example/index.js';
import { builtInPlugins } from '../../plugins/index.js';
import { createPluginRegistry } from '../../plugins/registry.js';

function plugin(id: string, tools: string[], flags: Plugin['manifest']['flags'] = []): Plugin {
  return definePlugin({
    manifest: { id, kind: id, displayName: id, version: '1.0.0', crews: ['writer'], tools, flags, settingsSchema: { type: 'object' }, secrets: [] },
    register: () => new McpServer({ name: id, version: '1.0.0' }),
  });
}

test('the built-in plugins and the example plugin register side by side', (t) => {
  const registry = createPluginRegistry([...builtInPlugins(), examplePlugin]);
  t.deepEqual(registry.list().map((p) => p.manifest.id), ['network', 'cms', 'drive', 'notes', 'chat', 'work', 'tracker', 'analytics', 'code', 'planner', 'wiki', 'example']);
  t.is(registry.flag('notify_chat')!.plugin.manifest.id, 'chat');
  t.is(registry.flag('create_repo_issues')!.plugin.manifest.id, 'code');
  t.is(registry.flag('save_to_wiki')!.flag.stages.pilot, 'release_planning');
  t.is(registry.flag('nope'), undefined);
});

test('a duplicate plugin id is refused', (t) => {
  const error = t.throws(() => createPluginRegistry([plugin('a', ['a_one']), plugin('a', ['a_two'])]));
  t.regex(error!.message, /duplicate plugin id "a"/);
});

test('a tool name registered by two plugins is refused, naming both', (t) => {
  const error = t.throws(() => createPluginRegistry([plugin('a', ['shared_tool']), plugin('b', ['shared_tool'])]));
  t.regex(error!.message, /tool "shared_tool" of plugin "b" is already registered by plugin "a"/);
});

test('a flag answered twice, or naming an undeclared tool, is refused', (t) => {
  const flag = { name: 'do_it', type: 'boolean' as const, description: '', stages: { writer: 'publishing' }, tool: 'a_one', action: 'do' };
  t.throws(() => createPluginRegistry([plugin('a', ['a_one'], [flag]), plugin('b', ['b_one'], [{ ...flag, tool: 'b_one' }])]), { message: /already answered/ });
  t.throws(() => createPluginRegistry([plugin('a', ['a_two'], [flag])]), { message: /undeclared tool "a_one"/ });
});

test('a flag whose stage no crew has fails the start, naming the plugin and the stage', (t) => {
  const crewStages = { writer: ['research', 'publishing'], mind: ['integration_sync'], pilot: ['ticket_creation'] };
  const flag = { name: 'post_it', type: 'boolean' as const, description: 'd', stages: { writer: 'publishng' }, tool: 'a_one', action: 'post' };
  const error = t.throws(() => createPluginRegistry([plugin('a', ['a_one'], [flag])], { crewStages }));
  t.regex(error!.message, /flag "post_it" of plugin "a" runs at stage "publishng", which crew "writer" does not have/);
  t.throws(() => createPluginRegistry([plugin('a', ['a_one'], [{ ...flag, stages: { moon: 'x' } as never }])], { crewStages }), { message: /plugin "a" names unknown crew "moon"/ });
  t.notThrows(() => createPluginRegistry([plugin('a', ['a_one'], [{ ...flag, stages: { writer: 'publishing' } }])], { crewStages }));
});

test('the built-in plugins pass the stage check against the real crews', async (t) => {
  const { crews } = await import('../../crews/index.js');
  const crewStages = Object.fromEntries(Object.values(crews).map((crew) => [crew.id, crew.stages.map((stage) => stage.name)]));
  t.notThrows(() => createPluginRegistry([...builtInPlugins(), examplePlugin], { crewStages }));
});

test('a job with an invalid cron schedule fails the start, naming the plugin', (t) => {
  const base = plugin('a', ['a_one']);
  const withJob = { ...base, manifest: { ...base.manifest, jobs: [{ name: 'sync', schedule: 'every night', run: async () => {} }] } };
  t.throws(() => createPluginRegistry([withJob]), { message: /job "sync" of plugin "a" has an invalid cron schedule/ });
  const good = { ...base, manifest: { ...base.manifest, jobs: [{ name: 'sync', schedule: '0 2 * * *', run: async () => {} }] } };
  t.notThrows(() => createPluginRegistry([good]));
});

test('a runner declared twice fails the start, naming the plugin', (t) => {
  const base = plugin('a', ['a_one']);
  const runner = { name: 'sync', run: async () => ({}) };
  const twice = { ...base, manifest: { ...base.manifest, runners: [runner, runner] } };
  t.throws(() => createPluginRegistry([twice]), { message: /plugin "a" declares runner "sync" twice/ });
  t.notThrows(() => createPluginRegistry([{ ...base, manifest: { ...base.manifest, runners: [runner] } }]));
});

test('a route declared by two plugins, or a configure field the settings schema lacks, is refused, naming the plugin', (t) => {
  const route = { method: 'get' as const, path: '/api/a/status', summary: 's', tag: 'a', scope: 'integrations:read' as const, responses: { 200: { type: 'object' } }, handle: async () => ({}) };
  t.throws(() => createPluginRegistry([{ ...plugin('a', ['a_one']), routes: [route] }, { ...plugin('b', ['b_one']), routes: [route] }]), { message: /route GET \/api\/a\/status of plugin "b" is already declared by plugin "a"/ });
  const withField = plugin('a', ['a_one']);
  t.throws(() => createPluginRegistry([{ ...withField, manifest: { ...withField.manifest, configureFields: ['channel'] } }]), { message: /configure field "channel" of plugin "a"/ });
});
