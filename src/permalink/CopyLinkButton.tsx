import { useId, useRef, useState } from 'react';
import { announce } from '../ui/announce.ts';
import { Popover } from '../ui/Popover.tsx';
import { currentPermalinkUrl } from './share.ts';
import { useTarget } from '../workspace/target.ts';

/** "Copy link": puts the permalink on the clipboard and shows it, selectable, in case copying is blocked. */
export function CopyLinkButton() {
  const target = useTarget();
  const [link, setLink] = useState<string | null>(null);
  const [copied, setCopied] = useState<boolean | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const inputId = useId();

  const copy = async () => {
    const url = currentPermalinkUrl(target);
    setLink(url);
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      announce('Link copied to the clipboard. It holds the query and target, never your sign-in.');
    } catch {
      setCopied(false);
      announce('Could not copy automatically; the link is selected, press Ctrl+C to copy it.');
      requestAnimationFrame(() => inputRef.current?.select());
    }
  };

  return (
    <div className="popover-anchor">
      <button ref={buttonRef} type="button" onClick={() => void copy()}>
        Copy link
      </button>
      {link && (
        <Popover
          label="Permalink"
          anchor={buttonRef}
          onClose={() => setLink(null)}
          className="permalink-popover"
          testId="permalink-popover"
        >
          <label htmlFor={inputId}>{copied ? 'Copied. Permalink' : 'Permalink'}</label>
          <input
            id={inputId}
            ref={inputRef}
            readOnly
            value={link}
            onFocus={(e) => e.currentTarget.select()}
            data-testid="permalink"
          />
          <button
            type="button"
            className="button-ghost"
            onClick={() => setLink(null)}
            aria-label="Close permalink"
          >
            ×
          </button>
        </Popover>
      )}
    </div>
  );
}
