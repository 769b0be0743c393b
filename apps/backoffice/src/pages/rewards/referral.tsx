import type { AdminReferral } from '@app/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { Button, ConfirmDialog, Field, errorText, useToast } from '../../ui';
import { isInt, isMoney, num, useBrandQuery, useRefresh } from './common';

const FIELDS = ['minFirstDeposit', 'reward', 'turnoverMultiple', 'qualifyDays', 'monthlyLimit'] as const;
type Draft = Record<(typeof FIELDS)[number], string> & { reviewAll: boolean };

const toDraft = (r: AdminReferral): Draft => ({
  minFirstDeposit: String(r.rule?.minFirstDeposit ?? ''),
  reward: String(r.rule?.reward ?? ''),
  turnoverMultiple: String(r.rule?.turnoverMultiple ?? 1),
  qualifyDays: String(r.rule?.qualifyDays ?? 30),
  monthlyLimit: String(r.rule?.monthlyLimit ?? 50),
  reviewAll: r.rule?.reviewAll ?? false,
});

/** The referral programme: reward, minimum first deposit, qualifying window and monthly limit. */
export function ReferralTab() {
  const { t } = useTranslation('rewards');
  const q = useBrandQuery<AdminReferral>('/rewards/referral');
  const [d, setD] = useState<Draft | null>(null);
  const [confirming, setConfirming] = useState(false);
  const refresh = useRefresh();
  const toast = useToast();
  useEffect(() => {
    if (q.data) setD(toDraft(q.data));
  }, [q.data]);
  if (q.isPending) return <p className="bo-muted">{t('loading')}</p>;
  if (q.error) return <p role="alert">{errorText(q.error)}</p>;
  if (!d) return null;
  const errors: Record<(typeof FIELDS)[number], string> = {
    minFirstDeposit: isMoney(num(d.minFirstDeposit), true) ? '' : t('invalidMoney'),
    reward: isMoney(num(d.reward), true) ? '' : t('invalidMoney'),
    turnoverMultiple: isInt(num(d.turnoverMultiple), 0, 100) ? '' : t('range', { min: 0, max: 100 }),
    qualifyDays: isInt(num(d.qualifyDays), 1, 366) ? '' : t('range', { min: 1, max: 366 }),
    monthlyLimit: isInt(num(d.monthlyLimit), 1, 10000) ? '' : t('range', { min: 1, max: 10000 }),
  };
  const invalid = Object.values(errors).some((e) => e !== '');
  const unchanged = JSON.stringify(d) === JSON.stringify(toDraft(q.data));
  return (
    <section className="bo-card" data-testid="referral-rule">
      <h2>{t('referral.title')}</h2>
      <p className="bo-muted">{t('referral.intro', { held: q.data.held })}</p>
      {!q.data.rule && <p className="bo-notice">{t('referral.none')}</p>}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!invalid && !unchanged) setConfirming(true);
        }}
      >
        <div className="bo-rw-form">
          {FIELDS.map((k) => (
            <Field key={k} label={t(`referral.${k}`)} error={errors[k] || undefined}>
              <input
                inputMode="decimal"
                name={k}
                value={d[k]}
                onChange={(e) => setD({ ...d, [k]: e.target.value })}
              />
            </Field>
          ))}
        </div>
        <label className="bo-check">
          <input
            type="checkbox"
            name="reviewAll"
            checked={d.reviewAll}
            onChange={(e) => setD({ ...d, reviewAll: e.target.checked })}
          />{' '}
          {t('referral.reviewAll')}
        </label>
        <p className="bo-muted">{t('referral.reviewAllHint')}</p>
        <div className="bo-page-actions">
          <Button type="submit" variant="primary" disabled={invalid || unchanged}>
            {t('save')}
          </Button>
          <Button disabled={unchanged} onClick={() => setD(toDraft(q.data))}>
            {t('discard')}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        title={t('referral.confirmTitle')}
        message={t('referral.confirmText')}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          await api.put('/rewards/referral', {
            ...Object.fromEntries(FIELDS.map((k) => [k, num(d[k])])),
            reviewAll: d.reviewAll,
          });
          toast(t('saved'));
          await refresh();
        }}
      />
    </section>
  );
}
