import { GAME_TYPES, type AdminRebate, type RebateForecast } from '@app/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { Button, ConfirmDialog, DataTable, Field, Money, errorText, useToast } from '../../ui';
import { isInt, isMoney, num, useBrandQuery, useRefresh } from './common';

interface Draft {
  minPayout: string;
  dailyCap: string;
  turnoverMultiple: string;
  /** Percent as typed, per level and game type ("0.8" = 0.80% = 80 bp). */
  rates: Record<number, Record<string, string>>;
}

const toDraft = (r: AdminRebate): Draft => ({
  minPayout: r.rule ? String(r.rule.minPayout) : '1',
  dailyCap: r.rule?.dailyCap == null ? '' : String(r.rule.dailyCap),
  turnoverMultiple: r.rule ? String(r.rule.turnoverMultiple) : '1',
  rates: Object.fromEntries(
    r.rates.map((l) => [
      l.level,
      Object.fromEntries(GAME_TYPES.map((g) => [g, String((l.rates[g] ?? 0) / 100)])),
    ]),
  ),
});

/** Percent text to basis points (NaN when it is not 0..10 with at most 2 decimals). */
const bp = (text: string): number => {
  const n = num(text);
  const b = Math.round(n * 100);
  return Number.isFinite(n) && n >= 0 && n <= 10 && Math.abs(b - n * 100) < 1e-6 ? b : Number.NaN;
};

/**
 * Rebate rule and rates per VIP level and game type, with the cost of the last 30 days at the
 * current and at the new terms before saving. New terms apply from the next brand-zone day.
 */
