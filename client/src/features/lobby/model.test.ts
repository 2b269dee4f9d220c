import { describe, expect, it } from 'vitest';

import type { AssignedTable } from '../../lib/session';
import { pocketColour } from '../../lib/table/outcome';
import {
  ALL_TAB,
  type LiveTables,
  applyLobbyEvent,
  beadCells,
  familyOf,
  isFull,
  lobbyTabs,
  localFilters,
  orderTables,
  parseFilters,
  parseLastTables,
  parseRecentPlayers,
  parseSlots,
  safeImageUrl,
  slotTargetOf,
  secondsLeft,
  showsMultiBaccarat,
  tableTypesOf,
  visibleTables,
} from './model';

const table = (tableId: string, game: string, gameKind = game, tableType = game) =>
  ({
    tableId,
    name: tableId,
    game,
    gameKind,
    tableType,
    dealer: 'Ava',
    players: 0,
    limits: { min: '1.00', max: '500.00' },
  }) as AssignedTable;

const TABLES = [
  table('rou-1', 'roulette', 'classic-roulette', 'roulette'),
  table('us-1', 'roulette', 'americanroulette', 'roulette'),
  table('prive-1', 'roulette', 'classic-roulette', 'priveroulette'),
  table('bac-1', 'baccarat'),
  table('bac-2', 'baccarat'),
  table('dt-1', 'dragontiger'),
  table('bj-1', 'blackjack'),
  table('onebj-1', 'onebj'),
];

const summary = (tableId: string, extra: Record<string, unknown> = {}) => ({
  tableId,
  open: true,
  state: 2,
  stateName: 'WAITING_FOR_BETS',
  gameId: `${tableId}-000001`,
  betsOpen: true,
  endsAt: 10_000,
  dealer: 'Ava',
  players: 1,
  seats: 0,
  seatsTaken: 0,
  results: ['7'],
  ...extra,
});

const lobby = (type: string, tables: unknown[], ts = 5000) => ({
  type,
  channel: 'lobby',
  table: 'lobby',
  v: 1,
  ts,
  tables,
});

describe('lobby summaries', () => {
  it('a resync replaces every summary and an update only those it carries', () => {
    let live: LiveTables = {};
    live = applyLobbyEvent(live, lobby('resync', [summary('rou-1'), summary('bac-1')]), 5000);
    expect(Object.keys(live)).toEqual(['rou-1', 'bac-1']);
    const bac = live['bac-1'];
    live = applyLobbyEvent(
      live,
      lobby('lobbyupdate', [summary('rou-1', { results: ['26', '7'], betsOpen: false })]),
      6000,
    );
    expect(live['rou-1']!.results).toEqual(['26', '7']);
    expect(live['rou-1']!.betsOpen).toBe(false);
    expect(live['bac-1']).toBe(bac);
    live = applyLobbyEvent(live, lobby('resync', [summary('dt-1')]), 7000);
    expect(Object.keys(live)).toEqual(['dt-1']);
  });

  it('ignores other channels, other events and summaries without a table', () => {
    const live: LiveTables = {};
    expect(applyLobbyEvent(live, { ...lobby('resync', []), channel: 'table-rou-1' }, 0)).toBe(live);
    expect(applyLobbyEvent(live, lobby('betsopen', [summary('rou-1')]), 0)).toBe(live);
    expect(applyLobbyEvent(live, lobby('resync', [{ open: true }, null, 'x']), 0)).toEqual({});
  });

  it('reads the bead plate from the roads and a closed table', () => {
    const live = applyLobbyEvent(
      {},
      lobby('resync', [
        summary('bac-1', {
          open: false,
          roads: { beadPlate: [{ col: 0, row: 0, winner: 'B', playerTotal: 5 }] },
        }),
      ]),
      0,
    );
    expect(live['bac-1']!.open).toBe(false);
    expect(live['bac-1']!.beadPlate).toEqual([{ col: 0, row: 0, winner: 'B' }]);
  });

  it('counts down against the server clock of the event', () => {
    // The event was sent at server time 5000 and arrived at local time 4000: the server
    // is one second ahead, so at local 4000 five seconds are left until 10 000.
    const live = applyLobbyEvent({}, lobby('resync', [summary('rou-1')], 5000), 4000);
    const rou = live['rou-1']!;
    expect(secondsLeft(rou, 4000)).toBe(5);
    expect(secondsLeft(rou, 4001)).toBe(5);
    expect(secondsLeft(rou, 5000)).toBe(4);
    expect(secondsLeft(rou, 9000)).toBe(0);
    expect(secondsLeft(rou, 20_000)).toBe(0);
    expect(secondsLeft({ ...rou, betsOpen: false }, 4000)).toBeNull();
    expect(secondsLeft({ ...rou, endsAt: 0 }, 4000)).toBeNull();
    expect(secondsLeft(undefined, 4000)).toBeNull();
  });

  it('knows a full seated table', () => {
    expect(isFull({ seats: 7, seatsTaken: 7 })).toBe(true);
    expect(isFull({ seats: 7, seatsTaken: 6 })).toBe(false);
    expect(isFull({ seats: 0, seatsTaken: 0 })).toBe(false);
    expect(isFull(undefined)).toBe(false);
  });
});

