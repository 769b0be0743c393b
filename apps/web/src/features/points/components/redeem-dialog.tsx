import { POINTS_LIMITS, type PointReward, type Redemption } from '@app/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/ui/form-field';
import { FormStatus, type Status } from '../../../components/ui/form-status';
import { Modal } from '../../../components/ui/modal';
import { PaymentPasswordField } from '../../../components/ui/payment-password-field';
import { mediaUrl, useBrand } from '../../../lib/brand';
import { useErrorText } from '../../../lib/error-text';
import { showMoney } from '../../../lib/money';
import { useRequestId } from '../../../lib/request-id';
import { useRedeemReward } from '../api/redeem-reward';
import { showPoints } from '../points-format';

const PAYMENT_PASSWORD = /^\d{6}$/;

/**
 * The confirmation of a redemption: what it costs and leaves, a note for goods, the payment
 * password, then the server's answer. A retry of the same submission (network failure, double
 * click) keeps its request id, so it redeems once.
 */
function RedeemForm({
  reward,
  symbol,
  balance,
  onDone,
  onCancel,
}: {
  reward: PointReward;
  symbol: string;
  balance: number;
  onDone: (r: Redemption) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('points');
  const brand = useBrand();
  const errorText = useErrorText();
  const redeem = useRedeemReward();
  const request = useRequestId();
  const [remark, setRemark] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [status, setStatus] = useState<Status>(null);
  const short = reward.cost - balance;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setStatus(null);
    const found =
      password === ''
        ? t('redeem.passwordRequired')
        : PAYMENT_PASSWORD.test(password)
          ? undefined
          : t('redeem.passwordFormat');
    setProblem(found);
    if (found) return;
    const key = { rewardId: reward.id, remark: reward.kind === 'ITEM' ? remark.trim() : '' };
    redeem.mutate(
      {
        rewardId: reward.id,
        ...(key.remark ? { remark: key.remark } : {}),
        paymentPassword: password,
        requestId: request.idFor(key),
      },
      {
        onSuccess: (r) => {
          request.settle();
          onDone(r);
        },
        onError: (err) => setStatus({ ok: false, text: errorText(err) }),
      },
    );
  };

  return (
    <form className="pm-redeem" noValidate onSubmit={submit} data-testid="redeem-form">
      <div className="pm-redeem-head">
        <img src={mediaUrl(brand, reward.imageUrl)} alt="" width={96} height={72} />
        <div>
          <p className="pm-redeem-name" data-testid="redeem-name">
            {reward.name}
          </p>
          <p className="sec-hint">
            {reward.kind === 'BONUS' && reward.bonusAmount !== null
              ? t('redeem.bonusNote', { amount: showMoney(reward.bonusAmount, symbol) })
              : t('redeem.itemNote')}
            {reward.turnoverRequired > 0 &&
              ` ${t('rewards.turnover', { amount: showMoney(reward.turnoverRequired, symbol) })}`}
          </p>
        </div>
      </div>
      <dl className="pm-facts">
        <div>
          <dt>{t('redeem.cost')}</dt>
          <dd data-testid="redeem-cost">{showPoints(reward.cost)}</dd>
        </div>
        <div>
          <dt>{t('redeem.balance')}</dt>
          <dd data-testid="redeem-balance">{showPoints(balance)}</dd>
        </div>
        <div>
          <dt>{t('redeem.after')}</dt>
          <dd data-testid="redeem-after">{short > 0 ? '—' : showPoints(balance - reward.cost)}</dd>
        </div>
      </dl>
      {short > 0 ? (
        <p className="sec-status sec-status-error" data-testid="redeem-short">
          {t('redeem.short', { points: showPoints(short) })}
        </p>
      ) : (
        <>
          {reward.kind === 'ITEM' && (
            <FormField
              id="redeem-remark"
              label={t('redeem.remark')}
              hint={t('redeem.remarkCount', { n: remark.length, max: POINTS_LIMITS.remarkMax })}
            >
              <textarea
                className="pm-textarea"
                rows={2}
                maxLength={POINTS_LIMITS.remarkMax}
                value={remark}
                onChange={(e) => setRemark(e.target.value)}
              />
            </FormField>
          )}
          <PaymentPasswordField
            id="redeem-password"
            value={password}
            error={problem}
            onChange={(v) => {
              setPassword(v);
              setProblem(undefined);
            }}
          />
        </>
      )}
      <FormStatus status={status} testId="redeem-status" />
      <div className="sec-actions">
        {short <= 0 && (
          <button
            type="submit"
            className="btn btn-primary"
            disabled={redeem.isPending}
            data-testid="redeem-confirm"
          >
            {redeem.isPending
              ? t('redeem.working')
              : t('redeem.confirm', { points: showPoints(reward.cost) })}
          </button>
        )}
        <button type="button" className="btn" onClick={onCancel} disabled={redeem.isPending}>
          {t('redeem.cancel')}
        </button>
      </div>
    </form>
  );
}

/** The redemption's outcome: a bonus paid, or goods in process. */
function RedeemDone({ r, symbol, onClose }: { r: Redemption; symbol: string; onClose: () => void }) {
  const { t } = useTranslation('points');
  return (
    <div className="pm-redeem" data-testid="redeem-done">
      <p className="sec-status sec-status-ok" role="status">
        {r.kind === 'BONUS' && r.bonusAmount !== null
          ? t('redeem.doneBonus', { amount: showMoney(r.bonusAmount, symbol) })
          : t('redeem.doneItem')}
      </p>
      <p>
        <span className="pm-redeem-name">{r.rewardName}</span>{' '}
        <span
          className={`mc-badge mc-badge-${r.state === 'APPROVED' ? 'ok' : 'wait'}`}
          data-testid="redeem-state"
        >
          {t(`redemptions.state.${r.state}`)}
        </span>
      </p>
      <div className="sec-actions">
        <button type="button" className="btn btn-primary" onClick={onClose} data-testid="redeem-close">
          {t('redeem.close')}
        </button>
      </div>
    </div>
  );
}

/** The redemption dialog (`redeemPointModal`): open while `reward` is set. */
export function RedeemDialog({
  reward,
  symbol,
  balance,
  onClose,
}: {
  reward: PointReward | null;
  symbol: string;
  /** The member's points; null while they load. */
  balance: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('points');
  const [done, setDone] = useState<Redemption | null>(null);
  const close = () => {
    setDone(null);
    onClose();
  };
  return (
    <Modal
      id="redeemPointModal"
      title={t('redeem.title')}
      open={reward !== null}
      onClose={close}
      closeLabel={t('redeem.close')}
    >
      {done ? (
        <RedeemDone r={done} symbol={symbol} onClose={close} />
      ) : (
        reward &&
        (balance === null ? (
          <div className="skeleton-block" aria-busy="true" aria-label={t('redeem.working')} />
        ) : (
          <RedeemForm
            key={reward.id}
            reward={reward}
            symbol={symbol}
            balance={balance}
            onDone={setDone}
            onCancel={close}
          />
        ))
      )}
    </Modal>
  );
}
