import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import en from '../lib/i18n/locales/en.json';
import { initTestI18n } from '../lib/i18n';
import { computeLayout } from '../lib/viewport/viewport';
import { layoutStore } from '../lib/viewport/watch';
import { DRAWER_FALLBACK_HEIGHT, SLIDE_MS, SpeedDial, type SpeedDialItem } from './SpeedDial';

beforeAll(async () => {
  await initTestI18n(en);
});

afterEach(() => {
  cleanup();
  layoutStore.set(null);
  vi.useRealTimers();
  delete document.documentElement.dataset.anim;
});

function items(onSound = vi.fn()): SpeedDialItem[] {
  return [
    { id: 'sound', label: 'Sound', icon: '♪', onSelect: onSound, pressed: true },
    { id: 'help', label: 'Help', icon: '?' },
    {
      id: 'home',
      label: 'Home',
      icon: '⌂',
      href: '/play/lobby',
      target: '_top',
      testId: 'go-home',
    },
  ];
}

describe('SpeedDial', () => {
  it('shows the labelled icons in a row when open', () => {
    render(<SpeedDial items={items()} grouped={false} />);
    expect(screen.queryByTestId('speed-dial-toggle')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sound' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Help' })).toBeVisible();
    const home = screen.getByRole('link', { name: 'Home' });
    expect(home).toHaveAttribute('href', '/play/lobby');
    expect(home).toHaveAttribute('target', '_top');
    expect(home).toHaveAttribute('data-testid', 'go-home');
    expect(screen.getByTestId('speed-dial-help')).toHaveAttribute('title', 'Help');
    expect(screen.getByTestId('speed-dial-items')).not.toHaveTextContent('Help'); // icons only
  });

  it('groups them behind one menu button, reachable and operable by keyboard', async () => {
    const user = userEvent.setup();
    const onSound = vi.fn();
    render(
      <>
        <button type="button">before</button>
        <SpeedDial items={items(onSound)} grouped />
      </>,
    );
    const toggle = screen.getByRole('button', { name: '[[SPEED_DIAL_MENU]]' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Sound' })).toBeNull(); // hidden list
    await user.tab();
    await user.tab();
    expect(toggle).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(list).toBeVisible();
    // Rows of an icon and its text, the first one focused.
    expect(within(list).getByTestId('speed-dial-help')).toHaveTextContent('Help');
    expect(within(list).getByRole('link', { name: 'Home' })).toHaveAttribute('target', '_top');
    expect(screen.getByRole('button', { name: 'Sound' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Help' })).toHaveFocus();
    await user.tab({ shift: true });
    await user.keyboard(' ');
    expect(onSound).toHaveBeenCalledTimes(1);
    expect(toggle).toHaveAttribute('aria-expanded', 'false'); // choosing closes it
    expect(list).not.toBeVisible();
    expect(toggle).toHaveFocus();

    await user.click(toggle);
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();

    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'before' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false'); // a click outside closes it
  });

  it('focuses the first item that can be used', async () => {
    const user = userEvent.setup();
    render(
      <SpeedDial
        items={[{ id: 'off', label: 'Off', icon: 'x', disabled: true }, ...items()]}
        grouped
        label="More"
      />,
    );
    await user.click(screen.getByRole('button', { name: 'More' }));
    expect(screen.getByRole('button', { name: 'Sound' })).toHaveFocus();
  });

  it('follows the viewport when not told', () => {
    render(<SpeedDial items={items()} />);
    expect(screen.getByTestId('speed-dial')).toHaveAttribute('data-speed-dial', 'open');
    act(() => layoutStore.set(computeLayout({ width: 360, height: 560, inFrame: false })));
    expect(screen.getByTestId('speed-dial')).toHaveAttribute('data-speed-dial', 'grouped');
    expect(screen.getByTestId('speed-dial-toggle')).toBeInTheDocument();
    act(() => layoutStore.set(computeLayout({ width: 1280, height: 800, inFrame: false })));
    expect(screen.queryByTestId('speed-dial-toggle')).toBeNull();
  });

  it('keeps the menu a moment after a pointer chooses, so the late click lands on nothing', async () => {
    vi.useFakeTimers();
    try {
      render(<SpeedDial items={items()} grouped label="More" />);
      const toggle = screen.getByRole('button', { name: 'More' });
      fireEvent.click(toggle);
      fireEvent.click(screen.getByRole('button', { name: 'Help' }), { detail: 1 });
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      act(() => void vi.advanceTimersByTime(300));
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
    } finally {
      vi.useRealTimers();
    }
  });

  describe('on a phone: the mobile menu (SPEC §2), a drawer under the header', () => {
    // A third of the drawer's height: jsdom lays nothing out, so the drawer is its fallback.
    const third = DRAWER_FALLBACK_HEIGHT / 3;
    const phone = () =>
      act(() => layoutStore.set(computeLayout({ width: 360, height: 640, inFrame: false })));
    const touch = (clientY: number) => ({
      pointerId: 7,
      pointerType: 'touch',
      isPrimary: true,
      button: 0,
      clientY,
    });
    /** A drag from one height to another in steps of `stepMs` (slow: no flick). */
    function dragOn(el: HTMLElement, from: number, to: number, stepMs = 100, steps = 4) {
      fireEvent.pointerDown(el, touch(from));
      for (let i = 1; i <= steps; i++) {
        act(() => void vi.advanceTimersByTime(stepMs));
        fireEvent.pointerMove(el, touch(from + ((to - from) * i) / steps));
      }
      act(() => void vi.advanceTimersByTime(stepMs));
      fireEvent.pointerUp(el, touch(to));
      // The click a drag ends with (a mouse's, or a short touch's) is not a tap.
      fireEvent.click(el, { detail: 1 });
    }

    it('is minimised to its button, and follows a drag past a third of its height', () => {
      vi.useFakeTimers();
      phone();
      render(<SpeedDial items={items()} grouped label="More" />);
      expect(screen.getByTestId('speed-dial')).toHaveAttribute('data-drawer', 'true');
      const toggle = screen.getByRole('button', { name: 'More' });
      const list = screen.getByTestId('speed-dial-items');
      expect(list).not.toBeVisible(); // minimised: nothing of it over the page

      // Down, short of a third and slowly: it follows the finger, then springs back.
      fireEvent.pointerDown(toggle, touch(20));
      act(() => void vi.advanceTimersByTime(100));
      fireEvent.pointerMove(toggle, touch(20 + third / 2));
      expect(list).toBeVisible();
      expect(list.style.transform).toBe('translateY(-83.33%)');
      act(() => void vi.advanceTimersByTime(150));
      fireEvent.pointerUp(toggle, touch(20 + third - 1));
      fireEvent.click(toggle, { detail: 1 });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(list).not.toBeVisible();
      expect(list.style.transform).toBe('');

      // Down past a third: expanded, and the click the drag ends with does not close it.
      dragOn(toggle, 20, 20 + third + 5);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      expect(list).toBeVisible();
      expect(list.style.transform).toBe('');

      // Up on the grip, short: stays; past a third: minimised.
      const grip = screen.getByTestId('speed-dial-grip');
      expect(grip).toHaveAttribute('aria-hidden', 'true');
      dragOn(grip, 300, 300 - third + 10);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      dragOn(grip, 300, 300 - third - 5);
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(list).not.toBeVisible();

      // Up on the menu button when expanded minimises as well.
      dragOn(toggle, 20, 20 + third + 5);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      dragOn(toggle, 100, 100 - third - 5);
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
    });

    it('takes a flick for a drag, and a tap on its button or its grip for a toggle', () => {
      vi.useFakeTimers();
      phone();
      render(<SpeedDial items={items()} grouped label="More" />);
      const toggle = screen.getByRole('button', { name: 'More' });
      // 20 px down in 20 ms: 1 px/ms, a flick.
      dragOn(toggle, 20, 40, 10, 2);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      // The same distance slowly, up: springs back.
      dragOn(toggle, 40, 20, 200, 2);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      dragOn(toggle, 40, 20, 10, 2);
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      // A press that barely moves is a tap.
      fireEvent.pointerDown(toggle, touch(20));
      fireEvent.pointerMove(toggle, touch(24));
      fireEvent.pointerUp(toggle, touch(24));
      fireEvent.click(toggle, { detail: 1 });
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      fireEvent.pointerDown(screen.getByTestId('speed-dial-grip'), touch(300));
      fireEvent.pointerUp(screen.getByTestId('speed-dial-grip'), touch(300));
      fireEvent.click(screen.getByTestId('speed-dial-grip'), { detail: 1 });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
    });

    it('is expanded and minimised from the keyboard on its button', async () => {
      phone();
      const user = userEvent.setup();
      render(<SpeedDial items={items()} grouped label="More" />);
      const toggle = screen.getByRole('button', { name: 'More' });
      toggle.focus();
      await user.keyboard('{ArrowDown}');
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      expect(screen.getByRole('button', { name: 'Sound' })).toHaveFocus();
      await user.keyboard('{ArrowDown}'); // on an item: nothing
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      toggle.focus();
      await user.keyboard('{ArrowDown}'); // already expanded
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await user.keyboard('{ArrowUp}');
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(screen.getByTestId('speed-dial-items')).not.toBeVisible();
      await user.keyboard('{ArrowUp}'); // already minimised
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await user.keyboard(' ');
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      toggle.focus();
      await user.keyboard('{Enter}');
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
    });

    it('slides both ways, unless <html data-anim="off">', () => {
      phone();
      const animations: { keyframes: Keyframe[]; finish: () => void }[] = [];
      const animate = vi.fn(function (keyframes: Keyframe[], _options?: KeyframeAnimationOptions) {
        const animation = { cancel: vi.fn(), onfinish: null as null | (() => void) };
        animations.push({ keyframes, finish: () => animation.onfinish?.() });
        return animation as unknown as Animation;
      });
      HTMLElement.prototype.animate = animate as unknown as HTMLElement['animate'];
      try {
        render(<SpeedDial items={items()} grouped label="More" />);
        const toggle = screen.getByRole('button', { name: 'More' });
        const list = screen.getByTestId('speed-dial-items');
        fireEvent.click(toggle);
        expect(animations.at(-1)?.keyframes).toEqual([
          { transform: 'translateY(-100.00%)' },
          { transform: 'translateY(0.00%)' },
        ]);
        expect(animate.mock.calls.at(-1)?.[1]).toMatchObject({ duration: SLIDE_MS });
        // Minimised, it stays in view, out of reach, until it has slid away.
        fireEvent.click(toggle);
        expect(toggle).toHaveAttribute('aria-expanded', 'false');
        expect(animations.at(-1)?.keyframes.at(-1)).toEqual({ transform: 'translateY(-100.00%)' });
        expect(list).toBeVisible();
        expect(list).toHaveAttribute('inert');
        act(() => animations.at(-1)!.finish());
        expect(list).not.toBeVisible();

        document.documentElement.dataset.anim = 'off';
        const before = animate.mock.calls.length;
        fireEvent.click(toggle);
        expect(list).toBeVisible();
        fireEvent.click(toggle);
        expect(list).not.toBeVisible(); // at once
        expect(animate.mock.calls.length).toBe(before);
      } finally {
        delete (HTMLElement.prototype as Partial<HTMLElement>).animate;
      }
    });

    it('is no drawer on a wide screen', () => {
      act(() => layoutStore.set(computeLayout({ width: 1280, height: 800, inFrame: false })));
      render(<SpeedDial items={items()} grouped label="More" />);
      expect(screen.getByTestId('speed-dial')).toHaveAttribute('data-speed-dial', 'grouped');
      expect(screen.getByTestId('speed-dial')).not.toHaveAttribute('data-drawer');
      expect(screen.queryByTestId('speed-dial-grip')).toBeNull();
      const toggle = screen.getByRole('button', { name: 'More' });
      fireEvent.pointerDown(toggle, touch(20));
      fireEvent.pointerMove(toggle, touch(200));
      fireEvent.pointerUp(toggle, touch(200));
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
    });
  });
});
