// The log of the project's app servers (CroQL Router, CroQL Playground): one JSON object per line (`time`, `level`, `msg`, and any fields), so a log shipper reads
// it without a pattern, and a person still reads `msg`. The one place they write their log.
import type { Logger } from './cli.ts';

export type Fields = Record<string, string | number | boolean | null | undefined>;

export interface JsonLogger extends Logger {
  info(message: string, fields?: Fields): void;
  warn(message: string, fields?: Fields): void;
  error(message: string, fields?: Fields): void;
}

export function jsonLogger(
  out: { stdout: (line: string) => void; stderr: (line: string) => void } = {
    stdout: (line) => process.stdout.write(line),
    stderr: (line) => process.stderr.write(line),
  },
  now: () => Date = () => new Date(),
): JsonLogger {
  const line = (level: 'info' | 'warn' | 'error', msg: string, fields?: Fields) =>
    `${JSON.stringify({ time: now().toISOString(), level, msg, ...fields })}\n`;
  return {
    info: (m, f) => out.stdout(line('info', m, f)),
    warn: (m, f) => out.stderr(line('warn', m, f)),
    error: (m, f) => out.stderr(line('error', m, f)),
  };
}
