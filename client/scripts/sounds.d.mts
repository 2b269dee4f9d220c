// Types of sounds.mjs for the tests (lib/sound/dealer-lines.test.ts).

/** The voice-over languages (SPEC §9) and espeak-ng's voice for each. */
export const VOICES: Record<string, string>;

/** What the dealer says for a pocket: "22, Black"; zero has no colour. */
export function rouletteWords(pocket: string, red: string, black: string): string;

/** A language's texts as the clips are built from them: `text(key, values)`. */
export type Texts = (key: string, values?: Record<string, string | number>) => string;

/** Every clip of the dealer's voice in one language: voice/<lang>/<game>-<key>.mp3. */
export function voiceLines(text: Texts): { game: string; key: string; words: string }[];

/** A language's texts, English where it has none, with {{name}} filled in. */
export function textsOf(lang: string): Texts;
