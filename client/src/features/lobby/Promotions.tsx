// The lobby's Promotions tab (SPEC §1 "Promotions panel with standings and leaderboard",
// §8; lib/promotions): a card per promotion the promotions filter lets through, with its
// name, status and time (a countdown to its end or start, or when it ended and whether
// its prizes are paid), its games, minimum bet, rule and prizes, the Opt in / Opt out
// button, the player's standing and the leaderboard (the top ten, names as the server
// gives them, the player's own row marked "You"). Everything is live from the promotions
// socket; while that socket is down a disconnect icon says so (SPEC §8).
//
// Opting in or out posts /api/ui/promotions/optin and the answer replaces the card; a
// period that has ended (409) or a promotion no longer offered (404) says so on the card.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';

import { familyName } from '../../app/BonusOffers';
import { formatDateTime, formatLocale } from '../../lib/format/locale';
import { type CurrencyStyle, formatMoney } from '../../lib/format/money';
import { HttpError } from '../../lib/http/http';
import { type Promotion, type PromotionsHub, scoreText, usePromotions } from '../../lib/promotions';
import { useServices } from '../../lib/session';
import { announce } from '../../ui/Announcer';
import { Icon } from '../../ui/icons';
import { type PromoFilter, countdownOf, promotionsShown } from './model';
import { useNow } from './useLobby';

/** "Roulette and Baccarat" in the page's language. */
function listOf(names: string[]): string {
  try {
    return new Intl.ListFormat(formatLocale(), { type: 'conjunction' }).format(names);
  } catch {
    return names.join(', ');
  }
}

/** Time left as the card shows it: "2 days 03:07:09", or the clock alone under a day. */
function timeLeft(t: TFunction, ms: number): string {
  const { days, clock } = countdownOf(ms);
  return days > 0 ? `${t('PROMO_DAYS', { count: days })} ${clock}` : clock;
}

