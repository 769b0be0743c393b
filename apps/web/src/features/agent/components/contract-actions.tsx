import type { Contract, ContractKind } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormStatus, type Status } from '../../../components/ui/form-status';
import { useErrorText } from '../../../lib/error-text';
import { useProcessContract } from '../api/contracts';
import { moveOf } from '../contract-rules';

type Step = 'ACCEPT' | 'REJECT' | 'TERMINATE' | 'ACCEPT_TERMINATION' | 'REJECT_TERMINATION';
const ACTION: Record<Step, 'ACCEPT' | 'REJECT' | 'TERMINATE'> = {
  ACCEPT: 'ACCEPT',
  REJECT: 'REJECT',
  TERMINATE: 'TERMINATE',
  ACCEPT_TERMINATION: 'ACCEPT',
  REJECT_TERMINATION: 'REJECT',
};

/**
 * What the viewing side may do with a contract, each behind a confirmation: the holder accepts
 * or rejects a pending offer; the side that did not ask answers a termination request; either
 * side of an accepted contract asks to terminate it. Otherwise it says whose answer is awaited.
 */
export function ContractActions({
  kind,
  c,
  side,
  compact = false,
}: {
  kind: ContractKind;
  c: Contract;
  side: 'holder' | 'upline';
  compact?: boolean;
}) {
  const { t } = useTranslation('agent');
  const { t: ts } = useTranslation();
  const errorText = useErrorText();
  const process = useProcessContract(kind);
  const [step, setStep] = useState<Step | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const move = moveOf(c, side);
  const other = side === 'holder' ? (c.upline ?? t('contracts.platform')) : c.member;
  const btn = compact ? 'btn btn-sm' : 'btn';

  const run = (s: Step) =>
    process.mutate(
      { action: ACTION[s], contractId: c.id },
      {
        onSuccess: () => {
          setStep(null);
          setStatus({ ok: true, text: t(`contracts.done.${s}`) });
        },
        onError: (err) => {
          setStep(null);
          setStatus({ ok: false, text: errorText(err) });
        },
      },
    );

  let body = null;
  if (step) {
    body = (
      <div className="sec-confirm" data-testid="contract-confirm">
        <p>{t(`contracts.confirm.${step}`, { account: other, n: c.version })}</p>
        <div className="sec-actions">
          <button
            type="button"
            className={`${btn} btn-primary`}
            disabled={process.isPending}
            onClick={() => run(step)}
            data-testid="contract-confirm-submit"
          >
            {process.isPending ? ts('cashierCommon.working') : ts('cashierCommon.confirm')}
          </button>
          <button type="button" className={btn} disabled={process.isPending} onClick={() => setStep(null)}>
            {ts('cashierCommon.back')}
          </button>
        </div>
      </div>
    );
  } else if (move === 'answerOffer') {
    body = (
      <div className="sec-actions">
        <button
          type="button"
          className={`${btn} btn-primary`}
          onClick={() => setStep('ACCEPT')}
          data-testid="contract-accept"
        >
          {t('contracts.accept')}
        </button>
        <button type="button" className={btn} onClick={() => setStep('REJECT')} data-testid="contract-reject">
          {t('contracts.reject')}
        </button>
      </div>
    );
  } else if (move === 'answerTermination') {
    body = (
      <>
        <p className="sec-desc">{t('contracts.terminationAsked', { account: other })}</p>
        <div className="sec-actions">
          <button
            type="button"
            className={`${btn} btn-primary`}
            onClick={() => setStep('ACCEPT_TERMINATION')}
            data-testid="contract-accept-termination"
          >
            {t('contracts.acceptTermination')}
          </button>
          <button
            type="button"
            className={btn}
            onClick={() => setStep('REJECT_TERMINATION')}
            data-testid="contract-reject-termination"
          >
            {t('contracts.rejectTermination')}
          </button>
        </div>
      </>
    );
  } else if (move === 'awaitOther') {
    body = (
      <p className="sec-hint" data-testid="contract-awaiting">
        {t('contracts.awaitingOther', { account: c.awaiting ?? other })}
      </p>
    );
  } else if (move === 'terminate') {
    body = (
      <div className="sec-actions">
        <button
          type="button"
          className={btn}
          onClick={() => setStep('TERMINATE')}
          data-testid="contract-terminate"
        >
          {t('contracts.terminate')}
        </button>
      </div>
    );
  }

  return (
    <div className="ag-contract-actions">
      {body}
      <FormStatus status={status} testId="contract-action-status" />
    </div>
  );
}
