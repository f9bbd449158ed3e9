/**
 * Turns the `credentials` object of a connect request into HTTP headers for the tool server.
 * `authorization` is sent as given; `access_token`, `token` and `bearer_token` become
 * `Authorization: Bearer <value>`; `api_key` becomes `X-API-Key`; any other name that is a valid
 * header name is sent under that name. Values never reach a response or a log line.
 */
export function credentialHeaders(credentials: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(credentials)) {
    const lower = name.toLowerCase();
    if (lower === 'authorization') headers.Authorization = value;
    else if (lower === 'access_token' || lower === 'token' || lower === 'bearer_token') headers.Authorization = `Bearer ${value}`;
    else if (lower === 'api_key') headers['X-API-Key'] = value;
    else if (/^[A-Za-z0-9-]+$/.test(name)) headers[name] = value;
  }
  return headers;
}
