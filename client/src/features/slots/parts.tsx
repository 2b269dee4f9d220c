// The pieces of the slot page around the reels: the winning lines of a spin, the last
// spins, the paytable with the rules, the paylines and the RTP, and the provably fair
// check of each spin (its seeds, its stops recomputed here, its commitment).
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

import { SCROLLER } from '../../lib/a11y/keyboard';
import { type CurrencyStyle, type Units, formatMoney } from '../../lib/format/money';
import { rtpText } from '../../ui/GuideButton';
import { Popup } from '../../ui/Popup';
import { type LineWin, type SlotConfig, type SpinVerdict, verifySpin } from './model';
import { lineColour } from './Reels';
import type { SpinRecord } from './slot-state';
import { SymbolArt, symbolName } from './Symbols';

/** A winning line in words: "Line 1: 4 × Bell pays €2.50". */
export function lineWords(t: TFunction, w: LineWin, currency: CurrencyStyle): string {
  return t('SLOT_WIN_LINE', {
    line: w.line,
    count: w.count,
    symbol: symbolName(t, w.symbol),
    amount: formatMoney(w.pay, currency),
  });
}

/** What a spin did, for screen readers: the win and each line, or no win. */
export function spinWords(t: TFunction, spin: SpinRecord, currency: CurrencyStyle): string {
  if (spin.win <= 0 || spin.wins.length === 0) return t('NO_WIN');
  return [
    t('YOU_WIN', { amount: formatMoney(spin.win, currency) }),
    ...spin.wins.map((w) => lineWords(t, w, currency)),
  ].join('. ');
}

