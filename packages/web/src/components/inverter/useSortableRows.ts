import { useCallback, useLayoutEffect, useRef } from 'react';

/** Rows slide for 150 ms; near a window edge (30 px) a drag scrolls by 10 px per frame. */
export const SORT_ANIMATION_MS = 150;
export const AUTO_SCROLL_SENSITIVITY = 30;
export const AUTO_SCROLL_SPEED = 10;

/** `items` with the entry at `from` moved to `to`. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}

/**
 * Drag-to-reorder for table rows by their handle, with pointer events so mouse, pen and touch all work.
 * While dragging, the row under the pointer swaps places with the dragged one (`onMove`); every row that
 * changes position slides there (FLIP). The handle's keyboard moves are the caller's (arrow keys).
 */
export function useSortableRows(
  keys: readonly (string | number)[],
  onMove: (from: number, to: number) => void,
) {
  const rows = useRef(new Map<string | number, HTMLElement>());
  const positions = useRef(new Map<string | number, number>());
  const dragging = useRef<{ key: string | number; pointerY: number } | null>(null);
  const frame = useRef(0);

  // FLIP: rows that moved since the last render start from their old place and slide to the new one.
  useLayoutEffect(() => {
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    for (const key of keys) {
      const row = rows.current.get(key);
      if (!row) continue;
      const top = row.getBoundingClientRect().top;
      const before = positions.current.get(key);
      positions.current.set(key, top);
      if (before === undefined || before === top || reduced || typeof row.animate !== 'function') continue;
      row.animate([{ transform: `translateY(${before - top}px)` }, { transform: 'translateY(0)' }], {
        duration: SORT_ANIMATION_MS,
        easing: 'ease-out',
      });
    }
  }, [keys]);

  const rowRef = useCallback(
    (key: string | number) => (element: HTMLElement | null) => {
      if (element) rows.current.set(key, element);
      else rows.current.delete(key);
    },
    [],
  );

  const autoScroll = useCallback(() => {
    const drag = dragging.current;
    if (!drag) return;
    if (drag.pointerY < AUTO_SCROLL_SENSITIVITY) window.scrollBy(0, -AUTO_SCROLL_SPEED);
    else if (drag.pointerY > window.innerHeight - AUTO_SCROLL_SENSITIVITY)
      window.scrollBy(0, AUTO_SCROLL_SPEED);
    frame.current = requestAnimationFrame(autoScroll);
  }, []);

  const handleProps = (key: string | number) => ({
    onPointerDown: (event: React.PointerEvent<HTMLElement>) => {
      if (event.button !== 0) return;
      event.preventDefault();
      event.currentTarget.setPointerCapture?.(event.pointerId);
      dragging.current = { key, pointerY: event.clientY };
      rows.current.get(key)?.classList.add('sort-dragging');
      frame.current = requestAnimationFrame(autoScroll);
    },
    onPointerMove: (event: React.PointerEvent<HTMLElement>) => {
      const drag = dragging.current;
      if (!drag || drag.key !== key) return;
      drag.pointerY = event.clientY;
      const from = keys.indexOf(key);
      // Layout positions, not the painted ones: a row still sliding (FLIP) must not swap back.
      const to = keys.findIndex((other) => {
        const row = rows.current.get(other);
        const parent = row?.offsetParent;
        if (!row || !parent) return false;
        const y = event.clientY - parent.getBoundingClientRect().top;
        return y >= row.offsetTop && y < row.offsetTop + row.offsetHeight;
      });
      if (to >= 0 && to !== from) onMove(from, to);
    },
    onPointerUp: () => stop(key),
    onPointerCancel: () => stop(key),
  });

  const stop = (key: string | number) => {
    dragging.current = null;
    cancelAnimationFrame(frame.current);
    rows.current.get(key)?.classList.remove('sort-dragging');
  };

  return { rowRef, handleProps };
}
