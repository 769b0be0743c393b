import { LANGUAGES, type AdminVipLevel } from '@app/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { Button, ConfirmDialog, Dialog, errorText, useToast } from '../../ui';
import {
  LangTexts,
  fromTexts,
  isInt,
  isMoney,
  num,
  shownText,
  toTexts,
  useBrandQuery,
  useRefresh,
  type Texts,
} from './common';

interface Row {
  level: number;
  label: Texts;
  color: string;
  minTurnover: string;
  minDeposit: string;
  upgradeBonus: string;
  turnoverMultiple: string;
  /** One benefit per line, per language (line n of each language is benefit n). */
  benefits: Texts;
  members: number;
}

const toRow = (l: AdminVipLevel): Row => ({
  level: l.level,
  label: toTexts(l.label),
  color: l.color,
  minTurnover: String(l.minTurnover),
  minDeposit: String(l.minDeposit),
  upgradeBonus: String(l.upgradeBonus),
  turnoverMultiple: String(l.turnoverMultiple),
  benefits: Object.fromEntries(
    LANGUAGES.map((lang) => [lang, l.benefits.map((b) => b[lang] ?? '').join('\n')]),
  ) as Texts,
  members: l.members,
});

const benefitsOf = (texts: Texts) => {
  const lines = LANGUAGES.map((lang) => texts[lang].split('\n'));
  const count = Math.max(0, ...lines.map((l) => l.length));
  const out: Record<string, string>[] = [];
  for (let i = 0; i < count; i++) {
    const b = Object.fromEntries(
      LANGUAGES.map((lang, j) => [lang, (lines[j]![i] ?? '').trim()]).filter(([, v]) => v !== ''),
    );
    if (Object.keys(b).length > 0) out.push(b);
  }
  return out;
};

