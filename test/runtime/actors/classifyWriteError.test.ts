import test from 'ava';
import { classifyWriteError } from '../../../runtime/actors/classifyWriteError.js';

test('rows the database can never store are permanent failures; connection, serialization and busy errors are transient', (t) => {
  for (const code of ['22021', '22P05', '23505', '23503', 'SQLITE_TOOBIG', 'SQLITE_CONSTRAINT']) t.is(classifyWriteError(Object.assign(new Error(code), { code })), 'permanent', code);
  t.is(classifyWriteError(new RangeError('Maximum call stack size exceeded')), 'permanent');
  for (const code of ['40001', '40P01', '57P01', '08006', 'ECONNRESET', 'ECONNREFUSED', 'SQLITE_BUSY', 'SQLITE_LOCKED']) t.is(classifyWriteError(Object.assign(new Error(code), { code })), 'transient', code);
  t.is(classifyWriteError(new Error('something unexpected')), 'transient');
});
