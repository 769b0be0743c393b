import { useQuery } from '@tanstack/react-query';
import { useCallback, useState, type ReactNode } from 'react';
import { safeBackUrl } from './back-url';
import { GameLoading, GameProblem, type GameChrome } from './game-chrome';
import type { HouseGame } from './house-game';
import { isTicketError } from './ticket-error';
import { useLaunchLanguage } from './use-launch-language';
import { useThemeFollow } from './use-theme-follow';

/** What a house game's page gets from its launch URL (the route exchanged ?code= for the ticket). */
export interface GameLaunch {
  /** The game ticket; null: none or refused. */
  token: string | null;
  /** The launch language (?lang=). */
  lang: string | null;
  /** Where Back goes (?backUrl=), unchecked: only a path of this site is followed. */
  backUrl: string | null;
}

/**
 * The way into a house game: the page follows the site's theme and speaks the launch language
 * (loading until its texts are there); without a ticket only the way back is left. Otherwise
 * `children` gets the ticket and the checked way back.
 */
export function GameEntry({
  chrome,
  art,
  launch,
  children,
}: {
  chrome: GameChrome;
  /** The game's loading picture. */
  art?: ReactNode;
  launch: GameLaunch;
  children: (token: string, backUrl: string) => ReactNode;
}) {
  useThemeFollow();
  const back = safeBackUrl(launch.backUrl);
  const ready = useLaunchLanguage(launch.lang);
  if (!ready) return <GameLoading chrome={chrome} art={art} />;
  if (!launch.token) return <GameProblem chrome={chrome} kind="ticket" backUrl={back} />;
  return <>{children(launch.token, back)}</>;
}

/** What a game's screen gets once its facts are loaded. */
export interface GamePlay<Info> {
  token: string;
  info: Info;
  backUrl: string;
  /** The ticket was refused on a later call: only the way back is left. */
  onTicketDead: () => void;
  /** Loads the game's facts again (after a refused bet, say) and answers them. */
  refetchInfo: () => Promise<Info | undefined>;
}

/**
 * A house game's client: the way in (GameEntry), then the game's facts (`<path>/info`) loading,
 * refused for the ticket, failed (retry or back), or the game itself.
 */
export function GameGate<Info>({
  chrome,
  art,
  launch,
  game,
  poll,
  children,
}: {
  chrome: GameChrome;
  art?: ReactNode;
  launch: GameLaunch;
  game: Pick<HouseGame<Info>, 'infoQueryOptions'>;
  /** How often the facts are fetched again (ms), once known; never when absent. */
  poll?: (info: Info) => number;
  children: (play: GamePlay<Info>) => ReactNode;
}) {
  return (
    <GameEntry chrome={chrome} art={art} launch={launch}>
      {(token, backUrl) => (
        <InfoGate chrome={chrome} art={art} token={token} backUrl={backUrl} game={game} poll={poll}>
          {children}
        </InfoGate>
      )}
    </GameEntry>
  );
}

function InfoGate<Info>({
  chrome,
  art,
  token,
  backUrl,
  game,
  poll,
  children,
}: {
  chrome: GameChrome;
  art?: ReactNode;
  token: string;
  backUrl: string;
  game: Pick<HouseGame<Info>, 'infoQueryOptions'>;
  poll?: (info: Info) => number;
  children: (play: GamePlay<Info>) => ReactNode;
}) {
  const info = useQuery({
    ...game.infoQueryOptions(token),
    refetchInterval: (q) => (poll && q.state.data ? poll(q.state.data) : false),
  });
  const [dead, setDead] = useState(false);
  const onTicketDead = useCallback(() => setDead(true), []);
  const refetchInfo = useCallback(async () => (await info.refetch()).data, [info]);

  if (info.isPending) return <GameLoading chrome={chrome} art={art} />;
  if (dead || (info.isError && isTicketError(info.error)))
    return <GameProblem chrome={chrome} kind="ticket" backUrl={backUrl} />;
  if (info.isError)
    return <GameProblem chrome={chrome} kind="load" backUrl={backUrl} onRetry={() => void info.refetch()} />;
  return <>{children({ token, info: info.data, backUrl, onTicketDead, refetchInfo })}</>;
}
