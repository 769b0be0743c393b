import type { PromotionSummary } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePopups } from '../../../lib/popups';
import { useGuard } from '../../../lib/use-guard';
import { promoDetailLink } from '../promotion-view';
import { ActionDialog, type ConfirmedAction } from './action-dialog';

/**
 * A promotion's button for its state: join, claim, check in and draw ask for a confirmation
 * first; apply opens the application form on the detail page (or scrolls to it there); invite
 * opens the invite-friends page of the member centre. A visitor gets the login popup and a trial
 * account the real-account warning instead. No button when the state has no action; a disabled
 * one (with the reason beside it) when the member may not take it.
 */
export function ActionButton({
  p,
  onApply,
  className = 'btn btn-primary',
}: {
  p: PromotionSummary;
  /** On the detail page: show the application form. */
  onApply?: () => void;
  className?: string;
}) {
  const { t } = useTranslation('promo');
  const guard = useGuard();
  const navigate = useNavigate();
  const show = usePopups((s) => s.show);
  const [confirming, setConfirming] = useState<ConfirmedAction | null>(null);
  const action = p.action;

  const click = () =>
    guard(() => {
      if (action === 'INVITE') return show('memberCentre', { page: 'referral' });
      if (action === 'APPLY') return onApply ? onApply() : void navigate(`${promoDetailLink(p.id)}#apply`);
      if (action) setConfirming(action);
    });

  return (
    <>
      {action && (
        <button
          type="button"
          className={className}
          disabled={!p.eligible}
          onClick={click}
          data-testid="promo-action"
          data-action={action}
        >
          {t(`action.${action}`)}
        </button>
      )}
      {/* Kept open after the action, when the state (and so the button) has changed, to show the outcome. */}
      {confirming && (
        <ActionDialog promotionId={p.id} action={confirming} onClose={() => setConfirming(null)} />
      )}
    </>
  );
}
