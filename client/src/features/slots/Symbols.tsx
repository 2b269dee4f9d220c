// The fruit slot's symbols, drawn inline (no image to download): each on a 100×100 box,
// hidden from screen readers, which hear the symbol's name from its cell instead. A
// symbol the client does not know is drawn as a disc with its first letter.
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';

const DRAWINGS: Record<string, ReactNode> = {
  CHERRY: (
    <>
      <path
        d="M36 54 C40 36 48 24 60 16 M64 58 C62 40 61 28 60 16"
        stroke="#3c7a2c"
        strokeWidth="4"
        fill="none"
        strokeLinecap="round"
      />
      <path d="M60 16 C70 8 84 10 88 18 C78 24 68 24 60 16Z" fill="#4c9a36" />
      <circle cx="35" cy="68" r="17" fill="#c8102e" />
      <circle cx="65" cy="72" r="17" fill="#e0243f" />
      <ellipse cx="29" cy="62" rx="5" ry="3.5" fill="#fff" opacity="0.7" />
      <ellipse cx="59" cy="66" rx="5" ry="3.5" fill="#fff" opacity="0.7" />
    </>
  ),
  LEMON: (
    <>
      <path
        d="M10 54 C14 30 36 24 50 24 C64 24 86 30 90 54 C86 78 64 84 50 84 C36 84 14 78 10 54Z"
        fill="#f7d330"
        stroke="#c9a400"
        strokeWidth="3"
      />
      <ellipse cx="38" cy="42" rx="12" ry="5" fill="#fff" opacity="0.55" />
    </>
  ),
  ORANGE: (
    <>
      <circle cx="50" cy="56" r="32" fill="#f5891f" stroke="#c4610a" strokeWidth="3" />
      <path d="M50 24 C54 14 66 10 74 14 C70 22 60 26 50 24Z" fill="#4c9a36" />
      <ellipse cx="38" cy="44" rx="9" ry="5" fill="#fff" opacity="0.5" />
      <circle cx="62" cy="64" r="1.8" fill="#c4610a" />
      <circle cx="54" cy="72" r="1.8" fill="#c4610a" />
      <circle cx="68" cy="54" r="1.8" fill="#c4610a" />
    </>
  ),
  PLUM: (
    <>
      <path
        d="M50 26 C52 18 56 12 60 10"
        stroke="#5b3a1a"
        strokeWidth="4"
        fill="none"
        strokeLinecap="round"
      />
      <path d="M54 20 C62 10 76 10 82 16 C74 24 62 24 54 20Z" fill="#4c9a36" />
      <ellipse cx="50" cy="58" rx="29" ry="32" fill="#7b3fa0" stroke="#4f2168" strokeWidth="3" />
      <path d="M50 28 C44 44 44 72 50 88" stroke="#4f2168" strokeWidth="2.5" fill="none" />
      <ellipse cx="38" cy="46" rx="6" ry="10" fill="#fff" opacity="0.35" />
    </>
  ),
  BELL: (
    <>
      <circle cx="50" cy="14" r="6" fill="#d19a00" />
      <path
        d="M50 18 C32 18 28 36 28 50 L26 66 L16 76 L84 76 L74 66 L72 50 C72 36 68 18 50 18Z"
        fill="#f2c230"
        stroke="#b07f00"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <circle cx="50" cy="84" r="8" fill="#d19a00" />
      <path
        d="M38 34 C34 42 34 54 34 62"
        stroke="#fff"
        strokeWidth="4"
        opacity="0.55"
        fill="none"
        strokeLinecap="round"
      />
    </>
  ),
  BAR: (
    <>
      <rect
        x="8"
        y="30"
        width="84"
        height="40"
        rx="8"
        fill="#1f1f24"
        stroke="#d4af37"
        strokeWidth="4"
      />
      <text
        x="50"
        y="59"
        textAnchor="middle"
        fontSize="26"
        fontWeight="900"
        fill="#fff"
        fontFamily="system-ui, sans-serif"
      >
        BAR
      </text>
    </>
  ),
  SEVEN: (
    <path
      d="M20 16 H82 V30 C64 46 54 66 50 88 H28 C33 66 44 48 58 32 H20Z"
      fill="#e03131"
      stroke="#8f1111"
      strokeWidth="3"
      strokeLinejoin="round"
    />
  ),
  WILD: (
    <>
      <path
        d="M50 4 L62 34 L95 36 L70 57 L78 90 L50 72 L22 90 L30 57 L5 36 L38 34Z"
        fill="#c2185b"
        stroke="#d4af37"
        strokeWidth="3.5"
        strokeLinejoin="round"
      />
      <text
        x="50"
        y="58"
        textAnchor="middle"
        fontSize="19"
        fontWeight="900"
        fill="#fff"
        fontFamily="system-ui, sans-serif"
      >
        WILD
      </text>
    </>
  ),
};

/** A symbol's drawing; its name is its cell's business. */
export function SymbolArt({ symbol, className }: { symbol: string; className?: string }) {
  const drawing = DRAWINGS[symbol] ?? (
    <>
      <circle cx="50" cy="50" r="38" fill="#546e7a" />
      <text x="50" y="64" textAnchor="middle" fontSize="40" fontWeight="900" fill="#fff">
        {symbol.charAt(0)}
      </text>
    </>
  );
  return (
    <span className={`slot-symbol ${className ?? ''}`.trim()} translate="no" aria-hidden="true">
      <svg viewBox="0 0 100 100" focusable="false">
        {drawing}
      </svg>
    </span>
  );
}

/** A symbol's name in the player's language (the server's name for one the client lacks). */
export function symbolName(t: TFunction, symbol: string): string {
  return t(`SLOT_SYMBOL_${symbol}` as 'SLOT_SYMBOL_CHERRY', { defaultValue: symbol });
}
