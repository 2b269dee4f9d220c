import { afterEach, describe, expect, it, vi } from 'vitest';

import en from './locales/en.json';
import { facesFor, fontStackFor, parseLanguageFonts } from './fonts';
import {
  FONT_VARIABLE,
  type Resources,
  availableLanguages,
  initI18n,
  initTestI18n,
  keysAsTexts,
  loadLanguageFile,
  loadTextPart,
  type TextPart,
  pseudoText,
} from './index';
import { formatLocale } from '../format/locale';
import { chooseLanguage } from './languages';

describe('i18n', () => {
  it('shows keys in the test locale', async () => {
    const i18n = await initTestI18n(en);
    expect(i18n.t('PLACE_YOUR_BETS')).toBe('[[PLACE_YOUR_BETS]]');
    expect(i18n.t('ERROR.1007')).toBe('[[ERROR.1007]]');
    expect(keysAsTexts({ A: 'x', B: { C: 'y' } })).toEqual({ A: '[[A]]', B: { C: '[[B.C]]' } });
  });

  it('has an English text for every SPEC error code', async () => {
    const file = await loadLanguageFile('en');
    const codes = [
      10104, 10008, 10103, 10102, 10007, 2400, 101019, 20100, 20101, 20102, 20103, 20104, 10003,
      10006, 1001, 1004, 1005, 1028, 1029, 1030, 1006, 1007, 1008, 1009, 1010, 1012, 1013, 1017,
      1018, 1019, 1020, 1021, 1022, 1023, 1024, 1025, 1026, 1027, 1031, 1037, 2001, 2002, 2003,
      2004, 2005, 2006, 2007, 2008, 4001, 3001, 3002, 3003, 1052, 104, 1000, 1400, 1500, 10100,
      10101, 10105, 10106, 0, 10004, 10005, 1002, 1003, 1014, 1015, 1016, 1032, 1033, 2000,
    ];
    for (const code of codes)
      expect(file.ERROR[String(code) as keyof typeof file.ERROR], String(code)).toBeTruthy();
    expect(file.ERROR['1007']).toBe('Bet late. Please try again next round.');
  });
});

const FONTS = parseLanguageFonts({
  default: 'system-ui, sans-serif',
  languages: { ar: '"Noto Naskh Arabic", Tahoma, sans-serif', cn: '"Noto Sans SC", sans-serif' },
});
const fonts = async () => FONTS;

