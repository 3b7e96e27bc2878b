import type { Diagnostic, DiagnosticCode } from '../croql/types.ts';

export interface ServerCroqlError {
  code: string;
  message: string;
  from?: number;
  to?: number;
}

/**
 * The service's croql errors as editor diagnostics on the text that was run. An error without a range
 * (the real service gives none) covers the whole query; a range past the end is clamped to it.
 */
export function toServerDiagnostics(errors: readonly ServerCroqlError[], text: string): Diagnostic[] {
  return errors.map((e) => {
    const hasRange = typeof e.from === 'number' && typeof e.to === 'number';
    const from = hasRange ? Math.max(0, Math.min(e.from!, text.length)) : 0;
    const to = hasRange ? Math.max(from, Math.min(e.to!, text.length)) : text.length;
    const code: DiagnosticCode = e.code === 'croqlInvalidSyntax' ? 'croqlInvalidSyntax' : 'croqlInvalidLogic';
    return {
      code,
      reason: 'server',
      message: `The service says: ${e.message}`,
      severity: 'error',
      from,
      to,
    };
  });
}
