import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { CLIENT_SEED_KEY, setClientSeed } from '../fair/clientSeed';
import en from '../i18n/locales/en.json';
import { initTestI18n } from '../i18n';
import type { SpotLimit } from '../session';
import { kindSpotRules, tableLimits } from './bet-slip';
import { renderTable, tableConfig } from './table.test-util';
import { useBetting } from './useBetting';

const SPOTS: SpotLimit[] = ['RED', 'BLACK'].map((kind) => ({
  kind,
  payout: 1,
  inside: false,
  min: '1.00',
  max: '1000.00',
}));
const TABLE = tableConfig('rou-1', 'roulette', SPOTS);
const LIMITS = tableLimits(TABLE.limits, kindSpotRules(SPOTS));
const ROUND = { gameId: 'rou-1-000042', betsOpen: true, state: 2 };

/** The hook's commands behind plain buttons. */
function Bets() {
  const b = useBetting({ tableId: 'rou-1', game: 'roulette', round: ROUND, limits: LIMITS });
  return (
    <>
      <button onClick={() => b.place('RED')}>place</button>
      <button onClick={b.double}>double</button>
      <button onClick={b.clear}>clear</button>
      <button onClick={b.rebet}>rebet</button>
      <span data-testid="total">{b.total}</span>
    </>
  );
}

beforeAll(async () => {
  await initTestI18n(en);
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('the bet commands', () => {
  it("carry the player's client seed on pbet, placebets and lpbet, not on cancelbets", async () => {
    expect(setClientSeed('my-seed_1')).toBe(true);
    const t = renderTable(<Bets />, TABLE);
    const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

    click('place');
    const [pbet] = t.sent('pbet');
    expect(pbet).toMatch(
      /^<pbet tableId="rou-1" gameMode="roulette_desktop" gameId="rou-1-000042" userId="7" requestId="[^"]+" clientSeed="my-seed_1" checkValue="5.00"><bet code="RED" amount="5.00"\/><\/pbet>$/,
    );
    t.accept(pbet!);
    await waitFor(() => expect(screen.getByTestId('total')).not.toHaveTextContent(/^0$/));

    click('double');
    await waitFor(() => expect(t.sent('placebets')).toHaveLength(1));
    expect(t.sent('placebets')[0]).toContain(' clientSeed="my-seed_1" ');

    click('clear');
    await waitFor(() => expect(t.sent('cancelbets')).toHaveLength(1));
    expect(t.sent('cancelbets')[0]).not.toContain('clientSeed');

    click('rebet');
    await waitFor(() => expect(t.sent('lpbet')).toHaveLength(1));
    expect(t.sent('lpbet')[0]).toContain(' clientSeed="my-seed_1"');
  });

  it("show a refusal for a responsible-gaming limit (101019) with the catalogue's message", async () => {
    const t = renderTable(<Bets />, TABLE);
    fireEvent.click(screen.getByRole('button', { name: 'place' }));
    const [pbet] = t.sent('pbet');
    const requestId = /requestId="([^"]+)"/.exec(pbet!)![1];
    t.socket().server({
      type: 'betack',
      table: 'rou-1',
      requestId,
      accepted: [],
      code: 101019,
      rejected: [{ spot: 'RED', amount: '5.00', code: 101019 }],
    });
    expect(await screen.findByText('[[ERROR.101019]]')).toBeInTheDocument();
    expect(screen.getByTestId('total')).toHaveTextContent(/^0$/);
    expect(en.ERROR['101019']).toBe('You have reached your responsible gaming limit.');
  });

  it("leave a refusal for want of session balance (3002) to the Italian session's dialog", async () => {
    const t = renderTable(<Bets />, TABLE);
    t.services.session.set((st) => ({
      ...st,
      config: { ...st.config!, casinoConfig: { italian_session: true } },
    }));
    const refuse = (code: number) => {
      fireEvent.click(screen.getByRole('button', { name: 'place' }));
      const requestId = /requestId="([^"]+)"/.exec(t.sent('pbet').at(-1)!)![1];
      t.socket().server({
        type: 'betack',
        table: 'rou-1',
        requestId,
        accepted: [],
        rejected: [{ spot: 'RED', amount: '5.00', code }],
      });
    };
    refuse(3002);
    refuse(3003); // the regulation limit is the table's to say
    expect(await screen.findByText('[[ERROR.3003]]')).toBeInTheDocument();
    expect(screen.queryByText('[[ERROR.3002]]')).toBeNull();
    // Without the Italian session, the catalogue's message is the toast.
    t.services.session.set((st) => ({ ...st, config: { ...st.config!, casinoConfig: {} } }));
    refuse(3002);
    expect(await screen.findByText('[[ERROR.3002]]')).toBeInTheDocument();
  });

  it('make a seed on the first bet when the player has none', () => {
    const t = renderTable(<Bets />, TABLE);
    fireEvent.click(screen.getByRole('button', { name: 'place' }));
    const seed = /clientSeed="([^"]*)"/.exec(t.sent('pbet')[0]!)?.[1];
    expect(seed).toMatch(/^[a-z0-9]{16}$/);
    expect(localStorage.getItem(CLIENT_SEED_KEY)).toBe(seed);
  });
});
