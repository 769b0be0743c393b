import type { BaccaratInfo } from '@app/contracts';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { useBaccaratInfo } from '../api/get-baccarat-info';
import { safeBackUrl } from '../../../lib/game-client/back-url';
import { useLaunchLanguage } from '../../../lib/game-client/use-launch-language';
import { useLeaveGame } from '../../../lib/game-client/use-leave-game';
import { useReducedMotion } from '../../../lib/use-reduced-motion';
import { useThemeFollow } from '../../../lib/game-client/use-theme-follow';
import { HistoryModal } from './history-modal';
import { RulesModal } from './rules-modal';
import { TableLobby } from './table-lobby';
import { TableView } from './table-view';
import '../../../styles/house-baccarat.css';

interface BaccaratGameProps {
  /** The launch ticket (?token=). */
  token: string | null;
  /** The launch language (?lang=). */
  lang: string | null;
  /** Where Back goes (?backUrl=), unchecked: only a path of this site is followed. */
  backUrl: string | null;
}

const isTicketError = (err: unknown) =>
  err instanceof ApiError && (err.code === 'game.token.invalid' || err.status === 401);

/** The house live baccarat's game client: loading, a dead or missing ticket, or the game. */
export function BaccaratGame({ token, lang, backUrl }: BaccaratGameProps) {
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
    <div className="hb-page hb-page-center">
      <p className="hb-loading" role="status" aria-live="polite">
        <span className="hb-loading-cards" aria-hidden="true">
          <span />
          <span />
        </span>
        {t('houseBaccarat.loading')}
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
    <div className="hb-page hb-page-center">
      <div className="hb-problem" role="alert" data-testid="baccarat-error">
        <h1>
          {t(kind === 'ticket' ? 'houseBaccarat.errors.ticketTitle' : 'houseBaccarat.errors.loadTitle')}
        </h1>
        <p>{t(kind === 'ticket' ? 'houseBaccarat.errors.ticket' : 'houseBaccarat.errors.load')}</p>
        <div className="hb-problem-actions">
          {onRetry && (
            <button type="button" className="btn" onClick={onRetry}>
              {t('houseBaccarat.retry')}
            </button>
          )}
          <button type="button" className="btn btn-primary" onClick={leave}>
            {t('houseBaccarat.back')}
          </button>
        </div>
      </div>
    </div>
  );
}

function Loader({ token, backUrl }: { token: string; backUrl: string }) {
  const info = useBaccaratInfo(token);
  const [dead, setDead] = useState(false);
  const onTicketDead = useCallback(() => setDead(true), []);
  if (info.isPending) return <Loading />;
  if (dead || (info.isError && isTicketError(info.error))) return <Problem kind="ticket" backUrl={backUrl} />;
  if (info.isError) return <Problem kind="load" backUrl={backUrl} onRetry={() => void info.refetch()} />;
  return <Play token={token} info={info.data} backUrl={backUrl} onTicketDead={onTicketDead} />;
}

const ICONS = {
  back: 'M15.4 4.6 8 12l7.4 7.4-1.4 1.4L5.2 12l8.8-8.8z',
  history:
    'M13 3a9 9 0 0 0-9 9H1l4 4 4-4H6a7 7 0 1 1 2.05 4.95l-1.42 1.42A9 9 0 1 0 13 3zm-1 5v5l4.25 2.52.77-1.28-3.52-2.09V8H12z',
  tables: 'M4 5h7v6H4zm9 0h7v6h-7zM4 13h7v6H4zm9 0h7v6h-7z',
} as const;

function Glyph({ name }: { name: keyof typeof ICONS }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      <path d={ICONS[name]} />
    </svg>
  );
}

function Play({
  token,
  info,
  backUrl,
  onTicketDead,
}: {
  token: string;
  info: BaccaratInfo;
  backUrl: string;
  onTicketDead: () => void;
}) {
  const { t } = useTranslation('play');
  const errorText = useErrorText();
  const leave = useLeaveGame(backUrl);
  const reducedMotion = useReducedMotion();
  const [table, setTable] = useState<number | null>(null);
  const [rulesOpen, setRulesOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  // The live region repeats a text only if it changes: a no-break space alternates at its end.
  const [said, setSaid] = useState({ text: '', n: 0 });
  const say = useCallback((text: string) => setSaid((s) => ({ text, n: s.n + 1 })), []);

  return (
    <div className="hb-page">
      <header className="hb-top">
        {table === null ? (
          <button type="button" className="hb-top-btn" onClick={leave} data-testid="baccarat-back">
            <Glyph name="back" />
            <span>{t('houseBaccarat.back')}</span>
          </button>
        ) : (
          <button
            type="button"
            className="hb-top-btn"
            onClick={() => setTable(null)}
            data-testid="baccarat-lobby"
          >
            <Glyph name="tables" />
            <span>{t('houseBaccarat.tables')}</span>
          </button>
        )}
        <h1 className="hb-title">{info.gameName}</h1>
        <div className="hb-top-actions">
          <button
            type="button"
            className="hb-top-btn hb-top-icon"
            data-testid="baccarat-history"
            aria-label={t('houseBaccarat.history.open')}
            aria-haspopup="dialog"
            onClick={() => setHistoryOpen(true)}
          >
            <Glyph name="history" />
          </button>
          <button
            type="button"
            className="hb-top-btn hb-top-icon hb-info-btn"
            data-testid="baccarat-rules"
            aria-label={t('houseBaccarat.rules.open')}
            aria-haspopup="dialog"
            onClick={() => setRulesOpen(true)}
          >
            i
          </button>
        </div>
      </header>
      <main className="hb-main">
        {table === null ? (
          <TableLobby token={token} info={info} onJoin={setTable} />
        ) : (
          <TableView
            key={table}
            token={token}
            table={table}
            info={info}
            reducedMotion={reducedMotion}
            onTicketDead={onTicketDead}
            errorText={errorText}
            onSay={say}
          />
        )}
      </main>
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="baccarat-announce">
        {said.text}
        {said.n % 2 ? '\u00a0' : ''}
      </p>
      <RulesModal info={info} open={rulesOpen} onClose={() => setRulesOpen(false)} />
      <HistoryModal
        token={token}
        currency={info.currencySymbol}
        open={historyOpen}
        onClose={() => setHistoryOpen(false)}
      />
    </div>
  );
}
