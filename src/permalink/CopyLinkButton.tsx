import { useId, useRef, useState } from 'react';
import { announce } from '../ui/announce.ts';
import { CloseButton } from '../ui/CloseButton.tsx';
import { Popover } from '../ui/Popover.tsx';
import { currentPermalinkUrl } from './share.ts';
import { useTarget } from '../workspace/target.ts';
import { COMMON_URL_LIMIT } from '../wire/limits.ts';

const number = (n: number) => n.toLocaleString('en-US');

/** What to say of a link longer than the tools that carry links commonly take (src/wire/limits.ts). */
export function longLinkWarning(link: string): string | null {
  if (link.length <= COMMON_URL_LIMIT) return null;
  return `This link is ${number(link.length)} characters long, more than links can be relied on to carry (${number(COMMON_URL_LIMIT)}): chat, mail and trackers may cut it, and then it opens nothing. Check that it opens before you share it, or share the query text.`;
}

/** "Copy link": puts the permalink on the clipboard and shows it, selectable, in case copying is blocked. */
export function CopyLinkButton({ linkFor }: { linkFor?: () => string } = {}) {
  const target = useTarget();
  const [link, setLink] = useState<string | null>(null);
  const [copied, setCopied] = useState<boolean | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const inputId = useId();
  const warningId = useId();
  const warning = link ? longLinkWarning(link) : null;

  const copy = async () => {
    // Inside Crowdin the shell passes the module's address instead (src/auth/app-mode.ts moduleLink).
    const url = linkFor ? linkFor() : currentPermalinkUrl(target);
    setLink(url);
    const tooLong = longLinkWarning(url);
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      announce(
        tooLong
          ? `Link copied to the clipboard. ${tooLong}`
          : 'Link copied to the clipboard. It holds the query and target, never your sign-in.',
      );
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
          // Ending at its button, it leaves Run (at the right edge, under it) uncovered.
          align="end"
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
            aria-describedby={warning ? warningId : undefined}
          />
          <CloseButton label="Close permalink" onClick={() => setLink(null)} />
          {warning && (
            <p id={warningId} className="inline-warning" data-testid="permalink-too-long">
              {warning}
            </p>
          )}
        </Popover>
      )}
    </div>
  );
}
