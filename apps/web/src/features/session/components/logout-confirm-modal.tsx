import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';
import { useSession } from '../../../lib/session';
import { useLogout } from '../api/logout';

interface LogoutConfirmModalProps {
  onClose: () => void;
  /** After the session is forgotten: the caller resets cached data and goes to '/'. */
  onSignedOut: () => void;
}

/**
 * Sign-out confirmation (SPEC section 4). The session is forgotten here even when the server
 * call fails (offline, already expired): the member asked to leave.
 */
export function LogoutConfirmModal({ onClose, onSignedOut }: LogoutConfirmModalProps) {
  const { t } = useTranslation();
  const logout = useLogout();
  const signOut = useSession((s) => s.signOut);

  const confirm = async () => {
    await logout.mutateAsync().catch(() => undefined);
    signOut();
    onSignedOut();
  };

  return (
    <Modal
      id="logoutConfirmModal"
      title={t('auth.logout.title')}
      open
      onClose={onClose}
      closeLabel={t('common.close')}
      size="sm"
    >
      <p>{t('auth.logout.confirm')}</p>
      <div className="modal-actions">
        <button type="button" className="btn" onClick={onClose}>
          {t('auth.common.cancel')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={logout.isPending}
          onClick={() => void confirm()}
          data-testid="logout-confirm"
        >
          {t('auth.logout.submit')}
        </button>
      </div>
    </Modal>
  );
}
