import { useTranslation } from 'react-i18next';
import { Badge } from '../../ui';
import { BLOCK_KEYS, type Blocks } from './types';

export function PlayerStatus({ status }: { status: 'ACTIVE' | 'LOCKED' }) {
  const { t } = useTranslation('players');
  return <Badge tone={status === 'ACTIVE' ? 'success' : 'danger'}>{t(`status.${status}`)}</Badge>;
}

/** One warning badge per block that is on ("no deposits", …); nothing when the player is unblocked. */
export function BlockBadges({ blocks }: { blocks: Blocks }) {
  const { t } = useTranslation('players');
  return (
    <>
      {BLOCK_KEYS.filter((k) => blocks[k]).map((k) => (
        <Badge key={k} tone="warning">
          {t(`blocked.${k}`)}
        </Badge>
      ))}
    </>
  );
}
