import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { initTestI18n } from '../../lib/i18n';
import en from '../../lib/i18n/locales/en.json';
import { type HumanRound, type Staff, type TableDetail, type TableRow, studioApi } from './api';
import StudioConsole from './StudioConsole';

const DEALER: Staff = { login: 'anna', name: 'Anna', role: 'dealer' };
const SUPERVISOR: Staff = { login: 'sam', name: 'Sam', role: 'supervisor' };

const ROUND: HumanRound = {
  cards: [],
  nextHand: 'player',
  number: null,
  result: null,
  canOpen: false,
  canClose: false,
  canSpin: false,
  canEnter: true,
  canUndo: false,
  canConfirm: false,
  canVoid: true,
  canNewShoe: false,
};

const BACCARAT: TableRow = {
  id: 'bac-1',
  name: 'Baccarat 1',
  game: 'baccarat',
  dealerMode: 'human',
  humanDealing: true,
  paused: false,
  state: 3,
  stateName: 'betsclosed',
  roundId: 'r-17',
  watching: 12,
  bettors: 3,
  stakes: { EUR: '125.50' },
  stream: { state: 'live', renditions: 3 },
};

const ROULETTE: TableRow = {
  ...BACCARAT,
  id: 'rou-1',
  name: 'Roulette 1',
  game: 'roulette',
  variant: 'european',
  dealerMode: 'rng',
  nextDealerMode: 'human',
  stakes: {},
  stream: null,
  closesAt: Date.UTC(2026, 5, 15, 18, 30),
};

function detail(row: TableRow, round: Partial<HumanRound> = {}): TableDetail {
  return {
    ...row,
    round: { ...ROUND, ...round },
    bets: [{ playerId: 'p-42', name: 'ann_01', currency: 'EUR', total: '100.00' }],
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

interface Call {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
  init: RequestInit;
}

type Route = (body: Record<string, unknown> | undefined) => Response;

/** A studio server: answers by "METHOD /path", records every call. */
function studioServer(routes: Record<string, Route | Response | unknown>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = String(input);
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body, init });
    const route = routes[`${method} ${path}`];
    if (route === undefined) return json(404, { code: 'NO_SUCH_CALL', message: path });
    if (typeof route === 'function') return (route as Route)(body);
    if (route instanceof Response) return route.clone();
    return json(200, route);
  });
  const api = studioApi({
    fetch: fetch as unknown as typeof globalThis.fetch,
    cookies: () => 'a=1; XSRF-TOKEN=tok%2D1',
  });
  const posted = (path: string) =>
    calls.filter((c) => c.method === 'POST' && c.path === path).map((c) => c.body);
  return { api, calls, posted };
}

async function open(routes: Record<string, unknown>, me: Staff = DEALER) {
  const server = studioServer({
    'GET /studio/api/me': me,
    'GET /studio/api/tables': { tables: [BACCARAT, ROULETTE] },
    ...routes,
  });
  render(<StudioConsole api={server.api} tablesEveryMs={60_000} tableEveryMs={60_000} />);
  await screen.findByTestId('studio-table-bac-1');
  return { ...server, user: userEvent.setup() };
}

async function openTable(user: ReturnType<typeof userEvent.setup>, id: string) {
  await user.click(screen.getByTestId(`studio-table-${id}`));
  await screen.findByTestId('studio-state');
  return screen.getByTestId('studio-panel');
}

beforeAll(async () => {
  await initTestI18n(en);
});

afterEach(cleanup);

