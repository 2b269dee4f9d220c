// The sic bo board: every one of the 52 spots in its group (small, odd, even and big;
// the doubles; any triple and the six triples; the 14 totals; the 15 combinations; the
// six single numbers), each showing its dice or total and what it pays by the table's
// limits. Each is a button (lib ui/SpotButton) with a spoken name, reachable by Tab and
// placed with Enter or Space. The spots a throw wins light up once the dice have landed.
import { memo } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

import type { CurrencyStyle, Units } from '../../lib/format/money';
import type { SpotLimit } from '../../lib/session';
import { Die } from '../../ui/Die';
import { SpotButton } from '../../ui/SpotButton';
import { GROUPS, SPOTS, type SicBoSpot, type SpotGroup } from './spots';
import { spotName } from './names';

// TFunction, not useTranslation's own type: with every key typed, that one is too deep
// for the compiler here (TS2589).
type T = TFunction;
import { useArrowKeys } from '../../lib/a11y/keyboard';

/** The ratios a spot pays: "6", or the single number's "1,2,3" (one, two, three dice). */
export function ratiosOf(limit: SpotLimit | undefined): string[] {
  if (!limit) return [];
  return (limit.payoutText ?? String(limit.payout)).split(',');
}

/** What a spot pays, in words. */
export function paysText(t: T, ratios: string[]): string {
  if (ratios.length === 3)
    return t('SICBO_PAYS_SINGLE', { one: ratios[0], two: ratios[1], three: ratios[2] });
  return t('PAYS', { ratio: ratios[0] ?? '' });
}

/** What a spot pays, short: "6:1", or "1–3:1" for a single number. */
function paysShort(t: T, ratios: string[]): string {
  const ratio = ratios.length > 1 ? `${ratios[0]}–${ratios[ratios.length - 1]}` : ratios[0];
  return ratio ? t('PAYS_SHORT', { ratio }) : '';
}

const RANGES: Partial<Record<string, string>> = { SMALL: '4–10', BIG: '11–17' };

function Face({ s }: { s: SicBoSpot }) {
  const { t } = useTranslation();
  if (s.kind === 'any_triple')
    return (
      <span className="sb-dice">
        <span className="sb-any">{t('SICBO_ANY_TRIPLE')}</span>
      </span>
    );
  if (s.faces.length > 0)
    return (
      <span className={`sb-dice sb-dice-${s.faces.length}`}>
        {s.faces.map((f, i) => (
          <Die key={i} value={f} size={18} />
        ))}
      </span>
    );
  if (s.total !== undefined) return <span className="sb-total-n">{s.total}</span>;
  return (
    <span className="sb-main">
      <span className="sb-main-name">{spotName(t, s)}</span>
      {RANGES[s.code] && <span className="sb-range">{RANGES[s.code]}</span>}
    </span>
  );
}

export interface BoardProps {
  spots: SpotLimit[]; // the table's limits: what each kind pays
  totals: Map<string, Units>;
  chipIndex: (value: Units) => number;
  currency: CurrencyStyle;
  open: boolean;
  winning: ReadonlySet<string>; // spots the landed throw won
  onPlace: (spot: string) => void;
}

export const Board = memo(function Board(p: BoardProps) {
  const { t } = useTranslation();
  const arrowKeys = useArrowKeys();
  const byKind = new Map(p.spots.map((s) => [s.kind, s]));
  const group = (g: SpotGroup) => (
    <div
      key={g}
      className={`sb-group sb-group-${g}`}
      role="group"
      aria-labelledby={`sb-group-${g}`}
    >
      <h3 className="sb-group-title" id={`sb-group-${g}`}>
        {t(`SICBO_GROUP_${g}`)}
      </h3>
      <div className="sb-cells">
        {SPOTS.filter((s) => s.group === g).map((s) => {
          const ratios = ratiosOf(byKind.get(s.kind));
          return (
            <SpotButton
              key={s.code}
              code={s.code}
              name={spotName(t, s)}
              pays={paysText(t, ratios)}
              amount={p.totals.get(s.code) ?? 0}
              chipIndex={p.chipIndex}
              currency={p.currency}
              open={p.open}
              won={p.winning.has(s.code)}
              className={`sb-spot sb-${s.kind.replace(/_\d+$/, '')}`}
              onPlace={p.onPlace}
            >
              <Face s={s} />
              <span className="sb-pays">{paysShort(t, ratios)}</span>
            </SpotButton>
          );
        })}
      </div>
    </div>
  );
  return (
    <div
      className={`sb-board ${p.open ? 'open' : 'closed'}`}
      data-testid="sicbo-board"
      ref={arrowKeys}
    >
      {GROUPS.map(group)}
    </div>
  );
});
