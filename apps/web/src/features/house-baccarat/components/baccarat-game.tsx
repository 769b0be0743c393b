import type { BaccaratInfo } from '@app/contracts';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import {
  GameLoading,
  GameProblem,
  GameTopBar,
  GameTopButton,
  type GameChrome,
} from '../../../components/ui/game-chrome';
import { isTicketError } from '../../../lib/game-client/ticket-error';

interface BaccaratGameProps {
  /** The game ticket (exchanged for the launch URL's ?code=); null: none or refused. */
  token: string | null;
  /** The launch language (?lang=). */
  lang: string | null;
  /** Where Back goes (?backUrl=), unchecked: only a path of this site is followed. */
  backUrl: string | null;
}

/** The house live baccarat's game client: loading, a dead or missing ticket, or the game. */
const CHROME: GameChrome = { ns: 'houseBaccarat', css: 'hb', testId: 'baccarat' };

export function BaccaratGame({ token, lang, backUrl }: BaccaratGameProps) {
  useThemeFollow();
  const back = safeBackUrl(backUrl);
  const ready = useLaunchLanguage(lang);
  if (!ready) return <Loading />;
  if (!token) return <GameProblem chrome={CHROME} kind="ticket" backUrl={back} />;
  return <Loader token={token} backUrl={back} />;
}

function Loading() {
  const art = (
    <span className="hb-loading-cards" aria-hidden="true">
      <span />
      <span />
    </span>
  );
  return <GameLoading chrome={CHROME} art={art} />;
}
function Loader({ token, backUrl }: { token: string; backUrl: string }) {
  const info = useBaccaratInfo(token);
  const [dead, setDead] = useState(false);
  const onTicketDead = useCallback(() => setDead(true), []);
  if (info.isPending) return <Loading />;
  if (dead || (info.isError && isTicketError(info.error)))
    return <GameProblem chrome={CHROME} kind="ticket" backUrl={backUrl} />;
  if (info.isError)
    return <GameProblem chrome={CHROME} kind="load" backUrl={backUrl} onRetry={() => void info.refetch()} />;
  return <Play token={token} info={info.data} backUrl={backUrl} onTicketDead={onTicketDead} />;
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
      <GameTopBar
        chrome={CHROME}
        title={info.gameName}
        onBack={leave}
        onHistory={() => setHistoryOpen(true)}
        onRules={() => setRulesOpen(true)}
        start={
          table === null ? undefined : (
            <GameTopButton
              chrome={CHROME}
              icon="tables"
              label={t('houseBaccarat.tables')}
              onClick={() => setTable(null)}
              id="lobby"
            />
          )
        }
      />
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
