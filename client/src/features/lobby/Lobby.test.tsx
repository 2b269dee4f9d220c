import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import en from '../../lib/i18n/locales/en.json';
import { initTestI18n } from '../../lib/i18n';
import { currentLocation, navigate } from '../../lib/navigation';
import Lobby from './Lobby';
import { useSlotLaunch } from './useLobby';
import { TABLES, setupLobby, summary, table, tiles } from './test-util';

const FILTERS = {
  tabs: ['ROULETTE', 'BACCARAT', 'BLACKJACK', 'PROMOTIONS'],
  tableTypes: {
    ROULETTE: ['all', 'classic-roulette', 'americanroulette'],
    BACCARAT: ['all', 'baccarat', 'multi-baccarat'],
    BLACKJACK: ['all', 'blackjack', 'onebj'],
    PROMOTIONS: ['all'],
  },
  bjFilters: ['all', 'free', 'behind'],
  promoFilters: ['all', 'live', 'upcoming'],
  selected: {
    showfulltables: true,
    grid_view: true,
    grid_view_mobile: false,
    selectedbjfilter: 'all',
    selpromofilter: 'all',
    tableType: { ROULETTE: 'all', BACCARAT: 'all', BLACKJACK: 'all', PROMOTIONS: 'all' },
  },
};

const tab = (name: string) => screen.getByRole('tab', { name: `[[LOBBY_TAB_${name}]]` });

beforeAll(async () => {
  await initTestI18n(en);
});

