// Texts through i18next and react-i18next. English is complete and the source of the
// typed keys (a misspelt key does not compile); the other SPEC §9 languages load on
// demand, in parts (TEXT_PARTS: only the chosen language and English, only the page's
// words), and fall back to English. A language file's marks ("_fallback", "_review",
// "_same", kept by `npm run languages`) are left out of its parts; i18next never sees
// them. The "test" locale shows each key as [[KEY]].
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

import { setFormatLocale } from '../format/locale';
import { type LanguageFonts, applyLanguageFont, fetchLanguageFonts } from './fonts';
import {
  DEFAULT_LANGUAGE,
  type LanguageCode,
  PSEUDO_LANGUAGE,
  htmlLangOf,
  isRightToLeft,
  normaliseLanguage,
} from './languages';
import type en from './locales/en.json';

export * from './languages';
export { LANGUAGE_FONTS_URL, FONT_VARIABLE } from './fonts';

export type Resources = typeof en;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Resources };
  }
}

/**
 * The parts the texts come in: what every page shows (common), and each feature's own
 * words, loaded with its page (scripts/text-parts.mjs decides which key goes where, from
 * the code that names it). A part is a feature's directory under src/features.
 */
export const TEXT_PARTS = [
  'common',
  'lobby',
  'roulette',
  'cards',
  'blackjack',
  'sicbo',
  'megawheel',
  'crash',
  'sweetbonanza',
  'slots',
  'boomorbust',
  'history',
  'settings',
  'account',
  'studio',
] as const;
export type TextPart = (typeof TEXT_PARTS)[number];

export interface PartModule {
  default: Partial<Resources>;
}
/** A part's loaders, one per language file, keyed by the file's path. */
export type PartLoaders = Record<string, () => Promise<PartModule>>;

// Each language's common part, the entry's own; a feature's loaders are a small chunk of
// their own (./parts/<feature>.ts, one glob each: import.meta.glob takes literals only),
// so that the entry carries no loader for words it does not show.
const commonLoaders: PartLoaders = import.meta.glob<PartModule>('./locales/*.json', {
  query: '?part=common',
});
const partLoaders: Record<Exclude<TextPart, 'common'>, () => Promise<PartLoaders>> = {
  lobby: () => import('./parts/lobby').then((m) => m.default),
  roulette: () => import('./parts/roulette').then((m) => m.default),
  cards: () => import('./parts/cards').then((m) => m.default),
  blackjack: () => import('./parts/blackjack').then((m) => m.default),
  sicbo: () => import('./parts/sicbo').then((m) => m.default),
  megawheel: () => import('./parts/megawheel').then((m) => m.default),
  crash: () => import('./parts/crash').then((m) => m.default),
  sweetbonanza: () => import('./parts/sweetbonanza').then((m) => m.default),
  slots: () => import('./parts/slots').then((m) => m.default),
  boomorbust: () => import('./parts/boomorbust').then((m) => m.default),
  history: () => import('./parts/history').then((m) => m.default),
  settings: () => import('./parts/settings').then((m) => m.default),
  account: () => import('./parts/account').then((m) => m.default),
  studio: () => import('./parts/studio').then((m) => m.default),
};

export const TEST_LOCALE = 'test';

/** Every key of a resource tree as [[KEY]] (nested keys joined with '.'). */
export function keysAsTexts(tree: Record<string, unknown>, prefix = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    out[k] =
      v && typeof v === 'object' ? keysAsTexts(v as Record<string, unknown>, key) : `[[${key}]]`;
  }
  return out;
}

const PSEUDO_LETTERS: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyz', ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [
    c,
    [...'àƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][i]!,
  ]),
);

/** One text in the pseudo-locale: every ASCII letter accented, {{placeholders}} kept. */
export function pseudoText(text: string): string {
  return text
    .split(/(\{\{[^}]*\}\}|\$t\([^)]*\))/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/[A-Za-z]/g, (c) => PSEUDO_LETTERS[c]!)))
    .join('');
}

/** A resource tree in the pseudo-locale. */
export function pseudoTexts(tree: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(tree)) {
    out[k] =
      v && typeof v === 'object'
        ? pseudoTexts(v as Record<string, unknown>)
        : typeof v === 'string'
          ? pseudoText(v)
          : v;
  }
  return out;
}

/**
 * Loads one part of a language's texts (the common part by default); throws when it
 * cannot be loaded.
 */
export async function loadLanguageFile(
  lang: string,
  part: TextPart = 'common',
): Promise<Resources> {
  if (lang === PSEUDO_LANGUAGE)
    return pseudoTexts(await loadLanguageFile(DEFAULT_LANGUAGE, part)) as unknown as Resources;
  const loaders = part === 'common' ? commonLoaders : await partLoaders[part]();
  const loader = Object.entries(loaders).find(([path]) => path.endsWith(`/${lang}.json`))?.[1];
  if (!loader) throw new Error(`no language file for ${lang}`);
  return (await loader()).default as Resources;
}

/** The codes that have a language file (not the aliases such as zh). */
export function availableLanguages(): string[] {
  return Object.keys(commonLoaders).map((p) => p.replace(/^.*\/(\w+)\.json$/, '$1'));
}

