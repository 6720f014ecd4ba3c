/**
 * The process's logger. In development on a terminal the lines are pino-pretty's (time, level,
 * message, fields), so `npm start` is readable; anywhere else (production, a pipe, a file) they
 * stay pino's JSON, one object a line, for log collectors.
 */
import { pino, type Logger } from 'pino';
import { PinoPretty } from 'pino-pretty';
import type { Config } from '../config.ts';

/** stdout, or a stream like it (tests). */
export type LogOutput = NodeJS.WritableStream & { isTTY?: boolean | undefined };

/** Whether the logger writes pino-pretty's lines: development, on a terminal. */
export function prettyLogs(config: Pick<Config, 'env'>, out: LogOutput): boolean {
  return config.env === 'development' && out.isTTY === true;
}

export function createLogger(config: Pick<Config, 'env' | 'logLevel'>, out: LogOutput = process.stdout): Logger {
  if (!prettyLogs(config, out)) return pino({ level: config.logLevel }, out);
  // sync: a line written just before process.exit (a failed start) is not lost.
  const pretty = PinoPretty({
    colorize: true,
    sync: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
    destination: out,
  });
  return pino({ level: config.logLevel }, pretty);
}
