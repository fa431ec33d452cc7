import { isStoreOpenError } from '@pips/store-mikro-orm';
import { ConfigError } from './config';
import { isDataDirError } from './private-data-dir';

interface ListenError {
  code?: unknown;
  address?: unknown;
  port?: unknown;
}

/** `listen` failures, said the way an operator fixes them. */
function listenProblem(error: ListenError): string | undefined {
  const where = `${String(error.address)}:${String(error.port)}`;
  switch (error.code) {
    case 'EADDRINUSE':
      return `port ${String(error.port)} on ${String(error.address)} is already in use; stop what holds it, or set PORT`;
    case 'EACCES':
      return `not allowed to listen on ${where}; use a port above 1023, or set PORT`;
    case 'EADDRNOTAVAIL':
      return `cannot listen on ${where}: no such address on this machine; check HOST`;
    default:
      return undefined;
  }
}

/**
 * One line saying what stopped the server or a CLI command from starting, and what to do.
 * Problems an operator can fix get their own sentence; anything else is named by its message,
 * and `unexpected` tells the caller to keep the stack for a debug log.
 */
export function startupProblem(error: unknown): { line: string; unexpected: boolean } {
  if (error instanceof ConfigError || isStoreOpenError(error) || isDataDirError(error)) return { line: error.message, unexpected: false };
  const listen = listenProblem(error as ListenError);
  if (listen) return { line: listen, unexpected: false };
  const message = error instanceof Error ? error.message : String(error);
  return { line: `could not start: ${message.split('\n')[0]}`, unexpected: true };
}
