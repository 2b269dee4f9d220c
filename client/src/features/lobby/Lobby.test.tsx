import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import en from '../../lib/i18n/locales/en.json';
import { initTestI18n } from '../../lib/i18n';
import {
  type AllConfig,
  type AssignedTable,
  type Services,
  ServicesContext,
  type SessionState,
} from '../../lib/session';
import { createStore } from '../../lib/store';
import Lobby from './Lobby';

const table = (tableId: string, game: string, extra: Partial<AssignedTable> = {}) => ({
  tableId,
  name: tableId,
  game,
  gameKind: game,
  dealer: 'Ava',
  players: 0,
  limits: { min: '1.00', max: '500.00' },
  ...extra,
});

function renderLobby(settings: Record<string, unknown>) {
  const session = createStore<SessionState>({
    device: {} as SessionState['device'],
    mobile: false,
    config: {
      playerConfig: { player: {}, settings },
      assignedTables: [
        table('rou-1', 'roulette'),
        table('bj-1', 'blackjack', { seats: 7, seatsTaken: 0 }),
        table('onebj-1', 'onebj'),
      ],
    } as unknown as AllConfig,
    balance: null,
    popups: [],
    connection: { status: 'open', quality: 'good', rtt: null },
  });
  const saveSetting = vi.fn(async () => {});
  const services = {
    session,
    currency: () => ({ code: 'EUR', symbol: '€', symbolBefore: true }),
    saveSetting,
  } as unknown as Services;
  render(
    <ServicesContext.Provider value={services}>
      <Lobby />
    </ServicesContext.Provider>,
  );
  return { saveSetting };
}

const tiles = () =>
  Array.from(document.querySelectorAll('[data-table]')).map((a) => a.getAttribute('data-table'));

beforeAll(async () => {
  await initTestI18n(en);
});

afterEach(cleanup);

describe('Lobby blackjack filter', () => {
  it('links blackjack tables to their pages and filters them, saving the choice', () => {
    const { saveSetting } = renderLobby({});
    expect(document.querySelector('[data-table="bj-1"]')).toHaveAttribute(
      'href',
      '/play/blackjack?gameId=bj-1',
    );
    expect(document.querySelector('[data-table="onebj-1"]')).toHaveAttribute(
      'href',
      '/play/onebj?gameId=onebj-1',
    );
    expect(screen.getByTestId('bj-filter-all')).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByTestId('bj-filter-free'));
    expect(tiles()).toEqual(['rou-1', 'bj-1', 'onebj-1']);
    fireEvent.click(screen.getByTestId('bj-filter-behind'));
    expect(tiles()).toEqual(['rou-1']); // nobody seated at bj-1, onebj has no seats
    expect(saveSetting).toHaveBeenLastCalledWith('selectedbjfilter', 'behind');
  });

  it('restores the saved filter', () => {
    renderLobby({ selectedbjfilter: 'behind' });
    expect(screen.getByTestId('bj-filter-behind')).toHaveAttribute('aria-pressed', 'true');
    expect(tiles()).toEqual(['rou-1']);
  });
});
