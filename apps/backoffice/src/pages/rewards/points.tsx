import { GAME_TYPES, type AdminPointRules } from '@app/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { Button, ConfirmDialog, Field, errorText, useToast } from '../../ui';
import { isInt, num, useBrandQuery, useRefresh } from './common';

interface Draft {
  depositRate: string;
  earnRates: Record<string, string>;
  convertEnabled: boolean;
  convertPointsPerUnit: string;
  convertMinPoints: string;
  convertTurnoverMultiple: string;
}

const toDraft = (r: AdminPointRules): Draft => ({
  depositRate: String(r.depositRate),
  earnRates: Object.fromEntries(GAME_TYPES.map((g) => [g, String(r.earnRates[g] ?? 0)])),
  convertEnabled: r.convertEnabled,
  convertPointsPerUnit: String(r.convertPointsPerUnit),
  convertMinPoints: String(r.convertMinPoints),
  convertTurnoverMultiple: String(r.convertTurnoverMultiple),
});

/** Points earned per 1.00 of valid turnover (per game type) and of deposits, and conversion. */
export function PointsTab() {
  const { t } = useTranslation('rewards');
  const q = useBrandQuery<AdminPointRules>('/rewards/points');
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
  const range = (v: string, min: number, max: number) =>
    isInt(num(v), min, max) ? null : t('range', { min, max });
  const errors = {
    depositRate: range(d.depositRate, 0, 1000),
    earnRates: Object.values(d.earnRates).every((v) => isInt(num(v), 0, 1000))
      ? null
      : t('range', { min: 0, max: 1000 }),
    convertPointsPerUnit: range(d.convertPointsPerUnit, 1, 1_000_000),
    convertMinPoints: range(d.convertMinPoints, 1, 100_000_000),
    convertTurnoverMultiple: range(d.convertTurnoverMultiple, 0, 100),
  };
  const invalid = Object.values(errors).some((e) => e !== null);
  const unchanged = JSON.stringify(d) === JSON.stringify(toDraft(q.data));
  return (
    <>
      <p className="bo-muted">{t('points.intro')}</p>
      <section className="bo-card" data-testid="points-rules">
        <h2>{t('points.earning')}</h2>
        <div className="bo-rw-form">
          <Field label={t('points.depositRate')} error={errors.depositRate ?? undefined}>
            <input
              inputMode="numeric"
              value={d.depositRate}
              onChange={(e) => setD({ ...d, depositRate: e.target.value })}
            />
          </Field>
          {GAME_TYPES.map((g) => (
            <Field key={g} label={t('points.turnoverRate', { type: g })}>
              <input
                inputMode="numeric"
                aria-invalid={!isInt(num(d.earnRates[g] ?? ''), 0, 1000) || undefined}
                value={d.earnRates[g]}
                onChange={(e) => setD({ ...d, earnRates: { ...d.earnRates, [g]: e.target.value } })}
              />
            </Field>
          ))}
        </div>
        {errors.earnRates && (
          <p className="bo-field-error" role="alert">
            {errors.earnRates}
          </p>
        )}
      </section>
      <section className="bo-card">
        <h2>{t('points.conversion')}</h2>
        <label className="bo-check">
          <input
            type="checkbox"
            checked={d.convertEnabled}
            onChange={(e) => setD({ ...d, convertEnabled: e.target.checked })}
          />{' '}
          {t('points.convertEnabled')}
        </label>
        <div className="bo-rw-form">
          <Field label={t('points.pointsPerUnit')} error={errors.convertPointsPerUnit ?? undefined}>
            <input
              inputMode="numeric"
              value={d.convertPointsPerUnit}
              onChange={(e) => setD({ ...d, convertPointsPerUnit: e.target.value })}
            />
          </Field>
          <Field label={t('points.minPoints')} error={errors.convertMinPoints ?? undefined}>
            <input
              inputMode="numeric"
              value={d.convertMinPoints}
              onChange={(e) => setD({ ...d, convertMinPoints: e.target.value })}
            />
          </Field>
          <Field label={t('missions.multiple')} error={errors.convertTurnoverMultiple ?? undefined}>
            <input
              inputMode="numeric"
              value={d.convertTurnoverMultiple}
              onChange={(e) => setD({ ...d, convertTurnoverMultiple: e.target.value })}
            />
          </Field>
        </div>
      </section>
      <div className="bo-page-actions">
        <Button variant="primary" disabled={invalid || unchanged} onClick={() => setConfirming(true)}>
          {t('save')}
        </Button>
        <Button disabled={unchanged} onClick={() => setD(toDraft(q.data))}>
          {t('discard')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('points.confirmTitle')}
        message={t('points.confirmText')}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          await api.put('/rewards/points', {
            depositRate: num(d.depositRate),
            earnRates: Object.fromEntries(Object.entries(d.earnRates).map(([g, v]) => [g, num(v)])),
            convertEnabled: d.convertEnabled,
            convertPointsPerUnit: num(d.convertPointsPerUnit),
            convertMinPoints: num(d.convertMinPoints),
            convertTurnoverMultiple: num(d.convertTurnoverMultiple),
          });
          toast(t('saved'));
          await refresh();
        }}
      />
    </>
  );
}
