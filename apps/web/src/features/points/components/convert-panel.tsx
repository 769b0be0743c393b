import type { PointConfig } from '@app/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineConfirm } from '../../../components/ui/inline-confirm';
import { FormField } from '../../../components/ui/form-field';
import { FormStatus, type Status } from '../../../components/ui/form-status';
import { PaymentPasswordField } from '../../../components/ui/payment-password-field';
import { TextInput } from '../../../components/ui/text-input';
import { useErrorText } from '../../../lib/error-text';
import { showMoney } from '../../../lib/money';
import { useRequestId } from '../../../lib/request-id';
import { useConvertPoints } from '../api/convert-points';
import { convertPreview, showPoints } from '../points-format';

const PAYMENT_PASSWORD = /^\d{6}$/;

/**
 * Points into cash: the brand's rate and minimum, the exact preview, the payment password, then a
 * confirmation step before anything moves. The request id stays with the same points until the
 * server has answered, so a retry converts once.
 */
export function ConvertPanel({ config, balance }: { config: PointConfig; balance: number }) {
  const { t } = useTranslation('points');
  const errorText = useErrorText();
  const convert = useConvertPoints();
  const request = useRequestId();
  const [points, setPoints] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<{ points?: string; password?: string }>({});
  const [reviewing, setReviewing] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const symbol = config.currencySymbol;
  const rules = config.convert;
  const preview = convertPreview(points, rules, balance);

  const pointsProblem = (): string | undefined => {
    if (preview.ok) return undefined;
    switch (preview.problem) {
      case 'required':
        return t('convert.problems.required');
      case 'format':
        return t('convert.problems.format');
      case 'min':
        return t('convert.problems.min', { min: showPoints(rules.minPoints) });
      case 'over':
        return t('convert.problems.over', { points: showPoints(balance) });
    }
  };

  const review = (e: FormEvent) => {
    e.preventDefault();
    setStatus(null);
    const found = {
      points: pointsProblem(),
      password:
        password === ''
          ? t('redeem.passwordRequired')
          : PAYMENT_PASSWORD.test(password)
            ? undefined
            : t('redeem.passwordFormat'),
    };
    setProblems(found);
    if (found.points || found.password) {
      const form = e.currentTarget;
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setReviewing(true);
  };

  const send = () => {
    if (!preview.ok) return;
    const key = { points: preview.points };
    convert.mutate(
      { points: preview.points, paymentPassword: password, requestId: request.idFor(key) },
      {
        onSuccess: (c) => {
          request.settle();
          setReviewing(false);
          setPoints('');
          setPassword('');
          setStatus({
            ok: true,
            text: t('convert.done', {
              points: showPoints(c.pointsUsed),
              amount: showMoney(c.amount, symbol),
            }),
          });
        },
        onError: (err) => {
          setReviewing(false);
          setStatus({ ok: false, text: errorText(err) });
        },
      },
    );
  };

  return (
    <section className="sec-card pm-convert" aria-labelledby="pm-convert-title" data-testid="convert-panel">
      <header className="sec-card-head">
        <h2 id="pm-convert-title" className="pm-card-title">
          {t('convert.title')}
        </h2>
      </header>
      {!rules.enabled ? (
        <p className="sec-desc" data-testid="convert-off">
          {t('convert.off')}
        </p>
      ) : (
        <>
          <p className="sec-desc">
            {t('convert.rule', {
              points: showPoints(rules.pointsPerUnit),
              amount: showMoney(1, symbol),
              min: showPoints(rules.minPoints),
            })}
            {rules.turnoverMultiple > 0 && ` ${t('convert.turnover', { times: rules.turnoverMultiple })}`}
          </p>
          {reviewing && preview.ok ? (
            <InlineConfirm
              text={t('convert.confirmTitle', {
                points: showPoints(preview.pointsUsed),
                amount: showMoney(preview.amount, symbol),
              })}
              confirmLabel={t('convert.confirm')}
              busy={convert.isPending}
              onConfirm={send}
              onCancel={() => setReviewing(false)}
              size="md"
              testId="convert-confirm"
            />
          ) : (
            <form className="sec-form" noValidate onSubmit={review} data-testid="convert-form">
              <FormField
                id="convert-points"
                label={t('convert.points')}
                hint={
                  preview.ok
                    ? t('convert.preview', {
                        amount: showMoney(preview.amount, symbol),
                        points: showPoints(preview.pointsUsed),
                      })
                    : t('convert.min', { min: showPoints(rules.minPoints) })
                }
                error={problems.points}
              >
                <TextInput
                  inputMode="numeric"
                  autoComplete="off"
                  value={points}
                  onChange={(e) => {
                    setPoints(e.target.value.replace(/[^\d]/g, ''));
                    setProblems((p) => ({ ...p, points: undefined }));
                  }}
                />
              </FormField>
              <PaymentPasswordField
                id="convert-password"
                value={password}
                error={problems.password}
                onChange={(v) => {
                  setPassword(v);
                  setProblems((p) => ({ ...p, password: undefined }));
                }}
              />
              <div className="sec-actions">
                <button type="submit" className="btn btn-primary" data-testid="convert-submit">
                  {t('convert.next')}
                </button>
              </div>
            </form>
          )}
        </>
      )}
      <FormStatus status={status} testId="convert-status" />
    </section>
  );
}
