import type { Game, VendorCard } from '@app/contracts';
import { useCallback, useState, type ReactNode } from 'react';
import { useLaunchGame } from '../api/launch-game';
import { VendorGamesPopup, type PopupVendor } from '../components/vendor-games-popup';

interface PlayGame {
  /** Starts a game; one of a VASSALAGE vendor opens that vendor's popup list instead. */
  playGame(game: Game): void;
  /** Opens a vendor's lobby; a VASSALAGE vendor opens its popup list instead. */
  playVendor(vendor: VendorCard): void;
  busy: boolean;
  /** The vendor popup list and the launch error message: render once where the hook is used. */
  dialogs: ReactNode;
}

/** Starting games from lobbies and game rows (SPEC section 4: login first, VASSALAGE popup list). */
export function usePlayGame(): PlayGame {
  const { launch, busy, errorDialog } = useLaunchGame();
  const [vendor, setVendor] = useState<PopupVendor | null>(null);

  const playGame = useCallback(
    (game: Game) => {
      if (game.isGame === 'VASSALAGE')
        setVendor({ vassalage: game.vassalage, gameType: game.gameType, displayName: game.accountTypeName });
      else launch(game);
    },
    [launch],
  );
  const playVendor = useCallback(
    (v: VendorCard) => {
      if (v.isGame === 'VASSALAGE')
        setVendor({ vassalage: v.vassalage, gameType: v.gameType, displayName: v.displayName });
      else launch({ vendor: v.vassalage, gameType: v.gameType });
    },
    [launch],
  );

  return {
    playGame,
    playVendor,
    busy,
    dialogs: (
      <>
        {vendor && <VendorGamesPopup vendor={vendor} onClose={() => setVendor(null)} onLaunch={launch} />}
        {errorDialog}
      </>
    ),
  };
}
