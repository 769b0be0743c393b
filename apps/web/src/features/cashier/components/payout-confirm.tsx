import { CASHIER_LIMITS } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/ui/form-field';
import { FormStatus, type Status } from '../../../components/ui/form-status';
import { useErrorText } from '../../../lib/error-text';
import { useConfirmPayout } from '../api/confirm-payout';
import { usePickedImages } from '../../../lib/use-picked-images';
import { ImagePicker } from '../../../components/ui/image-picker';

/**
 * The member's answer to a payout awaiting confirmation: "Received", or "Not received" with
 * proof (1 to 3 images) and an optional remark.
 */
export function PayoutConfirm({ withdrawalId, payoutId }: { withdrawalId: string; payoutId: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const confirm = useConfirmPayout();
  const picked = usePickedImages();
  const [reporting, setReporting] = useState(false);
  const [remark, setRemark] = useState('');
  const [proofMissing, setProofMissing] = useState(false);
  const [sending, setSending] = useState(false);
  const [status, setStatus] = useState<Status>(null);

  const answer = async (received: boolean) => {
    setStatus(null);
    if (!received && picked.images.length === 0) {
      setProofMissing(true);
      return;
    }
    setSending(true);
    try {
      const imageIds = received ? undefined : await picked.upload();
      await confirm.mutateAsync({
        withdrawalId,
        payoutId,
        received,
        imageIds,
        remark: !received && remark.trim() ? remark.trim() : undefined,
      });
    } catch (err) {
      setStatus({ ok: false, text: errorText(err) });
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="mc-payout-confirm" data-testid="payout-confirm">
      {!reporting ? (
        <div className="sec-actions">
          <button
            type="button"
            className="btn btn-sm btn-primary"
            disabled={sending}
            onClick={() => void answer(true)}
            data-testid="payout-received"
          >
            {sending ? t('cashierCommon.working') : t('cashier.payout.received')}
          </button>
          <button
            type="button"
            className="btn btn-sm"
            disabled={sending}
            onClick={() => setReporting(true)}
            data-testid="payout-not-received"
          >
            {t('cashier.payout.notReceived')}
          </button>
        </div>
      ) : (
        <div className="mc-form mc-report">
          <ImagePicker
            picked={picked}
            label={t('cashier.payout.proof')}
            error={proofMissing && picked.images.length === 0 ? t('cashier.payout.proofRequired') : undefined}
            testId="payout-proof"
          />
          <FormField
            id={`payout-remark-${payoutId}`}
            label={t('cashierCommon.remark')}
            hint={t('cashierCommon.remarkCount', { n: [...remark].length, max: CASHIER_LIMITS.remarkMax })}
          >
            <textarea
              className="mc-textarea"
              rows={2}
              maxLength={CASHIER_LIMITS.remarkMax}
              value={remark}
              onChange={(e) => setRemark(e.target.value)}
            />
          </FormField>
          <div className="sec-actions">
            <button
              type="button"
              className="btn btn-sm btn-primary"
              disabled={sending}
              onClick={() => void answer(false)}
              data-testid="payout-report-submit"
            >
              {sending ? t('cashierCommon.working') : t('cashier.payout.report')}
            </button>
            <button
              type="button"
              className="btn btn-sm"
              disabled={sending}
              onClick={() => setReporting(false)}
            >
              {t('cashierCommon.cancel')}
            </button>
          </div>
        </div>
      )}
      <FormStatus status={status} testId="payout-confirm-status" />
    </div>
  );
}