describe('lobby results', () => {
  it('colours roulette pockets', () => {
    expect(pocketColour('0')).toBe('green');
    expect(pocketColour('00')).toBe('green');
    expect(pocketColour('32')).toBe('red');
    expect(pocketColour('26')).toBe('black');
    expect(pocketColour('17|5x50')).toBe('black');
    expect(pocketColour('B 5-9')).toBeNull();
    expect(pocketColour('37')).toBeNull();
  });

  it('lays out the bead plate from the road, or from the results, keeping the last columns', () => {
    const results = Array.from({ length: 14 }, (_, i) => (i % 2 ? 'P 1-2' : 'B 9-1')); // newest first
    const fromResults = beadCells({ beadPlate: null, results }, 2);
    // 14 hands fill columns 0, 1 and two cells of column 2; the last two columns show.
    expect(fromResults).toHaveLength(8);
    expect(fromResults[0]).toEqual({ col: 0, row: 0, winner: 'P' }); // the 7th hand
    expect(fromResults.at(-1)).toEqual({ col: 1, row: 1, winner: 'B' }); // the newest
    const road = [
      { col: 0, row: 0, winner: 'T' },
      { col: 3, row: 2, winner: 'P' },
    ];
    expect(beadCells({ beadPlate: road, results: [] }, 2)).toEqual([
      { col: 1, row: 2, winner: 'P' },
    ]);
    expect(beadCells({ beadPlate: null, results: [] })).toEqual([]);
  });
});

describe('lobby tabs and order', () => {
  it('puts a table in its family; both blackjacks are BLACKJACK', () => {
    expect(TABLES.map(familyOf)).toEqual([
      'ROULETTE',
      'ROULETTE',
      'ROULETTE',
      'BACCARAT',
      'BACCARAT',
      'DRAGONTIGER',
      'BLACKJACK',
      'BLACKJACK',
    ]);
  });

  it('follows tabs_order, hides empty families but promotions, adds unlisted ones', () => {
    expect(lobbyTabs(['BACCARAT', 'SICBO', 'ROULETTE', 'PROMOTIONS'], TABLES)).toEqual([
      'BACCARAT',
      'ROULETTE',
      'DRAGONTIGER',
      'BLACKJACK',
      'PROMOTIONS',
    ]);
    expect(lobbyTabs(['PROMOTIONS', 'roulette'], [TABLES[0]!])).toEqual(['PROMOTIONS', 'ROULETTE']);
    expect(lobbyTabs(undefined, [])).toEqual(['PROMOTIONS']);
  });

  it('orders tables by tables_order, the rest as they came', () => {
    const ordered = orderTables(TABLES, ['dt-1', 'bac-2', 'nope', 'rou-1']);
    expect(ordered.map((t) => t.tableId)).toEqual([
      'dt-1',
      'bac-2',
      'rou-1',
      'us-1',
      'prive-1',
      'bac-1',
      'bj-1',
      'onebj-1',
    ]);
    expect(orderTables(TABLES, 'bad')).toEqual(TABLES);
  });
});

