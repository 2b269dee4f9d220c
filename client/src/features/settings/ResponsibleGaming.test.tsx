import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { HostContext } from '../../lib/host/context';
import type { Host } from '../../lib/host/host';
import { HttpError } from '../../lib/http/http';
import en from '../../lib/i18n/locales/en.json';
import { initTestI18n } from '../../lib/i18n';
import { type AllConfig, type Services, ServicesContext } from '../../lib/session';
import { testSession } from '../../lib/session.test-util';
import ResponsibleGaming from './ResponsibleGaming';
import SettingsPanel from './SettingsPanel';

type Row = Record<string, unknown>;

function answer(rows: Row[]) {
  return { currency: 'EUR', limits: rows };
}

function renderScreen({
  rows = [] as Row[],
  post = async (_body: Record<string, unknown>): Promise<unknown> => answer(rows),
  get = async (): Promise<unknown> => answer(rows),
  casino = {} as Record<string, unknown>,
} = {}) {
  const config = {
    playerConfig: { player: { id: '1' }, settings: {} },
    casinoConfig: casino,
  } as unknown as AllConfig;
  const session = testSession({ config });
  const http = {
    get: vi.fn(get),
    post: vi.fn((_path: string, body: Record<string, unknown>) => post(body)),
  };
  const host = { refreshFigures: vi.fn(async () => {}) };
  const onClose = vi.fn();
  const services = {
    session,
    http,
    currency: () => ({ code: 'EUR', symbol: '€', symbolBefore: true }),
  } as unknown as Services;
  render(
    <ServicesContext.Provider value={services}>
      <HostContext.Provider value={host as unknown as Host}>
        <ResponsibleGaming onClose={onClose} />
      </HostContext.Provider>
    </ServicesContext.Provider>,
  );
  return { http, host, onClose };
}

const section = (kind: string) =>
  document.querySelector<HTMLElement>(`section[data-kind="${kind}"]`)!;

beforeAll(async () => {
  await initTestI18n(en);
});

afterEach(cleanup);

