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
import { type ReactNode, useContext, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { menuCloseMs } from '../lib/device/device';
import { ServicesContext } from '../lib/session';
import { useLayout } from '../lib/viewport/useLayout';

/** The page's menu close time (its device does not change); 300 ms where none is known. */
function useMenuCloseMs(): number {
  const device = useContext(ServicesContext)?.session.get().device;
  return device && typeof device.os === 'string' ? menuCloseMs(device) : 300;
}

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
  const closeMs = useMenuCloseMs();

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

  const choose = (item: SpeedDialItem, e: React.MouseEvent) => {
    item.onSelect?.();
    if (!isGrouped) return;
    const close = () => {
      setOpen(false);
      // Back to the menu button, unless the item moved the focus on (a dialog it opened).
      const at = document.activeElement;
      if (!at || at === document.body || root.current?.contains(at)) toggle.current?.focus();
    };
    // Chosen by pointer, the menu stays a moment (lib/device menuCloseMs) so that a tap's
    // late click does not land on what it covered; by keyboard (no pointer: detail 0) it
    // closes at once.
    if (e.detail === 0) close();
    else setTimeout(close, closeMs);
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
              onClick={(e) => choose(item, e)}
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
              onClick={(e) => choose(item, e)}
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
