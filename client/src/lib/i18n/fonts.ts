// The language font JSON (SPEC §7): a CSS font-family stack per language, system fonts
// only, served as /fonts/languages.json and applied as --font-language on :root, which
// styles.css uses for the whole page. A missing file is not fatal: the page keeps the
// default stack of styles.css.

export interface LanguageFonts {
  /** The stack for languages the file does not name. */
  default: string;
  languages: Record<string, string>;
}

export const LANGUAGE_FONTS_URL = '/fonts/languages.json';
export const FONT_VARIABLE = '--font-language';

/** Checks the file's shape; throws on anything else (a stack is one CSS value, no `;{}`). */
export function parseLanguageFonts(value: unknown): LanguageFonts {
  const v = value as Partial<LanguageFonts> | null;
  const stack = (s: unknown): s is string => typeof s === 'string' && !/[;{}]/.test(s) && !!s;
  if (!v || typeof v !== 'object' || !stack(v.default)) throw new Error('bad language font file');
  const languages: Record<string, string> = {};
  if (v.languages && typeof v.languages === 'object') {
    for (const [k, s] of Object.entries(v.languages)) if (stack(s)) languages[k] = s;
  }
  return { default: v.default, languages };
}

export function fontStackFor(fonts: LanguageFonts, lang: string): string {
  return fonts.languages[lang] ?? fonts.default;
}

let cached: Promise<LanguageFonts> | null = null;

/** Fetches the font file once per page. */
export function fetchLanguageFonts(fetchJson: (url: string) => Promise<unknown>) {
  cached ??= fetchJson(LANGUAGE_FONTS_URL)
    .then(parseLanguageFonts)
    .catch((e: unknown) => {
      cached = null; // a later language change may try again
      throw e;
    });
  return cached;
}

/** Sets --font-language on :root for `lang`; logs (and keeps the default) on failure. */
export async function applyLanguageFont(
  lang: string,
  load: () => Promise<LanguageFonts>,
  root: HTMLElement = document.documentElement,
): Promise<void> {
  try {
    root.style.setProperty(FONT_VARIABLE, fontStackFor(await load(), lang));
  } catch (e) {
    console.error('language font file failed to load; keeping the default fonts', e);
  }
}