describe('the studio login', () => {
  it('signs in with the anti-forgery header, then lists the tables', async () => {
    const server = studioServer({
      'GET /studio/api/me': json(401, { code: 'NO_STAFF_SESSION', message: 'no session' }),
      'POST /studio/api/login': DEALER,
      'GET /studio/api/tables': { tables: [BACCARAT, ROULETTE] },
    });
    const user = userEvent.setup();
    render(<StudioConsole api={server.api} tablesEveryMs={60_000} />);
    const form = await screen.findByTestId('studio-login');
    // No notice for a visit without a session: just the form, its first field focused.
    expect(within(form).queryByRole('alert')).toBeNull();
    // Focus moves in the form's effect, which may run a task after the form appears.
    await waitFor(() => expect(screen.getByTestId('studio-login-name')).toHaveFocus());
    expect(screen.getByLabelText('[[STUDIO_LOGIN_NAME]]')).toBe(
      screen.getByTestId('studio-login-name'),
    );
    await user.type(screen.getByTestId('studio-login-name'), 'anna');
    await user.type(screen.getByLabelText('[[STUDIO_LOGIN_PASSWORD]]'), 'secret');
    await user.click(screen.getByTestId('studio-login-submit'));

    const row = await screen.findByTestId('studio-table-bac-1');
    expect(row).toHaveTextContent('Baccarat 1');
    expect(screen.getByTestId('studio-table-rou-1')).toBeInTheDocument();
    expect(screen.queryByTestId('studio-login')).toBeNull();
    expect(screen.getByTestId('studio-who')).toHaveTextContent('[[STUDIO_SIGNED_IN]]');

    const login = server.calls.find((c) => c.path === '/studio/api/login')!;
    expect(login.body).toEqual({ login: 'anna', password: 'secret' });
    const headers = login.init.headers as Record<string, string>;
    expect(headers['X-XSRF-TOKEN']).toBe('tok-1');
    expect(headers['Content-Type']).toBe('application/json');
    expect(login.init.credentials).toBe('same-origin');
    // A GET carries no anti-forgery header.
    const me = server.calls.find((c) => c.path === '/studio/api/me')!;
    expect((me.init.headers as Record<string, string>)['X-XSRF-TOKEN']).toBeUndefined();
  });

  it('shows a refused login and keeps the form', async () => {
    const server = studioServer({
      'GET /studio/api/me': json(401, { code: 'NO_STAFF_SESSION', message: 'no session' }),
      'POST /studio/api/login': json(401, { code: 'BAD_LOGIN', message: 'bad login' }),
    });
    const user = userEvent.setup();
    render(<StudioConsole api={server.api} />);
    await user.type(await screen.findByTestId('studio-login-name'), 'anna');
    await user.type(screen.getByTestId('studio-login-password'), 'wrong');
    await user.click(screen.getByTestId('studio-login-submit'));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveAttribute('data-testid', 'studio-error');
    expect(alert).toHaveTextContent('[[STUDIO_BAD_LOGIN]]');
    expect(screen.getByTestId('studio-login')).toBeInTheDocument();
    expect(screen.getByTestId('studio-login-password')).toHaveValue('');
    expect(screen.getByTestId('studio-login-password')).toHaveFocus();
  });

  it('says so when too many logins failed', async () => {
    const server = studioServer({
      'GET /studio/api/me': json(401, { code: 'NO_STAFF_SESSION', message: '' }),
      'POST /studio/api/login': json(429, { code: 'RATE_LIMITED', message: 'later' }),
    });
    const user = userEvent.setup();
    render(<StudioConsole api={server.api} />);
    await user.type(await screen.findByTestId('studio-login-name'), 'anna');
    await user.type(screen.getByTestId('studio-login-password'), 'x{Enter}');
    expect(await screen.findByTestId('studio-error')).toHaveTextContent(
      '[[STUDIO_TOO_MANY_LOGINS]]',
    );
  });

  it('skips the form with a session, and logs out', async () => {
    const { user, posted } = await open({ 'POST /studio/api/logout': {} });
    expect(screen.queryByTestId('studio-login')).toBeNull();
    await user.click(screen.getByRole('button', { name: '[[STUDIO_LOGOUT]]' }));
    expect(await screen.findByTestId('studio-login')).toBeInTheDocument();
    expect(posted('/studio/api/logout')).toEqual([{}]);
  });

  it('asks for the login again when the session ends', async () => {
    let ended = false;
    const server = studioServer({
      'GET /studio/api/me': DEALER,
      'GET /studio/api/tables': () =>
        ended
          ? json(401, { code: 'NO_STAFF_SESSION', message: 'expired' })
          : json(200, { tables: [BACCARAT] }),
    });
    render(<StudioConsole api={server.api} tablesEveryMs={20} tableEveryMs={60_000} />);
    await screen.findByTestId('studio-table-bac-1');
    ended = true;
    expect(await screen.findByTestId('studio-login')).toBeInTheDocument();
    expect(screen.getByTestId('studio-error')).toHaveTextContent('[[STUDIO_SESSION_ENDED]]');
  });
});

