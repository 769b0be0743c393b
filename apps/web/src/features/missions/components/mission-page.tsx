import { MISSION_PERIODS, type Mission, type MissionPeriod } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormStatus, type Status } from '../../../components/ui/form-status';
import { QueryState } from '../../../components/ui/query-state';
import { TabList } from '../../../components/ui/tab-list';
import { useBrand } from '../../../lib/brand';
import { useErrorText } from '../../../lib/error-text';
import { showMoney } from '../../../lib/money';
import { formatInZone } from '../../../lib/zoned-time';
import '../../../styles/missions.css';
import { useClaimMission } from '../api/claim-mission';
import { useMissionSummary } from '../api/get-mission-summary';
import { claimableCount, missionsOf } from '../mission-view';
import { MissionCard } from './mission-card';
import { MissionLeaderboardPanel } from './mission-leaderboard';

const PANEL_ID = 'mission-panel';

/**
 * Missions (member centre page `missionLeaderboard`): a summary of the week, daily and weekly
 * tabs with each mission's progress and its Claim button (behind a confirmation), and this
 * week's leaderboard. `guard` is the protected-action guard (login popup, real-account warning).
 */
export function MissionPage({ guard }: { guard: (action: () => void) => void }) {
  const { t } = useTranslation('rewards');
  const brand = useBrand();
  const errorText = useErrorText();
  const summary = useMissionSummary();
  const claim = useClaimMission();
  const [period, setPeriod] = useState<MissionPeriod>('DAILY');
  const [confirming, setConfirming] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const symbol = brand.currencySymbol;

  const confirm = (m: Mission) =>
    guard(() =>
      claim.mutate(
        { missionId: m.id },
        {
          onSuccess: (claimed) => {
            setConfirming(null);
            setStatus({
              ok: true,
              text: t('missions.claimed', {
                amount: showMoney(claimed.reward, symbol),
                title: claimed.title,
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
    <div className="sec-page" data-testid="missionLeaderboard-page">
      <h3 className="sec-page-title">{t('missions.title')}</h3>
      <FormStatus status={status} testId="mission-status" />
      <QueryState query={summary}>
        {({ missions, summary: s, dayEndTime, weekEndTime }) => {
          const shown = missionsOf(missions, period);
          return (
            <>
              <dl className="mc-stats mc-stats-compact" data-testid="mission-summary">
                <div className="mc-stat">
                  <dt>{t('missions.summary.completed')}</dt>
                  <dd>{t('missions.summary.completedValue', { n: s.completed, total: s.total })}</dd>
                </div>
                <div className="mc-stat">
                  <dt>{t('missions.summary.claimable')}</dt>
                  <dd data-testid="mission-claimable-count">{s.claimable}</dd>
                </div>
                <div className="mc-stat">
                  <dt>{t('missions.summary.rewardsThisWeek')}</dt>
                  <dd data-testid="mission-week-rewards">{showMoney(s.rewardsThisWeek, symbol)}</dd>
                </div>
              </dl>
              <TabList
                label={t('missions.tabs.label')}
                panelId={PANEL_ID}
                value={period}
                onChange={(p) => {
                  setPeriod(p);
                  setConfirming(null);
                }}
                tabs={MISSION_PERIODS.map((p) => {
                  const n = claimableCount(missions, p);
                  return {
                    value: p,
                    label:
                      n > 0
                        ? t('missions.tabs.withCount', { name: t(`missions.tabs.${p}`), n })
                        : t(`missions.tabs.${p}`),
                  };
                })}
              />
              <div
                id={PANEL_ID}
                role="tabpanel"
                aria-labelledby={`${PANEL_ID}-tab-${period}`}
                className="ms-panel"
              >
                <p className="mc-muted ms-resets">
                  {t('missions.resets', {
                    time: formatInZone(period === 'DAILY' ? dayEndTime : weekEndTime, brand.timezone, false),
                  })}
                </p>
                {shown.length === 0 ? (
                  <p className="state-box" data-testid="missions-empty">
                    {t(`missions.empty.${period}`)}
                  </p>
                ) : (
                  <ul className="ms-list">
                    {shown.map((m) => (
                      <MissionCard
                        key={m.id}
                        mission={m}
                        symbol={symbol}
                        timeZone={brand.timezone}
                        confirming={confirming === m.id}
                        busy={claim.isPending}
                        onClaim={() =>
                          guard(() => {
                            setStatus(null);
                            setConfirming(m.id);
                          })
                        }
                        onConfirm={() => confirm(m)}
                        onCancel={() => setConfirming(null)}
                      />
                    ))}
                  </ul>
                )}
              </div>
            </>
          );
        }}
      </QueryState>
      <MissionLeaderboardPanel symbol={symbol} timeZone={brand.timezone} />
    </div>
  );
}
