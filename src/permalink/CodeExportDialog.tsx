import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useAuthStore } from '../auth/session.ts';
import { useQuery } from '@tanstack/react-query';
import { apiUrlFor, authConfigQuery } from '../connection/config.ts';
import { EXPORT_FORMATS, exportCode, type ExportFormat } from './code-export.ts';
import { snapshot } from '../workspace/setup.ts';
import { useTarget } from '../workspace/target.ts';
import { CloseButton } from '../ui/CloseButton.tsx';
import { Tabs } from '../ui/Tabs.tsx';

const FALLBACK_API: Record<string, string> = {
  emulator: 'http://127.0.0.1:8787/api/v2',
  standard: 'https://api.crowdin.com/api/v2',
};

/** A modal with the current query as curl / fetch / official JS client code, or crowdin-cli per shell. Lazy-loaded. */
export default function CodeExportDialog({ onClose }: { onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [format, setFormat] = useState<ExportFormat>('curl');
  const config = useQuery(authConfigQuery());
  const titleId = useId();
  const target = useTarget();
  // The query as it was when the dialog opened.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const setup = useMemo(() => snapshot(target), []);
  const apiUrl = useMemo(() => {
    const session = useAuthStore.getState().session;
    if (session) return session.apiUrl;
    try {
      if (config.data) return apiUrlFor(config.data, setup.connection, setup.domain);
    } catch {
      // an enterprise choice without a domain: use the template below
    }
    return FALLBACK_API[setup.connection] ?? `https://${setup.domain ?? '{domain}'}.api.crowdin.com/api/v2`;
  }, [config.data, setup]);
  const code = exportCode(format, { ...setup, apiUrl });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  // Said inside the dialog, in sight: while it is modal, a live region outside it is not read either.
  const [copied, setCopied] = useState<{ format: ExportFormat; ok: boolean } | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied({ format, ok: true });
    } catch {
      setCopied({ format, ok: false });
    }
  };

  return (
    <dialog ref={dialogRef} className="code-export" aria-labelledby={titleId} onClose={onClose}>
      <header className="dialog-header">
        <h2 id={titleId}>Export code</h2>
        <CloseButton label="Close" onClick={() => dialogRef.current?.close()} />
      </header>
      <Tabs label="Language" tabs={EXPORT_FORMATS} selected={format} onSelect={setFormat}>
        <pre className="code-block" tabIndex={0} aria-label={`${format} code`}>
          <code>{code}</code>
        </pre>
      </Tabs>
      {format.startsWith('cli-') ? (
        <p className="hint">
          crowdin-cli reads an access token of yours from <code>CROWDIN_PERSONAL_TOKEN</code>, and each{' '}
          <code>"</code> of the query must reach it as <code>\"</code> (crowdin-cli issue #450); the argument
          is quoted for the shell so that it does.
          {format === 'cli-powershell' &&
            ' For PowerShell 7.3 or later: Windows PowerShell 5.1 does not pass the quotes on to crowdin-cli as written.'}
        </p>
      ) : (
        <p className="hint">
          Replace <code>CROWDIN_TOKEN</code> with an access token of yours (a personal access token works);
          the playground never puts your sign-in token in exported code.
        </p>
      )}
      <div className="dialog-actions">
        <span role="status" className="copy-status" data-testid="copy-status">
          {copied?.format === format &&
            (copied.ok
              ? '✓ Copied to the clipboard.'
              : 'Could not copy automatically: select the code and press Ctrl+C.')}
        </span>
        <button type="button" className="button-primary" onClick={() => void copy()}>
          Copy code
        </button>
        <button type="button" onClick={() => dialogRef.current?.close()}>
          Close
        </button>
      </div>
    </dialog>
  );
}