describe('the responsible-gaming screen', () => {
  it('shows each limit: the one in force, the player’s, a pending raise and what is used', async () => {
    renderScreen({
      rows: [
        {
          kind: 'wager_day',
          limit: '5.00',
          player: '5.00',
          pending: '100.00',
          pendingAt: Date.UTC(2026, 10, 27, 14, 30),
          used: '2.00',
        },
        { kind: 'loss_week', limit: '20.00', player: null, operator: '20.00', used: '3.50' },
        { kind: 'session_time', limit: 30, player: 30, used: 12 },
        { kind: 'reality_check', limit: 15, player: 15 },
      ],
      casino: { reality_check_interval_min: 10 },
    });
    const dialog = await screen.findByRole('dialog', { name: '[[REG_TITLE]]' });
    await within(dialog).findByTestId('rg-limit-wager_day');
    // Eight limits, each a section named by its heading, with a labelled entry.
    const sections = within(dialog).getAllByRole('region');
    expect(sections).toHaveLength(8);
    expect(within(dialog).getByRole('region', { name: '[[REG_KIND_loss_day]]' })).toBeVisible();
    expect(screen.getByTestId('rg-limit-wager_day')).toHaveTextContent('€5.00');
    expect(screen.getByTestId('rg-player-wager_day')).toHaveTextContent('€5.00');
    expect(screen.getByTestId('rg-pending-wager_day')).toHaveTextContent('[[REG_PENDING_VALUE]]');
    expect(screen.getByTestId('rg-used-wager_day')).toHaveTextContent('€2.00');
    // The operator's limit counts; the player has none.
    expect(screen.getByTestId('rg-limit-loss_week')).toHaveTextContent('€20.00');
    expect(screen.getByTestId('rg-player-loss_week')).toHaveTextContent('[[REG_NONE]]');
    expect(within(section('loss_week')).getByText('[[REG_OPERATORS]]')).toBeInTheDocument();
    // Minutes for the time limits; the reality check in force is the operator's shorter one.
    expect(screen.getByTestId('rg-limit-session_time')).toHaveTextContent('[[REG_MINUTES]]');
    expect(screen.getByTestId('rg-used-session_time')).toBeInTheDocument();
    expect(screen.queryByTestId('rg-used-reality_check')).toBeNull();
    expect(within(section('loss_day')).getByLabelText('[[REG_NEW_AMOUNT]]')).toHaveAttribute(
      'inputmode',
      'decimal',
    );
    expect(within(section('session_time')).getByLabelText('[[REG_NEW_MINUTES]]')).toHaveAttribute(
      'inputmode',
      'numeric',
    );
    // Remove only where the player has a limit of their own.
    expect(screen.getByTestId('rg-remove-wager_day')).toBeInTheDocument();
    expect(screen.queryByTestId('rg-remove-loss_week')).toBeNull();
  });

  it('sets a limit and shows the answer; a raise says when it applies', async () => {
    let rows: Row[] = [];
    const { http } = renderScreen({
      post: async (body) => {
        rows = [
          body.amount === '10.00'
            ? { kind: 'wager_day', limit: '10.00', player: '10.00', used: '0.00' }
            : {
                kind: 'wager_day',
                limit: '10.00',
                player: '10.00',
                pending: '50.00',
                pendingAt: Date.UTC(2026, 10, 28),
                used: '0.00',
              },
        ];
        return answer(rows);
      },
    });
    const input = await screen.findByTestId('rg-input-wager_day');
    fireEvent.change(input, { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('rg-set-wager_day'));
    expect(await screen.findByTestId('rg-saved-wager_day')).toHaveTextContent('[[REG_SAVED]]');
    expect(http.post).toHaveBeenCalledWith('/api/ui/limits', {
      kind: 'wager_day',
      amount: '10.00',
    });
    expect(screen.getByTestId('rg-limit-wager_day')).toHaveTextContent('€10.00');
    expect(input).toHaveValue('');

    fireEvent.change(input, { target: { value: '50,00' } });
    fireEvent.submit(input.closest('form')!);
    expect(await screen.findByTestId('rg-pending-wager_day')).toBeInTheDocument();
    expect(screen.getByTestId('rg-saved-wager_day')).toHaveTextContent('[[REG_SAVED_PENDING]]');
    expect(http.post).toHaveBeenLastCalledWith('/api/ui/limits', {
      kind: 'wager_day',
      amount: '50.00',
    });
  });

  it('removes a limit with null, and sends minutes for the time limits', async () => {
    const { http, host } = renderScreen({
      rows: [
        { kind: 'loss_day', limit: '5.00', player: '5.00', used: '0.00' },
        { kind: 'reality_check', limit: 15, player: 15 },
      ],
    });
    fireEvent.click(await screen.findByTestId('rg-remove-loss_day'));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith('/api/ui/limits', { kind: 'loss_day', amount: null }),
    );
    fireEvent.change(screen.getByTestId('rg-input-reality_check'), { target: { value: '20' } });
    fireEvent.click(screen.getByTestId('rg-set-reality_check'));
    await waitFor(() =>
      expect(http.post).toHaveBeenLastCalledWith('/api/ui/limits', {
        kind: 'reality_check',
        minutes: 20,
      }),
    );
    // The reality check's new interval applies at once.
    await waitFor(() => expect(host.refreshFigures).toHaveBeenCalled());
  });

  it('refuses a wrong value next to its field without sending it', async () => {
    const { http } = renderScreen();
    const input = await screen.findByTestId('rg-input-session_time');
    fireEvent.change(input, { target: { value: '2000' } });
    fireEvent.click(screen.getByTestId('rg-set-session_time'));
    const error = screen.getByTestId('rg-error-session_time');
    expect(error).toHaveAttribute('role', 'alert');
    expect(error).toHaveTextContent('[[REG_INVALID_MINUTES]]');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.getAttribute('aria-describedby')).toContain(error.id);
    expect(http.post).not.toHaveBeenCalled();
    // Typing again clears it.
    fireEvent.change(input, { target: { value: '20' } });
    expect(screen.queryByTestId('rg-error-session_time')).toBeNull();
    expect(input).toHaveAttribute('aria-invalid', 'false');
  });

  it("shows the server's refusal next to its field, with the catalogue's message for a code", async () => {
    let refusal: HttpError = new HttpError('http', 400, '{"error":"BAD_FIELD"}');
    renderScreen({
      post: async () => {
        throw refusal;
      },
    });
    const input = await screen.findByTestId('rg-input-loss_month');
    fireEvent.change(input, { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('rg-set-loss_month'));
    expect(await screen.findByTestId('rg-error-loss_month')).toHaveTextContent('[[REG_REFUSED]]');
    refusal = new HttpError('forbidden', 403, '{"code":101019}', 101019);
    fireEvent.click(screen.getByTestId('rg-set-loss_month'));
    await waitFor(() =>
      expect(screen.getByTestId('rg-error-loss_month')).toHaveTextContent('[[ERROR.101019]]'),
    );
    // Only that field.
    expect(screen.queryByTestId('rg-error-loss_day')).toBeNull();
  });

  it('says when the limits cannot be read, and tries again', async () => {
    let fail = true;
    const { http } = renderScreen({
      get: async () => {
        if (fail) throw new HttpError('network', 0, '');
        return answer([]);
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('[[REG_LOAD_FAILED]]');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '[[RETRY]]' }));
    expect(await screen.findByTestId('rg-limit-loss_day')).toBeInTheDocument();
    expect(http.get).toHaveBeenCalledTimes(2);
  });

  it('closes with its button and with Escape', async () => {
    const { onClose } = renderScreen();
    await screen.findByTestId('rg-limit-loss_day');
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: '[[CLOSE]]' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

describe('the way there', () => {
  it('is a button in the settings', () => {
    const config = {
      playerConfig: { player: { id: '1' }, settings: {} },
      casinoConfig: {},
    } as unknown as AllConfig;
    const services = {
      session: testSession({ config }),
      saveSetting: vi.fn(async () => {}),
      http: { get: vi.fn(async () => ({})) },
    } as unknown as Services;
    const open = vi.fn();
    render(
      <ServicesContext.Provider value={services}>
        <SettingsPanel onClose={() => {}} onResponsibleGaming={open} />
      </ServicesContext.Provider>,
    );
    const button = screen.getByRole('button', { name: '[[REG_OPEN]]' });
    button.focus();
    expect(button).toHaveFocus();
    fireEvent.click(button);
    expect(open).toHaveBeenCalledOnce();
  });
});
