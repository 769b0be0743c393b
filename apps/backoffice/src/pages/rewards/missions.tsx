import {
  GAME_TYPES,
  MISSION_METRICS,
  MISSION_PERIODS,
  MONEY_METRICS,
  type AdminMission,
  type MissionMetric,
  type MissionPeriod,
} from '@app/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import {
  Badge,
  Button,
  ConfirmDialog,
  DataTable,
  Dialog,
  Field,
  FormFoot,
  Money,
  errorText,
  useToast,
  type Column,
} from '../../ui';
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

interface Draft {
  code: string;
  period: MissionPeriod;
  metric: MissionMetric;
  gameType: string;
  target: string;
  reward: string;
  turnoverMultiple: string;
  sort: string;
  active: boolean;
  title: Texts;
  description: Texts;
}

const toDraft = (m: AdminMission | null): Draft => ({
  code: m?.code ?? '',
  period: m?.period ?? 'DAILY',
  metric: m?.metric ?? 'TURNOVER',
  gameType: m?.gameType ?? '',
  target: m ? String(m.target) : '',
  reward: m ? String(m.reward) : '',
  turnoverMultiple: m ? String(m.turnoverMultiple) : '1',
  sort: m ? String(m.sort) : '0',
  active: m?.active ?? true,
  title: toTexts(m?.title),
  description: toTexts(m?.description),
});

/** The brand's missions: list, create, edit, pause. Paid claims keep their reward. */
export function MissionsTab() {
  const { t, i18n } = useTranslation('rewards');
  const list = useBrandQuery<{ list: AdminMission[] }>('/rewards/missions');
  const [editing, setEditing] = useState<AdminMission | 'new' | null>(null);
  const [toggling, setToggling] = useState<AdminMission | null>(null);
  const refresh = useRefresh();
  const toast = useToast();
  const columns: Column<AdminMission>[] = [
    { key: 'code', header: t('missions.code'), render: (m) => <code>{m.code}</code> },
    { key: 'title', header: t('missions.title'), render: (m) => shownText(m.title, i18n.language) },
    { key: 'period', header: t('missions.period'), render: (m) => t(`missions.periods.${m.period}`) },
    {
      key: 'goal',
      header: t('missions.goal'),
      render: (m) => (
        <>
          {t(`missions.metrics.${m.metric}`)}
          {m.gameType ? ` · ${m.gameType}` : ''} ·{' '}
          {MONEY_METRICS.includes(m.metric) ? <Money value={m.target} /> : m.target}
        </>
      ),
    },
    {
      key: 'reward',
      header: t('missions.reward'),
      align: 'right',
      render: (m) => <Money value={m.reward} />,
    },
    {
      key: 'multiple',
      header: t('missions.multiple'),
      align: 'right',
      render: (m) => `×${m.turnoverMultiple}`,
    },
    { key: 'claims', header: t('missions.claims'), align: 'right', render: (m) => m.claims },
    {
      key: 'state',
      header: t('state'),
      render: (m) => (
        <Badge tone={m.active ? 'success' : 'neutral'}>{t(m.active ? 'active' : 'inactive')}</Badge>
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      render: (m) => (
        <span className="bo-row-actions">
          <Button size="sm" onClick={() => setEditing(m)} data-testid={`mission-edit-${m.code}`}>
            {t('edit')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setToggling(m)}>
            {t(m.active ? 'disable' : 'enable')}
          </Button>
        </span>
      ),
    },
  ];
  return (
    <>
      <div className="bo-rw-toolbar">
        <p className="bo-muted">{t('missions.intro')}</p>
        <Button variant="primary" onClick={() => setEditing('new')} data-testid="mission-new">
          {t('missions.new')}
        </Button>
      </div>
      <DataTable
        columns={columns}
        rows={list.data?.list}
        rowKey={(m) => m.id}
        loading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        empty={t('missions.none')}
        dense
      />
      {editing !== null && (
        <MissionDialog
          mission={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            toast(t('saved'));
            await refresh();
          }}
        />
      )}
      <ConfirmDialog
        open={toggling !== null}
        title={
          toggling
            ? t(toggling.active ? 'missions.disableTitle' : 'missions.enableTitle', { code: toggling.code })
            : ''
        }
        message={t('missions.toggleText')}
        onClose={() => setToggling(null)}
        onConfirm={async () => {
          if (!toggling) return;
          await api.post(`/rewards/missions/${toggling.id}/active`, { active: !toggling.active });
          toast(t('saved'));
          await refresh();
        }}
      />
    </>
  );
}

