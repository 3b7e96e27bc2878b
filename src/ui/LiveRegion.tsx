import { useAnnouncer } from './announce.ts';

/** The page's one polite live region: what `announce()` says, read by screen readers. */
export function LiveRegion() {
  const message = useAnnouncer((s) => s.message);
  const seq = useAnnouncer((s) => s.seq);
  return (
    <div className="visually-hidden" aria-live="polite" role="status" data-seq={seq}>
      {message}
    </div>
  );
}
