/** An answer of the service in its error shape `{error: {code, message, details}}`, or a transport failure. */
export class CrewdApiError extends Error {
  constructor(
    /** HTTP status; 0 when no answer came. */
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'CrewdApiError';
  }

  /** Builds the error from a non-2xx answer's parsed body (any shape). */
  static fromBody(status: number, body: unknown): CrewdApiError {
    const error = (body as { error?: { code?: unknown; message?: unknown; details?: unknown } } | undefined)?.error;
    if (error && typeof error.code === 'string') {
      return new CrewdApiError(status, error.code, typeof error.message === 'string' ? error.message : error.code, (error.details as Record<string, unknown>) ?? {});
    }
    return new CrewdApiError(status, 'http_error', `HTTP ${status}`, { body });
  }
}
