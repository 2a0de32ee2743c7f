import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

export interface NavDropdownProps {
  label: ReactNode;
  /** Aligns the menu to the right edge of its toggle (menus at the end of the bar). */
  alignEnd?: boolean;
  children: ReactNode;
}

/**
 * A navigation-bar dropdown on Bootstrap's CSS alone: react-bootstrap's version brings Popper and its
 * overlay machinery (about 20 KB) into the first load. In the bar Bootstrap places menus statically
 * (data-bs-popper="static"), so no positioning code is needed. Closes on a choice, Escape or a click
 * elsewhere. A closed menu is not rendered: it would not be shown, and the gateway's first paint of `/`
 * need not carry it (nor its styles). By keyboard: opened with Enter or Space the focus moves to its first
 * entry, the arrow keys move between entries (Home and End to the ends), and Escape closes it and hands
 * the focus back to its toggle.
 */
export function NavDropdown({ label, alignEnd = false, children }: NavDropdownProps) {
  const [open, setOpen] = useState(false);
  /** Opened by keyboard: the focus goes into the menu. */
  const [byKeyboard, setByKeyboard] = useState(false);
  const root = useRef<HTMLLIElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const entries = () => [...(menu.current?.querySelectorAll<HTMLElement>('.dropdown-item') ?? [])];
    if (byKeyboard) entries()[0]?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggle.current?.focus();
        return;
      }
      const items = entries();
      const at = items.indexOf(document.activeElement as HTMLElement);
      const next =
        event.key === 'ArrowDown'
          ? (at + 1) % items.length
          : event.key === 'ArrowUp'
            ? (at - 1 + items.length) % items.length
            : event.key === 'Home'
              ? 0
              : event.key === 'End'
                ? items.length - 1
                : null;
      if (next === null || items.length === 0) return;
      event.preventDefault();
      items[next]?.focus();
    };
    document.addEventListener('click', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('click', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, byKeyboard]);

  return (
    <li className="nav-item dropdown" ref={root}>
      <button
        ref={toggle}
        type="button"
        id={id}
        className={`nav-link dropdown-toggle${open ? ' show' : ''}`}
        aria-expanded={open}
        // A click without a pointer (detail 0) is Enter or Space on the toggle.
        onClick={(event) => {
          setByKeyboard(event.detail === 0);
          setOpen((value) => !value);
        }}
      >
        {label}
      </button>
      {open ? (
        // biome-ignore lint/a11y/useKeyWithClickEvents: closes after a choice made by mouse or keyboard alike
        <ul
          ref={menu}
          className={`dropdown-menu show${alignEnd ? ' dropdown-menu-end' : ''}`}
          data-bs-popper="static"
          aria-labelledby={id}
          onClick={() => setOpen(false)}
        >
          {children}
        </ul>
      ) : null}
    </li>
  );
}