describe('the tables', () => {
  it("shows each table's mode, state, audience, stakes, stream and closing", async () => {
    await open({});
    const bac = screen.getByTestId('studio-table-bac-1').closest('li')!;
    expect(bac).toHaveTextContent('baccarat');
    expect(bac).toHaveTextContent('[[STUDIO_MODE_human]]');
    expect(bac).toHaveTextContent('betsclosed');
    expect(bac).toHaveTextContent('r-17');
    expect(bac).toHaveTextContent('12');
    expect(bac).toHaveTextContent('125.50 EUR');
    expect(bac).toHaveTextContent('[[STUDIO_STREAM_RENDITIONS]]');
    const rou = screen.getByTestId('studio-table-rou-1').closest('li')!;
    expect(rou).toHaveTextContent('roulette · european');
    // RNG now, human from the next round.
    expect(rou).toHaveTextContent('[[STUDIO_MODE_rng]]');
    expect(rou).toHaveTextContent('[[STUDIO_MODE_NEXT]]');
    expect(rou).toHaveTextContent('[[STUDIO_CLOSES_AT]]');
  });

  it('reads the list again and again', async () => {
    const server = studioServer({
      'GET /studio/api/me': DEALER,
      'GET /studio/api/tables': { tables: [BACCARAT] },
    });
    render(<StudioConsole api={server.api} tablesEveryMs={10} tableEveryMs={60_000} />);
    await screen.findByTestId('studio-table-bac-1');
    await waitFor(() =>
      expect(server.calls.filter((c) => c.path === '/studio/api/tables').length).toBeGreaterThan(2),
    );
  });
});

describe('a card table', () => {
  it('takes a card from the scanner field, and shows a refusal with its rule', async () => {
    const refused = json(409, { code: 'REFUSED', message: 'no such card: KX' });
    const { user, posted } = await open({
      'GET /studio/api/tables/bac-1': detail(BACCARAT),
      'POST /studio/api/tables/bac-1/dealer': (body: Record<string, unknown> | undefined) =>
        body?.card === 'KH'
          ? json(
              200,
              detail(
                { ...BACCARAT, state: 15, stateName: 'dealing' },
                {
                  cards: [{ hand: 'player', card: 'KH', index: 0 }],
                  nextHand: 'banker',
                  canUndo: true,
                },
              ),
            )
          : refused.clone(),
    });
    const panel = await openTable(user, 'bac-1');
    const field = within(panel).getByTestId('studio-card-input');
    // The scanner's field has the focus as the table opens.
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAccessibleName('[[STUDIO_CARD]]');
    expect(screen.getByTestId('studio-next-hand')).toHaveTextContent('[[STUDIO_NEXT_HAND]]');

    await user.type(field, 'kh{Enter}');
    await waitFor(() => expect(screen.getByTestId('studio-state')).toHaveTextContent('dealing'));
    expect(posted('/studio/api/tables/bac-1/dealer')).toEqual([{ action: 'card', card: 'KH' }]);
    expect(screen.getByTestId('studio-cards')).toHaveTextContent('K♥');
    expect(within(screen.getByTestId('studio-cards')).getByText('[[HAND_player]]')).toBeTruthy();
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
    expect(screen.getByTestId('studio-undo')).toBeEnabled();

    await user.type(field, 'KX{Enter}');
    const error = await screen.findByTestId('studio-error');
    expect(error).toHaveAttribute('role', 'alert');
    expect(error).toHaveTextContent('no such card: KX');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field.getAttribute('aria-describedby')).toContain(error.id);
    expect(field).toHaveFocus();
    // The cards entered stay as they were.
    expect(screen.getByTestId('studio-cards')).toHaveTextContent('K♥');
  });

  it('undoes the last card and starts a new shoe', async () => {
    const { user, posted } = await open({
      'GET /studio/api/tables/bac-1': detail(BACCARAT, {
        cards: [{ hand: 'player', card: '9C', index: 0 }],
        canUndo: true,
        canNewShoe: true,
      }),
      'POST /studio/api/tables/bac-1/dealer': detail(BACCARAT, { canNewShoe: true }),
    });
    await openTable(user, 'bac-1');
    await user.click(screen.getByTestId('studio-undo'));
    // The focus goes back to the scanner's field.
    await waitFor(() => expect(screen.getByTestId('studio-card-input')).toHaveFocus());
    expect(screen.getByTestId('studio-cards')).toHaveTextContent('[[STUDIO_NO_CARDS]]');
    await user.click(screen.getByTestId('studio-new-shoe'));
    await waitFor(() =>
      expect(posted('/studio/api/tables/bac-1/dealer')).toEqual([
        { action: 'undo' },
        { action: 'shoe' },
      ]),
    );
  });

  it('enables each button as the round allows, and shows the result before Confirm', async () => {
    const { user, posted } = await open({
      'GET /studio/api/tables/bac-1': detail(BACCARAT, {
        cards: [
          { hand: 'player', card: '9C', index: 0 },
          { hand: 'banker', card: '10D', index: 1 },
          { hand: 'player', card: 'QS', index: 2 },
          { hand: 'banker', card: 'KH', index: 3 },
        ],
        nextHand: null,
        result: 'P 9-0',
        canConfirm: true,
        canEnter: false,
      }),
      'POST /studio/api/tables/bac-1/dealer': detail(BACCARAT),
    });
    await openTable(user, 'bac-1');
    expect(screen.getByTestId('studio-open')).toBeDisabled();
    expect(screen.getByTestId('studio-close')).toBeDisabled();
    expect(screen.queryByTestId('studio-spin')).toBeNull();
    expect(screen.getByTestId('studio-new-shoe')).toBeDisabled();
    expect(screen.getByTestId('studio-result')).toHaveTextContent('P 9-0');
    expect(screen.getByTestId('studio-next-hand')).toHaveTextContent('[[STUDIO_DEAL_COMPLETE]]');
    const confirm = screen.getByTestId('studio-confirm');
    expect(confirm).toHaveAccessibleDescription('P 9-0');
    await user.click(confirm);
    await waitFor(() =>
      expect(posted('/studio/api/tables/bac-1/dealer')).toEqual([{ action: 'confirm' }]),
    );
  });

  it('voids a round only once the dialog confirms it', async () => {
    const { user, posted } = await open({
      'GET /studio/api/tables/bac-1': detail(BACCARAT),
      'POST /studio/api/tables/bac-1/dealer': detail(BACCARAT, { canVoid: false }),
    });
    await openTable(user, 'bac-1');
    await user.click(screen.getByTestId('studio-void'));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveAccessibleName('[[STUDIO_VOID_TITLE]]');
    expect(dialog).toHaveAccessibleDescription('[[STUDIO_VOID_TEXT]]');
    expect(posted('/studio/api/tables/bac-1/dealer')).toEqual([]);
    // Cancelled: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: '[[STUDIO_CANCEL]]' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posted('/studio/api/tables/bac-1/dealer')).toEqual([]);
    // Escape closes it too.
    await user.click(screen.getByTestId('studio-void'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByTestId('studio-void'));
    await user.click(screen.getByTestId('studio-void-confirm'));
    await waitFor(() =>
      expect(posted('/studio/api/tables/bac-1/dealer')).toEqual([{ action: 'void' }]),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('studio-void')).toBeDisabled());
  });
});