describe('the slots tab', () => {
  it('is offered only with a slot, where tabs_order puts it, else before PROMOTIONS', () => {
    const order = ['ROULETTE', 'SLOTS', 'BACCARAT', 'PROMOTIONS'];
    expect(lobbyTabs(order, TABLES)).not.toContain('SLOTS');
    expect(lobbyTabs(order, TABLES, ['SLOTS'])).toEqual([
      'ROULETTE',
      'SLOTS',
      'BACCARAT',
      'DRAGONTIGER',
      'BLACKJACK',
      'PROMOTIONS',
    ]);
    // Not listed (an operator's own tabs_order): after the others, before PROMOTIONS.
    expect(lobbyTabs(['ROULETTE', 'PROMOTIONS'], [TABLES[0]!], ['SLOTS'])).toEqual([
      'ROULETTE',
      'SLOTS',
      'PROMOTIONS',
    ]);
    // Slots alone, no table at all.
    expect(lobbyTabs(undefined, [], ['SLOTS'])).toEqual(['SLOTS', 'PROMOTIONS']);
  });

  it('reads the assigned slots in order, leaving out malformed ones and unsafe images', () => {
    const slots = parseSlots({
      slots: [
        {
          slotId: 'fruits',
          provider: 'croupier',
          name: 'Croupier Fruits',
          thumbnail: '/assets/slots/fruits.svg',
          builtIn: true,
        },
        {
          slotId: 'acme-gold',
          provider: 'Acme',
          name: 'Gold Rush',
          thumbnail: 'https://cdn.acme.example/gold.png',
          builtIn: false,
        },
        { slotId: 'x', name: 'Bad image', thumbnail: 'javascript:alert(1)' },
        { slotId: '../../etc', name: 'Bad id' },
        { slotId: 'fruits', name: 'Twice' },
        'nonsense',
      ],
    });
    expect(slots).toEqual([
      {
        slotId: 'fruits',
        name: 'Croupier Fruits',
        provider: 'croupier',
        thumbnail: '/assets/slots/fruits.svg',
        builtIn: true,
      },
      {
        slotId: 'acme-gold',
        name: 'Gold Rush',
        provider: 'Acme',
        thumbnail: 'https://cdn.acme.example/gold.png',
        builtIn: false,
      },
      { slotId: 'x', name: 'Bad image', provider: '', thumbnail: null, builtIn: false },
    ]);
    expect(parseSlots({ slots: [] })).toEqual([]);
    expect(() => parseSlots({})).toThrow();
  });

  it('follows SlotLaunch: a built-in slot here, another provider in a tab, nothing else', () => {
    expect(
      slotTargetOf(
        { slotId: 'fruits', url: '/play/slot?slotId=fruits&lang=de', builtIn: true },
        'fruits',
      ),
    ).toEqual({ kind: 'app', href: '/play/slot?slotId=fruits&lang=de' });
    // A built-in slot's address elsewhere is not followed: its page here is.
    expect(
      slotTargetOf({ slotId: 'fruits', url: 'https://evil.example/', builtIn: true }, 'fruits'),
    ).toEqual({ kind: 'app', href: '/play/slot?slotId=fruits' });
    const signed = 'https://games.acme.example/launch?token=t&player=p&currency=EUR&lang=de&sig=s';
    expect(slotTargetOf({ slotId: 'acme-gold', url: signed, builtIn: false }, 'acme-gold')).toEqual(
      { kind: 'tab', url: signed },
    );
    expect(
      slotTargetOf(
        { slotId: 'acme-gold', url: 'javascript:alert(1)', builtIn: false },
        'acme-gold',
      ),
    ).toBeNull();
    expect(
      slotTargetOf({ slotId: 'acme-gold', url: '/relative', builtIn: false }, 'acme-gold'),
    ).toBeNull();
    expect(slotTargetOf({ slotId: 'other', url: signed, builtIn: false }, 'acme-gold')).toBeNull();
    expect(slotTargetOf(null, 'fruits')).toBeNull();
  });
});

