// Texts through i18next and react-i18next. English is complete and the source of the
// typed keys (a misspelt key does not compile); other languages load on demand as their
// own files and fall back to English. The "test" locale shows each key as [[KEY]].
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

import type en from './locales/en.json';

export type Resources = typeof en;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Resources };
  }
}

const loaders = import.meta.glob<{ default: Resources }>('./locales/*.json');

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

/** Loads one language file; throws when it cannot be loaded. */
export async function loadLanguageFile(lang: string): Promise<Resources> {
  const loader = loaders[`./locales/${lang}.json`];
  if (!loader) throw new Error(`no language file for ${lang}`);
  return (await loader()).default;
}

export function availableLanguages(): string[] {
  return Object.keys(loaders).map((p) => p.replace(/^.*\/(\w+)\.json$/, '$1'));
}

/**
 * Starts i18next with `lang` (English when it has no file). The primary language must
 * load; English, the fallback, is loaded too when another language is primary.
 */
export async function initI18n(lang: string): Promise<typeof i18next> {
  const primary = availableLanguages().includes(lang) ? lang : 'en';
  const resources: Record<string, { translation: Resources }> = {};
  resources[primary] = { translation: await loadLanguageFile(primary) };
  if (primary !== 'en') {
    try {
      resources.en = { translation: await loadLanguageFile('en') };
    } catch (e) {
      console.error('fallback language failed to load', e);
    }
  }
  if (i18next.isInitialized) {
    for (const [lng, bundle] of Object.entries(resources)) {
      i18next.addResourceBundle(lng, 'translation', bundle.translation, true, true);
    }
    await i18next.changeLanguage(primary);
  } else {
    await i18next.use(initReactI18next).init({
      lng: primary,
      fallbackLng: 'en',
      resources,
      interpolation: { escapeValue: false }, // React escapes
      showSupportNotice: false, // no advertisement in the player's console
    } as Parameters<typeof i18next.init>[0]);
  }
  document.documentElement.lang = primary;
  return i18next;
}

/** For tests: the test locale, which shows keys. */
export async function initTestI18n(english: Resources): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    showSupportNotice: false,
    lng: TEST_LOCALE,
    resources: { [TEST_LOCALE]: { translation: keysAsTexts(english) as unknown as Resources } },
    interpolation: { escapeValue: false },
  });
  return i18next;
}