export function RebatesTab() {
  const { t } = useTranslation('rewards');
  const q = useBrandQuery<AdminRebate>('/rewards/rebates');
  const [d, setD] = useState<Draft | null>(null);
  const [forecast, setForecast] = useState<RebateForecast | null>(null);
  const [forecastError, setForecastError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const refresh = useRefresh();
  const toast = useToast();
  useEffect(() => {
    if (q.data) setD(toDraft(q.data));
  }, [q.data]);
  if (q.isPending) return <p className="bo-muted">{t('loading')}</p>;
  if (q.error) return <p role="alert">{errorText(q.error)}</p>;
  if (!d) return null;

  const errors = {
    minPayout: isMoney(num(d.minPayout), true) ? null : t('invalidMoney'),
    dailyCap:
      d.dailyCap.trim() === '' || (isMoney(num(d.dailyCap), true) && num(d.dailyCap) >= num(d.minPayout))
        ? null
        : t('rebates.capInvalid'),
    turnoverMultiple: isInt(num(d.turnoverMultiple), 0, 100) ? null : t('range', { min: 0, max: 100 }),
    rates: Object.values(d.rates).every((r) => Object.values(r).every((v) => Number.isFinite(bp(v))))
      ? null
      : t('rebates.rateInvalid'),
  };
  const invalid = Object.values(errors).some((e) => e !== null);
  const body = {
    rule: {
      minPayout: num(d.minPayout),
      dailyCap: d.dailyCap.trim() === '' ? null : num(d.dailyCap),
      turnoverMultiple: num(d.turnoverMultiple),
    },
    rates: Object.entries(d.rates).map(([level, r]) => ({
      level: Number(level),
      rates: Object.fromEntries(Object.entries(r).map(([g, v]) => [g, bp(v)])),
    })),
  };
  const unchanged = JSON.stringify(d) === JSON.stringify(toDraft(q.data));

  async function runForecast(): Promise<RebateForecast | null> {
    setBusy(true);
    setForecastError(null);
    try {
      const f = await api.post<RebateForecast>('/rewards/rebates/forecast', body);
      setForecast(f);
      return f;
    } catch (err) {
      setForecastError(errorText(err));
      return null;
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <p className="bo-muted">{t('rebates.intro', { day: q.data.effectiveFrom })}</p>
      <section className="bo-card">
        <h2>{t('rebates.rule')}</h2>
        <div className="bo-rw-form">
          <Field label={t('rebates.minPayout')} error={errors.minPayout ?? undefined}>
            <input
              inputMode="decimal"
              value={d.minPayout}
              onChange={(e) => setD({ ...d, minPayout: e.target.value })}
            />
          </Field>
          <Field
            label={t('rebates.dailyCap')}
            hint={t('rebates.dailyCapHint')}
            error={errors.dailyCap ?? undefined}
          >
            <input
              inputMode="decimal"
              value={d.dailyCap}
              onChange={(e) => setD({ ...d, dailyCap: e.target.value })}
            />
          </Field>
          <Field label={t('missions.multiple')} error={errors.turnoverMultiple ?? undefined}>
            <input
              inputMode="numeric"
              value={d.turnoverMultiple}
              onChange={(e) => setD({ ...d, turnoverMultiple: e.target.value })}
            />
          </Field>
        </div>
      </section>
      <section className="bo-card">
        <h2>{t('rebates.rates')}</h2>
        {errors.rates && (
          <p className="bo-field-error" role="alert">
            {errors.rates}
          </p>
        )}
        <div className="bo-table-wrap bo-table-scroll">
          <table className="bo-table bo-table-dense bo-rw-grid" data-testid="rebate-rates">
            <thead>
              <tr>
                <th>{t('vip.level')}</th>
                {GAME_TYPES.map((g) => (
                  <th key={g}>{g} %</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {Object.entries(d.rates).map(([level, r]) => (
                <tr key={level}>
                  <td>{level}</td>
                  {GAME_TYPES.map((g) => (
                    <td key={g}>
                      <input
                        inputMode="decimal"
                        aria-label={`${t('vip.level')} ${level} ${g}`}
                        aria-invalid={!Number.isFinite(bp(r[g] ?? '')) || undefined}
                        value={r[g] ?? '0'}
                        onChange={(e) =>
                          setD({ ...d, rates: { ...d.rates, [level]: { ...r, [g]: e.target.value } } })
                        }
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <div className="bo-page-actions">
        <Button
          onClick={() => void runForecast()}
          disabled={invalid}
          busy={busy}
          data-testid="rebate-forecast"
        >
          {t('rebates.forecast')}
        </Button>
        <Button
          variant="primary"
          disabled={invalid || unchanged}
          busy={busy}
          onClick={() => void runForecast().then((f) => f && setConfirming(true))}
        >
          {t('save')}
        </Button>
        <Button disabled={unchanged} onClick={() => setD(toDraft(q.data))}>
          {t('discard')}
        </Button>
      </div>
      {forecastError && (
        <p role="alert" className="bo-form-error">
          {forecastError}
        </p>
      )}
      {forecast && <ForecastView f={forecast} />}
      <ConfirmDialog
        open={confirming}
        title={t('rebates.confirmTitle')}
        message={forecast ? t('rebates.confirmText', { day: q.data.effectiveFrom }) : ''}
        amount={forecast?.proposedCost}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          await api.put('/rewards/rebates', body);
          toast(t('saved'));
          setForecast(null);
          await refresh();
        }}
      />
    </>
  );
}

function ForecastView({ f }: { f: RebateForecast }) {
  const { t } = useTranslation('rewards');
  const diff = f.proposedCost - f.currentCost;
  return (
    <section className="bo-card bo-rw-forecast" data-testid="rebate-forecast-result">
      <h2>{t('rebates.forecastTitle', { from: f.from, to: f.to })}</h2>
      <div className="bo-rw-figures">
        <div>
          {t('rebates.turnover')}
          <strong>
            <Money value={f.turnover} />
          </strong>
        </div>
        <div>
          {t('rebates.currentCost')}
          <strong>
            <Money value={f.currentCost} />
          </strong>
        </div>
        <div>
          {t('rebates.proposedCost')}
          <strong>
            <Money value={f.proposedCost} />
          </strong>
        </div>
        <div>
          {t('rebates.difference')}
          <strong>
            {diff > 0 ? '+' : ''}
            <Money value={diff} />
          </strong>
        </div>
      </div>
      <DataTable
        dense
        rows={f.lines}
        rowKey={(l) => `${l.level}:${l.gameType}`}
        empty={t('rebates.noTurnover')}
        caption={t('rebates.linesNote')}
        columns={[
          { key: 'level', header: t('vip.level'), render: (l) => l.level },
          { key: 'type', header: t('rebates.gameType'), render: (l) => l.gameType },
          {
            key: 'turnover',
            header: t('rebates.turnover'),
            align: 'right',
            render: (l) => <Money value={l.turnover} />,
          },
          {
            key: 'current',
            header: t('rebates.currentCost'),
            align: 'right',
            render: (l) => <Money value={l.currentCost} />,
          },
          {
            key: 'proposed',
            header: t('rebates.proposedCost'),
            align: 'right',
            render: (l) => <Money value={l.proposedCost} />,
          },
        ]}
      />
    </section>
  );
}
