import type { AgentTransferResult } from '@app/contracts';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormStatus } from '../../../components/ui/form-status';
import { Modal } from '../../../components/ui/modal';
import { QueryState } from '../../../components/ui/query-state';
import { AmountPasswordForm, TransferConfirm, useTransferForm } from '../../../components/ui/transfer-form';
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
  const form = useTransferForm<{ amount?: AmountProblem; password?: PasswordProblem }, AgentTransferResult>();
  const { amount, password, problems, reviewing, status, result } = form;

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
              form.review(transferProblems(amount, password, h.balance));
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
                    form.done(r);
                  },
                  onError: (err) => {
                    form.setReviewing(false);
                    form.setStatus({ ok: false, text: errorText(err) });
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
                    <button type="button" className="btn" onClick={() => form.setResult(null)}>
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
                  <TransferConfirm
                    testId="agent-transfer-confirm"
                    pending={transfer.isPending}
                    onConfirm={send}
                    onBack={() => form.setReviewing(false)}
                  >
                    {t('transfer.confirm', {
                      amount: showMoney(normalisedAmount(amount), symbol),
                      account: target.account,
                    })}
                  </TransferConfirm>
                ) : (
                  <AmountPasswordForm
                    idPrefix="agent-transfer"
                    symbol={symbol}
                    amount={amount}
                    password={password}
                    amountError={problems.amount && amountText(problems.amount)}
                    passwordError={
                      problems.password && ts(`cashierCommon.paymentPassword.${problems.password}`)
                    }
                    onAmount={form.changeAmount}
                    onPassword={form.changePassword}
                    onSubmit={review}
                  />
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
