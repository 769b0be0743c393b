import type { Claimable } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormStatus, type Status } from '../../../components/ui/form-status';
import { InlineConfirm } from '../../../components/ui/inline-confirm';
import { QueryState } from '../../../components/ui/query-state';
import { useBrand } from '../../../lib/brand';
import { useErrorText } from '../../../lib/error-text';
import { showMoney } from '../../../lib/money';
import { formatInZone } from '../../../lib/zoned-time';
import '../../../styles/missions.css';
import { useClaimReward } from '../api/claim-reward';
import { useClaimableRewards } from '../api/get-claimable-rewards';
import { groupBySource, rewardKey } from '../reward-groups';

function RewardItem({
  reward: r,
  confirming,
  busy,
  onClaim,
  onConfirm,
  onCancel,
}: {
  reward: Claimable;
  confirming: boolean;
  busy: boolean;
  onClaim: () => void;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('rewards');
  const brand = useBrand();
  const amount = r.amount === null ? null : showMoney(r.amount, brand.currencySymbol);
  const turnover = showMoney(r.turnoverRequired, brand.currencySymbol);
  const confirmText =
    amount === null
      ? t('rewards.confirmUnknown', { title: r.title })
      : r.turnoverRequired > 0
        ? t('rewards.confirmTurnover', { title: r.title, amount, turnover })
        : t('rewards.confirm', { title: r.title, amount });
  return (
    <li className="rw-item" data-testid="reward" data-source={r.source} data-reward-id={r.id}>
      <div className="rw-main">
        <p className="rw-title">{r.title}</p>
        <dl className="rw-facts">
          <div>
            <dt>{t('rewards.amount')}</dt>
            <dd className="rw-amount" data-testid="reward-amount">
              {amount ?? t('rewards.amountLater')}
            </dd>
          </div>
          <div>
            <dt>{t('rewards.turnover')}</dt>
            <dd>{r.turnoverRequired > 0 ? turnover : t('rewards.noTurnover')}</dd>
          </div>
          {r.expiresTime && (
            <div>
              <dt>{t('rewards.expires')}</dt>
              <dd>{formatInZone(r.expiresTime, brand.timezone, false)}</dd>
            </div>
          )}
        </dl>
      </div>
      {!confirming && (
        <button
          type="button"
          className="btn btn-sm btn-primary rw-claim"
          onClick={onClaim}
          data-testid="reward-claim"
        >
          {t('rewards.claim')}
        </button>
      )}
      {confirming && (
        <div className="rw-confirm">
          <InlineConfirm
            text={confirmText}
            confirmLabel={t('rewards.claim')}
            onConfirm={onConfirm}
            onCancel={onCancel}
            busy={busy}
            testId="reward-confirm"
          />
        </div>
      )}
    </li>
  );
}

/**
 * The reward centre (member centre page `rewardCenter`): everything the member can claim now
 * from promotions, missions, rebates and invited friends, grouped by source, each with its
 * amount and the turnover it adds, claimed behind a confirmation. `guard` is the protected-action
 * guard (login popup, real-account warning).
 */
export function RewardCentre({ guard }: { guard: (action: () => void) => void }) {
  const { t } = useTranslation('rewards');
  const brand = useBrand();
  const errorText = useErrorText();
  const rewards = useClaimableRewards();
  const claim = useClaimReward();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>(null);

  const confirm = (r: Claimable) =>
    guard(() =>
      claim.mutate(
        { source: r.source, id: r.id },
        {
          onSuccess: (claimed) => {
            setConfirming(null);
            setStatus({
              ok: true,
              text:
                claimed.amount === null
                  ? t('rewards.claimedUnknown', { title: claimed.title })
                  : t('rewards.claimed', {
                      title: claimed.title,
                      amount: showMoney(claimed.amount, brand.currencySymbol),
                    }),
            });
          },
          onError: (err) => {
            setConfirming(null);
            setStatus({ ok: false, text: errorText(err) });
          },
        },
      ),
    );

  return (
    <div className="sec-page" data-testid="rewardCenter-page">
      <h3 className="sec-page-title">{t('rewards.title')}</h3>
      <p className="sec-desc">{t('rewards.intro')}</p>
      <FormStatus status={status} testId="reward-status" />
      <QueryState query={rewards}>
        {({ list }) =>
          list.length === 0 ? (
            <div className="state-box" data-testid="rewards-empty">
              <p className="rw-empty-title">{t('rewards.empty')}</p>
              <p>{t('rewards.emptyHint')}</p>
            </div>
          ) : (
            groupBySource(list).map((g) => (
              <section
                key={g.source}
                className="sec-card rw-group"
                aria-labelledby={`rewards-${g.source}`}
                data-testid={`rewards-${g.source}`}
              >
                <header className="sec-card-head">
                  <h4 id={`rewards-${g.source}`}>
                    {t(`rewards.source.${g.source}`)} <span className="mc-badge">{g.items.length}</span>
                  </h4>
                </header>
                <ul className="rw-list">
                  {g.items.map((r) => {
                    const key = rewardKey(r);
                    return (
                      <RewardItem
                        key={key}
                        reward={r}
                        confirming={confirming === key}
                        busy={claim.isPending}
                        onClaim={() =>
                          guard(() => {
                            setStatus(null);
                            setConfirming(key);
                          })
                        }
                        onConfirm={() => confirm(r)}
                        onCancel={() => setConfirming(null)}
                      />
                    );
                  })}
                </ul>
              </section>
            ))
          )
        }
      </QueryState>
    </div>
  );
}
