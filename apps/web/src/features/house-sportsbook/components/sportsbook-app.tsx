import type { SportsbookInfo } from '@app/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import { showMoney } from '../../../lib/money';
import { pollMs, sportsbookGame } from '../api/game';
import { SPORTSBOOK_CHROME } from '../chrome';
import { GameGate, type GameLaunch, type GamePlay } from '../../../lib/game-client/game-gate';
import { useBets } from '../api/get-bets';
import { useMatches } from '../api/get-matches';
import { useBetSlip } from '../hooks/use-bet-slip';
import { useLeaveGame } from '../../../lib/game-client/use-leave-game';
import { selectionId } from '../slip';
import { BetSlip } from './bet-slip';
import { MatchList } from './match-list';
import { MyBets } from './my-bets';
import { RulesModal } from './rules-modal';
import '../../../styles/house-sportsbook.css';

/** The house sportsbook's client (football or esports, as the ticket says): loading, errors, the book. */
export function SportsbookApp(launch: GameLaunch) {
  // The balance moves when bets settle in the background: the info is fetched again now and then.
  return (
    <GameGate chrome={SPORTSBOOK_CHROME} launch={launch} game={sportsbookGame} poll={pollOf}>
      {(play) => <Book {...play} />}
    </GameGate>
  );
}

const pollOf = (info: SportsbookInfo) => pollMs(info.minuteMs);

function Book({ token, info, backUrl }: GamePlay<SportsbookInfo>) {
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
