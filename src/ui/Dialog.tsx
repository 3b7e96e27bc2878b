import { useEffect, useId, useRef, type ReactNode } from 'react';
import { CloseButton } from './CloseButton.tsx';
import './dialog.css';

/** A modal dialog (the platform's <dialog>): Escape and the × close it, focus returns where it was. */
export function Dialog(props: { title: string; onClose: () => void; children: ReactNode; testId?: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      className="compare-dialog"
      aria-labelledby={titleId}
      onClose={props.onClose}
      // The native dialog closes on Escape; the panel it opened from must not take the key too.
      onKeyDown={(e) => {
        if (e.key === 'Escape') e.stopPropagation();
      }}
      data-testid={props.testId}
    >
      <header className="dialog-header">
        <h2 id={titleId}>{props.title}</h2>
        <CloseButton label="Close" onClick={() => ref.current?.close()} />
      </header>
      <div className="compare-body">{props.children}</div>
    </dialog>
  );
}
