import {
  LOTTERY_LAUNCH_MODE,
  LOTTERY_VENDORS,
  type Game,
  type GameType,
  type LaunchGame,
} from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createElement, useCallback, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { CLIENT } from '../../../config/brand';
import { paths } from '../../../config/paths';
import { ApiError, api } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { currentApiLanguage } from '../../../lib/i18n';
import { usePopups } from '../../../lib/popups';
import { QUERY_ROOTS } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';
import { GameMessageDialog } from '../components/game-message-dialog';

/** A game from a list, or a vendor's lobby (with a game code where the caller knows one). */
type LaunchTarget = Game | { vendor: string; gameCode?: string; nodeId?: number; gameType: GameType };

interface LaunchParams {
  vendor: string;
  gameCode?: string;
  nodeId?: number;
  gameType: GameType;
  /** Where the game's exit button goes: the page it was started from. */
  backUrl: string;
}

const isGame = (t: LaunchTarget): t is Game => 'vassalage' in t && 'displayName' in t;

function launchParams(target: LaunchTarget, backUrl: string): LaunchParams {
  if (isGame(target)) {
    return {
      vendor: target.vassalage,
      gameCode: target.gameCode,
      nodeId: target.nodeId,
      gameType: target.gameType,
      backUrl,
    };
  }
  return { ...target, backUrl };
}

/**
 * A lottery vendor opens as the lottery lobby launch (SPEC section 7): launchMode LOTT, its area
 * (TCG_SEA is the SEA area, the others VN), the game to bet on (betting view) or none (lobby view).
 */
export function lotteryLaunchParams(p: Pick<LaunchParams, 'vendor' | 'gameCode'>) {
  if (!(LOTTERY_VENDORS as readonly string[]).includes(p.vendor)) return {};
  return {
    launchMode: LOTTERY_LAUNCH_MODE,
    lottoArea: p.vendor === 'TCG_SEA' ? 'SEA' : 'VN',
    lottoGameCode: p.gameCode,
    lottoView: p.gameCode ? 'betting' : 'lobby',
  } as const;
}

const launchGame = (p: LaunchParams) =>
  api.get<LaunchGame>('/wps/game/launchGame', {
    vendor: p.vendor,
    gameCode: p.gameCode,
    nodeId: p.nodeId,
    gameType: p.gameType,
    language: currentApiLanguage(),
    backUrl: p.backUrl,
    device: CLIENT.device,
    ...lotteryLaunchParams(p),
  });

/** What the login popup is told when starting a game opened it (same reason the session guard gives). */
export const LOGIN_REQUIRED = { reason: 'loginRequired' } as const;

interface UseLaunchGame {
  /** Starts a game: with no session the login popup opens instead (SPEC section 4). */
  launch(target: LaunchTarget): void;
  busy: boolean;
  /** The server's message of the last failed launch, or null. */
  error: string | null;
  clearError(): void;
  /** The message dialog of a failed launch: render it once where the hook is used. */
  errorDialog: ReactNode;
}

/**
 * Starting a game (SPEC sections 4 and 5). Trial accounts may play; only a missing session stops
 * it. Games whose isGame is 'VASSALAGE' open their vendor's popup list instead: the caller checks.
 */
export function useLaunchGame(): UseLaunchGame {
  const token = useSession((s) => s.token);
  const show = usePopups((s) => s.show);
  const navigate = useNavigate();
  const location = useLocation();
  const qc = useQueryClient();
  const errorText = useErrorText();
  const [error, setError] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: launchGame,
    onSuccess: (res) => {
      // A transfer-wallet vendor moved money out of the main wallet; the recent list has a new entry.
      if (res.transferred > 0) void qc.invalidateQueries({ queryKey: [QUERY_ROOTS.wallet] });
      void qc.invalidateQueries({ queryKey: ['games', 'recent'] });
      // PAGE: a route of this site (lottery games open /lottery); only a local path is followed.
      if (res.mode === 'PAGE')
        navigate(res.url.startsWith('/') && !res.url.startsWith('//') ? res.url : paths.lottery);
      else
        navigate(
          res.mode === 'SEAMLESS'
            ? paths.seamlessGame(res.url, res.gameName)
            : paths.gameFrame(res.url, res.gameName),
        );
    },
    onError: (err) => {
      // The session died meanwhile (the client has already forgotten it): log in again.
      if (err instanceof ApiError && err.code === 'login.not.session') show('login', LOGIN_REQUIRED);
      else setError(errorText(err));
    },
  });
  const { mutate, isPending } = mutation;
  const backUrl = location.pathname + location.search;

  const launch = useCallback(
    (target: LaunchTarget) => {
      if (!token) {
        show('login', LOGIN_REQUIRED);
        return;
      }
      if (isPending) return;
      mutate(launchParams(target, backUrl));
    },
    [token, show, isPending, mutate, backUrl],
  );
  const clearError = useCallback(() => setError(null), []);

  return {
    launch,
    busy: isPending,
    error,
    clearError,
    errorDialog:
      error === null ? null : createElement(GameMessageDialog, { message: error, onClose: clearError }),
  };
}
