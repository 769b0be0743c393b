import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';

/** A server message about a game (maintenance, not playable here, ...), with one confirm button. */
export function GameMessageDialog({ message, onClose }: { message: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      id="gameMessageModal"
      title={t('games.launch.failedTitle')}
      open
      onClose={onClose}
      closeLabel={t('common.close')}
      size="sm"
    >
      <p data-testid="game-message">{message}</p>
      <div className="modal-actions">
        <button type="button" className="btn btn-primary" onClick={onClose} data-testid="game-message-ok">
          {t('games.launch.ok')}
        </button>
      </div>
    </Modal>
  );
}