describe('initI18n', () => {
  afterEach(() => vi.restoreAllMocks());
  const html = document.documentElement;

  it('offers the pseudo-locale to testers: every letter accented, placeholders kept', async () => {
    expect(pseudoText('Place your bets')).toBe('Þļàçé ýöûŕ ƀéţš');
    expect(pseudoText('{{count}} players, {{name}}')).toBe('{{count}} þļàýéŕš, {{name}}');
    expect(chooseLanguage({ requested: 'qps', offered: ['de'] })).toBe('qps');
    const i18n = await initI18n('qps', { fonts });
    expect(html.dataset.lang).toBe('qps');
    expect(html.lang).toBe('en-XA');
    expect(i18n.t('ERROR.1007')).not.toMatch(/[A-Za-z]{2}/);
    // The lobby's words come with the lobby's part.
    expect(i18n.t('LOBBY_JOIN', { name: 'Azure' })).toBe('LOBBY_JOIN');
    await loadTextPart('lobby');
    expect(i18n.t('LOBBY_JOIN', { name: 'Azure' })).toBe(
      pseudoText(en.LOBBY_JOIN).replace('{{name}}', 'Azure'),
    );
  });

  it('loads a feature part in the language and in English, and again for a new language', async () => {
    const asked: string[] = [];
    const load = async (lang: string, part?: TextPart) => {
      asked.push(`${lang}:${part ?? 'common'}`);
      return loadLanguageFile(lang, part);
    };
    const i18n = await initI18n('de', { fonts, load });
    expect(asked.filter((a) => a.endsWith(':common')).sort()).toEqual(['de:common', 'en:common']);
    // Only what a feature shows is in its part; the common words are not repeated there.
    const roulette = await loadLanguageFile('de', 'roulette');
    expect(Object.keys(roulette)).toContain('RACETRACK_TITLE');
    expect(Object.keys(roulette)).not.toContain('BALANCE');
    expect(Object.keys(await loadLanguageFile('de'))).not.toContain('RACETRACK_TITLE');
    asked.length = 0;
    await loadTextPart('roulette', load);
    expect(asked.sort()).toEqual(['de:roulette', 'en:roulette']);
    expect(i18n.t('RACETRACK_TITLE')).toBe(roulette.RACETRACK_TITLE);
    // A language chosen later brings the parts already in use.
    asked.length = 0;
    await initI18n('fr', { fonts, load });
    expect(asked).toContain('fr:roulette');
    expect(i18n.t('RACETRACK_TITLE')).toBe(
      (await loadLanguageFile('fr', 'roulette')).RACETRACK_TITLE,
    );
  });

  it('formats numbers in the language it applies', async () => {
    await initI18n('de', { fonts });
    expect(formatLocale()).toBe('de');
    await initI18n('nf', { fonts });
    expect(html.lang).toBe('nl-BE');
    await initI18n('en', { fonts });
    expect(formatLocale()).toBe('en');
  });

  it('loads only the chosen language and English, right to left for Arabic', async () => {
    // An Arabic file that lacks one text (as a file may while a translation is on its way).
    const load = vi.fn(async (lang: string, part?: TextPart) => {
      const file = await loadLanguageFile(lang, part);
      if (lang !== 'ar') return file;
      const partial: Partial<Resources> = { ...file };
      delete partial.HELP_blackjack;
      return partial as Resources;
    });
    const i18n = await initI18n('ar', { fonts, load });
    const common = load.mock.calls.filter((c) => (c[1] ?? 'common') === 'common');
    expect(common.map((c) => c[0]).sort()).toEqual(['ar', 'en']);
    expect(html.lang).toBe('ar');
    expect(html.dir).toBe('rtl');
    expect(html.dataset.lang).toBe('ar');
    expect(i18n.t('BALANCE')).toBe('الرصيد');
    expect(i18n.t('LOADING_PROGRESS', { percent: 40 })).toBe('جارٍ التحميل 40%');
    expect(html.style.getPropertyValue(FONT_VARIABLE)).toBe(
      '"Noto Naskh Arabic", Tahoma, sans-serif',
    );
    // A text the language lacks shows English.
    expect(i18n.t('HELP_blackjack')).toBe(en.HELP_blackjack);
    expect(i18n.t('HELP_autoroulette')).not.toBe(en.HELP_autoroulette);
    // The fallback list is no text i18next knows about.
    expect(i18n.exists('_fallback')).toBe(false);
  });

  it('loads cn for zh, no for nb, and English for what is no SPEC language', async () => {
    const i18n = await initI18n('zh', { fonts });
    expect(html.dataset.lang).toBe('cn');
    expect(html.lang).toBe('zh-CN');
    expect(html.dir).toBe('ltr');
    expect(i18n.t('BALANCE')).toBe('余额');
    await initI18n('nb', { fonts });
    expect(html.dataset.lang).toBe('no');
    expect(i18n.t('BALANCE')).toBe('Saldo');
    await initI18n('pt-BR', { fonts });
    expect(i18n.t('PLACE_YOUR_BETS')).toBe('Façam suas apostas');
    await initI18n('klingon', { fonts });
    expect(html.dataset.lang).toBe('en');
    expect(i18n.t('BALANCE')).toBe('Balance');
    expect(html.style.getPropertyValue(FONT_VARIABLE)).toBe('system-ui, sans-serif');
  });

  it('fails when the primary language fails, and only logs a failing English fallback', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = (bad: string) => async (lang: string) => {
      if (lang === bad) throw new Error(`${lang}.json: 404`);
      return loadLanguageFile(lang);
    };
    await expect(initI18n('de', { fonts, load: failing('de') })).rejects.toThrow('404');
    expect(error).not.toHaveBeenCalled();
    const i18n = await initI18n('fr', { fonts, load: failing('en') });
    expect(error).toHaveBeenCalledWith('fallback language failed to load', expect.any(Error));
    expect(i18n.language).toBe('fr');
    expect(i18n.t('CLOSE')).toBe('Fermer');
  });

  it('keeps the default fonts when the font file fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    html.style.removeProperty(FONT_VARIABLE);
    await initI18n('ja', { fonts: async () => Promise.reject(new Error('404')) });
    expect(html.dataset.lang).toBe('ja');
    expect(html.style.getPropertyValue(FONT_VARIABLE)).toBe('');
    expect(error).toHaveBeenCalled();
    expect(() => parseLanguageFonts({ default: 'x; color: red' })).toThrow();
  });

  it('has a file for every language it lists', async () => {
    expect(availableLanguages()).toHaveLength(36);
    const file: Resources = await loadLanguageFile('sr');
    expect(file).not.toHaveProperty('_fallback');
    expect(file.BALANCE).toBe('Стање');
  });
});

describe('the language font file', () => {
  it('names a shipped font for every script, covering every character of every language', async () => {
    type Plan = {
      default: string;
      languages: Record<string, string>;
      faces: { family: string; codepoints: number[] }[];
    };
    // @ts-expect-error: a plain ES module without types
    const { plan } = (await import('../../../scripts/fonts.mjs')) as { plan: () => Plan };
    const p = plan();
    const fonts = parseLanguageFonts({
      ...p,
      faces: p.faces.map((f) => ({
        family: f.family,
        weight: 400,
        src: '/fonts/x.woff2',
        unicodeRange: 'U+0',
      })),
    });
    for (const lang of ['ar', 'fa', 'hi', 'bn', 'cn', 'ja', 'ko', 'th', 'ka', 'hy'])
      expect(facesFor(fonts, fontStackFor(fonts, lang)).length, lang).toBeGreaterThan(2);
    expect(fonts.default).toMatch(/^"Croupier Sans", system-ui/);
    // Every character a language's texts use is in a face its stack names.
    for (const lang of availableLanguages()) {
      const families = new Set(
        [...fontStackFor(fonts, lang).matchAll(/"([^"]+)"/g)].map((m) => m[1]),
      );
      const covered = new Set(
        p.faces.filter((f) => families.has(f.family)).flatMap((f) => f.codepoints),
      );
      const file = await loadLanguageFile(lang);
      const text = JSON.stringify(file).replace(/\{\{[^}]*\}\}/g, '');
      const missing = [...new Set(text)].filter(
        (c) => c.codePointAt(0)! >= 0x20 && !covered.has(c.codePointAt(0)!),
      );
      expect(missing, `${lang}: characters no shipped font has`).toEqual([]);
    }
  });

  it('refuses faces that are not same-origin WOFF2 files', () => {
    const fonts = parseLanguageFonts({
      default: 'sans-serif',
      faces: [
        { family: 'A', weight: 400, src: '/fonts/a.woff2', unicodeRange: 'U+0-FF' },
        { family: 'B', weight: 400, src: 'https://evil.example/b.woff2', unicodeRange: 'U+0' },
        { family: 'C;', weight: 400, src: '/fonts/c.woff2', unicodeRange: 'U+0' },
      ],
    });
    expect(fonts.faces.map((f) => f.family)).toEqual(['A']);
  });
});
