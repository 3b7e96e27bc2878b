// The handle at a column header's right edge that widens or narrows the column (ui-walk D29): drag it, or
// focus it and press ←/→ (Shift for bigger steps); Enter or Delete gives the column back its share. It is
// the ARIA window-splitter pattern: a focusable separator that says the width it holds.
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';

export const MIN_RESIZE_PX = 60;
export const MAX_RESIZE_PX = 1200;
const STEP_PX = 16;

const clamp = (px: number) => Math.round(Math.min(MAX_RESIZE_PX, Math.max(MIN_RESIZE_PX, px)));

export function ColumnResizer(props: {
  header: string;
  /** The width the user gave the column; undefined while it takes its share of the table. */
  width: number | undefined;
  /** Its least width while it takes its share: what the handle reports then. */
  least: number;
  onResize: (px: number | null) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  /** The column's width on screen now: the header cell the handle sits in. */
  const current = () => props.width ?? ref.current?.parentElement?.getBoundingClientRect().width ?? 120;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? STEP_PX * 4 : STEP_PX;
    if (event.key === 'ArrowRight') props.onResize(clamp(current() + step));
    else if (event.key === 'ArrowLeft') props.onResize(clamp(current() - step));
    else if (event.key === 'Enter' || event.key === 'Delete') props.onResize(null);
    else return;
    event.preventDefault();
    event.stopPropagation();
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    const start = event.clientX;
    const from = current();
    const target = event.currentTarget;
    target.setPointerCapture(event.pointerId);
    const move = (e: globalThis.PointerEvent) => props.onResize(clamp(from + e.clientX - start));
    const up = () => {
      target.removeEventListener('pointermove', move);
      target.removeEventListener('pointerup', up);
      target.removeEventListener('pointercancel', up);
    };
    target.addEventListener('pointermove', move);
    target.addEventListener('pointerup', up);
    target.addEventListener('pointercancel', up);
  };
  return (
    <div
      ref={ref}
      role="separator"
      aria-orientation="vertical"
      aria-label={`Width of ${props.header}`}
      aria-valuenow={props.width ?? props.least}
      aria-valuetext={props.width ? `${props.width} px` : 'its share of the table'}
      aria-valuemin={MIN_RESIZE_PX}
      aria-valuemax={MAX_RESIZE_PX}
      tabIndex={0}
      className="column-resizer"
      title="Drag, or ←/→, to widen or narrow; Enter gives the column back its share"
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onClick={(e) => e.stopPropagation()}
    />
  );
}
