// The languages of SPEC section 9 and the rules that pick one: aliases (zh → cn, nb/nn →
// no), region suffixes (pt-BR → pt), the operator's offered list, right to left, and the
// voice-over languages. Pure: no i18next, no DOM.

/** Every SPEC §9 code, in the SPEC's order. `zh` is accepted but loads `cn`. */
export const SUPPORTED_LANGUAGES = [
  'ar',
  'bg',
  'cn',
  'da',
  'de',
  'el',
  'en',
  'es',
  'fa',
  'fi',
  'fr',
  'hi',
  'hu',
  'hy',
  'id',
  'it',
  'ja',
  'ka',
  'ko',
  'lt',
  'lv',
  'nf',
  'nl',
  'no',
  'pt',
  'ro',
  'ru',
  'sv',
  'th',
  'tr',
  'uk',
  'vi',
  'zh',
  'hr',
  'bn',
  'sr',
  'tl',
] as const;

export type LanguageCode = (typeof SUPPORTED_LANGUAGES)[number];

/** Codes that are another code's other name; they have no file of their own. */
export const LANGUAGE_ALIASES: Readonly<Record<string, LanguageCode>> = {
  zh: 'cn',
  nb: 'no',
  nn: 'no',
};

/** The codes that have a language file: every supported code except the aliases. */
export const LANGUAGE_FILES: readonly LanguageCode[] = SUPPORTED_LANGUAGES.filter(
  (c) => !(c in LANGUAGE_ALIASES),
);

export const DEFAULT_LANGUAGE: LanguageCode = 'en';

/** SPEC §9: right to left for fa and ar. */
export const RTL_LANGUAGES: readonly LanguageCode[] = ['ar', 'fa'];

/** SPEC §9 voice-over languages. */
export const VOICE_OVER_LANGUAGES: readonly LanguageCode[] = [
  'cn',
  'es',
  'bn',
  'pt',
  'en',
  'id',
  'ja',
  'th',
  'vi',
  'ko',
];

/**
 * The language file a code names, or null when the code is not a SPEC language:
 * case-insensitive, a region or script suffix dropped (pt-BR, zh_Hans → pt, cn), aliases
 * resolved (zh → cn, nb and nn → no).
 */
export function normaliseLanguage(code: string | null | undefined): LanguageCode | null {
  if (!code) return null;
  const base = code.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  const alias = LANGUAGE_ALIASES[base];
  if (alias) return alias;
  return (LANGUAGE_FILES as readonly string[]).includes(base) ? (base as LanguageCode) : null;
}

/** The operator's offered languages (casinoConfig.languages), normalised; [] when absent. */
export function offeredLanguages(casinoConfig: unknown): LanguageCode[] {
  const list =
    casinoConfig && typeof casinoConfig === 'object'
      ? (casinoConfig as { languages?: unknown }).languages
      : undefined;
  if (!Array.isArray(list)) return [];
  const out: LanguageCode[] = [];
  for (const item of list) {
    const code = typeof item === 'string' ? normaliseLanguage(item) : null;
    if (code && !out.includes(code)) out.push(code);
  }
  return out;
}

export interface LanguageChoice {
  /** The launch `lang` parameter, as given. */
  requested?: string | null;
  /** The language the server says (getAllConfig `language`). */
  server?: string | null;
  /** casinoConfig.languages, normalised; empty means every language is offered. */
  offered?: readonly LanguageCode[];
}

/**
 * The language to load: the launch parameter, else the server's language, else English;
 * one the operator does not offer gives way to the first it offers.
 */
export function chooseLanguage({
  requested,
  server,
  offered = [],
}: LanguageChoice): LanguageCode | typeof PSEUDO_LANGUAGE {
  if (requested?.trim().toLowerCase() === PSEUDO_LANGUAGE) return PSEUDO_LANGUAGE;
  const wanted = normaliseLanguage(requested) ?? normaliseLanguage(server) ?? DEFAULT_LANGUAGE;
  if (offered.length === 0 || offered.includes(wanted)) return wanted;
  return offered[0]!;
}

/**
 * The pseudo-locale: English with every letter accented ("Ƥļàçé ŷöûŕ ƀéţš"), for testers.
 * Text still in plain ASCII letters on a page in this locale never went through i18n.
 * Asked for only by the launch parameter `lang=qps`; no operator list restricts it.
 */
export const PSEUDO_LANGUAGE = 'qps';

export function isRightToLeft(code: string): boolean {
  return (RTL_LANGUAGES as readonly string[]).includes(code);
}

/**
 * The BCP 47 tag for <html lang> (what screen readers and the browser's font and
 * hyphenation choices read): `cn` is Simplified Chinese, `zh-CN`; `nf` is not a language
 * we can identify and its file holds English texts, so it reads as `en`. Every other code
 * is already an ISO 639-1 code.
 */
export function htmlLangOf(code: LanguageCode): string {
  if (code === 'cn') return 'zh-CN';
  if (code === 'nf') return 'nl-BE'; // Flemish: Dutch as written in Belgium
  return code;
}

/**
 * The voice-over language for a player: their language when it has voice-over (and,
 * when the server names them, the operator offers it: casinoConfig.voice_over_languages),
 * otherwise English.
 */
export function voiceOverLanguage(lang: string, offered?: readonly string[]): LanguageCode {
  const code = normaliseLanguage(lang);
  const available =
    offered && offered.length > 0
      ? VOICE_OVER_LANGUAGES.filter((c) => offered.some((o) => normaliseLanguage(o) === c))
      : VOICE_OVER_LANGUAGES;
  return code && available.includes(code) ? code : 'en';
}
