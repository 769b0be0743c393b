import type { PromotionDetail } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormStatus, type Status } from '../../../components/ui/form-status';
import { Modal } from '../../../components/ui/modal';
import { QueryState } from '../../../components/ui/query-state';
import { useBrand } from '../../../lib/brand';
import { useErrorText } from '../../../lib/error-text';
import { showMoney } from '../../../lib/money';
import { usePopups } from '../../../lib/popups';
import { useClaimPromotion } from '../api/claim-promotion';
import { useClaimRaffle } from '../api/claim-raffle';
import { usePromotion } from '../api/get-promotion';
import { useJoinPromotion } from '../api/join-promotion';
import { useSignInPromotion } from '../api/sign-in-promotion';

/** The actions this dialog takes (apply has its form; invite opens the invite-friends page). */
export type ConfirmedAction = 'JOIN' | 'CLAIM' | 'SIGN' | 'DRAW';

/** What the confirmation says: the action with the promotion's own figures, and the turnover it adds. */
function useConfirmText() {
  const { t } = useTranslation('promo');
  const brand = useBrand();
  const money = (n: number) => showMoney(n, brand.currencySymbol);
  return (action: ConfirmedAction, p: PromotionDetail): string[] => {
    const r = p.rules;
    switch (action) {
      case 'JOIN': {
        const text = t('confirm.JOIN', {
          title: p.title,
          min: money(r.minDeposit ?? 0),
          percent: r.bonusPercent ?? 0,
          max: money(r.maxBonus ?? 0),
        });
        return r.turnoverMultiple > 0
          ? [text, t('rules.depositTurnover', { times: r.turnoverMultiple })]
          : [text];
      }
      case 'CLAIM':
      case 'SIGN': {
        const amount = r.bonusAmount ?? 0;
        const text = t(`confirm.${action}`, { title: p.title, amount: money(amount) });
        const turnover = amount * r.turnoverMultiple;
        return turnover > 0 ? [text, t('confirm.turnover', { turnover: money(turnover) })] : [text];
      }
      case 'DRAW':
        return r.turnoverMultiple > 0
          ? [t('confirm.DRAW', { title: p.title }), t('rules.bonusTurnover', { times: r.turnoverMultiple })]
          : [t('confirm.DRAW', { title: p.title })];
    }
  };
}

/**
 * The confirmation before a promotion action moves money or commits the member to a period (join,
 * claim, check in, draw), with the promotion's figures; then the action and its outcome (the
 * prize drawn, the amount added). After a join it offers the deposit page.
 */
export function ActionDialog({
  promotionId,
  action,
  onClose,
}: {
  promotionId: string;
  action: ConfirmedAction;
  onClose: () => void;
}) {
  const { t } = useTranslation('promo');
  const brand = useBrand();
  const errorText = useErrorText();
  const confirmText = useConfirmText();
  const show = usePopups((s) => s.show);
  const promotion = usePromotion(promotionId);
  const join = useJoinPromotion();
  const claim = useClaimPromotion();
  const sign = useSignInPromotion();
  const draw = useClaimRaffle();
  const [status, setStatus] = useState<Status>(null);
  const [done, setDone] = useState(false);
  const pending = join.isPending || claim.isPending || sign.isPending || draw.isPending;
  const money = (n: number) => showMoney(n, brand.currencySymbol);

  const run = async () => {
    setStatus(null);
    try {
      let text: string;
      if (action === 'DRAW') {
        const won = await draw.mutateAsync(promotionId);
        text = t('done.DRAW', { amount: money(won.amount) });
      } else {
        const mutation = action === 'JOIN' ? join : action === 'CLAIM' ? claim : sign;
        const after = await mutation.mutateAsync(promotionId);
        text = t(`done.${action}`, { amount: money(after.mine?.amount ?? 0) });
      }
      setDone(true);
      setStatus({ ok: true, text });
    } catch (err) {
      setStatus({ ok: false, text: errorText(err) });
    }
  };

  return (
    <Modal
      id="promoActionModal"
      title={t('confirm.title')}
      open
      onClose={onClose}
      closeLabel={t('confirm.cancel')}
      size="sm"
    >
      <QueryState query={promotion}>
        {(p) => (
          <div className="promo-confirm" data-testid="promo-confirm">
            {!done && confirmText(action, p).map((line) => <p key={line}>{line}</p>)}
            <FormStatus status={status} testId="promo-action" />
            <div className="sec-actions">
              {done ? (
                <>
                  {action === 'JOIN' && (
                    <button
                      type="button"
                      className="btn btn-primary"
                      onClick={() => show('memberCentre', { page: 'depositv2' })}
                      data-testid="promo-deposit-now"
                    >
                      {t('detail.depositNow')}
                    </button>
                  )}
                  <button type="button" className="btn" onClick={onClose} data-testid="promo-confirm-close">
                    {t('confirm.close')}
                  </button>
                </>
              ) : (
                <>
                  <button
                    type="button"
                    className="btn btn-primary"
                    disabled={pending}
                    onClick={() => void run()}
                    data-testid="promo-confirm-submit"
                  >
                    {pending ? t('confirm.working') : t('confirm.submit')}
                  </button>
                  <button type="button" className="btn" disabled={pending} onClick={onClose}>
                    {t('confirm.cancel')}
                  </button>
                </>
              )}
            </div>
          </div>
        )}
      </QueryState>
    </Modal>
  );
}
