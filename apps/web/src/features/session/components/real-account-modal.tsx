import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';

/** Warning for a trial (free-play) account that tried a members-only action (SPEC section 8). */
export function RealAccountModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      id="realAccountModal"
      title={t('auth.realAccount.title')}
      open
      onClose={onClose}
      closeLabel={t('common.close')}
      size="sm"
    >
      <p data-testid="real-account-text">{t('auth.realAccount.text')}</p>
      <div className="modal-actions">
        <button
          type="button"
          className="btn btn-primary"
          onClick={onClose}
          data-testid="real-account-confirm"
        >
          {t('auth.realAccount.confirm')}
        </button>
      </div>
    </Modal>
  );
}
