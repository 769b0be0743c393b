import { toMinor } from '@app/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/ui/form-field';
import { FormStatus, type Status } from '../../../components/ui/form-status';
import { Modal } from '../../../components/ui/modal';
import { MoneyInput } from '../../../components/ui/money-input';
import { useErrorText } from '../../../lib/error-text';
import { showMoney } from '../../../lib/money';
import { useRequestId } from '../../../lib/request-id';
import { useTransferWallet } from '../api/transfer-wallet';

export interface TransferTarget {
  direction: 'IN' | 'OUT';
  vendor: string;
  displayName: string;
  /** What the source wallet holds: the main wallet for IN, the vendor wallet for OUT. */
  available: number;
}

type AmountProblem = 'required' | 'format' | 'tooMuch';

/** The amount to move: typed, or "all" (no amount: the server moves the whole source balance). */
function checkAmount(text: string, available: number): AmountProblem | null {
  if (text.trim() === '') return 'required';
  const minor = toMinor(text);
  if (minor === null || minor <= 0n) return 'format';
  const max = toMinor(String(available));
  return max !== null && minor > max ? 'tooMuch' : null;
}

/** Transfer in (main → vendor) or out (vendor → main), an amount or everything. */
export function TransferDialog({
  target,
  symbol,
  onClose,
  onDone,
}: {
  target: TransferTarget;
  symbol: string;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const transfer = useTransferWallet();
  const request = useRequestId();
  const [all, setAll] = useState(false);
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<AmountProblem | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const inbound = target.direction === 'IN';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setStatus(null);
    const found = all ? null : checkAmount(amount, target.available);
    setProblem(found);
    if (found) return;
    const body = { direction: target.direction, vendor: target.vendor, amount: all ? undefined : amount };
    transfer.mutate(
      { ...body, requestId: request.idFor(body) },
      {
        onSuccess: () => {
          request.settle();
          onDone(
            t(inbound ? 'wallet.transfer.doneIn' : 'wallet.transfer.doneOut', { vendor: target.displayName }),
          );
        },
        onError: (err) => setStatus({ ok: false, text: errorText(err) }),
      },
    );
  };

  const problemText =
    problem === 'tooMuch'
      ? t('wallet.transfer.tooMuch', { amount: showMoney(target.available, symbol) })
      : problem
        ? t(`cashierCommon.amount.${problem}`)
        : undefined;

  return (
    <Modal
      id="walletTransferModal"
      title={t(inbound ? 'wallet.transfer.inTitle' : 'wallet.transfer.outTitle', {
        vendor: target.displayName,
      })}
      open
      onClose={onClose}
      closeLabel={t('common.close')}
      size="sm"
    >
      <form className="mc-form" noValidate onSubmit={submit} data-testid="wallet-transfer-form">
        <p className="mc-muted">
          {inbound
            ? t('wallet.transfer.fromMain', { amount: showMoney(target.available, symbol) })
            : t('wallet.transfer.fromVendor', {
                vendor: target.displayName,
                amount: showMoney(target.available, symbol),
              })}
        </p>
        <label className="mc-check">
          <input
            type="checkbox"
            checked={all}
            onChange={(e) => {
              setAll(e.target.checked);
              setProblem(null);
            }}
            data-testid="wallet-transfer-all"
          />
          {t('wallet.transfer.all')}
        </label>
        {!all && (
          <FormField id="wallet-transfer-amount" label={t('wallet.transfer.amount')} error={problemText}>
            <MoneyInput value={amount} onChange={setAmount} symbol={symbol} autoFocus />
          </FormField>
        )}
        <div className="sec-actions">
          <button
            type="submit"
            className="btn btn-primary"
            disabled={transfer.isPending}
            data-testid="wallet-transfer-submit"
          >
            {transfer.isPending ? t('cashierCommon.working') : t('wallet.transfer.submit')}
          </button>
          <button type="button" className="btn" onClick={onClose}>
            {t('cashierCommon.cancel')}
          </button>
        </div>
        <FormStatus status={status} testId="wallet-transfer-status" />
      </form>
    </Modal>
  );
}
