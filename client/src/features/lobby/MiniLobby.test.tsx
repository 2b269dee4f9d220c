import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import en from '../../lib/i18n/locales/en.json';
import { initTestI18n } from '../../lib/i18n';
import { currentLocation, navigate } from '../../lib/navigation';
import MiniLobby from './MiniLobby';
import { setupLobby, summary } from './test-util';

const rows = () =>
  Array.from(document.querySelectorAll('.lb-mini-row')).map(
    (r) => r.getAttribute('data-mini-table') ?? `here:${r.querySelector('.lb-name')?.textContent}`,
  );

beforeAll(async () => {
  await initTestI18n(en);
});

beforeEach(() => navigate('/play/roulette?gameId=rou-1', { replace: true }));

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the mini lobby', () => {
  it('lists the current family live, marks the current table and switches in place', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(50_000);
    const onClose = vi.fn();
    const { socket } = setupLobby(<MiniLobby currentTableId="rou-1" onClose={onClose} />);
    expect(socket.subscribed).toEqual(['lobby']);
    const family = screen.getByTestId('mini-lobby-family');
    expect(family).toHaveValue('ROULETTE');
    expect(family).toHaveFocus();
    expect(
      within(family)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['ALL', 'ROULETTE', 'BACCARAT', 'BLACKJACK', 'DRAGONTIGER']);
    expect(rows()).toEqual(['here:Table rou-1', 'us-1']);
    expect(document.querySelector('[aria-current="true"]')).toHaveTextContent('Table rou-1');

    act(() =>
      socket.lobby(
        'resync',
        [summary('us-1', { betsOpen: true, endsAt: 58_000, results: ['00', '5'] })],
        50_000,
      ),
    );
    const us = document.querySelector<HTMLElement>('[data-mini-table="us-1"]')!;
    expect(us).toHaveAccessibleName(/^\[\[LOBBY_SWITCH_TO\]\]/);
    expect(within(us).getByTestId('lobby-results')).toHaveAttribute('data-results', '00 5');
    expect(us).toHaveTextContent('[[LOBBY_BETS_CLOSE_IN]]');

    fireEvent.change(family, { target: { value: 'BACCARAT' } });
    expect(rows()).toEqual(['multi-baccarat', 'bac-1', 'bac-2']);
    fireEvent.click(document.querySelector('[data-mini-table="bac-2"]')!);
    expect(currentLocation()).toEqual({ pathname: '/play/baccarat', search: '?gameId=bac-2' });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('minimises to a bar, maximises to the main lobby and closes', () => {
    const onClose = vi.fn();
    setupLobby(<MiniLobby currentTableId="rou-1" onClose={onClose} />);
    const minimise = screen.getByTestId('mini-lobby-minimise');
    expect(minimise).toHaveAccessibleName('[[MINI_LOBBY_MINIMISE]]');
    expect(minimise).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(minimise);
    expect(screen.getByTestId('mini-lobby')).toHaveAttribute('data-minimised', 'true');
    expect(document.querySelector('.lb-mini-list')).not.toBeVisible();
    expect(screen.queryByTestId('mini-lobby-family')).toBeNull();
    expect(minimise).toHaveAccessibleName('[[MINI_LOBBY_RESTORE]]');
    fireEvent.click(minimise);
    expect(document.querySelector('.lb-mini-list')).toBeVisible();

    fireEvent.keyDown(screen.getByTestId('mini-lobby-family'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId('mini-lobby-close'));
    expect(onClose).toHaveBeenCalledTimes(2);

    fireEvent.click(screen.getByTestId('mini-lobby-maximise'));
    expect(currentLocation()).toEqual({ pathname: '/play/lobby', search: '' });
  });

  it('opens on every table without a current one (multi-baccarat)', () => {
    setupLobby(<MiniLobby onClose={() => {}} />);
    expect(screen.getByTestId('mini-lobby-family')).toHaveValue('ALL');
    expect(rows()).toHaveLength(8); // seven tables and the multi-table page
  });
});
