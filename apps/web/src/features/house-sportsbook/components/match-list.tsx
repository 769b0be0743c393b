import type { SportsbookInfo, SportsbookMarketOffer, SportsbookMatch } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLabels } from '../hooks/use-labels';
import { localeTag } from '../../../lib/game-client/locale-tag';
import { selectionId, type SlipItem } from '../slip';

interface MatchListProps {
  info: SportsbookInfo;
  matches: SportsbookMatch[];
  selected: ReadonlySet<string>;
  onPick: (item: SlipItem) => void;
}

/** Matches grouped by league: live first, then upcoming by kick-off, then the latest results. */
export function MatchList({ info, matches, selected, onPick }: MatchListProps) {
  const { t } = useTranslation('play');
  if (matches.length === 0)
    return (
      <p className="sb-empty" data-testid="sb-no-matches">
        {t('houseSportsbook.noMatches')}
      </p>
    );
  const sections: { key: string; title: string; list: SportsbookMatch[] }[] = [
    {
      key: 'live',
      title: t('houseSportsbook.sections.live'),
      list: matches.filter((m) => m.status === 'LIVE'),
    },
    {
      key: 'upcoming',
      title: t('houseSportsbook.sections.upcoming'),
      list: matches.filter((m) => m.status === 'PRE_MATCH'),
    },
    {
      key: 'results',
      title: t('houseSportsbook.sections.results'),
      list: matches.filter((m) => m.status === 'FINISHED' || m.status === 'CANCELLED'),
    },
  ];
  return (
    <div className="sb-sections">
      {sections
        .filter((s) => s.list.length > 0)
        .map((s) => (
          <section key={s.key} aria-labelledby={`sb-section-${s.key}`}>
            <h2 id={`sb-section-${s.key}`} className="sb-section-title">
              {s.title}
            </h2>
            <ul className="sb-matches">
              {s.list.map((m) => (
                <MatchCard key={m.id} info={info} match={m} selected={selected} onPick={onPick} />
              ))}
            </ul>
          </section>
        ))}
    </div>
  );
}

function MatchClock({ info, match }: { info: SportsbookInfo; match: SportsbookMatch }) {
  const { t, i18n } = useTranslation('play');
  if (match.status === 'PRE_MATCH') {
    const when = new Intl.DateTimeFormat(localeTag(i18n.language), {
      timeZone: info.timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(match.kickOff));
    return <span className="sb-clock">{when}</span>;
  }
  if (match.status === 'LIVE') {
    const where =
      match.phase === 'HALF_TIME'
        ? t('houseSportsbook.halfTime')
        : match.phase === 'MAP'
          ? t('houseSportsbook.map', { n: match.minute })
          : match.phase === 'BREAK'
            ? t('houseSportsbook.mapBreak', { n: match.minute })
            : `${match.minute}'`;
    return (
      <span className="sb-clock">
        <span className="sb-live-badge">{t('houseSportsbook.live')}</span> {where}
      </span>
    );
  }
  return (
    <span className="sb-clock">
      {match.status === 'CANCELLED' ? t('houseSportsbook.cancelled') : t('houseSportsbook.fullTime')}
    </span>
  );
}

function MatchCard({
  info,
  match,
  selected,
  onPick,
}: Omit<MatchListProps, 'matches'> & { match: SportsbookMatch }) {
  const { t } = useTranslation('play');
  const labels = useLabels();
  const [more, setMore] = useState(false);
  const main = match.markets[0];
  const rest = match.markets.slice(1);
  const score = match.score;
  return (
    <li
      className={`sb-match is-${match.status.toLowerCase()}`}
      data-testid="sb-match"
      data-match-id={match.id}
      data-status={match.status}
    >
      <div className="sb-match-head">
        <span className="sb-league">
          {match.leagueName}
          {match.game ? ` · ${match.game}` : ''}
        </span>
        <MatchClock info={info} match={match} />
      </div>
      <div className="sb-teams">
        <span className="sb-team">{match.home.name}</span>
        <span className="sb-score" data-testid="sb-score">
          {score ? `${score.home} – ${score.away}` : t('houseSportsbook.versus')}
        </span>
        <span className="sb-team sb-team-away">{match.away.name}</span>
      </div>
      {main && <MarketRow match={match} market={main} selected={selected} onPick={onPick} labels={labels} />}
      {rest.length > 0 && (
        <>
          <button
            type="button"
            className="sb-more"
            aria-expanded={more}
            onClick={() => setMore((v) => !v)}
            data-testid="sb-more-markets"
          >
            {more ? t('houseSportsbook.fewerMarkets') : t('houseSportsbook.moreMarkets', { n: rest.length })}
          </button>
          {more &&
            rest.map((mk) => (
              <MarketRow
                key={mk.key}
                match={match}
                market={mk}
                selected={selected}
                onPick={onPick}
                labels={labels}
              />
            ))}
        </>
      )}
    </li>
  );
}

function MarketRow({
  match,
  market,
  selected,
  onPick,
  labels,
}: {
  match: SportsbookMatch;
  market: SportsbookMarketOffer;
  selected: ReadonlySet<string>;
  onPick: (item: SlipItem) => void;
  labels: ReturnType<typeof useLabels>;
}) {
  const { t } = useTranslation('play');
  return (
    <div className="sb-market">
      <span className="sb-market-name">
        {labels.market(market.market, market.line)}
        {market.suspended && <span className="sb-suspended"> · {t('houseSportsbook.suspended')}</span>}
      </span>
      <div className={`sb-odds-row n${market.outcomes.length}`}>
        {market.outcomes.map((o) => {
          const item: SlipItem = {
            fixtureId: match.id,
            market: market.market,
            ...(market.line === undefined ? {} : { line: market.line }),
            pick: o.pick,
            odds: o.odds,
            matchLabel: `${match.home.shortName} v ${match.away.shortName}`,
            pickLabel: labels.pick(market.market, market.line, o.pick, match),
          };
          const on = selected.has(selectionId(item));
          return (
            <button
              key={o.pick}
              type="button"
              className={`sb-odds${on ? ' is-on' : ''}`}
              aria-pressed={on}
              disabled={market.suspended}
              data-testid={`sb-odds-${market.key}-${o.pick}`}
              onClick={() => onPick(item)}
            >
              <span className="sb-odds-pick">{item.pickLabel}</span>
              <span className="sb-odds-value">{market.suspended ? '–' : o.odds.toFixed(2)}</span>
            </button>
          );
        })}
      </div>
    </div>
  );
}
