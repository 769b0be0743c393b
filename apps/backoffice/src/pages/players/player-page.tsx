import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { api } from '../../api/client';
import { useSession } from '../../auth/session';
import { Badge, Button, DateTime, Money, Tabs, errorText, type TabItem } from '../../ui';
import { PlayerActions } from './player-actions';
import { BlockBadges, PlayerStatus } from './player-badges';
import { MemberKyc } from '../kyc/member-kyc';
import { BetsTab, BonusesTab, LedgerTab, LinkedTab, LoginsTab, NotesTab, OrdersTab } from './player-tabs';
import type { PlayerDetail } from './types';
import { PlayerProtectionTab } from '../protection/player-protection';

const TABS = [
  'profile',
  'ledger',
  'bets',
  'deposits',
  'withdrawals',
  'bonuses',
  'logins',
  'linked',
  'notes',
  'kyc',
  'protection',
] as const;
type Tab = (typeof TABS)[number];
const isTab = (s: string | null): s is Tab => s !== null && (TABS as readonly string[]).includes(s);

export function PlayerPage() {
  const { memberId = '' } = useParams();
  const { t } = useTranslation('players');
  const { can } = useSession();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'profile';
  const q = useQuery({
    queryKey: ['bo', `/players/${memberId}`],
    queryFn: () => api.get<PlayerDetail>(`/players/${encodeURIComponent(memberId)}`),
  });

  if (q.isPending)
    return (
      <div className="bo-card" aria-busy="true">
        <span className="bo-skeleton bo-skeleton-title" />
        <span className="bo-skeleton" />
        <span className="bo-skeleton" />
      </div>
    );
  if (q.isError)
    return (
      <div className="bo-card bo-table-state">
        <p role="alert">{errorText(q.error)}</p>
        <Button onClick={() => void q.refetch()}>{t('common.retry')}</Button>{' '}
        <Link to="/players">{t('backToSearch')}</Link>
      </div>
    );
  const p = q.data;
  // The verification tab shows identity documents' data: only to staff who review them.
  const tabs: TabItem<Tab>[] = TABS.filter(
    (id) => (id !== 'kyc' || can('kyc.review')) && (id !== 'protection' || can('protection.view')),
  ).map((id) => ({ id, label: t(`tab.${id}`) }));

  return (
    <>
      <p className="bo-crumbs">
        <Link to="/players">← {t('backToSearch')}</Link>
      </p>
      <section className="bo-card bo-player-head">
        <div className="bo-player-title">
          <h1>
            {p.username} <span className="bo-muted bo-mono">#{p.memberId}</span>
          </h1>
          <div className="bo-badges">
            <PlayerStatus status={p.status} />
            <BlockBadges blocks={p.blocks} />
            <Badge tone="info">
              VIP {p.vipLevel}
              {p.vipLabel ? ` · ${p.vipLabel}` : ''}
            </Badge>
            {p.isAgent && <Badge tone="info">{t('agent')}</Badge>}
            {p.tags.map((tag) => (
              <Badge key={tag}>{tag}</Badge>
            ))}
          </div>
        </div>
        <PlayerActions player={p} />
        <dl className="bo-wallets">
          {p.wallets.map((w) => (
            <div key={w.wallet}>
              <dt>{w.wallet === 'MAIN' ? t('wallet.main') : w.wallet}</dt>
              <dd>
                <Money value={w.balance} />
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <Tabs
        tabs={tabs}
        value={tab}
        onChange={(id) => {
          const next = new URLSearchParams(params);
          if (id === 'profile') next.delete('tab');
          else next.set('tab', id);
          setParams(next, { replace: true });
        }}
      />
      <div role="tabpanel">
        {tab === 'profile' && <ProfileTab p={p} />}
        {tab === 'protection' && can('protection.view') && <PlayerProtectionTab memberId={p.memberId} />}
        {tab === 'ledger' && <LedgerTab memberId={p.memberId} />}
        {tab === 'bets' && <BetsTab memberId={p.memberId} />}
        {tab === 'deposits' && <OrdersTab memberId={p.memberId} list="deposits" />}
        {tab === 'withdrawals' && <OrdersTab memberId={p.memberId} list="withdrawals" />}
        {tab === 'bonuses' && (
          <>
            <TurnoverCard p={p} />
            <BonusesTab memberId={p.memberId} />
          </>
        )}
        {tab === 'logins' && <LoginsTab memberId={p.memberId} />}
        {tab === 'linked' && <LinkedTab memberId={p.memberId} />}
        {tab === 'notes' && <NotesTab memberId={p.memberId} />}
        {tab === 'kyc' && <MemberKyc memberId={p.memberId} />}
      </div>
    </>
  );
}

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        {children === null || children === undefined || children === '' ? (
          <span className="bo-muted">—</span>
        ) : (
          children
        )}
      </dd>
    </div>
  );
}

function Check({ ok }: { ok: boolean }) {
  const { t } = useTranslation('players');
  return ok ? <Badge tone="success">{t('verified')}</Badge> : <Badge>{t('unverified')}</Badge>;
}

function ProfileTab({ p }: { p: PlayerDetail }) {
  const { t } = useTranslation('players');
  return (
    <div className="bo-grid-2">
      <section className="bo-card">
        <h2>{t('profile.identity')}</h2>
        <dl className="bo-dl">
          <Row label={t('col.realName')}>
            {p.realName} <Check ok={p.verification.realName} />
          </Row>
          <Row label={t('profile.nickname')}>{p.nickname}</Row>
          <Row label={t('profile.mobile')}>
            <span className="bo-mono">{p.mobile ?? '—'}</span> <Check ok={p.verification.mobile} />
          </Row>
          <Row label={t('profile.email')}>
            <span className="bo-mono">{p.email ?? '—'}</span> <Check ok={p.verification.email} />
          </Row>
          <Row label={t('profile.idNumber')}>
            {p.idNumberMasked && <span className="bo-mono">{p.idNumberMasked}</span>}
          </Row>
          <Row label={t('profile.totp')}>
            <Check ok={p.verification.totp} />
          </Row>
        </dl>
      </section>
      <section className="bo-card">
        <h2>{t('profile.account')}</h2>
        <dl className="bo-dl">
          <Row label={t('col.registeredAt')}>
            <DateTime value={p.registeredAt} />
          </Row>
          <Row label={t('profile.registerIp')}>
            {p.registerIp && <span className="bo-mono">{p.registerIp}</span>}
          </Row>
          <Row label={t('profile.registerDevice')}>
            {p.registerDevice && <span className="bo-mono">{p.registerDevice}</span>}
          </Row>
          <Row label={t('col.lastLogin')}>
            <DateTime value={p.lastLoginAt} />{' '}
            {p.lastLoginIp && <span className="bo-mono bo-muted">{p.lastLoginIp}</span>}
          </Row>
          <Row label={t('col.upline')}>{p.upline}</Row>
          <Row label={t('profile.affiliateCode')}>
            {p.affiliateCode && <span className="bo-mono">{p.affiliateCode}</span>}
          </Row>
        </dl>
      </section>
    </div>
  );
}

function TurnoverCard({ p }: { p: PlayerDetail }) {
  const { t } = useTranslation('players');
  if (p.turnover.length === 0) return <p className="bo-muted">{t('turnover.none')}</p>;
  return (
    <section className="bo-card">
      <h2>{t('turnover.title')}</h2>
      <ul className="bo-turnover">
        {p.turnover.map((r) => {
          const pct = r.required > 0 ? Math.min(100, (r.done / r.required) * 100) : 100;
          return (
            <li key={r.id}>
              <span>{r.source}</span>
              <progress max={100} value={pct} aria-label={r.source} />
              <span className="bo-money">
                <Money value={r.done} /> / <Money value={r.required} />
              </span>
              <Badge tone={r.status === 'MET' ? 'success' : 'warning'}>{t(`turnover.${r.status}`)}</Badge>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
