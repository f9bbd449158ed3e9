import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { ServiceError } from '../errors.js';
import { PermissionDenied } from './permission.js';

/**
 * Runs a protocol method's work and turns crewd's own refusals (a missing permission, a refused
 * command) into a JSON-RPC invalid-params error in their words, the MCP face of a REST 4xx; any
 * other failure goes on as it is (the SDK answers it as an internal error).
 */
export async function refusingAsInvalidParams<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ServiceError) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `${error.message} (${error.code})`);
    if (error instanceof PermissionDenied) throw new ProtocolError(ProtocolErrorCode.InvalidParams, error.message);
    throw error;
  }
}
