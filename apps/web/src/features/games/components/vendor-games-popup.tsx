import type { Game, GameType } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';
import { useGameList } from '../api/get-game-list';
import { GameGrid, GameGridSkeleton, GameListError } from './game-grid';
import { GamePager } from './game-pager';

export interface PopupVendor {
  vassalage: string;
  gameType: GameType;
  displayName: string;
}

interface VendorGamesPopupProps {
  vendor: PopupVendor;
  onClose(): void;
  onLaunch(game: Game): void;
}

/** The popup game list of a vendor whose isGame is 'VASSALAGE' (SPEC section 4), paged. */
export function VendorGamesPopup({ vendor, onClose, onLaunch }: VendorGamesPopupProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useGameList({ gameType: vendor.gameType, vassalage: vendor.vassalage, pageNo: page });
  const title = t('games.popup.title', { vendor: vendor.displayName });
  return (
    <Modal
      id="vendorGamesPopup"
      title={title}
      open
      onClose={onClose}
      closeLabel={t('common.close')}
      size="lg"
    >
      <div className="vendor-popup" data-testid="vendor-popup" data-vendor={vendor.vassalage}>
        {list.isPending ? (
          <GameGridSkeleton count={6} />
        ) : list.isError ? (
          <GameListError onRetry={() => void list.refetch()} />
        ) : list.data.games.length === 0 ? (
          <p className="state-box">{t('games.empty.popup')}</p>
        ) : (
          <>
            <GameGrid
              games={list.data.games}
              onLaunch={onLaunch}
              label={title}
              stale={list.isPlaceholderData}
            />
            <GamePager
              page={page}
              totalPages={list.data.totalPages}
              onChange={setPage}
              busy={list.isPlaceholderData}
            />
          </>
        )}
      </div>
    </Modal>
  );
}