/** The spin's winning lines, the one drawn now marked. */
export function WinList({
  wins,
  current,
  currency,
}: {
  wins: LineWin[];
  current: number | 'all';
  currency: CurrencyStyle;
}) {
  const { t } = useTranslation();
  return (
    <ol className="slot-wins" data-testid="slot-wins" aria-label={t('LAST_WIN')} {...SCROLLER}>
      {wins.map((w, i) => (
        <li
          key={w.line}
          className="slot-win"
          data-line={w.line}
          data-symbol={w.symbol}
          data-count={w.count}
          data-pay={formatMoney(w.pay, currency, { hideCurrency: true })}
          data-current={current === i ? 'true' : undefined}
        >
          <span className="sr-only">{lineWords(t, w, currency)}</span>
          <span className="slot-win-shown" aria-hidden="true">
            <span className="slot-win-line" style={{ background: lineColour(w.line) }}>
              {t('SLOT_LINE_N', { n: w.line })}
            </span>
            <SymbolArt symbol={w.symbol} />
            <span className="slot-win-count">×{w.count}</span>
            <strong>{formatMoney(w.pay, currency)}</strong>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** The last spins, newest first: each one's bet and win. */
export function LastSpins({ spins, currency }: { spins: SpinRecord[]; currency: CurrencyStyle }) {
  const { t } = useTranslation();
  return (
    <section className="slot-spins" aria-labelledby="slot-spins-title">
      <h2 id="slot-spins-title">{t('SLOT_LAST_SPINS')}</h2>
      {spins.length === 0 ? (
        <p className="slot-muted">{t('SLOT_NO_SPINS')}</p>
      ) : (
        <ol
          className="slot-spin-list"
          data-testid="slot-spins"
          aria-labelledby="slot-spins-title"
          {...SCROLLER}
        >
          {spins.map((s) => (
            <li
              key={s.requestId}
              className="slot-spin"
              data-game={s.gameId}
              data-won={s.win > 0 ? 'true' : 'false'}
            >
              <span className="slot-spin-grid" aria-hidden="true">
                {s.grid.map((reel, r) => (
                  <span key={r}>
                    {reel.map((symbol, row) => (
                      <SymbolArt key={row} symbol={symbol} />
                    ))}
                  </span>
                ))}
              </span>
              <span className="slot-spin-text">
                {t('SLOT_SPIN_SUMMARY', {
                  stake: formatMoney(s.stake, currency),
                  win: formatMoney(s.win, currency),
                })}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** A payline as a small 5×3 drawing: its cells filled, joined by its line. */
export function PaylineDiagram({ config, line }: { config: SlotConfig; line: number }) {
  const { t } = useTranslation();
  const rows = config.paylines[line - 1] ?? [];
  const where = rows.map((row) =>
    t(`SLOT_ROW_${row}` as 'SLOT_ROW_0', { defaultValue: String(row + 1) }),
  );
  return (
    <li className="slot-payline" data-line={line}>
      <svg
        viewBox={`0 0 ${config.reels * 10} ${config.rows * 10}`}
        role="img"
        aria-label={t('SLOT_PAYLINE', { n: line, rows: where.join(', ') })}
      >
        {Array.from({ length: config.reels }, (_, reel) =>
          Array.from({ length: config.rows }, (_, row) => (
            <rect
              key={`${reel}:${row}`}
              x={reel * 10 + 1}
              y={row * 10 + 1}
              width="8"
              height="8"
              rx="1.5"
              className={rows[reel] === row ? 'on' : 'off'}
            />
          )),
        )}
        <polyline
          points={rows.map((row, reel) => `${reel * 10 + 5},${row * 10 + 5}`).join(' ')}
          stroke={lineColour(line)}
        />
      </svg>
      <span aria-hidden="true">{line}</span>
    </li>
  );
}

export function PaytablePopup({
  config,
  lineBet,
  currency,
  onClose,
}: {
  config: SlotConfig;
  lineBet: Units;
  currency: CurrencyStyle;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  // Pays are listed for the longest runs: with 5 reels and 3 pays, 3, 4 and 5 of a kind.
  const longest = Math.max(0, ...Object.values(config.paytable).map((p) => p.length));
  const runs = Array.from({ length: longest }, (_, i) => config.reels - longest + 1 + i);
  const payFor = (pays: number[], run: number) => pays[run - (config.reels - pays.length + 1)];
  const rtp = rtpText(config.rtp, config.rtp, i18n.language);
  return (
    <Popup
      title={t('SLOT_HELP_TITLE', { name: config.name })}
      onClose={onClose}
      testId="slot-paytable"
      className="popup-sheet slot-popup"
      actions={
        <button type="button" className="button" onClick={onClose}>
          {t('CLOSE')}
        </button>
      }
    >
      {/* A Tab stop, so that a keyboard scrolls the paytable too (it has no control). */}
      <section className="slot-help" tabIndex={0} aria-label={t('SLOT_PAYTABLE')}>
        <p>{t('SLOT_RULES', { lines: config.lines })}</p>
        {rtp && (
          <p className="slot-rtp" data-testid="slot-rtp">
            {t('RTP_RANGE', { rtp })}
          </p>
        )}
        <table className="slot-paytable" data-testid="slot-paytable-table">
          <caption>
            {t('SLOT_PAYTABLE_CAPTION', { amount: formatMoney(lineBet, currency) })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('SLOT_SYMBOL')}</th>
              {runs.map((n) => (
                <th key={n} scope="col">
                  {t('SLOT_IN_A_LINE', { n })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {config.symbols
              .filter((s) => config.paytable[s])
              .map((s) => {
                const pays = config.paytable[s]!;
                return (
                  <tr key={s} data-symbol={s}>
                    <th scope="row">
                      <span className="slot-pay-symbol">
                        <SymbolArt symbol={s} />
                        <span>{symbolName(t, s)}</span>
                      </span>
                    </th>
                    {runs.map((n) => {
                      const x = payFor(pays, n);
                      return (
                        <td key={n} data-count={n} data-x={x}>
                          {x === undefined ? (
                            '–'
                          ) : (
                            <>
                              <span className="slot-x">×{x}</span>{' '}
                              <span>{formatMoney(Math.round(x * lineBet), currency)}</span>
                            </>
                          )}
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
          </tbody>
        </table>
        <h3>{t('SLOT_PAYLINES')}</h3>
        <ol className="slot-paylines" data-testid="slot-paylines">
          {config.paylines.map((_, i) => (
            <PaylineDiagram key={i} config={config} line={i + 1} />
          ))}
        </ol>
      </section>
    </Popup>
  );
}

function VerdictText({ verdict }: { verdict: SpinVerdict }) {
  const { t } = useTranslation();
  return (
    <>
      <span data-check="stops" data-verdict={verdict.stops}>
        {verdict.stops === 'match'
          ? t('SLOT_FAIR_STOPS_MATCH')
          : t('SLOT_FAIR_STOPS_MISMATCH', { expected: verdict.expected.join(', ') || '–' })}
      </span>{' '}
      <span data-check="hash" data-verdict={verdict.hash}>
        {verdict.hash === 'match' ? t('SLOT_FAIR_HASH_MATCH') : t('SLOT_FAIR_HASH_MISMATCH')}
      </span>
      {verdict.grid !== null && (
        <>
          {' '}
          <span data-check="grid" data-verdict={verdict.grid}>
            {verdict.grid === 'match' ? t('SLOT_FAIR_GRID_MATCH') : t('SLOT_FAIR_GRID_MISMATCH')}
          </span>
        </>
      )}
    </>
  );
}

function FairSpin({
  spin,
  strips,
  currency,
}: {
  spin: SpinRecord;
  strips: string[][] | null;
  currency: CurrencyStyle;
}) {
  const { t } = useTranslation();
  const [verdict, setVerdict] = useState<SpinVerdict | null>(null);
  return (
    <li className="slot-fair-spin" data-game={spin.gameId} data-testid="slot-fair-spin">
      <h3>
        {t('SLOT_FAIR_SPIN', { id: spin.gameId })}{' '}
        <span className="slot-muted">
          {t('SLOT_SPIN_SUMMARY', {
            stake: formatMoney(spin.stake, currency),
            win: formatMoney(spin.win, currency),
          })}
        </span>
      </h3>
      <dl className="slot-fair-facts">
        <dt>{t('SLOT_FAIR_COMMITMENT')}</dt>
        <dd translate="no" className="slot-hex">
          {spin.commitment}
        </dd>
        <dt>{t('SLOT_FAIR_SERVER_SEED')}</dt>
        <dd translate="no" className="slot-hex">
          {spin.serverSeed}
        </dd>
        <dt>{t('SLOT_FAIR_CLIENT_SEED')}</dt>
        <dd translate="no">{spin.clientSeed || '–'}</dd>
        <dt>{t('SLOT_FAIR_STOPS')}</dt>
        <dd data-testid="slot-stops">{spin.stops.join(', ')}</dd>
      </dl>
      <button
        type="button"
        className="button small"
        data-testid="slot-verify"
        aria-label={t('SLOT_FAIR_VERIFY_SPIN', { id: spin.gameId })}
        onClick={() => setVerdict(verifySpin(spin, spin.commitment, strips))}
      >
        {t('SLOT_FAIR_VERIFY')}
      </button>
      <p className="slot-verdict" role="status" data-testid="slot-verdict">
        {verdict && <VerdictText verdict={verdict} />}
      </p>
    </li>
  );
}

export function FairPopup({
  commitment,
  spins,
  strips,
  currency,
  onClose,
}: {
  commitment: string | null;
  spins: SpinRecord[];
  strips: string[][] | null;
  currency: CurrencyStyle;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Popup
      title={t('SLOT_FAIR')}
      onClose={onClose}
      testId="slot-fair"
      className="popup-sheet slot-popup"
      actions={
        <button type="button" className="button" onClick={onClose}>
          {t('CLOSE')}
        </button>
      }
    >
      <p>{t('SLOT_FAIR_INTRO')}</p>
      <dl className="slot-fair-facts">
        <dt>{t('SLOT_FAIR_NEXT')}</dt>
        <dd translate="no" className="slot-hex" data-testid="slot-fair-next">
          {commitment ?? '–'}
        </dd>
      </dl>
      {spins.length === 0 ? (
        <p className="slot-muted">{t('SLOT_NO_SPINS')}</p>
      ) : (
        <ol className="slot-fair-list">
          {spins.map((s) => (
            <FairSpin key={s.requestId} spin={s} strips={strips} currency={currency} />
          ))}
        </ol>
      )}
    </Popup>
  );
}