// The calls a test does not answer fail and are logged; the tests that care look.
let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  navigate('/play/lobby', { replace: true });
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the main lobby', () => {
  it('lists every table in the casino order under tabs of the casino families', () => {
    const { socket } = setupLobby(<Lobby />);
    expect(socket.subscribed).toEqual(['lobby']);
    expect(screen.getAllByRole('tab').map((t) => t.getAttribute('data-tab'))).toEqual([
      'ALL',
      'ROULETTE',
      'BACCARAT',
      'BLACKJACK',
      'DRAGONTIGER', // a family the list leaves out comes after the listed ones
      'PROMOTIONS', // SICBO has no table: no tab
    ]);
    expect(tab('ALL')).toHaveAttribute('aria-selected', 'true');
    // tables_order first (rou-1, us-1), then the rest as assigned.
    expect(tiles()).toEqual(['rou-1', 'us-1', 'bac-1', 'bac-2', 'bj-1', 'onebj-1', 'dt-1']);
    const rou = document.querySelector('[data-table="rou-1"]')!;
    expect(rou).toHaveAttribute('href', '/play/roulette?gameId=rou-1');
    expect(document.querySelector('[data-table="onebj-1"]')).toHaveAttribute(
      'href',
      '/play/onebj?gameId=onebj-1',
    );
    expect(rou).toHaveTextContent('[[LOBBY_LIMITS]]');
    // Its name is all it says, "Join …" first.
    expect(rou).toHaveAccessibleName(/^\[\[LOBBY_JOIN\]\].*\[\[LOBBY_LIMITS\]\]/);
    expect(screen.getByTestId('multi-baccarat-link')).toHaveAttribute(
      'href',
      '/play/multi-baccarat',
    );
  });

  it('shows each table live: state, countdown, players, seats and last results', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(100_000);
    const { socket } = setupLobby(<Lobby />);
    act(() =>
      socket.lobby(
        'resync',
        [
          summary('rou-1', {
            betsOpen: true,
            endsAt: 110_000,
            players: 4,
            results: ['32', '0', '26'],
          }),
          summary('bac-1', {
            state: 15,
            results: ['B 5-9', 'P 8-3'],
            roads: { beadPlate: [{ col: 0, row: 0, winner: 'P' }] },
          }),
          summary('bj-1', { seats: 7, seatsTaken: 3, results: ['D 20'] }),
          summary('dt-1', { open: false }),
        ],
        100_000,
      ),
    );
    const rou = document.querySelector<HTMLElement>('[data-table="rou-1"]')!;
    const state = within(rou).getByTestId('lobby-state');
    expect(state).toHaveAttribute('data-left', '10');
    expect(state).toHaveTextContent('[[LOBBY_BETS_CLOSE_IN]]');
    act(() => vi.advanceTimersByTime(3000));
    expect(state).toHaveAttribute('data-left', '7');
    const results = within(rou).getByTestId('lobby-results');
    expect(results).toHaveAttribute('data-results', '32 0 26');
    expect(
      Array.from(results.querySelectorAll('[data-colour]')).map((e) => [
        e.textContent,
        e.getAttribute('data-colour'),
      ]),
    ).toEqual([
      ['32', 'red'],
      ['0', 'green'],
      ['26', 'black'],
    ]);
    // The baccarat tile draws its bead plate; blackjack shows seats and result texts.
    const bac = document.querySelector<HTMLElement>('[data-table="bac-1"]')!;
    expect(bac.querySelectorAll('.lb-bead-P')).toHaveLength(1);
    expect(within(bac).getByTestId('lobby-state')).toHaveTextContent('[[STATE_15]]');
    const bj = document.querySelector<HTMLElement>('[data-table="bj-1"]')!;
    expect(within(bj).getByTestId('lobby-seats')).toHaveTextContent('[[LOBBY_SEATS]]');
    // The dealer's total on the tile, the words for a screen reader.
    expect(within(bj).getByTestId('lobby-results')).toHaveTextContent('20');
    expect(within(bj).getByTestId('lobby-results')).toHaveAccessibleName(
      '[[LOBBY_LAST_RESULTS]]: [[BJ_RESULT_total]]',
    );
    expect(document.querySelector('[data-table="dt-1"]')).toHaveAttribute('data-open', 'false');

    // A new round's result comes with an update, without anything else changing.
    act(() =>
      socket.lobby('lobbyupdate', [summary('rou-1', { state: 24, results: ['7', '32', '0'] })]),
    );
    expect(within(rou).getByTestId('lobby-results')).toHaveAttribute('data-results', '7 32 0');
    expect(within(rou).getByTestId('lobby-state')).toHaveTextContent('[[STATE_24]]');
    expect(within(bac).getByTestId('lobby-results')).toHaveAttribute('data-results', 'B 5-9 P 8-3');
  });

  it('shows sic bo dice with their totals and mega wheel numbers in their colours, in their tabs', () => {
    const tables = [...TABLES, table('sic-1', 'sicbo'), table('mw-1', 'megawheel')];
    const { socket } = setupLobby(<Lobby />, {
      tables,
      casino: { tabs_order: ['ROULETTE', 'SICBO', 'MEGAWHEEL', 'PROMOTIONS'] },
    });
    act(() =>
      socket.lobby('resync', [
        summary('sic-1', { results: ['136', '666', '255'] }),
        summary('mw-1', { results: ['40', '1', '5'] }),
      ]),
    );
    const sic = document.querySelector<HTMLElement>('[data-table="sic-1"]')!;
    expect(sic).toHaveAttribute('href', '/play/sicbo?gameId=sic-1');
    const dice = within(sic).getByTestId('lobby-results');
    expect(dice).toHaveAttribute('data-results', '136 666 255');
    expect(
      Array.from(dice.querySelectorAll('.lb-dice')).map((d) => [
        d.getAttribute('data-total'),
        Array.from(d.querySelectorAll('[data-value]')).map((v) => v.getAttribute('data-value')),
      ]),
    ).toEqual([
      ['10', ['1', '3', '6']],
      ['18', ['6', '6', '6']],
      ['12', ['2', '5', '5']],
    ]);
    expect(dice).toHaveAccessibleName(
      '[[LOBBY_LAST_RESULTS]]: [[DICE_RESULT]]; [[DICE_RESULT]]; [[DICE_RESULT]]',
    );
    const mw = document.querySelector<HTMLElement>('[data-table="mw-1"]')!;
    expect(mw).toHaveAttribute('href', '/play/megawheel?gameId=mw-1');
    const numbers = within(mw)
      .getAllByText(/^\d+$/)
      .filter((e) => e.hasAttribute('data-number'));
    expect(numbers.map((e) => e.textContent)).toEqual(['40', '1', '5']);
    expect(numbers[1]).toHaveStyle({ backgroundColor: '#f2c230' });
    expect(within(mw).getByTestId('lobby-results')).toHaveAccessibleName(
      '[[LOBBY_LAST_RESULTS]]: 40, 1, 5',
    );

    // Each family has its tab, with its tables only.
    fireEvent.click(tab('SICBO'));
    expect(tiles()).toEqual(['sic-1']);
    fireEvent.click(tab('MEGAWHEEL'));
    expect(tiles()).toEqual(['mw-1']);
  });

  it('shows the crash games in their tab, each kind its own filter entry, linking to its route', () => {
    const tables = [
      ...TABLES,
      table('sm-1', 'crash', { gameKind: 'spaceman', tableType: 'spaceman' }),
      table('bb-1', 'crash', { gameKind: 'bigbass', tableType: 'bigbass' }),
    ];
    const { socket } = setupLobby(<Lobby />, { tables });
    act(() =>
      socket.lobby('resync', [
        summary('sm-1', { results: ['1.53', '12.00', '2.37'] }),
        summary('bb-1', { results: ['5000.00|cap'] }),
      ]),
    );
    const sm = document.querySelector<HTMLElement>('[data-table="sm-1"]')!;
    expect(sm).toHaveAttribute('href', '/play/spaceman?gameId=sm-1');
    expect(within(sm).getByText('[[TABLE_TYPE_spaceman]]')).toBeInTheDocument();
    const points = Array.from(sm.querySelectorAll('.lb-crash'));
    expect(points.map((p) => [p.textContent, p.getAttribute('data-band')])).toEqual([
      ['[[CRASH_X]]', 'low'],
      ['[[CRASH_X]]', 'high'],
      ['[[CRASH_X]]', 'mid'],
    ]);
    expect(within(sm).getByTestId('lobby-results')).toHaveAccessibleName(
      '[[LOBBY_LAST_RESULTS]]: [[CRASH_CRASHED_AT]], [[CRASH_CRASHED_AT]], [[CRASH_CRASHED_AT]]',
    );
    const bb = document.querySelector<HTMLElement>('[data-table="bb-1"]')!;
    expect(bb).toHaveAttribute('href', '/play/bigbass?gameId=bb-1');
    expect(bb.querySelector('.lb-crash')).toHaveAttribute('data-band', 'high');

    fireEvent.click(tab('GAMESHOWS'));
    expect(tiles()).toEqual(['sm-1', 'bb-1']);
    const type = screen.getByRole('combobox', { name: '[[LOBBY_TABLE_TYPE]]' });
    expect(Array.from(type.querySelectorAll('option')).map((o) => o.value)).toEqual([
      'all',
      'spaceman',
      'bigbass',
    ]);
    fireEvent.change(type, { target: { value: 'bigbass' } });
    expect(tiles()).toEqual(['bb-1']);
  });

  it('shows the candy wheel under GAMESHOWS with its labels, linking to its route', () => {
    const tables = [
      ...TABLES,
      table('sm-1', 'crash', { gameKind: 'spaceman', tableType: 'spaceman' }),
      table('sbz-1', 'sweetbonanza', { gameKind: 'sweetbonanza', tableType: 'sweetbonanza' }),
    ];
    const { socket } = setupLobby(<Lobby />, { tables });
    act(() => socket.lobby('resync', [summary('sbz-1', { results: ['CANDY_DROP', '5', '1'] })]));
    const sbz = document.querySelector<HTMLElement>('[data-table="sbz-1"]')!;
    expect(sbz).toHaveAttribute('href', '/play/sweetbonanza?gameId=sbz-1');
    const labels = Array.from(sbz.querySelectorAll('.lb-candy'));
    expect(labels.map((l) => [l.getAttribute('data-label'), l.textContent])).toEqual([
      ['CANDY_DROP', '[[SBZ_SHORT_CANDY_DROP]]'],
      ['5', '5'],
      ['1', '1'],
    ]);
    fireEvent.click(tab('GAMESHOWS'));
    expect(tiles()).toEqual(['sm-1', 'sbz-1']);
    const type = screen.getByRole('combobox', { name: '[[LOBBY_TABLE_TYPE]]' });
    fireEvent.change(type, { target: { value: 'sweetbonanza' } });
    expect(tiles()).toEqual(['sbz-1']);
  });

  it('shows boom or bust under GAMESHOWS with its red and blue dice, linking to its route', () => {
    const tables = [
      ...TABLES,
      table('sm-1', 'crash', { gameKind: 'spaceman', tableType: 'spaceman' }),
      table('bob-1', 'boomorbust', { gameKind: 'boomorbust', tableType: 'boomorbust' }),
    ];
    const { socket } = setupLobby(<Lobby />, { tables });
    act(() => socket.lobby('resync', [summary('bob-1', { results: ['4,4|16,25,33', '3,5'] })]));
    const bob = document.querySelector<HTMLElement>('[data-table="bob-1"]')!;
    expect(bob).toHaveAttribute('href', '/play/boomorbust?gameId=bob-1');
    const throws = Array.from(bob.querySelectorAll('.lb-bob'));
    expect(
      throws.map((d) => [
        Array.from(d.querySelectorAll('.die')).map((e) => e.getAttribute('data-value')),
        d.classList.contains('lb-bob-doubles'),
      ]),
    ).toEqual([
      [['4', '4'], true],
      [['3', '5'], false],
    ]);
    fireEvent.click(tab('GAMESHOWS'));
    expect(tiles()).toEqual(['sm-1', 'bob-1']);
    const type = screen.getByRole('combobox', { name: '[[LOBBY_TABLE_TYPE]]' });
    expect(Array.from(type.querySelectorAll('option')).map((o) => o.value)).toEqual([
      'all',
      'spaceman',
      'boomorbust',
    ]);
    fireEvent.change(type, { target: { value: 'boomorbust' } });
    expect(tiles()).toEqual(['bob-1']);
  });

  it('moves between tabs with the arrow keys and keeps the tab in the address', () => {
    setupLobby(<Lobby />);
    tab('ALL').focus();
    fireEvent.keyDown(tab('ALL'), { key: 'ArrowRight' });
    expect(tab('ROULETTE')).toHaveAttribute('aria-selected', 'true');
    expect(tab('ROULETTE')).toHaveFocus();
    expect(tab('ROULETTE')).toHaveAttribute('tabindex', '0');
    expect(tab('ALL')).toHaveAttribute('tabindex', '-1');
    expect(currentLocation().search).toBe('?tab=roulette');
    expect(tiles()).toEqual(['rou-1', 'us-1']);
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', 'lb-tab-ROULETTE');
    fireEvent.keyDown(tab('ROULETTE'), { key: 'ArrowLeft' });
    fireEvent.keyDown(tab('ALL'), { key: 'ArrowLeft' }); // wraps to the last
    expect(tab('PROMOTIONS')).toHaveFocus();
    fireEvent.keyDown(tab('PROMOTIONS'), { key: 'Home' });
    expect(tab('ALL')).toHaveAttribute('aria-selected', 'true');
    expect(currentLocation().search).toBe('');
  });

  it('filters by table type, full tables and view, saving each choice', async () => {
    const { socket, saveSetting, session } = setupLobby(<Lobby />, {
      answers: { '/api/ui/lobbyFilters': FILTERS },
    });
    act(() => socket.lobby('resync', [summary('bj-1', { seats: 7, seatsTaken: 7 })]));
    fireEvent.click(tab('ROULETTE'));
    const type = await screen.findByTestId('lobby-table-type');
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['all', 'classic-roulette', 'americanroulette']);
    fireEvent.change(type, { target: { value: 'americanroulette' } });
    expect(tiles()).toEqual(['us-1']);
    expect(saveSetting).toHaveBeenLastCalledWith('roulette_table_type', 'americanroulette');
    expect(session.get().config!.playerConfig.settings.roulette_table_type).toBe(
      'americanroulette',
    );

    // Full tables: bj-1 has every seat taken.
    fireEvent.click(tab('ALL'));
    expect(tiles()).toContain('bj-1');
    fireEvent.click(screen.getByTestId('lobby-show-full'));
    expect(tiles()).not.toContain('bj-1');
    expect(saveSetting).toHaveBeenLastCalledWith('showfulltables', false);

    // Grid or list: grid_view on a desktop.
    expect(screen.getByTestId('lobby-tables')).toHaveAttribute('data-view', 'grid');
    fireEvent.click(screen.getByTestId('lobby-view-list'));
    expect(screen.getByTestId('lobby-tables')).toHaveAttribute('data-view', 'list');
    expect(screen.getByTestId('lobby-view-list')).toHaveAttribute('aria-pressed', 'true');
    expect(saveSetting).toHaveBeenLastCalledWith('grid_view', false);
  });

  it('saves the view of a phone as grid_view_mobile', () => {
    const { saveSetting } = setupLobby(<Lobby />, { mobile: true });
    expect(screen.getByTestId('lobby-tables')).toHaveAttribute('data-view', 'list');
    fireEvent.click(screen.getByTestId('lobby-view-grid'));
    expect(saveSetting).toHaveBeenLastCalledWith('grid_view_mobile', true);
    expect(screen.getByTestId('lobby-tables')).toHaveAttribute('data-view', 'grid');
  });

  it('applies the choices lobbyFilters reads back', async () => {
    const saved = {
      ...FILTERS,
      selected: {
        ...FILTERS.selected,
        showfulltables: false,
        grid_view: false,
        tableType: { ...FILTERS.selected.tableType, ROULETTE: 'americanroulette' },
      },
    };
    const { calls, socket } = setupLobby(<Lobby />, {
      answers: { '/api/ui/lobbyFilters': saved },
    });
    act(() => socket.lobby('resync', [summary('bj-1', { seats: 7, seatsTaken: 7 })]));
    await waitFor(() =>
      expect(screen.getByTestId('lobby-tables')).toHaveAttribute('data-view', 'list'),
    );
    expect(calls).toContain('/api/ui/lobbyFilters');
    expect(tiles()).not.toContain('bj-1');
    expect(screen.getByTestId('lobby-show-full')).not.toBeChecked();
    fireEvent.click(tab('ROULETTE'));
    expect(screen.getByTestId('lobby-table-type')).toHaveValue('americanroulette');
    expect(tiles()).toEqual(['us-1']);
  });

  it('starts from the saved settings when lobbyFilters cannot be read', async () => {
    setupLobby(<Lobby />, {
      settings: { grid_view: false, roulette_table_type: 'americanroulette' },
    });
    expect(screen.getByTestId('lobby-tables')).toHaveAttribute('data-view', 'list');
    fireEvent.click(tab('ROULETTE'));
    expect(tiles()).toEqual(['us-1']);
    await waitFor(() =>
      expect(errors).toHaveBeenCalledWith(
        'lobby: the saved filters could not be read',
        expect.anything(),
      ),
    );
  });

  it('filters blackjack tables on the blackjack tab', () => {
    const { socket, saveSetting } = setupLobby(<Lobby />, {
      settings: { selectedbjfilter: 'free' },
    });
    act(() => socket.lobby('resync', [summary('bj-1', { seats: 7, seatsTaken: 7 })]));
    fireEvent.click(tab('BLACKJACK'));
    expect(screen.getByTestId('bj-filter-free')).toHaveAttribute('aria-pressed', 'true');
    expect(tiles()).toEqual(['onebj-1']);
    fireEvent.click(screen.getByTestId('bj-filter-behind'));
    expect(tiles()).toEqual(['bj-1']);
    expect(saveSetting).toHaveBeenLastCalledWith('selectedbjfilter', 'behind');
  });

  it('shows the promotions tab empty, with its filter', async () => {
    const { saveSetting } = setupLobby(<Lobby />, {
      answers: { '/v2/fetchPromotionsInfo': { promotions: [], trophy: null } },
    });
    fireEvent.click(tab('PROMOTIONS'));
    expect(await screen.findByTestId('lobby-no-promotions')).toHaveTextContent(
      '[[LOBBY_NO_PROMOTIONS]]',
    );
    expect(tiles()).toEqual([]);
    expect(screen.queryByTestId('lobby-show-full')).toBeNull();
    fireEvent.click(screen.getByTestId('promo-filter-upcoming'));
    expect(saveSetting).toHaveBeenLastCalledWith('selpromofilter', 'upcoming');
    expect(screen.getByTestId('promo-filter-upcoming')).toHaveAttribute('aria-pressed', 'true');
  });

  it('offers multi-baccarat on the baccarat tab by its table type', async () => {
    setupLobby(<Lobby />, { answers: { '/api/ui/lobbyFilters': FILTERS } });
    fireEvent.click(tab('BACCARAT'));
    await screen.findByRole('option', { name: '[[TABLE_TYPE_baccarat]]' });
    fireEvent.change(screen.getByTestId('lobby-table-type'), {
      target: { value: 'multi-baccarat' },
    });
    expect(tiles()).toEqual([]);
    expect(screen.getByTestId('multi-baccarat-link')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('lobby-table-type'), { target: { value: 'baccarat' } });
    expect(tiles()).toEqual(['bac-1', 'bac-2']);
    expect(screen.queryByTestId('multi-baccarat-link')).toBeNull();
  });

  it('shows recently played tables and recent players, and refreshes the players', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let recent = 2;
    const { calls } = setupLobby(<Lobby />, {
      answers: {
        '/api/info/lastPlayersTables': {
          tables: [
            { tableId: 'bac-1', lastPlayed: 2, rounds: 3 },
            { tableId: 'gone-1', lastPlayed: 1, rounds: 1 },
          ],
        },
        '/api/info/recentPlayersAllTables': () => ({
          windowMs: 600000,
          tables: [{ tableId: 'rou-1', players: recent, names: ['Ann', 'Bob'] }],
        }),
      },
    });
    const row = await screen.findByTestId('lobby-recent');
    expect(
      Array.from(row.querySelectorAll('[data-recent]')).map((a) => a.getAttribute('data-recent')),
    ).toEqual(['bac-1']); // a table the casino no longer has is left out
    expect(row.querySelector('[data-recent="bac-1"]')).toHaveAttribute(
      'href',
      '/play/baccarat?gameId=bac-1',
    );
    const rou = document.querySelector<HTMLElement>('[data-table="rou-1"]')!;
    const players = await within(rou).findByTestId('lobby-recent-players');
    expect(players).toHaveAttribute('title', 'Ann, Bob');
    recent = 5;
    expect(calls.filter((c) => c === '/api/info/recentPlayersAllTables')).toHaveLength(1);
    await act(async () => {
      vi.advanceTimersByTime(30_000);
    });
    expect(calls.filter((c) => c === '/api/info/recentPlayersAllTables')).toHaveLength(2);
  });

  it('hides the recent rows when their calls fail, and logs it', async () => {
    setupLobby(<Lobby />);
    await waitFor(() => expect(errors).toHaveBeenCalledTimes(4)); // filters, last, recent, slots
    expect(screen.queryByTestId('lobby-recent')).toBeNull();
    expect(screen.queryByTestId('lobby-recent-players')).toBeNull();
    expect(tiles()).toHaveLength(TABLES.length);
  });

  it('shows the casino logo and background, and says when no table plays', () => {
    setupLobby(<Lobby />, {
      tables: [],
      casino: {
        casino_name: 'Demo',
        lobby_logo: '/img/demo-logo.svg',
        lobby_background: 'javascript:alert(1)',
      },
    });
    expect(screen.getByRole('img', { name: 'Demo' })).toHaveAttribute('src', '/img/demo-logo.svg');
    expect(screen.getByTestId('lobby').style.backgroundImage).toBe('');
    expect(screen.getByTestId('lobby-empty')).toHaveTextContent('[[LOBBY_EMPTY]]');
    expect(screen.getAllByRole('tab').map((t) => t.getAttribute('data-tab'))).toEqual([
      'ALL',
      'PROMOTIONS',
    ]);
  });

  it('opens a table in place on a plain click', () => {
    setupLobby(<Lobby />);
    fireEvent.click(document.querySelector('[data-table="us-1"]')!);
    expect(currentLocation()).toEqual({ pathname: '/play/roulette', search: '?gameId=us-1' });
  });

  it('marks a full table and says how long a seat may take', () => {
    const { socket } = setupLobby(<Lobby />, {
      tables: [table('bj-1', 'blackjack')],
      casino: { estimated_player_wait_time_in_secs: 0 },
    });
    act(() => socket.lobby('resync', [summary('bj-1', { seats: 7, seatsTaken: 7 })]));
    const bj = document.querySelector<HTMLElement>('[data-table="bj-1"]')!;
    expect(bj).toHaveAttribute('data-full', 'true');
    expect(bj).toHaveTextContent('[[LOBBY_FULL]]');
    expect(bj).toHaveTextContent('[[LOBBY_WAIT]]');
  });

  it('goes straight to the first table of the launch type on a direct launch', async () => {
    navigate('/play/lobby?direct=true&tableType=americanroulette', { replace: true });
    const { socket } = setupLobby(<Lobby />);
    act(() => socket.lobby('resync', [summary('us-1')]));
    await waitFor(() =>
      expect(currentLocation()).toEqual({ pathname: '/play/roulette', search: '?gameId=us-1' }),
    );
  });

  it('skips full and closed tables on a direct launch, for a family of one kind too', async () => {
    navigate('/play/lobby?direct=true&tableType=dragontiger', { replace: true });
    const tables = [
      table('dt-1', 'dragontiger'),
      table('dt-2', 'dragontiger'),
      table('dt-3', 'dragontiger'),
    ];
    const { socket } = setupLobby(<Lobby />, { tables });
    expect(currentLocation().pathname).toBe('/play/lobby'); // waits for the live state
    act(() =>
      socket.lobby('resync', [
        summary('dt-1', { seats: 7, seatsTaken: 7 }),
        summary('dt-2', { open: false }),
        summary('dt-3'),
      ]),
    );
    await waitFor(() =>
      expect(currentLocation()).toEqual({ pathname: '/play/dragontiger', search: '?gameId=dt-3' }),
    );
  });

  it('opens the tab of a one-kind family for its tableType', () => {
    navigate('/play/lobby?tableType=dragontiger', { replace: true });
    setupLobby(<Lobby />);
    expect(tab('DRAGONTIGER')).toHaveAttribute('aria-selected', 'true');
  });

  it('stays in the lobby, on the type, for a tableType launch that is not direct', () => {
    navigate('/play/lobby?tableType=americanroulette', { replace: true });
    setupLobby(<Lobby />);
    expect(tab('ROULETTE')).toHaveAttribute('aria-selected', 'true');
    expect(tiles()).toEqual(['us-1']);
    expect(currentLocation().pathname).toBe('/play/lobby');
  });

  it("shows the operator's ticker in the player's language, and nothing when there is none", async () => {
    setupLobby(<Lobby />, { answers: { '/api/ui/ticker': 'Welcome bonus tonight' } });
    expect(await screen.findByTestId('lobby-ticker')).toHaveTextContent('Welcome bonus tonight');
    cleanup();
    const { calls } = setupLobby(<Lobby />, { answers: { '/api/ui/ticker': '' } });
    await waitFor(() => expect(calls).toContain('/api/ui/ticker'));
    expect(screen.queryByTestId('lobby-ticker')).toBeNull();
  });

  it('leaves the recently played row out of the first lobby (lobby_version 1)', async () => {
    const last = { '/api/info/lastPlayersTables': { tables: [{ tableId: 'rou-1' }] } };
    setupLobby(<Lobby />, { answers: last });
    expect(await screen.findByTestId('lobby-recent')).toBeInTheDocument();
    cleanup();
    const { calls } = setupLobby(<Lobby />, { answers: last, casino: { lobby_version: 1 } });
    await waitFor(() => expect(calls).toContain('/api/info/lastPlayersTables'));
    expect(screen.queryByTestId('lobby-recent')).toBeNull();
  });
});

