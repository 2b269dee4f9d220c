import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import en from '../lib/i18n/locales/en.json';
import { initTestI18n } from '../lib/i18n';
import { computeLayout } from '../lib/viewport/viewport';
import { layoutStore } from '../lib/viewport/watch';
import { SpeedDial, type SpeedDialItem } from './SpeedDial';

beforeAll(async () => {
  await initTestI18n(en);
});

afterEach(() => {
  cleanup();
  layoutStore.set(null);
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
});