describe('a roulette table', () => {
  const HUMAN_ROULETTE = { ...ROULETTE, dealerMode: 'human', nextDealerMode: null } as TableRow;

  it('spins, takes the number, and confirms', async () => {
    const { user, posted } = await open({
      'GET /studio/api/tables/rou-1': detail(HUMAN_ROULETTE, {
        canSpin: true,
        nextHand: null,
      }),
      'POST /studio/api/tables/rou-1/dealer': (body: Record<string, unknown> | undefined) =>
        body?.action === 'number' && body.number === '37'
          ? json(409, { code: 'REFUSED', message: 'no pocket 37 on this wheel' })
          : json(
              200,
              detail(HUMAN_ROULETTE, {
                nextHand: null,
                number: body?.action === 'number' ? String(body.number) : null,
                result: body?.action === 'number' ? '17' : null,
                canConfirm: body?.action === 'number',
              }),
            ),
    });
    await openTable(user, 'rou-1');
    expect(screen.queryByTestId('studio-card-input')).toBeNull();
    expect(screen.queryByTestId('studio-new-shoe')).toBeNull();
    await user.click(screen.getByTestId('studio-spin'));
    const number = screen.getByTestId('studio-number-input');
    expect(number).toHaveAccessibleName('[[STUDIO_NUMBER]]');
    await user.type(number, '37{Enter}');
    expect(await screen.findByTestId('studio-error')).toHaveTextContent(
      'no pocket 37 on this wheel',
    );
    await user.clear(number);
    await user.type(number, '17{Enter}');
    await waitFor(() => expect(screen.getByTestId('studio-result')).toHaveTextContent('17'));
    expect(screen.queryByTestId('studio-error')).toBeNull();
    await user.click(screen.getByTestId('studio-confirm'));
    await waitFor(() =>
      expect(posted('/studio/api/tables/rou-1/dealer')).toEqual([
        { action: 'spin' },
        { action: 'number', number: '37' },
        { action: 'number', number: '17' },
        { action: 'confirm' },
      ]),
    );
  });

  it('has no dealer controls while the RNG deals', async () => {
    const { user } = await open({ 'GET /studio/api/tables/rou-1': detail(ROULETTE) });
    await openTable(user, 'rou-1');
    expect(screen.getByTestId('studio-rng-note')).toBeInTheDocument();
    expect(screen.queryByTestId('studio-open')).toBeNull();
  });
});