describe('the slots tab', () => {
  const FRUITS = {
    slotId: 'fruits',
    provider: 'croupier',
    name: 'Croupier Fruits',
    thumbnail: '/assets/slots/fruits.svg',
    builtIn: true,
  };
  const GOLD = {
    slotId: 'acme-gold',
    provider: 'Acme',
    name: 'Gold Rush',
    thumbnail: 'https://cdn.acme.example/gold.png',
    builtIn: false,
  };
  const SIGNED = 'https://games.acme.example/launch?token=t1&player=7&currency=EUR&lang=de&sig=ab';
  const slotsAnswer = (slots: unknown[]) => ({ '/api/ui/assignedSlotsForLobby': { slots } });
  const tabIds = () => screen.getAllByRole('tab').map((t) => t.getAttribute('data-tab'));
  const casino = {
    tabs_order: ['ROULETTE', 'BACCARAT', 'BLACKJACK', 'SICBO', 'SLOTS', 'PROMOTIONS'],
  };

  it('is there only when the operator assigns a slot, where tabs_order lists it', async () => {
    const { calls } = setupLobby(<Lobby />, { casino, answers: slotsAnswer([]) });
    await waitFor(() => expect(calls).toContain('/api/ui/assignedSlotsForLobby'));
    expect(tabIds()).not.toContain('SLOTS');
    cleanup();
    setupLobby(<Lobby />, { casino }); // the call fails: no tab either
    await waitFor(() => expect(errors).toHaveBeenCalled());
    expect(tabIds()).not.toContain('SLOTS');
    cleanup();
    setupLobby(<Lobby />, { casino, answers: slotsAnswer([FRUITS, GOLD]) });
    await waitFor(() => expect(tabIds()).toContain('SLOTS'));
    expect(tabIds()).toEqual([
      'ALL',
      'ROULETTE',
      'BACCARAT',
      'BLACKJACK',
      'SLOTS', // where tabs_order lists it; DRAGONTIGER, unlisted, comes after
      'DRAGONTIGER',
      'PROMOTIONS',
    ]);
    // The slots are in their own tab only, not among the tables.
    expect(document.querySelector('[data-slot]')).toBeNull();
  });

  it('lists a tile per slot in order: thumbnail with its alt text, name and provider', async () => {
    navigate('/play/lobby?tab=slots', { replace: true });
    setupLobby(<Lobby />, { casino, answers: slotsAnswer([FRUITS, GOLD]) });
    await waitFor(() => expect(tab('SLOTS')).toHaveAttribute('aria-selected', 'true'));
    const list = screen.getByTestId('lobby-slots');
    const tilesShown = within(list).getAllByRole('button');
    expect(tilesShown.map((b) => b.getAttribute('data-slot'))).toEqual(['fruits', 'acme-gold']);
    const fruits = tilesShown[0]!;
    const thumbnail = fruits.querySelector('img')!;
    expect(thumbnail).toHaveAttribute('src', '/assets/slots/fruits.svg');
    expect(thumbnail).toHaveAttribute('alt', 'Croupier Fruits');
    expect(fruits).toHaveTextContent('Croupier Fruits');
    expect(fruits).toHaveTextContent('croupier');
    // Its name says all it shows: "Play …", then the provider.
    expect(fruits).toHaveAccessibleName('[[LOBBY_JOIN]] [[LOBBY_SLOT_PROVIDER]] croupier');
    // The table filters mean nothing here.
    expect(screen.queryByTestId('lobby-show-full')).toBeNull();
  });

  it('opens a built-in slot in place, at the address SlotLaunch gives, in the page language', async () => {
    navigate('/play/lobby?tab=slots', { replace: true });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { http } = setupLobby(<Lobby />, {
      casino,
      answers: {
        ...slotsAnswer([FRUITS, GOLD]),
        '/api/ui/SlotLaunch': {
          slotId: 'fruits',
          url: '/play/slot?slotId=fruits&lang=de',
          builtIn: true,
        },
      },
    });
    const fruits = await screen.findByRole('button', { name: /croupier/ });
    fireEvent.click(fruits);
    await waitFor(() => expect(currentLocation().pathname).toBe('/play/slot'));
    expect(currentLocation().search).toBe('?slotId=fruits&lang=de');
    // The test locale is no language: none is sent (a player's, such as de, is).
    expect(http.get).toHaveBeenCalledWith('/api/ui/SlotLaunch', {
      slotId: 'fruits',
      lang: undefined,
    });
    expect(open).not.toHaveBeenCalled();
  });

  it("asks SlotLaunch in the player's language", async () => {
    function Launcher() {
      const { launch } = useSlotLaunch('de');
      return (
        <button type="button" onClick={() => void launch({ ...FRUITS, thumbnail: null })}>
          go
        </button>
      );
    }
    const { http } = setupLobby(<Launcher />, {
      answers: {
        '/api/ui/SlotLaunch': {
          slotId: 'fruits',
          url: '/play/slot?slotId=fruits&lang=de',
          builtIn: true,
        },
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    await waitFor(() => expect(currentLocation().pathname).toBe('/play/slot'));
    expect(http.get).toHaveBeenCalledWith('/api/ui/SlotLaunch', { slotId: 'fruits', lang: 'de' });
  });

  it("opens another provider's slot in a new tab without a way back (noopener), by key too", async () => {
    const user = userEvent.setup();
    navigate('/play/lobby?tab=slots', { replace: true });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    setupLobby(<Lobby />, {
      casino,
      answers: {
        ...slotsAnswer([FRUITS, GOLD]),
        '/api/ui/SlotLaunch': { slotId: 'acme-gold', url: SIGNED, builtIn: false },
      },
    });
    const gold = await screen.findByRole('button', { name: /Acme/ });
    gold.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(open).toHaveBeenCalledWith(SIGNED, '_blank', 'noopener'));
    expect(currentLocation().pathname).toBe('/play/lobby');
    const status = screen.getByTestId('lobby-slot-status');
    expect(status).toHaveTextContent('[[LOBBY_SLOT_OPENED]]');
    const again = within(status).getByRole('link');
    expect(again).toHaveAttribute('href', SIGNED);
    expect(again).toHaveAttribute('target', '_blank');
    expect(again).toHaveAttribute('rel', 'noopener');
    // Space launches it as well.
    await user.keyboard(' ');
    await waitFor(() => expect(open).toHaveBeenCalledTimes(2));
  });

  it('says so when a slot cannot be launched, and never follows another scheme', async () => {
    navigate('/play/lobby?tab=slots', { replace: true });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    let answer: unknown = { slotId: 'acme-gold', url: 'javascript:alert(1)', builtIn: false };
    setupLobby(<Lobby />, {
      casino,
      answers: {
        ...slotsAnswer([GOLD]),
        '/api/ui/SlotLaunch': () => {
          if (answer === null) throw new Error('404 NO_SUCH_SLOT');
          return answer;
        },
      },
    });
    const status = await screen.findByTestId('lobby-slot-status');
    fireEvent.click(screen.getByRole('button', { name: /Acme/ }));
    await waitFor(() => expect(status).toHaveTextContent('[[LOBBY_SLOT_FAILED]]'));
    answer = null;
    fireEvent.click(screen.getByRole('button', { name: /Acme/ }));
    const launchErrors = () =>
      errors.mock.calls.filter((c: unknown[]) => String(c[0]).includes('could not be launched'));
    await waitFor(() => expect(launchErrors()).toHaveLength(2));
    expect(status).toHaveTextContent('[[LOBBY_SLOT_FAILED]]');
    expect(open).not.toHaveBeenCalled();
    expect(currentLocation().pathname).toBe('/play/lobby');
  });
});
