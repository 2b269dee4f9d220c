// The language font JSON (SPEC §7): for each language a CSS font-family stack, led by the
// fonts the client ships (subsetted Noto, built by scripts/fonts.mjs into public/fonts and
// served as /fonts/languages.json), and the faces behind those fonts. The stack is applied
// as --font-language on :root, which styles.css uses for the whole page; the faces of the
// language's own families are registered (FontFace), and the browser fetches a face only
// when the page's text needs it (each has a unicode-range). So a page loads its own
// language's fonts and nothing else. A missing file is not fatal: the page keeps the
// default stack of styles.css and the system's fonts.

export interface FontFaceSpec {
  family: string;
  weight: number;
  src: string; // a same-origin path
  unicodeRange: string;
}

export interface LanguageFonts {
  /** The stack for languages the file does not name. */
  default: string;
  languages: Record<string, string>;
  faces: FontFaceSpec[];
}

export const LANGUAGE_FONTS_URL = '/fonts/languages.json';
export const FONT_VARIABLE = '--font-language';

const stack = (s: unknown): s is string => typeof s === 'string' && !/[;{}]/.test(s) && !!s;

function face(value: unknown): FontFaceSpec | null {
  const f = value as Partial<FontFaceSpec> | null;
  if (!f || typeof f !== 'object') return null;
  if (typeof f.family !== 'string' || !/^[\w ]+$/.test(f.family)) return null;
  if (typeof f.src !== 'string' || !/^\/fonts\/[\w.-]+\.woff2$/.test(f.src)) return null;
  if (typeof f.weight !== 'number' || typeof f.unicodeRange !== 'string') return null;
  if (!/^(U\+[0-9A-F]+(-[0-9A-F]+)?(, )?)+$/.test(f.unicodeRange)) return null;
  return { family: f.family, weight: f.weight, src: f.src, unicodeRange: f.unicodeRange };
}

/** Checks the file's shape; throws on anything else (a stack is one CSS value, no `;{}`). */
export function parseLanguageFonts(value: unknown): LanguageFonts {
  const v = value as Partial<LanguageFonts> | null;
  if (!v || typeof v !== 'object' || !stack(v.default)) throw new Error('bad language font file');
  const languages: Record<string, string> = {};
  if (v.languages && typeof v.languages === 'object') {
    for (const [k, s] of Object.entries(v.languages)) if (stack(s)) languages[k] = s;
  }
  const faces = Array.isArray(v.faces)
    ? v.faces.map(face).filter((f): f is FontFaceSpec => f !== null)
    : [];
  return { default: v.default, languages, faces };
}

export function fontStackFor(fonts: LanguageFonts, lang: string): string {
  return fonts.languages[lang] ?? fonts.default;
}

/** The shipped faces a stack names (its families, in the file's faces). */
export function facesFor(fonts: LanguageFonts, stackText: string): FontFaceSpec[] {
  const families = new Set([...stackText.matchAll(/"([^"]+)"/g)].map((m) => m[1]));
  return fonts.faces.filter((f) => families.has(f.family));
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

const registered = new Set<string>();

/** Registers faces with the document (once each); the browser fetches them when needed. */
function register(faces: FontFaceSpec[]): void {
  if (typeof FontFace === 'undefined' || typeof document === 'undefined' || !document.fonts) return;
  for (const f of faces) {
    const key = `${f.family}|${f.weight}|${f.src}`;
    if (registered.has(key)) continue;
    registered.add(key);
    const font = new FontFace(f.family, `url(${f.src}) format("woff2")`, {
      weight: String(f.weight),
      unicodeRange: f.unicodeRange,
      display: 'swap',
    });
    document.fonts.add(font);
  }
}

/**
 * Sets --font-language on :root for `lang` and registers its shipped faces; logs (and
 * keeps the default) on failure.
 */
export async function applyLanguageFont(
  lang: string,
  load: () => Promise<LanguageFonts>,
  root: HTMLElement = document.documentElement,
): Promise<void> {
  try {
    const fonts = await load();
    const chosen = fontStackFor(fonts, lang);
    register(facesFor(fonts, chosen));
    root.style.setProperty(FONT_VARIABLE, chosen);
  } catch (e) {
    console.error('language font file failed to load; keeping the default fonts', e);
  }
}
