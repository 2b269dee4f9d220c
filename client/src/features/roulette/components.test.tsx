import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { units } from '../../lib/format/money';
import en from '../../lib/i18n/locales/en.json';
import { initTestI18n } from '../../lib/i18n';
import { BettingGrid } from './BettingGrid';
import { LIMITS_PANEL_DELAY_MS, LimitsButton } from './parts';
import { ChipTray } from '../../ui/BetControls';

const EUR = { code: 'EUR', symbol: '€', symbolBefore: true };

beforeAll(async () => {
  await initTestI18n(en);
});

describe('BettingGrid', () => {
  it('offers every spot as a named, keyboard-reachable button', () => {
    const onPlace = vi.fn();
    render(
      <BettingGrid
        layout="horizontal"
        totals={new Map()}
        chipIndex={() => 0}
        currency={EUR}
        open
        winning={null}
        onPlace={onPlace}
      />,
    );
    const spots = screen.getAllByRole('button');
    expect(spots).toHaveLength(157); // every spot of the European layout
    const straight = spots.find((s) => s.getAttribute('data-spot') === 'STRAIGHT_17')!;
    expect(straight).toHaveAttribute('aria-label', '[[SPOT_straight]]');
    // The spots are one Tab stop (the first, at first); the arrow keys move between them
    // as they lie on the screen, and the one reached becomes the Tab stop.
    expect(spots.filter((s) => s.getAttribute('tabindex') === '0')).toHaveLength(1);
    expect(straight).toHaveAttribute('tabindex', '-1');
    straight.focus();
    expect(straight).toHaveAttribute('tabindex', '0');
    fireEvent.keyDown(straight, { key: 'Enter' });
    fireEvent.keyDown(straight, { key: ' ' });
    expect(onPlace).toHaveBeenCalledTimes(2);
    expect(onPlace).toHaveBeenCalledWith('STRAIGHT_17');
  });

  it('lights the numbers a spot covers and shows the chips placed', () => {
    const { container } = render(
      <BettingGrid
        layout="vertical"
        totals={new Map([['CORNER_1_2_4_5', units('2.5')]])}
        chipIndex={() => 1}
        currency={EUR}
        open
        winning={null}
        onPlace={() => {}}
      />,
    );
    const corner = container.querySelector('[data-spot="CORNER_1_2_4_5"]')!;
    fireEvent.focus(corner);
    expect(container.querySelectorAll('.cell.lit')).toHaveLength(4);
    const chip = container.querySelector('[data-chip-spot="CORNER_1_2_4_5"]')!;
    expect(chip.getAttribute('data-amount')).toBe('2.50');
    expect(chip.textContent).toBe('2.5');
  });

  it('says its spots are disabled while bets are closed', () => {
    const { container } = render(
      <BettingGrid
        layout="horizontal"
        totals={new Map()}
        chipIndex={() => 0}
        currency={EUR}
        open={false}
        winning={7}
        onPlace={() => {}}
      />,
    );
    expect(container.querySelector('[data-spot="RED"]')).toHaveAttribute('aria-disabled', 'true');
    expect(container.querySelectorAll('.cell.lit')).toHaveLength(1); // the winning number
  });
});