describe("the supervisor's tools", () => {
  it('are not shown to a dealer', async () => {
    const { user } = await open({ 'GET /studio/api/tables/bac-1': detail(BACCARAT) });
    await openTable(user, 'bac-1');
    expect(screen.getByTestId('studio-open')).toBeInTheDocument();
    for (const id of [
      'studio-chat-input',
      'studio-mute-player',
      'studio-closing-minutes',
      'studio-pause',
      'studio-mode-human',
      'studio-mode-rng',
      'studio-bets',
    ])
      expect(screen.queryByTestId(id), id).toBeNull();
  });

  it('chat, mute, closing, pause and mode for a supervisor', async () => {
    const { user, posted } = await open(
      {
        'GET /studio/api/tables/bac-1': detail(BACCARAT),
        'POST /studio/api/tables/bac-1/chat': { sent: true },
        'POST /studio/api/mute': { playerId: 'p-42', mutedUntil: Date.UTC(2026, 5, 15, 12, 10) },
        'POST /studio/api/tables/bac-1/closing': {
          minutes: 30,
          closesAt: Date.UTC(2026, 5, 15, 12, 30),
        },
        'POST /studio/api/tables/bac-1/pause': { ...BACCARAT, paused: true },
        'POST /studio/api/tables/bac-1/mode': { ...BACCARAT, nextDealerMode: 'rng' },
      },
      SUPERVISOR,
    );
    await openTable(user, 'bac-1');

    // The chat: nothing is sent past the console's own check.
    await user.click(screen.getByTestId('studio-chat-send'));
    expect(await screen.findByTestId('studio-error')).toHaveTextContent('[[STUDIO_CHAT_INVALID]]');
    expect(screen.getByTestId('studio-chat-input')).toHaveAccessibleName('[[STUDIO_CHAT]]');
    await user.type(screen.getByTestId('studio-chat-input'), ' Welcome to the table! ');
    await user.click(screen.getByTestId('studio-chat-send'));
    expect(await screen.findByText('[[STUDIO_CHAT_SENT]]')).toBeInTheDocument();
    expect(posted('/studio/api/tables/bac-1/chat')).toEqual([{ text: 'Welcome to the table!' }]);
    expect(screen.queryByTestId('studio-error')).toBeNull();

    // The mute: the player picked from the bets list.
    const bets = screen.getByTestId('studio-bets');
    expect(bets).toHaveTextContent('p-42');
    expect(bets).toHaveTextContent('ann_01');
    expect(bets).toHaveTextContent('100.00');
    await user.click(within(bets).getByRole('button', { name: '[[STUDIO_CHOOSE_PLAYER]]' }));
    expect(screen.getByTestId('studio-mute-player')).toHaveValue('p-42');
    expect(screen.getByTestId('studio-mute-minutes')).toHaveFocus();
    await user.type(screen.getByTestId('studio-mute-minutes'), '10');
    await user.click(screen.getByTestId('studio-mute-send'));
    expect(await screen.findByText('[[STUDIO_MUTED]]')).toBeInTheDocument();
    expect(posted('/studio/api/mute')).toEqual([
      { tableId: 'bac-1', playerId: 'p-42', minutes: 10 },
    ]);

    // The closing: 1 to 120 minutes.
    await user.type(screen.getByTestId('studio-closing-minutes'), '121');
    await user.click(screen.getByTestId('studio-closing-send'));
    expect(await screen.findByTestId('studio-error')).toHaveTextContent(
      '[[STUDIO_CLOSING_INVALID]]',
    );
    await user.clear(screen.getByTestId('studio-closing-minutes'));
    await user.type(screen.getByTestId('studio-closing-minutes'), '30');
    await user.click(screen.getByTestId('studio-closing-send'));
    expect(await screen.findByText('[[STUDIO_CLOSING_SENT]]')).toBeInTheDocument();
    expect(posted('/studio/api/tables/bac-1/closing')).toEqual([{ minutes: 30 }]);

    // Pause: the answer is the table, its round kept.
    expect(screen.getByTestId('studio-pause')).toHaveTextContent('[[STUDIO_PAUSE]]');
    await user.click(screen.getByTestId('studio-pause'));
    await waitFor(() =>
      expect(screen.getByTestId('studio-pause')).toHaveTextContent('[[STUDIO_RESUME]]'),
    );
    expect(posted('/studio/api/tables/bac-1/pause')).toEqual([{ paused: true }]);
    expect(screen.getByTestId('studio-card-input')).toBeInTheDocument();

    // Mode: RNG from the next round.
    expect(screen.getByTestId('studio-mode-human')).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByTestId('studio-mode-rng'));
    await waitFor(() =>
      expect(screen.getByTestId('studio-mode-rng')).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(posted('/studio/api/tables/bac-1/mode')).toEqual([{ dealerMode: 'rng' }]);
  });

  it('shows a supervisor call refused by the server', async () => {
    const { user } = await open(
      {
        'GET /studio/api/tables/bac-1': detail(BACCARAT),
        'POST /studio/api/tables/bac-1/chat': json(409, { code: 'NO_CHAT', message: 'no chat' }),
      },
      SUPERVISOR,
    );
    await openTable(user, 'bac-1');
    await user.type(screen.getByTestId('studio-chat-input'), 'Hello');
    await user.click(screen.getByTestId('studio-chat-send'));
    expect(await screen.findByTestId('studio-error')).toHaveTextContent('[[STUDIO_ERROR_NO_CHAT]]');
    expect(screen.getByTestId('studio-chat-input')).toHaveValue('Hello');
  });
});

