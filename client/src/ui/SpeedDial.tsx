// The header's icon buttons, which collapse into one menu button on small screens
// (SPEC §2 "On small screens the speed-dial groups its icons"; the sizes are SPEC §9's,
// computed by lib/viewport and carried by <body data-speed-dial>).
//
// Open: the items are a row of labelled icon buttons. Grouped: one "Menu" button
// (aria-expanded, aria-controls) shows and hides the same buttons as a list of rows, each
// its icon and its text; opening it puts the focus on the first item, and Escape, a click
// outside or choosing an item closes it and gives the focus back to the menu button. It
// is a disclosure, not an ARIA menu: Tab and Shift+Tab move through the items, Enter and
// Space press them.
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useLayout } from '../lib/viewport/useLayout';

export interface SpeedDialItem {
  /** Unique among the items; also the item's data-testid suffix. */
  id: string;
  /** The item's data-testid; by default `speed-dial-${id}`. */
  testId?: string;
  /** The accessible name and tooltip (a translated text); shown next to the icon when grouped. */
  label: string;
  /** Decorative: hidden from assistive technology. */
  icon: ReactNode;
  onSelect?: () => void;
  /** A link instead of a button (home, cashier). */
  href?: string;
  /** The link's target (`_top` leaves a frame). */
  target?: string;
  /** A toggle's state (sound on, chat shown): rendered as aria-pressed. */
  pressed?: boolean;
  disabled?: boolean;
}

export interface SpeedDialProps {
  items: SpeedDialItem[];
  /** Overrides the viewport's decision; by default it follows <body data-speed-dial>. */
  grouped?: boolean;
  /** The menu button's name; by default t('SPEED_DIAL_MENU'). */
  label?: string;
  className?: string;
}

export function SpeedDial({ items, grouped, label, className }: SpeedDialProps) {
  const { t } = useTranslation();
  const layout = useLayout();
  const isGrouped = grouped ?? layout?.speedDialGrouped ?? false;
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  const expanded = isGrouped && open;

  useEffect(() => {
    if (!expanded) return;
    root.current?.querySelector<HTMLElement>('.speed-dial-item:not(:disabled)')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [expanded]);

  const choose = (item: SpeedDialItem) => {
    item.onSelect?.();
    if (!isGrouped) return;
    setOpen(false);
    toggle.current?.focus();
  };

  // Open, the icon alone and the label as its name; grouped, the icon and the label's text.
  const name = (item: SpeedDialItem) => (isGrouped ? undefined : item.label);
  const body = (item: SpeedDialItem) => (
    <>
      <span aria-hidden="true" className="speed-dial-icon">
        {item.icon}
      </span>
      {isGrouped && <span className="speed-dial-label">{item.label}</span>}
    </>
  );

  const list = (
    <ul
      className="speed-dial-items"
      id={listId}
      hidden={isGrouped && !open}
      data-testid="speed-dial-items"
    >
      {items.map((item) => (
        <li key={item.id}>
          {item.href ? (
            <a
              className="speed-dial-item"
              href={item.href}
              target={item.target}
              aria-label={name(item)}
              title={name(item)}
              data-testid={item.testId ?? `speed-dial-${item.id}`}
              onClick={() => choose(item)}
            >
              {body(item)}
            </a>
          ) : (
            <button
              type="button"
              className="speed-dial-item"
              aria-label={name(item)}
              title={name(item)}
              aria-pressed={item.pressed}
              disabled={item.disabled}
              data-testid={item.testId ?? `speed-dial-${item.id}`}
              onClick={() => choose(item)}
            >
              {body(item)}
            </button>
          )}
        </li>
      ))}
    </ul>
  );

  return (
    <div
      ref={root}
      className={['speed-dial', className].filter(Boolean).join(' ')}
      data-speed-dial={isGrouped ? 'grouped' : 'open'}
      data-testid="speed-dial"
    >
      {isGrouped && (
        <button
          ref={toggle}
          type="button"
          className="speed-dial-toggle"
          aria-expanded={open}
          aria-controls={listId}
          aria-label={label ?? t('SPEED_DIAL_MENU')}
          title={label ?? t('SPEED_DIAL_MENU')}
          data-testid="speed-dial-toggle"
          onClick={() => setOpen((o) => !o)}
        >
          <span aria-hidden="true" className="speed-dial-burger" />
        </button>
      )}
      {list}
    </div>
  );
}
