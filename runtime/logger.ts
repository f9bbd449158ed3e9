import { destination as pinoDestination, pino, type Logger } from 'pino';

/** How often buffered log lines are written out on a quiet server (lines leave within a second). */
export const logFlushIntervalMs = 250;

/**
 * JSON-lines logger. By default lines go to stdout through an asynchronous destination: under
 * load lines are batched into 4 KB writes that never block the event loop (`sync: false`), and a
 * periodic flush writes whatever is pending every `logFlushIntervalMs`, so a quiet server's line
 * appears within a second instead of waiting for 4 KB to fill. `flushLogger` at shutdown writes
 * what is left.
 */
export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  const stream = destination ?? batchedPerTurn(pinoDestination({ dest: 1, sync: false, minLength: 4096, periodicFlush: logFlushIntervalMs }));
  return pino(
    {
      level,
      base: { service: 'crewd' },
      // Exact paths only: wildcard redaction costs on every line, and request logs carry no headers or bodies.
      redact: { paths: ['secret', 'token', 'access_token', 'authorization'], censor: '[redacted]' },
    },
    stream,
  );
}

/** The parts of pino's destination (sonic-boom) this module replaces: instance methods, as sonic-boom sets them. */
interface Destination {
  write(data: string): boolean;
  flush(cb?: (error?: Error) => void): void;
  flushSync(): void;
  end(): void;
}

/**
 * Hands the destination the lines written during one event-loop turn as one string, at the end
 * of the turn (setImmediate). sonic-boom measures the UTF-8 length of its pending chunk on every
 * write, and that chunk is a string grown by `+=` (flattened and rescanned per line, up to 16 KB):
 * on the request path, where every request writes its access line, that was the logger's main
 * cost. Lines keep their order; `flush`, `flushSync` (pino's fatal and exit hooks) and `end`
 * hand over the open batch first, so nothing waits longer than it did (the periodic flush still
 * writes a quiet server's line within a second). The destination is the one pino built (its
 * exit hook and broken-pipe handling stay); only its instance methods are wrapped.
 */
function batchedPerTurn<T extends Destination>(destination: T): T {
  const write = destination.write.bind(destination);
  const flush = destination.flush.bind(destination);
  const flushSync = destination.flushSync.bind(destination);
  const end = destination.end.bind(destination);
  let batch: string[] = [];
  let scheduled = false;
  const handOver = (): void => {
    scheduled = false;
    if (batch.length === 0) return;
    const text = batch.length === 1 ? batch[0]! : batch.join('');
    batch = [];
    write(text);
  };
  destination.write = (data: string): boolean => {
    batch.push(data);
    if (!scheduled) {
      scheduled = true;
      setImmediate(handOver);
    }
    return true;
  };
  destination.flush = (cb) => {
    handOver();
    flush(cb);
  };
  destination.flushSync = () => {
    handOver();
    flushSync();
  };
  destination.end = () => {
    handOver();
    end();
  };
  return destination;
}

export function flushLogger(logger: Logger): void {
  try {
    logger.flush();
  } catch {
    // an already closed destination has nothing left to write
  }
}

/**
 * knex's log hooks routed to the JSON logger, so pool errors during a database outage (`Acquire
 * connection error … ECONNREFUSED`) are JSON lines like every other, not plain console text.
 */
export function knexLog(logger: Logger) {
  const line = (level: 'warn' | 'error' | 'debug', message: unknown) => {
    const text = typeof message === 'string' ? message : message instanceof Error ? message.message : JSON.stringify(message);
    // The first line carries the cause; knex appends a stack after it.
    logger[level]({ source: 'knex', ...(typeof message === 'string' && message.includes('\n') ? { detail: message.slice(0, 2000) } : {}) }, text.split('\n')[0]!.slice(0, 500));
  };
  return {
    warn: (message: unknown) => line('warn', message),
    error: (message: unknown) => line('error', message),
    deprecate: (message: unknown) => line('warn', message),
    debug: (message: unknown) => line('debug', message),
  };
}
