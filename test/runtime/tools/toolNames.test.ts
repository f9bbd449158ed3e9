import test from 'ava';
import { collisions, catalogTools } from '../../../runtime/tools/catalog.js';
import { createQuarantine } from '../../../runtime/tools/quarantine.js';
import { modelToolName } from '../../../runtime/tools/toolNames.js';
import { capText } from '../../../runtime/tools/toolOutput.js';

test('model tool names are <server>__<tool>, at most 64 characters, with a stable hash when cut', (t) => {
  t.is(modelToolName('github', 'create_issue'), 'github__create_issue');
  t.is(modelToolName('my server', 'do.it'), 'my_server__do_it');
  const long = modelToolName('a-very-long-server-name-for-testing', 'an_even_longer_tool_name_that_goes_on_and_on');
  t.is(long.length, 64);
  t.is(long, modelToolName('a-very-long-server-name-for-testing', 'an_even_longer_tool_name_that_goes_on_and_on'));
  t.not(long, modelToolName('a-very-long-server-name-for-testing', 'an_even_longer_tool_name_that_goes_on_and_on_2'));
  t.regex(long, /^[A-Za-z0-9_-]+$/);
});

test('a catalog refuses names taken by another connection and names that collide among themselves', (t) => {
  const tools = catalogTools('srv', [
    { name: 'a.b', inputSchema: { type: 'object' } },
    { name: 'a_b', inputSchema: { type: 'object' } },
    { name: 'c', inputSchema: { type: 'object' } },
  ]);
  t.deepEqual(collisions(tools, new Set(['srv__c'])).sort(), ['srv__a_b', 'srv__c']);
  t.deepEqual(collisions(catalogTools('srv', [{ name: 'x', inputSchema: { type: 'object' } }]), new Set()), []);
});

test('three timeouts in a row quarantine one tool for a while; an answer resets the count', (t) => {
  const quarantine = createQuarantine(3, 1000);
  t.false(quarantine.record('slow', true, 0));
  t.false(quarantine.record('slow', false, 1));
  t.false(quarantine.record('slow', true, 2));
  t.false(quarantine.record('slow', true, 3));
  t.true(quarantine.record('slow', true, 4));
  t.true(quarantine.isQuarantined('slow', 500));
  t.false(quarantine.isQuarantined('other', 500));
  t.false(quarantine.isQuarantined('slow', 1004));
});

test('tool output is cut at the cap and says so', (t) => {
  t.is(capText('short', 10), 'short');
  t.is(capText('x'.repeat(20), 10), `${'x'.repeat(10)}\n[output cut at 10 characters]`);
});
