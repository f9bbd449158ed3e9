import test from 'ava';
import { circles, importsOfLayers, layerOf, type Layer } from './importGraph.js';

/**
 * What each layer may import (STYLE: no layer imports a higher one). `app/` is the composition
 * root: the only layer that brings http/, runtime/, storage/ and plugins/ together, and nothing
 * imports it.
 */
const allowed: Record<Layer, string[]> = {
  machines: ['machines'],
  schemas: ['schemas'],
  storage: ['storage'],
  plugins: ['plugins'],
  runtime: ['runtime', 'machines', 'schemas', 'storage', 'plugins'],
  http: ['http', 'runtime', 'machines', 'schemas', 'storage', 'plugins'],
  // The CLI's client commands (deploy, follow, ...) use the generated TypeScript client.
  app: ['app', 'http', 'runtime', 'machines', 'schemas', 'storage', 'plugins', 'clients'],
};

test('no layer imports a higher one: machines, schemas, storage and plugins import none of runtime/http/app; runtime imports no http/ or app/; nothing imports app/', (t) => {
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
