import type { RewardPause } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { Badge, Button, ConfirmDialog, DateTime, errorText, useToast } from '../../ui';
import { useBrandQuery, useRefresh } from './common';

/** The kill switch of each reward kind: what members already hold is kept. */
export function PausesTab() {
  const { t } = useTranslation('rewards');
  const list = useBrandQuery<{ list: RewardPause[] }>('/rewards/pauses');
  const [asked, setAsked] = useState<RewardPause | null>(null);
  const refresh = useRefresh();
  const toast = useToast();
  if (list.isPending) return <p className="bo-muted">{t('loading')}</p>;
  if (list.error) return <p role="alert">{errorText(list.error)}</p>;
  return (
    <>
      <p className="bo-muted">{t('pauses.intro')}</p>
      <div className="bo-rw-pauses" data-testid="reward-pauses">
        {list.data.list.map((p) => (
          <section key={p.kind} className="bo-card" data-testid={`pause-${p.kind}`}>
            <h2>
              {t(`pauses.kind.${p.kind}`)}
              <Badge tone={p.paused ? 'danger' : 'success'}>
                {t(p.paused ? 'pauses.paused' : 'pauses.running')}
              </Badge>
            </h2>
            <p className="bo-muted">{t(`pauses.effect.${p.kind}`)}</p>
            {p.paused && p.pausedTime && (
              <p className="bo-muted">
                {t('pauses.since', { who: p.pausedBy ?? '' })} <DateTime value={p.pausedTime} />
              </p>
            )}
            <Button variant={p.paused ? 'primary' : 'danger'} onClick={() => setAsked(p)}>
              {t(p.paused ? 'pauses.resume' : 'pauses.pause')}
            </Button>
          </section>
        ))}
      </div>
      <ConfirmDialog
        open={asked !== null}
        title={
          asked
            ? t(asked.paused ? 'pauses.resumeTitle' : 'pauses.pauseTitle', {
                kind: t(`pauses.kind.${asked.kind}`),
              })
            : ''
        }
        message={asked ? t(asked.paused ? 'pauses.resumeText' : 'pauses.pauseText') : ''}
        danger={asked ? !asked.paused : false}
        confirmLabel={asked ? t(asked.paused ? 'pauses.resume' : 'pauses.pause') : ''}
        onClose={() => setAsked(null)}
        onConfirm={async () => {
          if (!asked) return;
          await api.put(`/rewards/pauses/${asked.kind}`, { paused: !asked.paused });
          toast(t('saved'));
          await refresh();
        }}
      />
    </>
  );
}
