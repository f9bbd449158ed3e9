import { pino, type Logger } from 'pino';

/** JSON-lines logger. Authorization headers and secrets are redacted should they ever be logged. */
export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  return pino(
    {
      level,
      base: { service: 'crewd' },
      redact: { paths: ['req.headers.authorization', '*.secret', '*.token', '*.access_token', 'secret', 'token'], censor: '[redacted]' },
    },
    destination ?? process.stdout,
  );
}
