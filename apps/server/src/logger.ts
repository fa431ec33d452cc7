import { pino, type Logger } from 'pino';
import type { LogLevel } from './config';

/**
 * JSON lines on stdout, one per event. `mixin`: fields added to every line (with tracing on,
 * `traceIds`: the trace of the request a line is logged in; nothing is looked up when off).
 */
export function createLogger(level: LogLevel, mixin?: () => object): Logger {
  return pino({ level, timestamp: pino.stdTimeFunctions.isoTime, ...(mixin && { mixin }) });
}

/** Longest wait for the log's last writes before exiting anyway: an exit must never hang. */
const LAST_WRITES_MS = 5_000;

/**
 * Exits with `code` once every line logged so far is written. Pino writes stdout
 * asynchronously, and `process.exit` drops a write still in flight (its exit hook flushes only
 * what is queued), so a last line such as "shutdown complete" could be lost.
 */
export function exitAfterLogs(logger: Logger, code: number): void {
  const stream = (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] as NodeJS.WritableStream | undefined;
  const exit = () => process.exit(code);
  if (!stream || typeof stream.end !== 'function' || stream === process.stdout) return exit();
  stream.once('finish', exit);
  stream.once('close', exit);
  stream.once('error', exit);
  setTimeout(exit, LAST_WRITES_MS);
  stream.end();
}
