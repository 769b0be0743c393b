import type { BaccaratInfo } from '@app/contracts';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import { useLeaveGame } from '../../../lib/game-client/use-leave-game';
import { useReducedMotion } from '../../../lib/use-reduced-motion';
import { HistoryModal } from './history-modal';
import { RulesModal } from './rules-modal';
import { TableLobby } from './table-lobby';
import { TableView } from './table-view';
import '../../../styles/house-baccarat.css';
import { GameTopBar, GameTopButton } from '../../../lib/game-client/game-chrome';
import { BACCARAT_CHROME } from '../chrome';
import { GameGate, type GameLaunch, type GamePlay } from '../../../lib/game-client/game-gate';
import { baccaratGame } from '../api/game';

const ART = (
  <span className="hb-loading-cards" aria-hidden="true">
    <span />
    <span />
  </span>
);

/** The house live baccarat's game client: loading, a dead or missing ticket, or the game. */
export function BaccaratGame(launch: GameLaunch) {
  return (
    <GameGate chrome={BACCARAT_CHROME} art={ART} launch={launch} game={baccaratGame}>
      {(play) => <Play {...play} />}
    </GameGate>
  );
}

function Play({ token, info, backUrl, onTicketDead }: GamePlay<BaccaratInfo>) {
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
        chrome={BACCARAT_CHROME}
        title={info.gameName}
        onBack={leave}
        onHistory={() => setHistoryOpen(true)}
        onRules={() => setRulesOpen(true)}
        start={
          table === null ? undefined : (
            <GameTopButton
              chrome={BACCARAT_CHROME}
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
