// The app's sounds (SPEC §2 "sounds, effects, background music, voice, dealer voice"):
// one <audio> element per sound in a hidden deck at the end of <body>, so that what
// plays, how loud and whether it is muted can be seen in the page. Each element belongs
// to a channel whose volume is a player setting (lib/settings: 0-100, SPEC §3's default
// 20 is a gain of 0.2); a channel at 0, or the host's MUTE, mutes and pauses it. The
// clips are built with the client (scripts/sounds.mjs) and load when first played.
//
// Browsers play sound only after the player has touched the page; until then a play()
// is refused, quietly. The music starts at the first touch.
//
// The dealer announces each game's result (`announce`): a clip of voice/<lang>/<game>-
// <key>.mp3 (the clips and their words: scripts/sounds.mjs `voiceLines`; each game's key
// and words: `dealerLine` in features/<game>/names.ts), with the words in the player's
// own language as subtitles.
import { voiceOverLanguage } from '../i18n/languages';
import type { VolumeKey } from '../settings';
import { createStore } from '../store';

export type Effect = 'chip' | 'closed' | 'win';
type Channel = Exclude<VolumeKey, 'video_sounds'>;

/**
 * The language of the clips a player hears: theirs when it is a voice-over language
 * (SPEC §9) and, when the operator lists them (casino config `voice_over_languages`),
 * one it offers; English otherwise.
 */
export function voiceLanguage(lang: string, offered?: readonly string[]): string {
  return voiceOverLanguage(lang, offered);
}

/** What the dealer says of a result: the clip's key in its game, and the words. */
export interface DealerLine {
  key: string;
  words: string;
}

/** The clip of a game's announcement in a language (English where it has none). */
export function voiceClip(game: string, key: string, lang: string): string {
  return `/sounds/voice/${voiceLanguage(lang)}/${game}-${key}.mp3`;
}

/**
 * Whether the dealer speaks at a table (casino config `voice_over_tables`): at every
 * table when the operator lists none, else only at those listed. The subtitles show the
 * words at every table either way.
 */
export function speaksAt(tableId: string, voiceOverTables: readonly string[]): boolean {
  return voiceOverTables.length === 0 || voiceOverTables.includes(tableId);
}

/** The dealer's words of the last announcement, for subtitles (empty when none). */
export const subtitle = createStore<{ text: string; at: number }>({ text: '', at: 0 });

interface Mix {
  volumes: Record<Channel, number>;
  muted: boolean; // the host's MUTE
}

export class SoundDeck {
  private readonly root: HTMLElement;
  private readonly effects = new Map<Effect, HTMLAudioElement>();
  private readonly music: HTMLAudioElement;
  private readonly voice: HTMLAudioElement;
  private mix: Mix = {
    volumes: { game_effects: 20, bg_music: 20, vo_music: 60, dealer_voice: 20 },
    muted: false,
  };
  private touched = false;

  constructor(doc: Document = document, base = '/sounds') {
    this.root = doc.createElement('div');
    this.root.id = 'sound-deck';
    this.root.hidden = true;
    const make = (channel: Channel, name: string, src: string | null) => {
      const a = doc.createElement('audio');
      a.preload = 'none';
      a.dataset.channel = channel;
      a.dataset.sound = name;
      if (src) a.src = src;
      this.root.append(a);
      return a;
    };
    for (const e of ['chip', 'closed', 'win'] as const)
      this.effects.set(e, make('game_effects', e, `${base}/effects/${e}.mp3`));
    this.music = make('bg_music', 'music', `${base}/music.mp3`);
    this.music.loop = true;
    this.voice = make('dealer_voice', 'dealer', null);
    doc.body.append(this.root);
  }

  private elements(): HTMLAudioElement[] {
    return [...this.effects.values(), this.music, this.voice];
  }

  private silent(channel: Channel): boolean {
    return this.mix.muted || this.mix.volumes[channel] <= 0;
  }

  /** New volumes or mute: every element follows at once; a silenced one stops. */
  apply(mix: Mix): void {
    this.mix = mix;
    for (const a of this.elements()) {
      const channel = a.dataset.channel as Channel;
      a.volume = Math.min(1, Math.max(0, mix.volumes[channel] / 100));
      a.muted = this.silent(channel);
      if (a.muted && !a.paused) a.pause();
    }
    if (this.touched) this.startMusic();
  }

  /** The player touched the page: sound may play from now on. */
  unlock(): void {
    this.touched = true;
    this.startMusic();
  }

  private startMusic(): void {
    if (this.silent('bg_music') || !this.music.paused) return;
    this.start(this.music);
  }

  private start(a: HTMLAudioElement): void {
    a.play()?.catch(() => {
      /* not allowed yet (no touch) or the file failed: no sound, nothing else */
    });
  }

  play(effect: Effect): void {
    if (this.silent('game_effects')) return;
    const a = this.effects.get(effect)!;
    a.currentTime = 0;
    this.start(a);
  }

  /**
   * The dealer says `text` (a clip of it at `src`; null: the subtitles only); the
   * subtitles show it either way.
   */
  say(src: string | null, text: string): void {
    subtitle.set({ text, at: Date.now() });
    if (src === null || this.silent('dealer_voice')) return;
    this.voice.src = src;
    this.start(this.voice);
  }

  dispose(): void {
    for (const a of this.elements()) a.pause();
    this.root.remove();
  }
}

let deck: SoundDeck | null = null;

/** The page's deck (made on first use). */
export function sounds(): SoundDeck {
  deck ??= new SoundDeck();
  return deck;
}

/** Plays an effect if the page has a deck; for code that runs in tests too. */
export function playEffect(effect: Effect): void {
  deck?.play(effect);
}

/** For tests: forget the page's deck. */
export function resetSounds(): void {
  deck?.dispose();
  deck = null;
}

/**
 * Announces a game's result (`game`: roulette, baccarat, dragontiger, andarbahar, sicbo,
 * megawheel, blackjack): the clip `key` in the player's language `lang` (English where
 * there is none), and `words`, the same in the player's own language, for the subtitles.
 * `voiced` false (a table without voice-over, `speaksAt`): the subtitles only.
 */
export function announce(
  game: string,
  key: string,
  lang: string,
  words: string,
  voiced = true,
): void {
  deck?.say(voiced ? voiceClip(game, key, lang) : null, words);
}
