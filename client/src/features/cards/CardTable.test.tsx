import { act, cleanup, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import de from '../../lib/i18n/locales/de.json';
import en from '../../lib/i18n/locales/en.json';
import ja from '../../lib/i18n/locales/ja.json';
import type { SpotLimit } from '../../lib/session';
import { dealerSays } from '../../lib/sound/sound.test-util';
import { renderTable, tableConfig } from '../../lib/table/table.test-util';
import CardTable from './CardTable';
import { FakeHls, fakeVideoElements, setVideo } from '../../lib/video/hls.test-util';

vi.mock('hls.js/light', async () => ({
  default: (await import('../../lib/video/hls.test-util')).FakeHls,
}));

const VIDEO = { url: '/video/bac-1/master.m3u8', renditions: ['high'], delayBudgetMs: 4000 };

const spots = (codes: string[]): SpotLimit[] =>
  codes.map((kind) => ({ kind, payout: 1, inside: false, min: '1.00', max: '500.00' }));
const SPOTS: Record<string, SpotLimit[]> = {
  baccarat: spots(['PLAYER', 'TIE', 'BANKER']),
  dragontiger: spots(['DRAGON', 'TIE', 'TIGER']),
  andarbahar: spots(['ANDAR', 'BAHAR']),
};

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: {
      en: { translation: en },
      de: { translation: de },
      ja: { translation: ja },
    },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  } as Parameters<typeof i18next.init>[0]);
});

afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('en');
});

function open(
  game: string,
  tableId: string,
  props: { compact?: boolean } = {},
  video: typeof VIDEO | null = null,
) {
  const config = tableConfig(tableId, game, SPOTS[game]!, { name: `Table ${tableId}`, video });
  const t = renderTable(
    <CardTable
      tableId={tableId}
      game={game}
      config={props.compact ? config : undefined}
      {...props}
    />,
    config,
  );
  t.event('resync', {
    gameId: `${tableId}-000001`,
    state: 2,
    betsOpen: true,
    endsAt: Date.now() + 15_000,
    results: [],
    myAcks: [],
  });
  /** The round `n`'s result, as the server ends it. */
  const result = (n: number, label: string, extra: Record<string, unknown> = {}) => {
    const gameId = `${tableId}-00000${n}`;
    if (n > 1) t.event('betsopen', { gameId, state: 2, endsAt: Date.now() + 15_000 });
    t.event('gameresult', { gameId, state: 24, result: label, ...extra });
  };
  return { ...t, result };
}

describe('CardTable', () => {
  it('has the dealer announce the winner once a round', () => {
    const say = dealerSays();
    const t = open('baccarat', 'bac-1');
    expect(say).not.toHaveBeenCalled();
    t.result(1, 'B 5-9');
    expect(screen.getByTestId('result')).toHaveAttribute('data-winner', 'BANKER');
    expect(say.mock.calls).toEqual([['/sounds/voice/en/baccarat-banker.mp3', 'Banker wins']]);
    // The same round again (a replay, a timer) says nothing more.
    t.result(1, 'B 5-9', { replayed: true });
    t.event('timer', { gameId: 'bac-1-000001', endsAt: Date.now() + 5_000 });
    expect(say).toHaveBeenCalledOnce();
    t.result(2, 'T 6-6');
    expect(say).toHaveBeenCalledTimes(2);
    expect(say).toHaveBeenLastCalledWith('/sounds/voice/en/baccarat-tie.mp3', 'Tie');
  });

  it("speaks the player's language, or English where it has no clips, and shows their words", async () => {
    const say = dealerSays();
    await act(() => i18next.changeLanguage('ja'));
    const t = open('dragontiger', 'dt-1');
    t.result(1, 'T');
    expect(say).toHaveBeenLastCalledWith('/sounds/voice/ja/dragontiger-tiger.mp3', ja.WINNER_tiger);
    await act(() => i18next.changeLanguage('de'));
    t.result(2, 'X');
    expect(say).toHaveBeenLastCalledWith('/sounds/voice/en/dragontiger-tie.mp3', de.WINNER_tie);
    expect(say).toHaveBeenCalledTimes(2);
  });

  it('speaks only at the tables the operator lists, and shows the words at every table', () => {
    const say = dealerSays();
    const t = open('andarbahar', 'ab-1');
    const voiceOver = (tables: string[]) =>
      act(() =>
        t.services.session.set((s) => ({
          ...s,
          config: { ...s.config!, casinoConfig: { voice_over_tables: tables } },
        })),
      );
    voiceOver(['bac-1']);
    t.result(1, 'A');
    expect(say).toHaveBeenLastCalledWith(null, 'Andar wins');
    voiceOver(['bac-1', 'ab-1']);
    t.result(2, 'B');
    expect(say).toHaveBeenLastCalledWith('/sounds/voice/en/andarbahar-bahar.mp3', 'Bahar wins');
    expect(say).toHaveBeenCalledTimes(2);
  });

  it('announces nothing in a multi-table view, where tables would talk over each other', () => {
    const say = dealerSays();
    const t = open('baccarat', 'bac-2', { compact: true });
    t.result(1, 'P 8-2');
    expect(screen.getByTestId('result')).toHaveAttribute('data-winner', 'PLAYER');
    expect(say).not.toHaveBeenCalled();
  });

  it('without video reports its drawn studio loaded with the game', () => {
    const t = open('baccarat', 'bac-2');
    expect(t.services.loaded).toHaveBeenCalledWith('game');
    expect(t.services.loaded).toHaveBeenCalledWith('video');
    expect(screen.queryByTestId('table-video')).toBeNull();
  });
});

describe('CardTable with live video', () => {
  let media: ReturnType<typeof fakeVideoElements>;
  afterEach(() => media.restore());

  it('shows the video beside the drawn cards, loaded at its first frame', async () => {
    FakeHls.reset();
    media = fakeVideoElements();
    const t = open('baccarat', 'bac-1', {}, VIDEO);
    expect(t.services.loaded).toHaveBeenCalledWith('game');
    expect(t.services.loaded).not.toHaveBeenCalledWith('video');
    const video = screen.getByTestId('table-video') as HTMLVideoElement;
    expect(video).toHaveAccessibleName('Live video of Table bac-1');
    // The drawn hands stay (their totals, the squeeze).
    expect(document.querySelector('.hands')).toBeInTheDocument();
    await act(async () => {
      await vi.dynamicImportSettled();
      await vi.dynamicImportSettled();
    });
    expect(FakeHls.last().source).toBe(VIDEO.url);
    setVideo(video, { videoWidth: 854, videoHeight: 480, currentTime: 2 });
    await act(async () => media.frame());
    expect(t.services.loaded).toHaveBeenCalledWith('video');
    expect(screen.getByTestId('table-video-box')).toHaveAttribute('data-phase', 'playing');
  });

  it('in a multi-table view has no video', () => {
    FakeHls.reset();
    media = fakeVideoElements();
    open('baccarat', 'bac-1', { compact: true }, VIDEO);
    expect(screen.queryByTestId('table-video')).toBeNull();
  });
});
