import type { Db } from '../db.js';

/** The parts of knex 3's internals this uses: a client's `runner(builder)` and a runner's `run()`. */
interface BatchedRunner {
  run(): Promise<unknown>;
}
interface BatchedBuilder {
  _method?: string;
  sql?: unknown;
  bindings?: unknown;
}
/** node-sqlite3's Database or node-postgres' Client: the transaction's connection. */
interface BatchedConnection {
  exec?(sql: string, callback: (error: Error | null) => void): void;
  query?(sql: string): Promise<unknown>;
}
interface BatchedClient {
  runner(builder: BatchedBuilder): BatchedRunner;
  acquireConnection(): Promise<BatchedConnection>;
  config: { client?: unknown };
}

/** A batch is sent before its text grows past this (characters): SQLite's limit is far higher, memory is the bound. */
const maxBatchChars = 8_000_000;
/** A write that returns nothing: an insert, update or delete (or one behind a `with`), with no `returning`. */
const writeStatement = /^\s*(insert|update|delete|with)\b/i;
const returning = /\breturning\b/i;

/**
 * A value as an SQLite literal of the same storage class node-sqlite3 binds it as: a 32-bit
 * integer as INTEGER, any other number as REAL, a boolean as 1 or 0, a Buffer as a blob. Undefined
 * for a value that cannot be written into SQL text exactly (a NUL in a string would end the
 * statement's text; objects, NaN and infinities are bound differently).
 */
function sqliteLiteral(value: unknown): string | undefined {
  if (value === null) return 'NULL';
  if (typeof value === 'string') {
    if (value.includes('\0')) return undefined;
    return value.includes("'") ? `'${value.replaceAll("'", "''")}'` : `'${value}'`;
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    if (Number.isInteger(value) && value >= -2_147_483_648 && value <= 2_147_483_647) return String(value);
    const text = String(value);
    return /[.e]/.test(text) ? text : `${text}.0`;
  }
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (Buffer.isBuffer(value)) return `X'${value.toString('hex')}'`;
  return undefined;
}

/**
 * A value as a Postgres literal of unknown type, as node-postgres sends a parameter: the text of a
 * string, a number or a boolean (`toString()`), typed by where it goes. An escape string (E'...'),
 * so the text means the same whatever `standard_conforming_strings` is. Undefined for what
 * node-postgres sends otherwise (Buffers in binary, objects as JSON, arrays, dates) and for a NUL,
 * which neither a literal nor a parameter can carry.
 */
function postgresLiteral(value: unknown): string | undefined {
  if (value === null) return 'NULL';
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    text = String(value);
  } else if (typeof value === 'boolean') text = String(value);
  else return undefined;
  if (text.includes('\0')) return undefined;
  if (!text.includes("'") && !text.includes('\\')) return `E'${text}'`;
  return `E'${text.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

/**
 * The statement of a raw write with its values written in, or undefined when it is not one that
 * can be batched: not raw SQL, a read, a `returning`, a string literal or `??` in the text (whose
 * question marks are not all placeholders), or a value with no exact literal.
 */
function inlined(builder: BatchedBuilder, literal: (value: unknown) => string | undefined): string | undefined {
  if (builder._method !== undefined || typeof builder.sql !== 'string') return undefined;
  const sql = builder.sql;
  if (!writeStatement.test(sql) || returning.test(sql) || sql.includes("'") || sql.includes('??')) return undefined;
  const bindings = builder.bindings ?? [];
  if (!Array.isArray(bindings)) return undefined;
  const parts = sql.split('?');
  if (parts.length - 1 !== bindings.length) return undefined;
  let text = parts[0]!;
  for (let i = 0; i < bindings.length; i += 1) {
    const value = literal(bindings[i]);
    if (value === undefined) return undefined;
    text += value + parts[i + 1]!;
  }
  return text;
}

/**
 * Runs `work` inside the transaction `trx` with its raw writes sent to the database together, as
 * one text of statements, instead of one call each: on SQLite one call on SQLite's thread
 * (node-sqlite3's `exec`), on Postgres one simple query (one round trip). Why: each call's answer
 * waits for the main thread, which is busy with the work the last commit released; a tick's dozen
 * writes took a dozen turns of it, and the database and the main thread took turns instead of
 * working at once (docs/benchmarks.md, issue 30 item 3); on Postgres each also cost a round trip
 * and the server a statement of its own (issue 30 item 2).
 *
 * Invariants: statements run in the order `work` issues them; a batched raw write (an insert,
 * update or delete with no `returning`) answers `[]`, which is what SQLite answers unbatched; its
 * caller must not read the answer (a tick's row writers never do); any other statement (a read,
 * a query builder's write, a `returning`) first sends the batch, so it sees every earlier write;
 * the batch is sent before `work`'s promise settles, and a failure of any of its statements
 * rejects it with the database's error, so the transaction rolls back as before. Values go into
 * the text as literals the database reads as it reads them bound (sqliteLiteral, postgresLiteral);
 * a statement with a value that has none runs unbatched.
 */
export async function withBatchedWrites<T>(trx: Db, work: () => Promise<T>): Promise<T> {
  const client = trx.client as BatchedClient & { runner: BatchedClient['runner'] };
  const postgres = client.config.client === 'pg';
  const literal = postgres ? postgresLiteral : sqliteLiteral;
  const runner = client.runner;
  const ownRunner = Object.hasOwn(client, 'runner');
  let pending: string[] = [];
  let chars = 0;

  async function send(): Promise<void> {
    if (pending.length === 0) return;
    const text = pending.join(';\n');
    pending = [];
    chars = 0;
    const connection = await client.acquireConnection();
    // Postgres: a query with no parameters is a simple query, which may hold many statements.
    if (postgres) await connection.query!(text);
    else await new Promise<void>((resolve, reject) => connection.exec!(text, (error) => (error ? reject(error) : resolve())));
  }

  // An own property of the transaction's client (knex makes one per transaction), removed after.
  client.runner = (builder) => {
    const made = runner.call(client, builder);
    const statement = inlined(builder, literal);
    const run = made.run.bind(made);
    made.run = statement
      ? async () => {
          pending.push(statement);
          chars += statement.length;
          if (chars > maxBatchChars) await send();
          return [];
        }
      : async () => {
          await send();
          return run();
        };
    return made;
  };
  try {
    const result = await work();
    await send();
    return result;
  } finally {
    if (ownRunner) client.runner = runner;
    else delete (client as Partial<BatchedClient>).runner;
  }
}
