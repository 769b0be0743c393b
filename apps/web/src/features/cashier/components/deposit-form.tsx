import { CASHIER_LIMITS, type Deposit, fromMinor, type PaymentChannel } from '@app/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/ui/copy-button';
import { FormField } from '../../../components/ui/form-field';
import { FormStatus, type Status } from '../../../components/ui/form-status';
import { MoneyInput } from '../../../components/ui/money-input';
import { TextInput } from '../../../components/ui/text-input';
import { useErrorText } from '../../../lib/error-text';
import { showMoney } from '../../../lib/money';
import { useRequestId } from '../../../lib/request-id';
import { useCreateDeposit } from '../api/create-deposit';
import { checkDepositAmount, previewDeposit, type AmountProblem } from '../fees';
import { usePickedImages } from '../../../lib/use-picked-images';
import { ImagePicker } from '../../../components/ui/image-picker';

const PAYER_NAME_MAX = 100;

type Problems = { amount?: AmountProblem; receipt?: boolean };

/** Where to pay for a BANK channel, each detail with a copy button. */
function PayInto({ bank }: { bank: NonNullable<PaymentChannel['bank']> }) {
  const { t } = useTranslation();
  const rows = [
    { key: 'bankName', label: t('cashier.deposit.bankName'), value: bank.bankName },
    { key: 'accountName', label: t('cashier.deposit.accountName'), value: bank.accountName },
    { key: 'accountNo', label: t('cashier.deposit.accountNo'), value: bank.accountNo },
  ];
  return (
    <div className="mc-payinto" data-testid="deposit-pay-into">
      <p className="mc-label">{t('cashier.deposit.payInto')}</p>
      <dl>
        {rows.map((r) => (
          <div key={r.key}>
            <dt>{r.label}</dt>
            <dd>
              <span data-testid={`deposit-${r.key}`}>{r.value}</span>
              <CopyButton text={r.value} label={r.label} testId={`deposit-copy-${r.key}`} />
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/**
 * The deposit form of one channel: amount with presets and a live fee/credit preview; for BANK
 * the account to pay into, payer name, receipts and remark; then a confirmation step. ONLINE
 * orders continue on the provider's page (payUrl), which sends the member back afterwards, or,
 * for a QR or an account to pay into, in `onPayment`.
 */
export function DepositForm({
  channel,
  symbol,
  onPayment,
}: {
  channel: PaymentChannel;
  symbol: string;
  onPayment: (d: Deposit) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const create = useCreateDeposit();
  const request = useRequestId();
  const picked = usePickedImages();
  const [amount, setAmount] = useState('');
  const [payerName, setPayerName] = useState('');
  const [remark, setRemark] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [reviewing, setReviewing] = useState(false);
  const [sending, setSending] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const bank = channel.kind === 'BANK';
  const preview = previewDeposit(amount, channel);
  const money = (minor: bigint) => showMoney(fromMinor(minor), symbol);

  const amountText = (p: AmountProblem) =>
    p === 'belowMin' || p === 'aboveMax'
      ? t('cashier.deposit.range', {
          min: showMoney(channel.minAmount, symbol),
          max: showMoney(channel.maxAmount, symbol),
        })
      : p === 'feeTooHigh'
        ? t('cashier.deposit.feeTooHigh')
        : t(`cashierCommon.amount.${p}`);

  const review = (e: FormEvent) => {
    e.preventDefault();
    setStatus(null);
    const found: Problems = {
      amount: checkDepositAmount(amount, channel) ?? undefined,
      receipt: bank && picked.images.length === 0 ? true : undefined,
    };
    setProblems(found);
    if (found.amount || found.receipt) {
      const form = e.currentTarget;
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setReviewing(true);
  };

  const send = async () => {
    setStatus(null);
    setSending(true);
    try {
      const imageIds = bank ? await picked.upload() : undefined;
      const body = {
        channelId: channel.id,
        amount,
        payerName: bank && payerName.trim() ? payerName.trim() : undefined,
        imageIds,
        remark: bank && remark.trim() ? remark.trim() : undefined,
      };
      const deposit = await create.mutateAsync({ ...body, requestId: request.idFor(body) });
      request.settle();
      if (deposit.kind === 'ONLINE' && deposit.payUrl) {
        setRedirecting(true);
        window.location.assign(deposit.payUrl);
        return;
      }
      if (deposit.kind === 'ONLINE') {
        onPayment(deposit);
        return;
      }
      setReviewing(false);
      setAmount('');
      setPayerName('');
      setRemark('');
      picked.clear();
      setStatus({ ok: true, text: t('cashier.deposit.submitted', { orderNo: deposit.orderNo }) });
    } catch (err) {
      setStatus({ ok: false, text: errorText(err) });
    } finally {
      setSending(false);
    }
  };

  if (redirecting) {
    return (
      <p className="sec-note" role="status" data-testid="deposit-redirecting">
        {t('cashier.deposit.redirecting')}
      </p>
    );
  }

  if (reviewing && preview) {
    return (
      <div className="sec-confirm" data-testid="deposit-confirm">
        <p>
          <strong>{t('cashier.deposit.confirmTitle')}</strong>
        </p>
        <dl className="sec-facts">
          <div>
            <dt>{t('cashier.deposit.channel')}</dt>
            <dd>{channel.name}</dd>
          </div>
          <div>
            <dt>{t('cashierCommon.amountLabel')}</dt>
            <dd>{money(preview.amount)}</dd>
          </div>
          <div>
            <dt>{t('cashier.deposit.fee')}</dt>
            <dd>{money(preview.fee)}</dd>
          </div>
          <div>
            <dt>{t('cashier.deposit.credit')}</dt>
            <dd data-testid="deposit-confirm-credit">{money(preview.credit)}</dd>
          </div>
          {bank && (
            <div>
              <dt>{t('cashier.deposit.receipts')}</dt>
              <dd>{picked.images.length}</dd>
            </div>
          )}
        </dl>
        <p className="sec-hint">
          {bank ? t('cashier.deposit.confirmBank') : t('cashier.deposit.confirmOnline')}
        </p>
        <div className="sec-actions">
          <button
            type="button"
            className="btn btn-primary"
            disabled={sending}
            onClick={() => void send()}
            data-testid="deposit-confirm-submit"
          >
            {sending ? t('cashierCommon.working') : t('cashierCommon.confirm')}
          </button>
          <button type="button" className="btn" disabled={sending} onClick={() => setReviewing(false)}>
            {t('cashierCommon.back')}
          </button>
        </div>
        <FormStatus status={status} testId="deposit-status" />
      </div>
    );
  }

  return (
    <form className="mc-form" noValidate onSubmit={review} data-testid="deposit-form">
      {bank && channel.bank && <PayInto bank={channel.bank} />}
      <FormField
        id="deposit-amount"
        label={t('cashierCommon.amountLabel')}
        hint={t('cashier.deposit.range', {
          min: showMoney(channel.minAmount, symbol),
          max: showMoney(channel.maxAmount, symbol),
        })}
        error={problems.amount ? amountText(problems.amount) : undefined}
      >
        <MoneyInput
          value={amount}
          symbol={symbol}
          onChange={(v) => {
            setAmount(v);
            setProblems((p) => ({ ...p, amount: undefined }));
          }}
        />
      </FormField>
      {channel.presets.length > 0 && (
        <div className="ui-chips" role="group" aria-label={t('cashier.deposit.presets')}>
          {channel.presets.map((p) => (
            <button
              key={p}
              type="button"
              className={amount === String(p) ? 'ui-chip active' : 'ui-chip'}
              aria-pressed={amount === String(p)}
              onClick={() => {
                setAmount(String(p));
                setProblems((x) => ({ ...x, amount: undefined }));
              }}
              data-testid={`deposit-preset-${p}`}
            >
              {showMoney(p, symbol)}
            </button>
          ))}
        </div>
      )}
      <dl className="mc-preview" aria-live="polite" data-testid="deposit-preview">
        <div>
          <dt>{t('cashier.deposit.fee')}</dt>
          <dd>{preview ? money(preview.fee) : '—'}</dd>
        </div>
        <div>
          <dt>{t('cashier.deposit.credit')}</dt>
          <dd data-testid="deposit-preview-credit">{preview ? money(preview.credit) : '—'}</dd>
        </div>
      </dl>
      {bank && (
        <>
          <FormField
            id="deposit-payer"
            label={t('cashier.deposit.payerName')}
            hint={t('cashier.deposit.payerNameHint')}
          >
            <TextInput
              value={payerName}
              maxLength={PAYER_NAME_MAX}
              autoComplete="name"
              onChange={(e) => setPayerName(e.target.value)}
            />
          </FormField>
          <ImagePicker
            picked={picked}
            label={t('cashier.deposit.receipts')}
            error={problems.receipt ? t('cashier.deposit.receiptRequired') : undefined}
            testId="deposit-receipts"
          />
          <FormField
            id="deposit-remark"
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
        </>
      )}
      <div className="sec-actions">
        <button type="submit" className="btn btn-primary" data-testid="deposit-submit">
          {t('cashierCommon.next')}
        </button>
      </div>
      <FormStatus status={status} testId="deposit-status" />
    </form>
  );
}
