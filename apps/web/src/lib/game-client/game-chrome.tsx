import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/icon';
import { useLeaveGame } from './use-leave-game';
import './game-chrome.css';

/** The house games' parts of the `play` namespace. */
export type GameNs =
  'houseSlot' | 'houseFish' | 'cockfight' | 'houseBaccarat' | 'houseCards' | 'houseSportsbook';
/** The games whose top bar is this one (the card game and the sportsbook keep their own). */
type TopBarNs = 'houseSlot' | 'houseFish' | 'cockfight' | 'houseBaccarat';

/**
 * The frame every house game client shares: its top bar (back, title, history, rules), its
 * loading screen and its "ticket dead / could not load" screen. Each game keeps its own look:
 * class names carry the game's CSS prefix (`hf-top`, `cf-problem`, ...), texts come from the
 * game's part of the `play` namespace (`<ns>.back`, `<ns>.errors.ticket`, ...), and test ids
 * from its name (`fish-back`, `fish-history`, ...).
 */
export interface GameChrome<Ns extends GameNs = GameNs> {
  /** The game's texts in the `play` namespace. */
  ns: Ns;
  /** The game's CSS class prefix. */
  css: string;
  /** The game's test id prefix. */
  testId: string;
}

export function GameLoading({ chrome, art }: { chrome: GameChrome; art?: ReactNode }) {
  const { t } = useTranslation('play');
  return (
    <div className={`${chrome.css}-page ${chrome.css}-page-center`}>
      <div className={`${chrome.css}-loading`} role="status" aria-live="polite">
        {art}
        <p>{t(`${chrome.ns}.loading`)}</p>
      </div>
    </div>
  );
}

/** A missing or dead launch ticket (only the way back), or a failed load (retry or back). */
export function GameProblem({
  chrome,
  kind,
  backUrl,
  onRetry,
}: {
  chrome: GameChrome;
  kind: 'ticket' | 'load';
  backUrl: string;
  onRetry?: () => void;
}) {
  const { t } = useTranslation('play');
  const leave = useLeaveGame(backUrl);
  const { ns, css } = chrome;
  return (
    <div className={`${css}-page ${css}-page-center`}>
      <div className={`${css}-problem`} role="alert" data-testid={`${chrome.testId}-error`}>
        <h1>{t(kind === 'ticket' ? `${ns}.errors.ticketTitle` : `${ns}.errors.loadTitle`)}</h1>
        <p>{t(kind === 'ticket' ? `${ns}.errors.ticket` : `${ns}.errors.load`)}</p>
        <div className={`${css}-problem-actions`}>
          {onRetry && (
            <button type="button" className="btn" onClick={onRetry}>
              {t(`${ns}.retry`)}
            </button>
          )}
          <button
            type="button"
            className="btn btn-primary"
            data-testid={`${chrome.testId}-back`}
            onClick={leave}
          >
            {t(`${ns}.back`)}
          </button>
        </div>
      </div>
    </div>
  );
}

/**
 * The game's top bar. `start` replaces the back button (a table game shows "tables" while a
 * table is open). Its look is game-chrome.css; the game's CSS gives its colours and may adjust
 * it through the variables named there, or through the game's own classes beside the shared ones.
 */
export function GameTopBar({
  chrome,
  title,
  onBack,
  onHistory,
  onRules,
  start,
}: {
  chrome: GameChrome<TopBarNs>;
  title: ReactNode;
  onBack: () => void;
  onHistory: () => void;
  onRules: () => void;
  start?: ReactNode;
}) {
  const { t } = useTranslation('play');
  const { ns, css, testId } = chrome;
  return (
    <header className={`game-top ${css}-top`}>
      {start ?? (
        <GameTopButton chrome={chrome} icon="back" label={t(`${ns}.back`)} onClick={onBack} id="back" />
      )}
      <h1 className={`game-top-title ${css}-title`}>{title}</h1>
      <div className="game-top-actions">
        <button
          type="button"
          className={`game-top-btn game-top-icon ${css}-top-btn`}
          data-testid={`${testId}-history`}
          aria-label={t(`${ns}.history.open`)}
          aria-haspopup="dialog"
          onClick={onHistory}
        >
          <Icon name="history" size={22} />
        </button>
        <button
          type="button"
          className={`game-top-btn game-top-icon game-info-btn ${css}-top-btn`}
          data-testid={`${testId}-rules`}
          aria-label={t(`${ns}.rules.open`)}
          aria-haspopup="dialog"
          onClick={onRules}
        >
          i
        </button>
      </div>
    </header>
  );
}

/** A labelled button of the top bar's start (back, tables). */
export function GameTopButton({
  chrome,
  icon,
  label,
  onClick,
  id,
}: {
  chrome: GameChrome<TopBarNs>;
  icon: 'back' | 'tables';
  label: string;
  onClick: () => void;
  /** Test id suffix: `<game>-<id>`. */
  id: string;
}) {
  return (
    <button
      type="button"
      className={`game-top-btn ${chrome.css}-top-btn`}
      onClick={onClick}
      data-testid={`${chrome.testId}-${id}`}
    >
      <Icon name={icon} size={22} />
      <span>{label}</span>
    </button>
  );
}
