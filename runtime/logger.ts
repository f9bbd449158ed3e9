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
  const stream = destination ?? pinoDestination({ dest: 1, sync: false, minLength: 4096, periodicFlush: logFlushIntervalMs });
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