function MissionDialog({
  mission,
  onClose,
  onSaved,
}: {
  mission: AdminMission | null;
  onClose(): void;
  onSaved(): Promise<void>;
}) {
  const { t } = useTranslation('rewards');
  const [d, setD] = useState<Draft>(() => toDraft(mission));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const money = MONEY_METRICS.includes(d.metric);
  const target = num(d.target);
  const errors = {
    code: /^[A-Za-z0-9_-]{2,40}$/.test(d.code.trim()) ? null : t('missions.codeInvalid'),
    target: money
      ? isMoney(target, true)
        ? null
        : t('invalidMoney')
      : d.metric === 'LOGIN' && !isInt(target, 1, d.period === 'DAILY' ? 1 : 7)
        ? t('missions.loginTarget', { max: d.period === 'DAILY' ? 1 : 7 })
        : isInt(target, 1, 1_000_000)
          ? null
          : t('invalidCount'),
    reward: isMoney(num(d.reward), true) ? null : t('invalidMoney'),
    turnoverMultiple: isInt(num(d.turnoverMultiple), 0, 100) ? null : t('range', { min: 0, max: 100 }),
    sort: isInt(num(d.sort), 0, 9999) ? null : t('range', { min: 0, max: 9999 }),
    title: Object.keys(fromTexts(d.title)).length > 0 ? null : t('textRequired'),
  };
  const invalid = Object.values(errors).some((e) => e !== null);
  const show = (e: string | null) => (touched ? (e ?? undefined) : undefined);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (invalid) return;
    setBusy(true);
    setError(null);
    const body = {
      code: d.code.trim(),
      period: d.period,
      metric: d.metric,
      gameType: d.gameType && (d.metric === 'TURNOVER' || d.metric === 'WINS') ? d.gameType : null,
      target,
      reward: num(d.reward),
      turnoverMultiple: num(d.turnoverMultiple),
      sort: num(d.sort),
      active: d.active,
      title: fromTexts(d.title),
      description: fromTexts(d.description),
    };
    try {
      if (mission) await api.put(`/rewards/missions/${mission.id}`, body);
      else await api.post('/rewards/missions', body);
      await onSaved();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      title={mission ? t('missions.editTitle', { code: mission.code }) : t('missions.new')}
      onClose={onClose}
      wide
    >
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="mission-form">
        {mission && mission.claims > 0 && (
          <p className="bo-notice">{t('missions.claimedNote', { count: mission.claims })}</p>
        )}
        <div className="bo-rw-form">
          <Field label={t('missions.code')} error={show(errors.code)}>
            <input name="code" value={d.code} onChange={(e) => setD({ ...d, code: e.target.value })} />
          </Field>
          <Field label={t('missions.period')}>
            <select
              value={d.period}
              onChange={(e) => setD({ ...d, period: e.target.value as MissionPeriod })}
            >
              {MISSION_PERIODS.map((p) => (
                <option key={p} value={p}>
                  {t(`missions.periods.${p}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('missions.metric')}>
            <select
              value={d.metric}
              onChange={(e) => setD({ ...d, metric: e.target.value as MissionMetric })}
            >
              {MISSION_METRICS.map((m) => (
                <option key={m} value={m}>
                  {t(`missions.metrics.${m}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('missions.gameType')} hint={t('missions.gameTypeHint')}>
            <select
              value={d.gameType}
              disabled={d.metric !== 'TURNOVER' && d.metric !== 'WINS'}
              onChange={(e) => setD({ ...d, gameType: e.target.value })}
            >
              <option value="">{t('missions.allGames')}</option>
              {GAME_TYPES.map((g) => (
                <option key={g} value={g}>
                  {g}
                </option>
              ))}
            </select>
          </Field>
          <Field
            label={money ? t('missions.targetMoney') : t('missions.targetCount')}
            error={show(errors.target)}
          >
            <input
              name="target"
              inputMode="decimal"
              value={d.target}
              onChange={(e) => setD({ ...d, target: e.target.value })}
            />
          </Field>
          <Field label={t('missions.reward')} error={show(errors.reward)}>
            <input
              name="reward"
              inputMode="decimal"
              value={d.reward}
              onChange={(e) => setD({ ...d, reward: e.target.value })}
            />
          </Field>
          <Field label={t('missions.multiple')} error={show(errors.turnoverMultiple)}>
            <input
              inputMode="numeric"
              value={d.turnoverMultiple}
              onChange={(e) => setD({ ...d, turnoverMultiple: e.target.value })}
            />
          </Field>
          <Field label={t('sort')} error={show(errors.sort)}>
            <input
              inputMode="numeric"
              value={d.sort}
              onChange={(e) => setD({ ...d, sort: e.target.value })}
            />
          </Field>
          <LangTexts
            label={t('missions.title')}
            value={d.title}
            onChange={(title) => setD({ ...d, title })}
            error={touched ? errors.title : null}
            testId="mission-title"
          />
          <LangTexts
            label={t('description')}
            value={d.description}
            onChange={(description) => setD({ ...d, description })}
            multiline
          />
        </div>
        <FormFoot error={error} onCancel={onClose} submitLabel={t('save')} busy={busy} />
      </form>
    </Dialog>
  );
}
