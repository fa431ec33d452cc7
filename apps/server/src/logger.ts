import { pino, type Logger } from 'pino';
import type { LogLevel } from './config';

/** JSON lines on stdout, one per event. */
export function createLogger(level: LogLevel): Logger {
  return pino({ level, timestamp: pino.stdTimeFunctions.isoTime });
}
