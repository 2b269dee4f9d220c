import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  SoundDeck,
  announce,
  resetSounds,
  sounds,
  speaksAt,
  subtitle,
  voiceClip,
  voiceLanguage,
} from './sound';

// jsdom does not play media: play() and pause() only flip `paused` and say so.
beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    Object.defineProperty(this, 'paused', { value: false, configurable: true });
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    Object.defineProperty(this, 'paused', { value: true, configurable: true });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

const volumes = { game_effects: 20, bg_music: 20, vo_music: 60, dealer_voice: 20 };
const audio = (sound: string) =>
  document.querySelector<HTMLAudioElement>(`#sound-deck audio[data-sound="${sound}"]`)!;

describe('the sound deck', () => {
  it('has an element per sound, at its channel volume', () => {
    const deck = new SoundDeck();
    deck.apply({ volumes: { ...volumes, game_effects: 45 }, muted: false });
    expect(audio('chip').volume).toBeCloseTo(0.45);
    expect(audio('music').volume).toBeCloseTo(0.2);
    expect(audio('music').loop).toBe(true);
    expect(audio('chip').getAttribute('src')).toBe('/sounds/effects/chip.mp3');
    expect(document.getElementById('sound-deck')!.hidden).toBe(true);
  });

  it('plays an effect, and nothing at volume 0 or while the host mutes', () => {
    const deck = new SoundDeck();
    deck.apply({ volumes, muted: false });
    deck.play('chip');
    expect(audio('chip').paused).toBe(false);
    deck.apply({ volumes: { ...volumes, game_effects: 0 }, muted: false });
    expect(audio('chip')).toMatchObject({ muted: true, paused: true });
    const play = vi.mocked(HTMLMediaElement.prototype.play);
    play.mockClear();
    deck.play('win');
    expect(play).not.toHaveBeenCalled();
    deck.apply({ volumes, muted: true });
    deck.play('win');
    expect(play).not.toHaveBeenCalled();
    expect(audio('win').muted).toBe(true);
    deck.apply({ volumes, muted: false });
    deck.play('win');
    expect(play).toHaveBeenCalledOnce();
  });

  it('starts the music at the first touch, and stops it when muted', () => {
    const deck = new SoundDeck();
    deck.apply({ volumes, muted: false });
    expect(audio('music').paused).toBe(true); // no touch yet
    deck.unlock();
    expect(audio('music').paused).toBe(false);
    deck.apply({ volumes, muted: true });
    expect(audio('music').paused).toBe(true);
    deck.apply({ volumes, muted: false });
    expect(audio('music').paused).toBe(false);
  });

  it('says the dealer words and shows them, also when the voice is off', () => {
    const deck = new SoundDeck();
    deck.apply({ volumes: { ...volumes, dealer_voice: 0 }, muted: false });
    deck.say('/sounds/voice/en/roulette-22.mp3', '22, Black');
    expect(subtitle.get().text).toBe('22, Black');
    expect(audio('dealer').paused).toBe(true);
    deck.apply({ volumes, muted: false });
    deck.say('/sounds/voice/ja/roulette-7.mp3', '7、赤');
    expect(audio('dealer').getAttribute('src')).toBe('/sounds/voice/ja/roulette-7.mp3');
    expect(audio('dealer').paused).toBe(false);
  });

  it('speaks the voice-over languages and English for the others', () => {
    expect(voiceLanguage('ja')).toBe('ja');
    expect(voiceLanguage('cn')).toBe('cn');
    expect(voiceLanguage('zh')).toBe('cn');
    expect(voiceLanguage('de')).toBe('en');
    // Only those the operator offers, when it lists them (voice_over_languages).
    expect(voiceLanguage('ja', ['en', 'es'])).toBe('en');
    expect(voiceLanguage('es', ['en', 'es'])).toBe('es');
    expect(voiceLanguage('es', [])).toBe('es');
  });

  it("picks each game's clip in the player's language, English for one without clips", () => {
    expect(voiceClip('roulette', '00', 'vi')).toBe('/sounds/voice/vi/roulette-00.mp3');
    expect(voiceClip('baccarat', 'banker', 'cn')).toBe('/sounds/voice/cn/baccarat-banker.mp3');
    expect(voiceClip('dragontiger', 'tie', 'ko')).toBe('/sounds/voice/ko/dragontiger-tie.mp3');
    expect(voiceClip('andarbahar', 'andar', 'bn')).toBe('/sounds/voice/bn/andarbahar-andar.mp3');
    expect(voiceClip('sicbo', '10-small', 'ja')).toBe('/sounds/voice/ja/sicbo-10-small.mp3');
    expect(voiceClip('megawheel', '40', 'th')).toBe('/sounds/voice/th/megawheel-40.mp3');
    expect(voiceClip('blackjack', 'bust', 'pt')).toBe('/sounds/voice/pt/blackjack-bust.mp3');
    expect(voiceClip('blackjack', '18', 'de')).toBe('/sounds/voice/en/blackjack-18.mp3');
    expect(voiceClip('sicbo', '6-triple', 'ar')).toBe('/sounds/voice/en/sicbo-6-triple.mp3');
  });

  it('speaks at every table when the operator lists none, else only at those listed', () => {
    expect(speaksAt('bac-1', [])).toBe(true);
    expect(speaksAt('bac-1', ['bac-1', 'rou-2'])).toBe(true);
    expect(speaksAt('sic-1', ['bac-1', 'rou-2'])).toBe(false);
  });

  it('announces a result: the clip and the subtitles, or the subtitles alone', () => {
    sounds().apply({ volumes, muted: false });
    announce('sicbo', '10-small', 'de', 'Summe 10, Klein');
    expect(subtitle.get().text).toBe('Summe 10, Klein');
    expect(audio('dealer').getAttribute('src')).toBe('/sounds/voice/en/sicbo-10-small.mp3');
    expect(audio('dealer').paused).toBe(false);
    audio('dealer').pause();
    announce('baccarat', 'tie', 'ja', 'タイ', false); // a table without voice-over
    expect(subtitle.get().text).toBe('タイ');
    expect(audio('dealer').getAttribute('src')).toBe('/sounds/voice/en/sicbo-10-small.mp3');
    expect(audio('dealer').paused).toBe(true);
    resetSounds();
    // Without a deck (no page), nothing at all.
    announce('baccarat', 'tie', 'ja', 'タイ 2');
    expect(subtitle.get().text).toBe('タイ');
  });
});
