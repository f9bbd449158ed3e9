import test from 'ava';
import { declaredRoutes } from '../../clients/typescript/documentOf.js';
import { ServiceError } from '../../runtime/errors.js';
import { createValidators } from '../../http/validation.js';

// The service compiles a route's request schemas at the route's first request, not at start
// (docs/decisions.md, issue 25 item 5 part B): this keeps "every schema compiles" a check that
// runs before any request does.
test('every declared route\'s params, query and body schemas compile', (t) => {
  const validators = createValidators();
  const routes = declaredRoutes();
  t.true(routes.length > 50);
  const refusedOnly = (check: () => unknown) => {
    try {
      check();
    } catch (error) {
      // An answer about the value (a 400 or 404) means the schema compiled and ran.
      if (!(error instanceof ServiceError)) throw error;
    }
  };
  for (const route of routes) {
    const name = `${route.method.toUpperCase()} ${route.path}`;
    t.notThrows(() => {
      if (route.params) refusedOnly(() => validators.params(route.params!)({}));
      refusedOnly(() => validators.query(route.query ?? { type: 'object', properties: {} })({}));
      if (route.body) refusedOnly(() => validators.body(route.body!)({}));
    }, name);
  }
});
