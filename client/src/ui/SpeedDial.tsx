// The header's icon buttons, which collapse into one menu button on small screens
// (SPEC §2 "On small screens the speed-dial groups its icons"; the sizes are SPEC §9's,
// computed by lib/viewport and carried by <body data-speed-dial>).
//
// Open: the items are a row of labelled icon buttons. Grouped: one "Menu" button
// (aria-expanded, aria-controls) shows and hides the same buttons as a list of rows, each
// its icon and its text; opening it puts the focus on the first item, and Escape, a click
// outside or choosing an item closes it and gives the focus back to the menu button. It
// is a disclosure, not an ARIA menu: Tab and Shift+Tab move through the items, Enter and
// Space press them; on the menu button ArrowDown expands it and ArrowUp minimises it.
//
// On a phone (the table shapes tall and flat) the grouped menu is SPEC §2's mobile menu,
// a drawer that hangs from the header: minimised, only the header's menu button (nothing
// over the page, so nothing over the bet bar); expanded, the rows under the header with a
// grip at their foot. It slides between the two, and the menu button and the grip can be
// dragged: down expands, up minimises. A drag past a third of the drawer's height, or a
// flick, decides; a shorter one springs back. The slide is off with <html data-anim="off">.
import {
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';

import { motionReduced } from '../lib/a11y/motion';
import { menuCloseMs } from '../lib/device/device';
import { ServicesContext } from '../lib/session';
import { useLayout } from '../lib/viewport/useLayout';

/** The page's menu close time (its device does not change); 300 ms where none is known. */
function useMenuCloseMs(): number {
  const device = useContext(ServicesContext)?.session.get().device;
  return device && typeof device.os === 'string' ? menuCloseMs(device) : 300;
}

/** The mobile menu's drag: how far a press moves before it is a drag, not a tap (px). */
export const DRAG_SLOP = 8;
/** A release this fast (px/ms, in the last move) commits whatever the distance. */
export const FLICK_SPEED = 0.5;
/** The drawer's height where it cannot be measured (before its first layout, in tests). */
export const DRAWER_FALLBACK_HEIGHT = 240;
/** A whole slide, minimised to expanded (ms); a part of the way takes its part of it. */
export const SLIDE_MS = 200;

/** The drawer's transform at a position: 0 minimised (above its place), 1 expanded. */
const transformAt = (reveal: number) => `translateY(${((reveal - 1) * 100).toFixed(2)}%)`;

/** Slides the drawer from one position to another; false when it does not move. */
function slide(
  el: HTMLElement | null,
  current: { animation: Animation | null },
  from: number,
  to: number,
  done?: () => void,
): boolean {
  current.animation?.cancel();
  current.animation = null;
  if (!el || from === to || typeof el.animate !== 'function' || motionReduced()) return false;
  const animation = el.animate([{ transform: transformAt(from) }, { transform: transformAt(to) }], {
    duration: Math.round(SLIDE_MS * Math.abs(to - from)),
    easing: 'ease-out',
    fill: 'forwards', // held until the next slide, so that nothing flashes before it hides
  });
  animation.onfinish = animation.oncancel = () => done?.();
  current.animation = animation;
  return true;
}

interface Drag {
  pointer: number;
  /** Where the press started, and the position the drawer was in then. */
  startY: number;
  from: number;
  /** The last move: where, when, and its speed (px/ms, down positive). */
  y: number;
  t: number;
  speed: number;
  moving: boolean;
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
  // SPEC §2's mobile menu: the grouped menu on a phone.
  const drawer = isGrouped && !!layout && layout.shape !== 'wide';
  const [open, setOpen] = useState(false);
  // While a finger or the mouse drags the drawer: its position, 0 (minimised) to 1.
  const [reveal, setReveal] = useState<number | null>(null);
  // While it slides up to minimised: still shown, out of reach.
  const [closing, setClosing] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const sliding = useRef<{ animation: Animation | null }>({ animation: null });
  const drag = useRef<Drag | null>(null);
  const dragged = useRef(false);
  const closeMs = useMenuCloseMs();

  const expanded = isGrouped && open;

  /** Expands or minimises; the drawer slides from where it is (`from`, 0 to 1). */
  const setExpanded = useCallback(
    (next: boolean, from: number = next ? 0 : 1) => {
      setOpen(next);
      if (!drawer) return;
      if (next) {
        setClosing(false);
        slide(listRef.current, sliding.current, from, 1);
      } else if (slide(listRef.current, sliding.current, from, 0, () => setClosing(false))) {
        setClosing(true);
      }
    },
    [drawer],
  );

  useEffect(() => {
    if (!expanded) return;
    root.current?.querySelector<HTMLElement>('.speed-dial-item:not(:disabled)')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setExpanded(false);
      toggle.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setExpanded(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [expanded, setExpanded]);

  // The list is hidden when minimised and still (not dragged, not sliding up).
  const listHidden = isGrouped && !open && reveal === null && !(closing && drawer);
  // A slide holds its last frame until the list is hidden, or is no drawer any more.
  useLayoutEffect(() => {
    if (!listHidden && drawer) return;
    sliding.current.animation?.cancel();
    sliding.current.animation = null;
  }, [listHidden, drawer]);
  useEffect(() => () => sliding.current.animation?.cancel(), []);

  // The drag, on the menu button and the grip (pointer events: touch, pen and mouse).
  const onPointerDown = (e: React.PointerEvent<HTMLElement>) => {
    dragged.current = false;
    if (!drawer || !e.isPrimary || (e.pointerType === 'mouse' && e.button !== 0)) return;
    drag.current = {
      pointer: e.pointerId,
      startY: e.clientY,
      from: open ? 1 : 0,
      y: e.clientY,
      t: Date.now(),
      speed: 0,
      moving: false,
    };
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: React.PointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d || e.pointerId !== d.pointer) return;
    const dy = e.clientY - d.startY;
    if (!d.moving) {
      if (Math.abs(dy) < DRAG_SLOP) return;
      d.moving = true;
      sliding.current.animation?.cancel(); // the finger has it now
      setClosing(false);
    }
    const now = Date.now();
    if (now > d.t) d.speed = (e.clientY - d.y) / (now - d.t);
    d.y = e.clientY;
    d.t = now;
    const height = listRef.current?.offsetHeight || DRAWER_FALLBACK_HEIGHT;
    setReveal(Math.min(1, Math.max(0, d.from + dy / height)));
  };
  const endDrag = (e: React.PointerEvent<HTMLElement>, cancelled: boolean) => {
    const d = drag.current;
    if (!d || e.pointerId !== d.pointer) return;
    drag.current = null;
    if (!d.moving) return; // a tap: its click toggles
    dragged.current = true; // and the click a drag ends with does not
    const dy = e.clientY - d.startY;
    const height = listRef.current?.offsetHeight || DRAWER_FALLBACK_HEIGHT;
    const position = Math.min(1, Math.max(0, d.from + dy / height));
    const speed = Date.now() - d.t > 100 ? 0 : d.speed; // it stopped before letting go
    const next = cancelled
      ? d.from === 1
      : Math.abs(speed) >= FLICK_SPEED
        ? speed > 0
        : Math.abs(dy) >= height / 3
          ? dy > 0
          : d.from === 1; // springs back
    setReveal(null);
    setExpanded(next, position);
  };
  const dragHandlers = {
    onPointerDown,
    onPointerMove,
    onPointerUp: (e: React.PointerEvent<HTMLElement>) => endDrag(e, false),
    onPointerCancel: (e: React.PointerEvent<HTMLElement>) => endDrag(e, true),
  };

  const onToggleKey = (e: React.KeyboardEvent) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    if ((e.key === 'ArrowDown') !== open) setExpanded(e.key === 'ArrowDown');
  };

  const choose = (item: SpeedDialItem, e: React.MouseEvent) => {
    item.onSelect?.();
    if (!isGrouped) return;
    const close = () => {
      setExpanded(false);
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
      ref={listRef}
      className="speed-dial-items"
      id={listId}
      hidden={listHidden}
      inert={closing && drawer}
      style={reveal === null ? undefined : { transform: transformAt(reveal) }}
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
      {drawer && (
        <li
          className="speed-dial-grip"
          aria-hidden="true"
          data-testid="speed-dial-grip"
          {...dragHandlers}
          onClick={() => {
            // A tap on the grip minimises (the menu button does the same for a keyboard).
            if (!dragged.current) setExpanded(false);
            dragged.current = false;
          }}
        />
      )}
    </ul>
  );

  return (
    <div
      ref={root}
      className={['speed-dial', className].filter(Boolean).join(' ')}
      data-speed-dial={isGrouped ? 'grouped' : 'open'}
      data-drawer={drawer || undefined}
      data-dragging={reveal === null ? undefined : true}
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
          onClick={(e) => {
            // A drag ends with a click on the button it started on: not a tap.
            const afterDrag = dragged.current && e.detail !== 0;
            dragged.current = false;
            if (!afterDrag) setExpanded(!open);
          }}
          onKeyDown={onToggleKey}
          {...dragHandlers}
        >
          <span aria-hidden="true" className="speed-dial-burger" />
        </button>
      )}
      {list}
    </div>
  );
}