type Load = (lang: string, part?: TextPart) => Promise<Resources>;

// The parts pages have asked for so far (besides common): a language chosen later loads
// them too.
const partsInUse = new Set<TextPart>();

async function addPart(lang: string, part: TextPart, load: Load): Promise<void> {
  try {
    i18next.addResourceBundle(lang, 'translation', await load(lang, part), true, true);
  } catch (e) {
    console.error(`texts ${part} (${lang}) failed to load`, e);
  }
}

/**
 * Loads a feature's words (its page awaits this before it shows) in the page's language
 * and in English behind it. A part that fails to load is logged: its words then show in
 * English, or as their keys.
 */
export async function loadTextPart(part: TextPart, load: Load = loadLanguageFile): Promise<void> {
  partsInUse.add(part);
  const lang = i18next.language;
  if (!i18next.isInitialized || lang === TEST_LOCALE) return;
  const langs = lang === DEFAULT_LANGUAGE ? [lang] : [lang, DEFAULT_LANGUAGE];
  await Promise.all(langs.map((l) => addPart(l, part, load)));
}

/** A feature's module, loaded together with its words (for React.lazy). */
export function withTextPart<T>(part: TextPart, load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadTextPart(part)]).then(([module]) => module);
}

/** <html lang dir data-lang> for a language: CSS and components read these. */
export function applyDocumentLanguage(
  lang: LanguageCode | typeof PSEUDO_LANGUAGE,
  root: HTMLElement = document.documentElement,
): void {
  root.lang = lang === PSEUDO_LANGUAGE ? 'en-XA' : htmlLangOf(lang);
  setFormatLocale(root.lang);
  root.dir = isRightToLeft(lang) ? 'rtl' : 'ltr';
  root.dataset.lang = lang;
}

export interface InitOptions {
  /** The language font file; the default fetches /fonts/languages.json once. */
  fonts?: () => Promise<LanguageFonts>;
  /** Loads a part of a language's texts; the default is loadLanguageFile (tests replace it). */
  load?: Load;
}

const defaultFonts = () =>
  fetchLanguageFonts(async (url) => {
    const r = await fetch(url);
    if (!r.ok) throw new Error(`${url}: ${r.status}`);
    return r.json();
  });

/**
 * Starts i18next with `lang` (an alias or a region suffix is resolved first: zh → cn,
 * pt-BR → pt; English when it is no SPEC language). The primary language must load, or
 * this rejects; English, the fallback, is loaded too when another language is primary,
 * and its failure is only logged. Sets <html lang dir data-lang> and the language's fonts.
 */
export async function initI18n(lang: string, options: InitOptions = {}): Promise<typeof i18next> {
  const code = lang === PSEUDO_LANGUAGE ? lang : (normaliseLanguage(lang) ?? DEFAULT_LANGUAGE);
  const primary =
    code === PSEUDO_LANGUAGE || availableLanguages().includes(code) ? code : DEFAULT_LANGUAGE;
  const load = options.load ?? loadLanguageFile;
  const font = applyLanguageFont(primary, options.fonts ?? defaultFonts);
  const resources: Record<string, { translation: Resources }> = {};
  const [main, english] = await Promise.all([
    load(primary),
    primary === DEFAULT_LANGUAGE
      ? null
      : load(DEFAULT_LANGUAGE).catch((e: unknown) => {
          console.error('fallback language failed to load', e);
          return null;
        }),
  ]);
  resources[primary] = { translation: main };
  if (english) resources[DEFAULT_LANGUAGE] = { translation: english };
  if (i18next.isInitialized) {
    // Started elsewhere (the tests' key locale) without English behind it: add it.
    i18next.options.fallbackLng = DEFAULT_LANGUAGE;
    for (const [lng, bundle] of Object.entries(resources)) {
      i18next.addResourceBundle(lng, 'translation', bundle.translation, true, true);
    }
    await i18next.changeLanguage(primary);
  } else {
    await i18next.use(initReactI18next).init({
      lng: primary,
      fallbackLng: DEFAULT_LANGUAGE,
      resources,
      interpolation: { escapeValue: false }, // React escapes
      showSupportNotice: false, // no advertisement in the player's console
    } as Parameters<typeof i18next.init>[0]);
  }
  // The parts pages have already asked for, in this language too.
  await Promise.all(
    [...partsInUse].flatMap((part) => Object.keys(resources).map((l) => addPart(l, part, load))),
  );
  applyDocumentLanguage(primary);
  await font;
  return i18next;
}

/** For tests: the test locale, which shows keys. */
/** For tests that read the texts as players do: the English file itself, not its keys. */
export async function initEnglishI18n(english: Resources): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    showSupportNotice: false,
    lng: 'en',
    resources: { en: { translation: english } },
    interpolation: { escapeValue: false },
  });
  return i18next;
}

export async function initTestI18n(english: Resources): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    showSupportNotice: false,
    lng: TEST_LOCALE,
    resources: { [TEST_LOCALE]: { translation: keysAsTexts(english) as unknown as Resources } },
    interpolation: { escapeValue: false },
  });
  return i18next;
}