/** The VIP ladder: thresholds, upgrade bonus, turnover multiple, names and benefits per language. */
export function VipTab() {
  const { t, i18n } = useTranslation('rewards');
  const q = useBrandQuery<{ list: AdminVipLevel[] }>('/rewards/vip');
  const [rows, setRows] = useState<Row[] | null>(null);
  const [texts, setTexts] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const refresh = useRefresh();
  const toast = useToast();
  useEffect(() => {
    if (q.data) setRows(q.data.list.map(toRow));
  }, [q.data]);
  if (q.isPending) return <p className="bo-muted">{t('loading')}</p>;
  if (q.error) return <p role="alert">{errorText(q.error)}</p>;
  if (!rows) return null;

  const problems = rows.map((r, i) => {
    const money = [r.minTurnover, r.minDeposit, r.upgradeBonus].every((v) => isMoney(num(v)));
    if (!money || !isInt(num(r.turnoverMultiple), 0, 100)) return t('vip.invalidNumbers');
    if (Object.keys(fromTexts(r.label)).length === 0) return t('textRequired');
    if (i === 0)
      return num(r.minTurnover) === 0 && num(r.minDeposit) === 0 && num(r.upgradeBonus) === 0
        ? null
        : t('vip.levelZero');
    const below = rows[i - 1]!;
    const notLess =
      num(r.minTurnover) >= num(below.minTurnover) && num(r.minDeposit) >= num(below.minDeposit);
    const more = num(r.minTurnover) > num(below.minTurnover) || num(r.minDeposit) > num(below.minDeposit);
    return notLess && more ? null : t('vip.notIncreasing');
  });
  const invalid = problems.some((p) => p !== null);
  const body = {
    levels: rows.map((r) => ({
      level: r.level,
      label: fromTexts(r.label),
      color: r.color,
      minTurnover: num(r.minTurnover),
      minDeposit: num(r.minDeposit),
      upgradeBonus: num(r.upgradeBonus),
      turnoverMultiple: num(r.turnoverMultiple),
      benefits: benefitsOf(r.benefits),
    })),
  };
  const unchanged = JSON.stringify(rows) === JSON.stringify(q.data.list.map(toRow));
  const set = (i: number, patch: Partial<Row>) =>
    setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const last = rows[rows.length - 1]!;

  return (
    <>
      <div className="bo-rw-toolbar">
        <p className="bo-muted">{t('vip.intro')}</p>
        <Button
          onClick={() =>
            setRows([
              ...rows,
              {
                ...last,
                level: last.level + 1,
                members: 0,
                minTurnover: String(num(last.minTurnover) + 1000),
                upgradeBonus: '0',
                label: toTexts({ EN: `VIP ${last.level + 1}` }),
              },
            ])
          }
          disabled={rows.length > 99}
        >
          {t('vip.add')}
        </Button>
        <Button
          onClick={() => setRows(rows.slice(0, -1))}
          disabled={rows.length <= 1 || last.members > 0}
          title={last.members > 0 ? t('vip.inUse') : undefined}
        >
          {t('vip.removeTop')}
        </Button>
      </div>
      <div className="bo-table-wrap bo-table-scroll">
        <table className="bo-table bo-table-dense bo-rw-grid" data-testid="vip-levels">
          <thead>
            <tr>
              <th>{t('vip.level')}</th>
              <th>{t('vip.name')}</th>
              <th>{t('vip.color')}</th>
              <th>{t('vip.minTurnover')}</th>
              <th>{t('vip.minDeposit')}</th>
              <th>{t('vip.upgradeBonus')}</th>
              <th>{t('missions.multiple')}</th>
              <th>{t('vip.members')}</th>
              <th>{t('common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={r.level}>
                <td>{r.level}</td>
                <td>
                  {shownText(fromTexts(r.label) as Record<string, string>, i18n.language)}
                  {problems[i] && (
                    <small className="bo-field-error" role="alert">
                      <br />
                      {problems[i]}
                    </small>
                  )}
                </td>
                <td>
                  <input
                    type="color"
                    aria-label={t('vip.color')}
                    value={r.color}
                    onChange={(e) => set(i, { color: e.target.value })}
                  />
                </td>
                {(['minTurnover', 'minDeposit', 'upgradeBonus', 'turnoverMultiple'] as const).map((k) => (
                  <td key={k}>
                    <input
                      inputMode="decimal"
                      aria-label={`${t('vip.level')} ${r.level} ${k}`}
                      value={r[k]}
                      disabled={i === 0 && k !== 'turnoverMultiple'}
                      onChange={(e) => set(i, { [k]: e.target.value })}
                    />
                  </td>
                ))}
                <td>{r.members}</td>
                <td>
                  <Button size="sm" onClick={() => setTexts(i)}>
                    {t('vip.texts')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="bo-page-actions">
        <Button variant="primary" disabled={invalid || unchanged} onClick={() => setConfirming(true)}>
          {t('save')}
        </Button>
        <Button disabled={unchanged} onClick={() => setRows(q.data.list.map(toRow))}>
          {t('discard')}
        </Button>
      </div>
      {texts !== null && rows[texts] && (
        <Dialog
          open
          wide
          title={t('vip.textsTitle', { level: rows[texts].level })}
          onClose={() => setTexts(null)}
          footer={<Button onClick={() => setTexts(null)}>{t('common.close')}</Button>}
        >
          <LangTexts
            label={t('vip.name')}
            value={rows[texts].label}
            onChange={(label) => set(texts, { label })}
          />
          <LangTexts
            label={t('vip.benefits')}
            value={rows[texts].benefits}
            onChange={(benefits) => set(texts, { benefits })}
            multiline
          />
          <p className="bo-muted">{t('vip.benefitsHint')}</p>
        </Dialog>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('vip.confirmTitle')}
        message={t('vip.confirmText')}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          await api.put('/rewards/vip', body);
          toast(t('saved'));
          await refresh();
        }}
      />
    </>
  );
}
