import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { circles, importsOfLayers, layerOf, root, type Layer } from './importGraph.js';

/**
 * What each layer may import (STYLE: no layer imports a higher one). `app/` is the composition
 * root: the only layer that brings http/, runtime/, storage/ and plugins/ together, and nothing
 * imports it.
 */
const allowed: Record<Layer, string[]> = {
  machines: ['machines'],
  schemas: ['schemas'],
  storage: ['storage'],
  // Plugins reach schemas/ (the leaf layer of JSON Schema helpers) only through their contract.
  plugins: ['plugins', 'schemas'],
  // Crews read the one list of crew ids from schemas/ (the leaf layer, issue 28).
  crews: ['crews', 'schemas'],
  quality: ['quality'],
  // The model layer: the ModelProvider contract, openai, the local composer and its worker pool.
  models: ['models', 'quality', 'crews', 'schemas'],
  runtime: ['runtime', 'models', 'quality', 'crews', 'machines', 'schemas', 'storage', 'plugins'],
  http: ['http', 'runtime', 'models', 'quality', 'crews', 'machines', 'schemas', 'storage', 'plugins'],
  // The CLI's client commands (deploy, follow, ...) use the generated TypeScript client.
  app: ['app', 'http', 'runtime', 'models', 'quality', 'crews', 'machines', 'schemas', 'storage', 'plugins', 'clients'],
};

test('no layer imports a higher one: machines, schemas, storage, plugins, crews, quality and models import none of runtime/http/app; runtime imports no http/ or app/; nothing imports app/', (t) => {
  const imports = importsOfLayers();
  t.true(imports.length > 500, 'the import graph was read');
  const offending = imports
    .filter((edge) => {
      const from = layerOf(edge.from) as Layer;
      const to = layerOf(edge.to);
      return !allowed[from].includes(to);
    })
    .map((edge) => `${edge.from} -> ${edge.to}`);
  t.deepEqual(offending, []);
});

test('no import circles between source files, type-only ones included (shared options types live in leaf files)', (t) => {
  t.deepEqual(circles(importsOfLayers()), []);
});

/**
 * The plugin contract (DESIGN section 9, plugins/README.md): runtime/ sees plugins only through the
 * contract's types and the registry, so adding a plugin touches `plugins/<id>/` and the plugin
 * list (which app/, the composition root, reads), never runtime/. The chat plugin included: its
 * sync lives in plugins/chat and gets the knowledge base and durable runs from its context.
 */
test('runtime/ imports nothing from plugins/ but the contract and the registry', (t) => {
  const contract = new Set([path.join('plugins', 'contract.ts'), path.join('plugins', 'registry.ts')]);
  const offending = importsOfLayers()
    .filter((edge) => layerOf(edge.from) === 'runtime' && layerOf(edge.to) === 'plugins' && !contract.has(edge.to))
    .map((edge) => `${edge.from} -> ${edge.to}`);
  t.deepEqual(offending, []);
  const chatDir = path.join(root, 'runtime', 'chat');
  t.deepEqual(fs.existsSync(chatDir) ? fs.readdirSync(chatDir) : [], [], 'the chat integration lives in plugins/chat, not runtime/chat');
  t.true(fs.existsSync(path.join(root, 'runtime', 'knowledge', 'knowledgeService.ts')), 'the knowledge base is a runtime service');
});

/**
 * runtime/ is orchestration only (issue 26, item 9): the model layer lives in models/. runtime/
 * holds no model folder and reaches the local composer only through the ModelProvider contract
 * (models/index.ts, createModelProvider), never models/local/ or the worker pool's internals.
 */
test('runtime/ holds no model code: no runtime/models folder, and no runtime/ file imports models/local/', (t) => {
  t.false(fs.existsSync(path.join(root, 'runtime', 'models')), 'the model layer lives in models/, not runtime/models');
  t.false(fs.existsSync(path.join(root, 'runtime', 'quality')), 'the quality text lives in quality/, below the model layer');
  const imports = importsOfLayers();
  t.true(imports.some((edge) => layerOf(edge.from) === 'runtime' && layerOf(edge.to) === 'models'), 'runtime/ reaches the model layer');
  const offending = imports
    .filter((edge) => layerOf(edge.from) === 'runtime' && edge.to.startsWith(path.join('models', 'local') + path.sep))
    .map((edge) => `${edge.from} -> ${edge.to}`);
  t.deepEqual(offending, []);
});
