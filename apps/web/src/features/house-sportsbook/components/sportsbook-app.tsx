import type { SportsbookInfo } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import { showMoney } from '../../../lib/money';
import { pollMs } from '../api/game-token';
import { useBets } from '../api/get-bets';
import { useMatches } from '../api/get-matches';
import { sportsbookInfoQueryOptions } from '../api/get-sportsbook-info';
import { safeBackUrl } from '../../../lib/game-client/back-url';
import { useBetSlip } from '../hooks/use-bet-slip';
import { useLaunchLanguage } from '../../../lib/game-client/use-launch-language';
import { useLeaveGame } from '../../../lib/game-client/use-leave-game';
import { useThemeFollow } from '../../../lib/game-client/use-theme-follow';
import { selectionId } from '../slip';
import { BetSlip } from './bet-slip';
import { MatchList } from './match-list';
import { MyBets } from './my-bets';
import { RulesModal } from './rules-modal';
import '../../../styles/house-sportsbook.css';
import { isTicketError } from '../../../lib/game-client/ticket-error';

interface SportsbookAppProps {
  /** The game ticket (exchanged for the launch URL's ?code=); null: none or refused. */
  token: string | null;
  /** The launch language (?lang=). */
  lang: string | null;
  /** Where Back goes (?backUrl=), unchecked: only a path of this site is followed. */
  backUrl: string | null;
}

/** The house sportsbook's client (football or esports, as the ticket says): loading, errors, the book. */
export function SportsbookApp({ token, lang, backUrl }: SportsbookAppProps) {
  useThemeFollow();
  const back = safeBackUrl(backUrl);
  const ready = useLaunchLanguage(lang);
  if (!ready) return <Loading />;
  if (!token) return <Problem kind="ticket" backUrl={back} />;
  return <Loader token={token} backUrl={back} />;
}

function Loading() {
  const { t } = useTranslation('play');
  return (
    <div className="sb-page sb-page-center">
      <p role="status" aria-live="polite" className="sb-loading">
        {t('houseSportsbook.loading')}
      </p>
    </div>
  );
}

function Problem({
  kind,
  backUrl,
  onRetry,
}: {
  kind: 'ticket' | 'load';
  backUrl: string;
  onRetry?: () => void;
}) {
  const { t } = useTranslation('play');
  const leave = useLeaveGame(backUrl);
  return (
    <div className="sb-page sb-page-center">
      <div className="sb-problem" role="alert" data-testid="sb-error">
        <h1>
          {t(kind === 'ticket' ? 'houseSportsbook.errors.ticketTitle' : 'houseSportsbook.errors.loadTitle')}
        </h1>
        <p>{t(kind === 'ticket' ? 'houseSportsbook.errors.ticket' : 'houseSportsbook.errors.load')}</p>
        <div className="sb-confirm-actions">
          {onRetry && (
            <button type="button" className="btn" onClick={onRetry}>
              {t('houseSportsbook.retry')}
            </button>
          )}
          <button type="button" className="btn btn-primary" onClick={leave}>
            {t('houseSportsbook.back')}
          </button>
        </div>
      </div>
    </div>
  );
}

function Loader({ token, backUrl }: { token: string; backUrl: string }) {
  // The balance moves when bets settle in the background: the info is fetched again now and then.
  const first = useQuery(sportsbookInfoQueryOptions(token));
  const info = useQuery({
    ...sportsbookInfoQueryOptions(token),
    refetchInterval: first.data ? pollMs(first.data.minuteMs) : false,
  });
  if (info.isPending) return <Loading />;
  if (info.isError && isTicketError(info.error)) return <Problem kind="ticket" backUrl={backUrl} />;
  if (info.isError) return <Problem kind="load" backUrl={backUrl} onRetry={() => void info.refetch()} />;
  return <Book token={token} info={info.data} backUrl={backUrl} />;
}

function Book({ token, info, backUrl }: { token: string; info: SportsbookInfo; backUrl: string }) {
  const { t } = useTranslation('play');
  const errorText = useErrorText();
  const leave = useLeaveGame(backUrl);
  const [tab, setTab] = useState<'matches' | 'bets'>('matches');
  const [rulesOpen, setRulesOpen] = useState(false);
  const [slipOpen, setSlipOpen] = useState(false);
  const matches = useMatches(token, info.minuteMs);
  const bets = useBets(token, info.minuteMs);
  const slip = useBetSlip(token, info, errorText);
  const selected = useMemo(() => new Set(slip.items.map(selectionId)), [slip.items]);
  const money = (n: number) => showMoney(n, info.currencySymbol);
  const openCount = bets.data?.open.length ?? 0;

  return (
    <div className="sb-page">
      <header className="sb-top">
        <button type="button" className="sb-top-btn" onClick={leave} data-testid="sb-back">
          ‹ <span>{t('houseSportsbook.back')}</span>
        </button>
        <h1 className="sb-title">{info.gameName}</h1>
        <span className="sb-balance" aria-label={t('houseSportsbook.balance')}>
          <span className="sb-balance-label">{t('houseSportsbook.balance')}</span>
          <strong data-testid="sb-balance">{money(info.balance)}</strong>
        </span>
        <button
          type="button"
          className="sb-top-btn sb-info-btn"
          aria-label={t('houseSportsbook.rules.open')}
          aria-haspopup="dialog"
          onClick={() => setRulesOpen(true)}
          data-testid="sb-rules"
        >
          i
        </button>
      </header>

      <nav className="sb-tabs" role="tablist" aria-label={t('houseSportsbook.tabs.label')}>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'matches'}
          onClick={() => setTab('matches')}
          data-testid="sb-tab-matches"
        >
          {t(info.sport === 'FOOTBALL' ? 'houseSportsbook.tabs.football' : 'houseSportsbook.tabs.esports')}
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'bets'}
          onClick={() => setTab('bets')}
          data-testid="sb-tab-bets"
        >
          {t('houseSportsbook.tabs.bets')} {openCount > 0 && <span className="sb-count">{openCount}</span>}
        </button>
      </nav>

      <div className="sb-body">
        <main className="sb-main">
          {tab === 'matches' &&
            (matches.isPending ? (
              <p className="sb-empty">{t('houseSportsbook.loading')}</p>
            ) : matches.isError ? (
              <p className="sb-notice is-error" role="alert">
                {errorText(matches.error)}{' '}
                <button type="button" className="link-btn" onClick={() => void matches.refetch()}>
                  {t('houseSportsbook.retry')}
                </button>
              </p>
            ) : (
              <MatchList
                info={info}
                matches={matches.data.matches}
                selected={selected}
                onPick={slip.toggle}
              />
            ))}
          {tab === 'bets' && <MyBets token={token} info={info} errorText={errorText} />}
        </main>
        <aside className={`sb-side${slipOpen ? ' is-open' : ''}`}>
          <button
            type="button"
            className="sb-dock"
            aria-expanded={slipOpen}
            onClick={() => setSlipOpen((v) => !v)}
            data-testid="sb-slip-toggle"
          >
            <span>
              {t('houseSportsbook.slip.title')} <span className="sb-count">{slip.items.length}</span>
            </span>
            <span>{slipOpen ? '▾' : '▴'}</span>
          </button>
          <div className="sb-side-body">
            <BetSlip info={info} slip={slip} />
          </div>
        </aside>
      </div>

      <RulesModal info={info} open={rulesOpen} onClose={() => setRulesOpen(false)} />
    </div>
  );
}
