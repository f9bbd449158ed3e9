import { destination as pinoDestination, pino, type Logger } from 'pino';

/**
 * JSON-lines logger. By default lines go to stdout through an asynchronous, buffered destination
 * (one write per 4 KB instead of one per line); `flushLogger` at shutdown writes what is pending.
 */
export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  const stream = destination ?? pinoDestination({ dest: 1, sync: false, minLength: 4096 });
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