export function PromotionsPanel({ filter }: { filter: PromoFilter }) {
  const { t } = useTranslation();
  const { info, connection, hub } = usePromotions();
  const shown = info ? promotionsShown(info.promotions, filter) : [];
  const now = useNow(shown.some((p) => p.status !== 'ended'));
  const down = connection === 'down';

  return (
    <section
      className="promos"
      aria-label={t('LOBBY_TAB_PROMOTIONS')}
      data-testid="promotions"
      data-connection={connection}
    >
      <div className="promo-conn" role="status">
        {down && (
          <span
            className="promo-down"
            role="img"
            aria-label={t('PROMO_DISCONNECTED')}
            title={t('PROMO_DISCONNECTED')}
            data-testid="promo-disconnected"
          >
            <Icon name="disconnected" />
          </span>
        )}
      </div>
      {info === null && !down ? (
        <p className="lb-empty" data-testid="promo-loading">
          {t('LOADING')}
        </p>
      ) : !info || info.promotions.length === 0 ? (
        <p className="lb-empty" data-testid="lobby-no-promotions">
          {t('LOBBY_NO_PROMOTIONS')}
        </p>
      ) : shown.length === 0 ? (
        <p className="lb-empty" data-testid="promo-no-match">
          {t('PROMO_NO_MATCH')}
        </p>
      ) : (
        <ul className="promo-list" data-testid="promo-list">
          {shown.map((p) => (
            <li key={p.promotionId}>
              <PromotionCard promotion={p} now={now} hub={hub} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The card's time line: the countdown (or when it ended) and the date it names. */
function TimeLine({ p, now }: { p: Promotion; now: number }) {
  const { t } = useTranslation();
  if (p.status === 'ended') {
    return (
      <p className="promo-time" data-testid="promo-time">
        {p.endsAt !== null && (
          <time dateTime={new Date(p.endsAt).toISOString()}>
            {t('PROMO_ENDED_AT', { date: formatDateTime(p.endsAt) })}
          </time>
        )}
        <span className="promo-paid">{t(p.paid ? 'PROMO_PAID' : 'PROMO_PAYING')}</span>
      </p>
    );
  }
  const at = p.status === 'running' ? p.endsAt : p.startsAt;
  if (at === null) return null;
  const running = p.status === 'running';
  return (
    <p className="promo-time" data-testid="promo-time">
      <strong className="promo-countdown" data-testid="promo-countdown">
        {t(running ? 'PROMO_ENDS_IN' : 'PROMO_STARTS_IN', { time: timeLeft(t, at - now) })}
      </strong>
      <time dateTime={new Date(at).toISOString()}>
        {t(running ? 'PROMO_ENDS_AT' : 'PROMO_STARTS_AT', { date: formatDateTime(at) })}
      </time>
    </p>
  );
}

function Standing({ p, money }: { p: Promotion; money: CurrencyStyle }) {
  const { t } = useTranslation();
  let text: string;
  if (!p.optedIn) text = p.status === 'ended' ? '' : t('PROMO_JOIN_HINT');
  else if (p.standing?.rank) {
    const score = scoreText(p.standing.score, p.scoring, money);
    text = t('PROMO_TROPHY_RANK', { rank: p.standing.rank });
    if (score) text += ` · ${t('PROMO_TROPHY_SCORE', { score })}`;
  } else text = t('PROMO_NOT_RANKED');
  if (!text) return null;
  return (
    <p className="promo-standing" data-testid="promo-standing">
      {text}
    </p>
  );
}

function PromotionCard({
  promotion: p,
  now,
  hub,
}: {
  promotion: Promotion;
  now: number;
  hub: PromotionsHub;
}) {
  const { t } = useTranslation();
  const { currency } = useServices();
  const ids = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const money = currency();

  const change = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const after = await hub.optIn(p.promotionId, !p.optedIn);
      announce(t(after.optedIn ? 'PROMO_OPTED_IN' : 'PROMO_OPTED_OUT', { name: after.name }));
    } catch (e) {
      if (e instanceof HttpError && e.status === 409) setError(t('PROMO_ENDED_ERROR'));
      else if (e instanceof HttpError && e.status === 404) setError(t('PROMO_UNKNOWN_ERROR'));
      else if (!(
        e instanceof HttpError &&
        (e.problem === 'unauthorized' || e.problem === 'restricted')
      ))
        setError(t('ERROR.2001')); // (a session that ended has its own popup)
    } finally {
      setBusy(false);
    }
  };

  const games =
    p.games.length === 0 ? t('PROMO_ALL_GAMES') : listOf(p.games.map((g) => familyName(t, g)));
  const rule = p.scoring ? t(`PROMO_SCORING_${p.scoring}`) : '';

  return (
    <article
      className="promo-card"
      aria-labelledby={`${ids}-name`}
      data-testid="promo-card"
      data-promotion={p.promotionId}
      data-status={p.status}
      data-opted-in={p.optedIn ? 'true' : 'false'}
    >
      <div className="promo-head">
        <h3 className="promo-name" id={`${ids}-name`}>
          {p.name}
        </h3>
        <span className={`lb-badge promo-status promo-${p.status}`} data-testid="promo-status">
          {t(`PROMO_STATUS_${p.status}`)}
        </span>
      </div>
      <TimeLine p={p} now={now} />
      <dl className="promo-facts">
        <div>
          <dt>{t('PROMO_GAMES')}</dt>
          <dd data-testid="promo-games">{games}</dd>
        </div>
        <div>
          <dt>{t('PROMO_MIN_BET')}</dt>
          <dd data-testid="promo-min-bet">{formatMoney(p.minBet, money)}</dd>
        </div>
        <div className="promo-rule">
          <dt>{t('PROMO_RULE')}</dt>
          <dd data-testid="promo-rule">
            {rule && <span>{rule} </span>}
            {t('PROMO_RULE_NOTE')}
          </dd>
        </div>
      </dl>
      {p.prizes.length > 0 && (
        <div className="promo-prizes">
          <h4 id={`${ids}-prizes`}>{t('PROMO_PRIZES')}</h4>
          <ol aria-labelledby={`${ids}-prizes`} data-testid="promo-prizes">
            {p.prizes.map((amount, i) => (
              <li key={i}>
                <span>{t('PROMO_PRIZE', { rank: i + 1 })}</span>{' '}
                <strong>{formatMoney(amount, money)}</strong>
              </li>
            ))}
          </ol>
        </div>
      )}
      <div className="promo-you">
        <Standing p={p} money={money} />
        {p.status !== 'ended' && (
          <button
            type="button"
            className={`button promo-optin ${p.optedIn ? '' : 'promo-join'}`}
            data-testid="promo-optin"
            data-opted-in={p.optedIn ? 'true' : 'false'}
            aria-describedby={`${ids}-name`}
            aria-disabled={busy}
            aria-busy={busy}
            onClick={() => void change()}
          >
            {t(p.optedIn ? 'PROMO_OPT_OUT' : 'PROMO_OPT_IN')}
          </button>
        )}
        {error && (
          <p className="promo-error" role="alert" data-testid="promo-error">
            {error}
          </p>
        )}
      </div>
      <Leaderboard p={p} money={money} />
    </article>
  );
}

function Leaderboard({ p, money }: { p: Promotion; money: CurrencyStyle }) {
  const { t } = useTranslation();
  const ids = useId();
  return (
    <div className="promo-board">
      <h4 id={`${ids}-title`}>
        {t('PROMO_LEADERBOARD')}{' '}
        {p.players > 0 && (
          <span className="promo-players" data-testid="promo-players">
            {t('PROMO_PLAYERS', { count: p.players })}
          </span>
        )}
      </h4>
      {p.leaderboard.length === 0 ? (
        <p className="lb-muted" data-testid="promo-leaderboard-empty">
          {t('PROMO_LEADERBOARD_EMPTY')}
        </p>
      ) : (
        <table
          className="promo-leaders"
          aria-labelledby={`${ids}-title`}
          data-testid="promo-leaderboard"
        >
          <thead>
            <tr>
              <th scope="col">{t('PROMO_RANK')}</th>
              <th scope="col">{t('PROMO_PLAYER')}</th>
              <th scope="col">{t('PROMO_SCORE')}</th>
            </tr>
          </thead>
          <tbody>
            {p.leaderboard.map((r, i) => (
              <tr
                key={`${r.rank}-${i}`}
                className={r.me ? 'promo-me' : undefined}
                aria-current={r.me ? 'true' : undefined}
                data-testid="promo-leader"
                data-rank={r.rank}
                data-me={r.me ? 'true' : undefined}
              >
                <td className="promo-leader-rank">{r.rank}</td>
                <td>
                  <span className="promo-leader-name">
                    <span className="promo-leader-text" data-testid="promo-leader-name">
                      {r.name || '—'}
                    </span>
                    {r.me && (
                      <span className="promo-you-badge" data-testid="promo-you">
                        {t('PROMO_YOU')}
                      </span>
                    )}
                  </span>
                </td>
                <td className="promo-leader-score">{scoreText(r.score, p.scoring, money)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
