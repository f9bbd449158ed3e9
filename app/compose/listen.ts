import type http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Starts `server` listening on `port` and `host`; resolves with its base URL (`http://host:port`,
 * IPv6 hosts in brackets, the bound port when `port` was 0) and rejects when the port cannot be bound.
 */
export async function listen(server: http.Server, port: number, host: string): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${shownHost}:${address.port}`;
}
