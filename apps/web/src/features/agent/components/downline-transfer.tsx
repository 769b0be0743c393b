import type { AgentTransferResult } from '@app/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/ui/form-field';
import { FormStatus, type Status } from '../../../components/ui/form-status';
import { Modal } from '../../../components/ui/modal';
import { MoneyInput } from '../../../components/ui/money-input';
import { PaymentPasswordField } from '../../../components/ui/payment-password-field';
import { QueryState } from '../../../components/ui/query-state';
import { useErrorText } from '../../../lib/error-text';
import { showMoney } from '../../../lib/money';
import { useRequestId } from '../../../lib/request-id';
import { normalisedAmount, transferProblems, type AmountProblem, type PasswordProblem } from '../agent-menu';
import { useAgentHome } from '../api/get-agent-home';
import { useTransferToDownline } from '../api/transfer-downline';

export interface TransferTarget {
  id: number;
  account: string;
}

/**
 * Transfer to a downline: amount and payment password, a confirmation step before any money
 * moves, then the result. The request id is kept while the same transfer is retried (a network
 * failure never pays twice) and renewed once it succeeded.
 */
export function DownlineTransferDialog({ target, onClose }: { target: TransferTarget; onClose: () => void }) {
  const { t } = useTranslation('agent');
  const { t: ts } = useTranslation();
  const errorText = useErrorText();
  const home = useAgentHome();
  const transfer = useTransferToDownline();
  const request = useRequestId();
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<{ amount?: AmountProblem; password?: PasswordProblem }>({});
  const [reviewing, setReviewing] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const [result, setResult] = useState<AgentTransferResult | null>(null);

  return (
    <Modal
      id="agentTransfer"
      title={t('transfer.title', { account: target.account })}
      open
      onClose={onClose}
      closeLabel={ts('common.close')}
      dismissible={!transfer.isPending}
      size="sm"
    >
      <div data-testid="agent-transfer">
        <QueryState query={home}>
          {(h) => {
            const symbol = h.currencySymbol;
            const amountText = (p: AmountProblem) =>
              p === 'overBalance'
                ? ts('cashierCommon.amount.overBalance', { amount: showMoney(h.balance, symbol) })
                : ts(`cashierCommon.amount.${p}`);
            const review = (e: FormEvent) => {
              e.preventDefault();
              setStatus(null);
              const found = transferProblems(amount, password, h.balance);
              setProblems(found);
              if (!found.amount && !found.password) setReviewing(true);
            };
            const send = () => {
              transfer.mutate(
                {
                  memberId: String(target.id),
                  amount,
                  paymentPassword: password,
                  requestId: request.idFor({ memberId: target.id, amount }),
                },
                {
                  onSuccess: (r) => {
                    request.settle();
                    setResult(r);
                    setReviewing(false);
                    setAmount('');
                    setPassword('');
                  },
                  onError: (err) => {
                    setReviewing(false);
                    setStatus({ ok: false, text: errorText(err) });
                  },
                },
              );
            };

            if (result) {
              return (
                <section className="mc-result" data-testid="agent-transfer-result" role="status">
                  <h3 className="ag-result-title">{t('transfer.done')}</h3>
                  <dl className="sec-facts">
                    <div>
                      <dt>{t('transfer.to')}</dt>
                      <dd>{result.to}</dd>
                    </div>
                    <div>
                      <dt>{ts('cashierCommon.amountLabel')}</dt>
                      <dd data-testid="agent-transfer-amount">{showMoney(result.amount, symbol)}</dd>
                    </div>
                    <div>
                      <dt>{t('transfer.balanceAfter')}</dt>
                      <dd data-testid="agent-transfer-balance">{showMoney(result.balance, symbol)}</dd>
                    </div>
                    <div>
                      <dt>{ts('cashierCommon.reference')}</dt>
                      <dd className="mc-mono">{result.id}</dd>
                    </div>
                  </dl>
                  <div className="sec-actions">
                    <button
                      type="button"
                      className="btn btn-primary"
                      onClick={onClose}
                      data-testid="agent-transfer-close"
                    >
                      {ts('common.close')}
                    </button>
                    <button type="button" className="btn" onClick={() => setResult(null)}>
                      {t('transfer.again')}
                    </button>
                  </div>
                </section>
              );
            }

            return (
              <>
                <p className="sec-desc">
                  {t('transfer.available', { amount: showMoney(h.balance, symbol) })}
                </p>
                {reviewing ? (
                  <div className="sec-confirm" data-testid="agent-transfer-confirm">
                    <p>
                      {t('transfer.confirm', {
                        amount: showMoney(normalisedAmount(amount), symbol),
                        account: target.account,
                      })}
                    </p>
                    <div className="sec-actions">
                      <button
                        type="button"
                        className="btn btn-primary"
                        disabled={transfer.isPending}
                        onClick={send}
                        data-testid="agent-transfer-confirm-submit"
                      >
                        {transfer.isPending ? ts('cashierCommon.working') : ts('cashierCommon.confirm')}
                      </button>
                      <button
                        type="button"
                        className="btn"
                        disabled={transfer.isPending}
                        onClick={() => setReviewing(false)}
                      >
                        {ts('cashierCommon.back')}
                      </button>
                    </div>
                  </div>
                ) : (
                  <form className="sec-form" noValidate onSubmit={review}>
                    <FormField
                      id="agent-transfer-amount"
                      label={ts('cashierCommon.amountLabel')}
                      error={problems.amount && amountText(problems.amount)}
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
                    <PaymentPasswordField
                      id="agent-transfer-password"
                      value={password}
                      error={problems.password && ts(`cashierCommon.paymentPassword.${problems.password}`)}
                      onChange={(v) => {
                        setPassword(v);
                        setProblems((p) => ({ ...p, password: undefined }));
                      }}
                    />
                    <div className="sec-actions">
                      <button type="submit" className="btn btn-primary" data-testid="agent-transfer-submit">
                        {ts('cashierCommon.next')}
                      </button>
                    </div>
                  </form>
                )}
                <FormStatus status={status} testId="agent-transfer-status" />
              </>
            );
          }}
        </QueryState>
      </div>
    </Modal>
  );
}