describe('the panel', () => {
  it('applies answers in the order the calls were made', async () => {
    // A read sent before an action answers after it: the action's answer stays.
    let answerRead: (r: Response) => void = () => {};
    let reads = 0;
    const server = studioServer({
      'GET /studio/api/me': DEALER,
      'GET /studio/api/tables': { tables: [BACCARAT] },
      'POST /studio/api/tables/bac-1/dealer': detail(
        { ...BACCARAT, stateName: 'dealing' },
        { cards: [{ hand: 'player', card: 'AD', index: 0 }] },
      ),
    });
    const fetch = server.api;
    const api = {
      ...fetch,
      table: async (id: string) => {
        reads++;
        if (reads === 1) return fetch.table(id).catch(() => detail(BACCARAT));
        return new Promise<TableDetail>((resolve) => {
          answerRead = (r) => void r.json().then(resolve);
        });
      },
    };
    const user = userEvent.setup();
    render(<StudioConsole api={api} tablesEveryMs={60_000} tableEveryMs={5} />);
    await user.click(await screen.findByTestId('studio-table-bac-1'));
    await screen.findByTestId('studio-state');
    await waitFor(() => expect(reads).toBe(2)); // the second read is on its way
    await user.type(screen.getByTestId('studio-card-input'), 'AD{Enter}');
    await waitFor(() => expect(screen.getByTestId('studio-state')).toHaveTextContent('dealing'));
    await act(async () => answerRead(json(200, detail(BACCARAT))));
    expect(screen.getByTestId('studio-state')).toHaveTextContent('dealing');
    expect(screen.getByTestId('studio-cards')).toHaveTextContent('A♦');
  });

  it('goes back to the list, the focus on the table it came from', async () => {
    const { user } = await open({ 'GET /studio/api/tables/rou-1': detail(ROULETTE) });
    await openTable(user, 'rou-1');
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2, name: 'Roulette 1' })).toHaveFocus(),
    );
    await user.click(screen.getByTestId('studio-back'));
    expect(screen.queryByTestId('studio-panel')).toBeNull();
    expect(screen.getByTestId('studio-table-rou-1')).toHaveFocus();
  });

  it('says when a table cannot be read', async () => {
    const { user } = await open({
      'GET /studio/api/tables/bac-1': json(403, { code: 'NOT_YOUR_TABLE', message: 'not yours' }),
    });
    await user.click(screen.getByTestId('studio-table-bac-1'));
    expect(await screen.findByText(/\[\[STUDIO_ERROR_NOT_YOUR_TABLE\]\]/)).toBeInTheDocument();
  });
});
