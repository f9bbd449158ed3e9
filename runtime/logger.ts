import { pino, type Logger } from 'pino';

/** JSON-lines logger. Authorization headers and secrets are redacted should they ever be logged. */
export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  return pino(
    {
      level,
      base: { service: 'crewd' },
      // Exact paths only: wildcard redaction costs on every line, and request logs carry no headers or bodies.
      redact: { paths: ['secret', 'token', 'access_token', 'authorization'], censor: '[redacted]' },
    },
    destination ?? process.stdout,
  );
}
