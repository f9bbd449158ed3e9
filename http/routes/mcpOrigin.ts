import { localhostAllowedOrigins, validateOriginHeader } from '@modelcontextprotocol/server';
import { ServiceError } from '../../runtime/errors.js';

/**
 * The Origin check of /mcp (DNS rebinding, MCP transports "Security warning"): a browser page
 * whose name was rebound to this host sends its own Origin, which must be refused. Allowed:
 * localhost-class origins, CREWD_PUBLIC_URL's host, and the hostnames of
 * CREWD_MCP_ALLOWED_ORIGINS (`*` allows every origin). A request without Origin (every non-browser
 * MCP client) passes. The parsing and matching are the MCP SDK's own (`validateOriginHeader`).
 */
export function mcpOriginCheck(configured: string[], publicUrl: string | undefined): (origin: string | undefined) => void {
  if (configured.includes('*')) return () => undefined;
  const allowed = [...localhostAllowedOrigins(), ...configured, ...(publicUrl ? [hostnameOf(publicUrl)] : [])];
  return (origin) => {
    const verdict = validateOriginHeader(origin, allowed);
    if (verdict.ok) return;
    throw new ServiceError(
      403,
      'origin_not_allowed',
      `${verdict.message}. /mcp answers browser pages of localhost and of the hostnames in CREWD_MCP_ALLOWED_ORIGINS only; an operator can add this one there.`,
      { origin: origin ?? null, setting: 'CREWD_MCP_ALLOWED_ORIGINS' },
    );
  };
}

/** The hostname as the SDK's allowlist spells it (IPv6 in brackets). */
function hostnameOf(url: string): string {
  return new URL(url).hostname.toLowerCase();
}