describe('lobby filters', () => {
  const tabs = ['ROULETTE', 'BACCARAT', 'DRAGONTIGER', 'BLACKJACK', 'PROMOTIONS'];

  it('derives the table types of each tab', () => {
    expect(tableTypesOf('ROULETTE', TABLES)).toEqual([
      'all',
      'classic-roulette',
      'americanroulette',
      'priveroulette',
    ]);
    expect(tableTypesOf('BACCARAT', TABLES)).toEqual(['all', 'multi-baccarat']);
    expect(tableTypesOf('BLACKJACK', TABLES)).toEqual(['all', 'blackjack', 'onebj']);
    expect(tableTypesOf('DRAGONTIGER', TABLES)).toEqual(['all']);
    const crash = [
      table('sm-1', 'crash', 'spaceman', 'spaceman'),
      table('bb-1', 'crash', 'bigbass', 'bigbass'),
    ];
    expect(crash.map(familyOf)).toEqual(['GAMESHOWS', 'GAMESHOWS']);
    expect(tableTypesOf('GAMESHOWS', crash)).toEqual(['all', 'spaceman', 'bigbass']);
    expect(tableTypesOf('GAMESHOWS', crash.slice(0, 1))).toEqual(['all']);
  });

  it('lists the candy wheel under GAMESHOWS, with its kind as a filter', () => {
    const shows = [
      table('sm-1', 'crash', 'spaceman', 'spaceman'),
      table('sbz-1', 'sweetbonanza', 'sweetbonanza', 'sweetbonanza'),
    ];
    expect(shows.map(familyOf)).toEqual(['GAMESHOWS', 'GAMESHOWS']);
    expect(tableTypesOf('GAMESHOWS', shows)).toEqual(['all', 'spaceman', 'sweetbonanza']);
    const only = (type: string) =>
      visibleTables(
        shows,
        {},
        {
          tab: 'GAMESHOWS',
          tableType: type,
          showFull: true,
          bjFilter: 'all',
        },
      ).map((t) => t.tableId);
    expect(only('sweetbonanza')).toEqual(['sbz-1']);
    expect(only('all')).toEqual(['sm-1', 'sbz-1']);
  });

  it('lists boom or bust under GAMESHOWS, with its kind as a filter', () => {
    const shows = [
      table('sm-1', 'crash', 'spaceman', 'spaceman'),
      table('bob-1', 'boomorbust', 'boomorbust', 'boomorbust'),
    ];
    expect(shows.map(familyOf)).toEqual(['GAMESHOWS', 'GAMESHOWS']);
    expect(tableTypesOf('GAMESHOWS', shows)).toEqual(['all', 'spaceman', 'boomorbust']);
    expect(
      visibleTables(
        shows,
        {},
        { tab: 'GAMESHOWS', tableType: 'boomorbust', showFull: true, bjFilter: 'all' },
      ).map((t) => t.tableId),
    ).toEqual(['bob-1']);
  });

  it('starts from the saved settings and takes the server answer over them', () => {
    const local = localFilters(tabs, TABLES, {
      showfulltables: false,
      roulette_table_type: 'americanroulette',
      baccarat_table_type: 'nonsense',
      selectedbjfilter: 'free',
    });
    expect(local.selected).toMatchObject({
      showfulltables: false,
      grid_view: true,
      grid_view_mobile: false,
      selectedbjfilter: 'free',
      selpromofilter: 'all',
      tableType: { ROULETTE: 'americanroulette', BACCARAT: 'all' },
    });
    const parsed = parseFilters(
      {
        tabs,
        tableTypes: { ROULETTE: ['all', 'classic-roulette', 'megaroulette'], SICBO: ['all'] },
        bjFilters: ['all', 'free', 'behind'],
        promoFilters: ['all', 'live', 'upcoming'],
        selected: {
          showfulltables: true,
          grid_view: false,
          selpromofilter: 'live',
          tableType: { ROULETTE: 'megaroulette', BACCARAT: 'gone' },
        },
      },
      local,
    );
    expect(parsed.tableTypes.ROULETTE).toEqual(['all', 'classic-roulette', 'megaroulette']);
    expect(parsed.tableTypes.SICBO).toBeUndefined();
    expect(parsed.selected).toMatchObject({
      showfulltables: true,
      grid_view: false,
      grid_view_mobile: false, // not in the answer: as saved
      selectedbjfilter: 'free',
      selpromofilter: 'live',
      tableType: { ROULETTE: 'megaroulette', BACCARAT: 'all' },
    });
    expect(parseFilters('nonsense', local)).toBe(local);
  });

  it('shows a tab its tables of the chosen type, hiding full tables on demand', () => {
    const live = applyLobbyEvent(
      {},
      lobby('resync', [
        summary('bj-1', { seats: 7, seatsTaken: 7 }),
        summary('prive-1', { seats: 6, seatsTaken: 2 }),
      ]),
      0,
    );
    const ids = (tab: string, tableType = 'all', showFull = true, bjFilter = 'all' as const) =>
      visibleTables(TABLES, live, { tab, tableType, showFull, bjFilter }).map((t) => t.tableId);
    expect(ids(ALL_TAB)).toHaveLength(8);
    expect(ids(ALL_TAB, 'americanroulette')).toHaveLength(8); // ALL has no table type
    expect(ids('ROULETTE')).toEqual(['rou-1', 'us-1', 'prive-1']);
    expect(ids('ROULETTE', 'americanroulette')).toEqual(['us-1']);
    expect(ids('ROULETTE', 'priveroulette')).toEqual(['prive-1']);
    expect(ids('ROULETTE', 'classic-roulette')).toEqual(['rou-1', 'prive-1']);
    expect(ids('BACCARAT', 'multi-baccarat')).toEqual([]);
    expect(ids('BLACKJACK')).toEqual(['bj-1', 'onebj-1']);
    expect(ids('BLACKJACK', 'all', false)).toEqual(['onebj-1']);
    expect(ids(ALL_TAB, 'all', false)).not.toContain('bj-1');
    expect(ids('PROMOTIONS')).toEqual([]);
  });

  it('applies the blackjack filter on the blackjack tab with the live seats', () => {
    const live = applyLobbyEvent(
      {},
      lobby('resync', [summary('bj-1', { seats: 7, seatsTaken: 7 })]),
      0,
    );
    const ids = (tab: string, bjFilter: 'all' | 'free' | 'behind') =>
      visibleTables(TABLES, live, { tab, tableType: 'all', showFull: true, bjFilter }).map(
        (t) => t.tableId,
      );
    expect(ids('BLACKJACK', 'free')).toEqual(['onebj-1']);
    expect(ids('BLACKJACK', 'behind')).toEqual(['bj-1']);
    expect(ids(ALL_TAB, 'behind')).toContain('onebj-1'); // not on the ALL tab
  });

  it('offers the multi-baccarat tile with two baccarat tables', () => {
    expect(showsMultiBaccarat(TABLES, ALL_TAB, 'all')).toBe(true);
    expect(showsMultiBaccarat(TABLES, 'BACCARAT', 'all')).toBe(true);
    expect(showsMultiBaccarat(TABLES, 'BACCARAT', 'multi-baccarat')).toBe(true);
    expect(showsMultiBaccarat(TABLES, 'BACCARAT', 'baccarat')).toBe(false);
    expect(showsMultiBaccarat(TABLES, 'ROULETTE', 'all')).toBe(false);
    expect(showsMultiBaccarat([TABLES[3]!], ALL_TAB, 'all')).toBe(false);
  });
});

describe('recent players and images', () => {
  it('reads both answers and refuses malformed ones', () => {
    expect(
      parseRecentPlayers({
        windowMs: 600000,
        tables: [{ tableId: 'rou-1', players: 2, names: ['Ann', 'Bob'] }, { players: 3 }],
      }),
    ).toEqual({ 'rou-1': { players: 2, names: ['Ann', 'Bob'] } });
    expect(() => parseRecentPlayers({})).toThrow();
    expect(
      parseLastTables({ tables: [{ tableId: 'bac-1', lastPlayed: 5, rounds: 3 }, { x: 1 }] }),
    ).toEqual([{ tableId: 'bac-1', lastPlayed: 5, rounds: 3 }]);
    expect(() => parseLastTables('offline')).toThrow();
  });

  it('accepts only local paths and https addresses for the lobby images', () => {
    expect(safeImageUrl('/img/lobby.png')).toBe('/img/lobby.png');
    expect(safeImageUrl('https://cdn.example/bg.jpg')).toBe('https://cdn.example/bg.jpg');
    expect(safeImageUrl('//evil.example/x.png')).toBeNull();
    expect(safeImageUrl('javascript:alert(1)')).toBeNull();
    expect(safeImageUrl('')).toBeNull();
  });
});
