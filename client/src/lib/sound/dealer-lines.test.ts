// What each game's dealer says (features/<game>/names.ts `dealerLine`) against the clips
// the build makes (scripts/sounds.mjs `voiceLines`): every result a game can show picks a
// clip that exists, with the words the clip says, and every clip is said by some result.
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';

import { VOICES, textsOf, voiceLines } from '../../../scripts/sounds.mjs';
import { dealerLine as blackjackLine } from '../../features/blackjack/names';
import { dealerLine as cardLine } from '../../features/cards/names';
import { dealerLine as wheelLine } from '../../features/megawheel/names';
import { dealerLine as rouletteLine } from '../../features/roulette/names';
import { dealerLine as sicboLine } from '../../features/sicbo/names';
import en from '../i18n/locales/en.json';
import { type Face, throwOf } from '../table/dice';
import { WHEEL_NUMBERS } from '../table/money-wheel';
import { VOICE_OVER_LANGUAGES } from '../i18n/languages';
import type { DealerLine } from './sound';

let t: TFunction;
beforeAll(async () => {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'en',
    resources: { en: { translation: en } },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  } as Parameters<typeof i18n.init>[0]);
  t = i18n.t;
});

/** Every result each game can show, as the dealer says it (null: nothing to say). */
function everyLine(): [string, string, DealerLine | null][] {
  const out: [string, string, DealerLine | null][] = [];
  for (let n = 0; n <= 37; n++) out.push(['roulette', String(n), rouletteLine(t, n)]); // 37: 00
  const cards: Record<string, string[]> = {
    baccarat: ['P 8-2', 'B 5-9', 'T 6-6'],
    dragontiger: ['D', 'T', 'X'],
    andarbahar: ['A', 'B'],
  };
  for (const [game, labels] of Object.entries(cards))
    for (const label of labels) out.push([game, label, cardLine(t, game, label)]);
  const faces = [1, 2, 3, 4, 5, 6] as Face[];
  for (const a of faces)
    for (const b of faces)
      for (const c of faces) out.push(['sicbo', `${a}${b}${c}`, sicboLine(t, throwOf([a, b, c]))]);
  for (const n of WHEEL_NUMBERS) out.push(['megawheel', String(n), wheelLine(t, n)]);
  for (let total = 4; total <= 21; total++)
    out.push(['blackjack', `D ${total}`, blackjackLine(t, `D ${total}`)]);
  out.push(['blackjack', 'D BJ', blackjackLine(t, 'D BJ')]);
  out.push(['blackjack', 'D BUST', blackjackLine(t, 'D BUST')]);
  return out;
}

describe("the dealer's lines", () => {
  it('has a clip for every result, saying the words the subtitles show', () => {
    const clips = new Map(voiceLines(textsOf('en')).map((c) => [`${c.game}-${c.key}`, c.words]));
    const said = new Set<string>();
    for (const [game, result, line] of everyLine()) {
      expect(line, `${game} ${result}`).not.toBeNull();
      const clip = `${game}-${line!.key}`;
      expect(clips.get(clip), `${game} ${result}: ${clip}`).toBe(line!.words);
      said.add(clip);
    }
    // No clip the build makes for nothing.
    expect([...clips.keys()].sort()).toEqual([...said].sort());
    expect(clips.size).toBe(95);
  });

  it('says what each game shows', () => {
    expect(rouletteLine(t, 22)).toEqual({ key: '22', words: '22, Black' });
    expect(rouletteLine(t, 37)).toEqual({ key: '00', words: '00' });
    expect(cardLine(t, 'baccarat', 'B 5-9')).toEqual({ key: 'banker', words: 'Banker wins' });
    expect(cardLine(t, 'dragontiger', 'T')).toEqual({ key: 'tiger', words: 'Tiger wins' });
    expect(cardLine(t, 'dragontiger', 'X')).toEqual({ key: 'tie', words: 'Tie' });
    expect(cardLine(t, 'andarbahar', 'B')).toEqual({ key: 'bahar', words: 'Bahar wins' });
    expect(cardLine(t, 'andarbahar', 'X')).toBeNull();
    expect(sicboLine(t, throwOf([1, 3, 6]))).toEqual({ key: '10-small', words: 'Total 10, Small' });
    expect(sicboLine(t, throwOf([6, 5, 1]))).toEqual({ key: '12-big', words: 'Total 12, Big' });
    expect(sicboLine(t, throwOf([4, 4, 4]))).toEqual({
      key: '12-triple',
      words: 'Total 12, Triple',
    });
    expect(wheelLine(t, 40)).toEqual({ key: '40', words: 'The wheel stopped on 40' });
    expect(blackjackLine(t, 'D 18')).toEqual({ key: '18', words: 'Dealer has 18' });
    expect(blackjackLine(t, 'D BJ')).toEqual({ key: 'bj', words: 'Dealer has blackjack' });
    expect(blackjackLine(t, 'D BUST')).toEqual({ key: 'bust', words: 'Dealer busts' });
    expect(blackjackLine(t, 'D ?')).toBeNull();
  });

  it('builds the clips in every voice-over language from its own words', () => {
    expect(Object.keys(VOICES).sort()).toEqual([...VOICE_OVER_LANGUAGES].sort());
    const ja = new Map(voiceLines(textsOf('ja')).map((c) => [`${c.game}-${c.key}`, c.words]));
    expect(ja.get('baccarat-banker')).toBe('バンカーの勝ち');
    expect(ja.get('sicbo-10-small')).toBe('合計 10, スモール');
    expect(ja.get('blackjack-18')).toBe('ディーラーは 18');
    for (const lang of Object.keys(VOICES)) {
      const lines = voiceLines(textsOf(lang));
      expect(lines, lang).toHaveLength(95);
      // Every text found and filled in: no key names, no {{placeholders}} left.
      for (const { words } of lines) expect(words, lang).not.toMatch(/\{\{|[A-Z]{2,}_/);
    }
  });
});
