import { useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

/** Room kept between a popover and the edge of the window. */
const MARGIN = 8;

/**
 * A non-modal popover under its button: it stays inside the window (shifted sideways when its button sits
 * near an edge), and Escape or a click outside closes it, giving focus back to the button on Escape.
 * Render it inside a `position: relative` wrapper that also holds the button.
 */
export function Popover(props: {
  label: string;
  onClose: () => void;
  /** The button that opened it (focus returns there on Escape; clicks on it are not "outside"). */
  anchor: RefObject<HTMLElement | null>;
  align?: 'start' | 'end';
  className?: string;
  role?: 'group' | 'dialog';
  testId?: string;
  children: ReactNode;
}) {
  const { onClose, anchor } = props;
  const ref = useRef<HTMLDivElement>(null);
  const [shift, setShift] = useState(0);

  useLayoutEffect(() => {
    const place = () => {
      const el = ref.current;
      if (!el) return;
      el.style.transform = '';
      const rect = el.getBoundingClientRect();
      const width = document.documentElement.clientWidth;
      let dx = 0;
      if (rect.right > width - MARGIN) dx = width - MARGIN - rect.right;
      if (rect.left + dx < MARGIN) dx = MARGIN - rect.left;
      el.style.transform = dx ? `translateX(${dx}px)` : '';
      setShift(dx);
    };
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, []);

  useEffect(() => {
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (ref.current?.contains(target) || anchor.current?.contains(target)) return;
      onClose();
    };
    // Escape closes it while focus is in it or on its button.
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      const focus = document.activeElement;
      if (!ref.current?.contains(focus) && !anchor.current?.contains(focus)) return;
      e.preventDefault();
      onClose();
      anchor.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [onClose, anchor]);

  return (
    <div
      ref={ref}
      className={`popover-panel popover-${props.align ?? 'start'} ${props.className ?? ''}`}
      role={props.role ?? 'group'}
      aria-label={props.label}
      data-shift={shift}
      data-testid={props.testId}
    >
      {props.children}
    </div>
  );
}
