import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormStatus, type Status } from '../../../components/ui/form-status';
import { Modal } from '../../../components/ui/modal';
import { useErrorText } from '../../../lib/error-text';
import { useSetLimit } from '../api/protection';
import { isLimitAmount, LimitAmountField } from './limit-amount-field';

const PERIODS = ['D', 'W', 'M'] as const;
type Amounts = Record<(typeof PERIODS)[number], string>;

/**
 * The limits step a brand offers a new member (at sign-up or on opening the deposit page): deposit
 * limits per day, week and month, each optional, saved through the responsible-gaming page's
 * limit call (a first limit is a tightening: it applies at once). "Not now" closes it.
 */
export function LimitsOffer({ onDone }: { onDone: (saved: boolean) => void }) {
  const { t } = useTranslation('protection');
  const errorText = useErrorText();
  const setLimit = useSetLimit();
  const [amounts, setAmounts] = useState<Amounts>({ D: '', W: '', M: '' });
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);
  const filled = PERIODS.filter((p) => amounts[p].trim() !== '');

  const save = async () => {
    if (filled.length === 0) {
      setStatus({ ok: false, text: t('offer.empty') });
      return;
    }
    if (filled.some((p) => !isLimitAmount(amounts[p].trim()))) {
      setStatus({ ok: false, text: t('invalidAmount') });
      return;
    }
    setBusy(true);
    setStatus(null);
    try {
      // One call per period, in order: a refusal stops here and says which one in the member's language.
      for (const period of filled) {
        await setLimit.mutateAsync({ kind: 'DEPOSIT', period, amount: amounts[period].trim() });
        setAmounts((a) => ({ ...a, [period]: '' }));
      }
      onDone(true);
    } catch (err) {
      setStatus({ ok: false, text: errorText(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      id="limitsOffer"
      title={t('offer.title')}
      open
      onClose={() => onDone(false)}
      closeLabel={t('offer.notNow')}
      size="sm"
    >
      <form
        className="rg-offer"
        data-testid="limits-offer"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <p className="sec-hint">{t('offer.intro')}</p>
        {PERIODS.map((p) => (
          <div className="rg-offer-row" key={p}>
            <LimitAmountField
              id={`rg-offer-${p}`}
              label={`${t('kind.DEPOSIT')} · ${t(`period.${p}`)}`}
              value={amounts[p]}
              onChange={(v) => setAmounts((a) => ({ ...a, [p]: v }))}
            />
          </div>
        ))}
        <FormStatus status={status} testId="rg-offer" />
        <div className="modal-actions">
          <button type="button" className="btn" disabled={busy} onClick={() => onDone(false)}>
            {t('offer.notNow')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="rg-offer-save">
            {t('offer.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