describe('ChipTray', () => {
  it('is a radio group with the selected chip checked', () => {
    const onSelect = vi.fn();
    render(
      <ChipTray
        chips={[units('1'), units('5'), units('25')]}
        selected={units('5')}
        mobile={false}
        onSelect={onSelect}
        currency={EUR}
      />,
    );
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('aria-checked'))).toEqual(['false', 'true', 'false']);
    fireEvent.click(radios[2]!);
    expect(onSelect).toHaveBeenCalledWith(units('25'));
    cleanup();
  });

  const withFree = (selected: boolean) => {
    const onSelect = vi.fn();
    const onFree = vi.fn();
    render(
      <ChipTray
        chips={[units('1'), units('5')]}
        selected={units('5')}
        mobile={false}
        onSelect={onSelect}
        currency={EUR}
        free={{ value: units('1'), left: 3, selected, onSelect: onFree }}
      />,
    );
    return { onSelect, onFree, radios: screen.getAllByRole('radio') };
  };

  it('has the free chip last in the group, with its chips left, reached by the arrow keys', () => {
    const { onFree, radios } = withFree(false);
    expect(radios).toHaveLength(3);
    const free = radios[2]!;
    expect(free).toHaveAccessibleName('[[FREE_CHIP_NAME_other]]');
    expect(free).toHaveTextContent('[[FREE_CHIP]]');
    expect(free).toHaveTextContent('×3');
    expect(free).toHaveAttribute('aria-checked', 'false');
    expect(free).toHaveAttribute('tabindex', '-1'); // the chosen chip (5) is the Tab stop
    radios[1]!.focus();
    fireEvent.keyDown(radios[1]!, { key: 'ArrowRight' });
    expect(onFree).toHaveBeenCalledOnce();
    expect(free).toHaveFocus();
    cleanup();
  });

  it('checks the free chip alone once it is chosen; the arrow keys lead back to the own chips', () => {
    const { onSelect, radios } = withFree(true);
    expect(radios.map((r) => r.getAttribute('aria-checked'))).toEqual(['false', 'false', 'true']);
    expect(radios[2]).toHaveAttribute('tabindex', '0');
    fireEvent.keyDown(radios[2]!, { key: 'ArrowRight' }); // wraps round to the first
    expect(onSelect).toHaveBeenCalledWith(units('1'));
    cleanup();
  });
});

describe('LimitsButton: the bet limit panel, delayed 500 ms (SPEC §9)', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });
  const wait = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

  it('opens the panel 500 ms after a tap or a click, showing it is coming', () => {
    vi.useFakeTimers();
    const onOpen = vi.fn();
    render(<LimitsButton onOpen={onOpen} />);
    expect(LIMITS_PANEL_DELAY_MS).toBe(500);
    const button = screen.getByRole('button', { name: '[[BET_LIMITS]]' });
    fireEvent.click(button, { detail: 1 });
    expect(button).toHaveAttribute('aria-busy', 'true');
    wait(499);
    expect(onOpen).not.toHaveBeenCalled();
    wait(1);
    expect(onOpen).toHaveBeenCalledOnce();
    expect(button).not.toHaveAttribute('aria-busy');
  });

  it('opens it once for a double tap, and a pointer leaving withdraws nothing', () => {
    vi.useFakeTimers();
    const onOpen = vi.fn();
    render(<LimitsButton onOpen={onOpen} />);
    const button = screen.getByRole('button', { name: '[[BET_LIMITS]]' });
    fireEvent.click(button, { detail: 1 });
    wait(200);
    fireEvent.click(button, { detail: 2 });
    fireEvent.pointerLeave(button, { pointerType: 'mouse' });
    wait(299);
    expect(onOpen).not.toHaveBeenCalled();
    wait(1); // 500 ms after the first click, not the second
    expect(onOpen).toHaveBeenCalledOnce();
    wait(1000);
    expect(onOpen).toHaveBeenCalledOnce();
  });

  it('withdraws a request when the table goes', () => {
    vi.useFakeTimers();
    const onOpen = vi.fn();
    const { unmount } = render(<LimitsButton onOpen={onOpen} />);
    fireEvent.click(screen.getByRole('button', { name: '[[BET_LIMITS]]' }), { detail: 1 });
    unmount();
    wait(1000);
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('opens at once by keyboard', async () => {
    const user = userEvent.setup();
    const onOpen = vi.fn();
    render(<LimitsButton onOpen={onOpen} />);
    await user.tab();
    expect(screen.getByRole('button', { name: '[[BET_LIMITS]]' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledOnce();
    await user.keyboard(' ');
    expect(onOpen).toHaveBeenCalledTimes(2);
  });
});
