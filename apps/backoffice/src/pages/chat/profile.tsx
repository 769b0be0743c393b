import type { ChatPlayer } from '@app/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge, DateTime, Money, type BadgeTone } from '../../ui';

const KYC_TONE: Record<string, BadgeTone> = {
  APPROVED: 'success',
  PENDING: 'warning',
  REJECTED: 'danger',
  EXPIRED: 'danger',
};

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children ?? <span className="bo-muted">—</span>}</dd>
    </div>
  );
}

/** Who is writing: a member's account at a glance, or a visitor's nickname only. */
export function PlayerProfile({ player, nickname }: { player: ChatPlayer | null; nickname: string }) {
  const { t } = useTranslation('chat');
  if (!player)
    return (
      <div data-testid="chat-profile" data-kind="visitor">
        <h2>{t('profile.title')}</h2>
        <p className="bo-chat-visitor">{t('profile.visitor')}</p>
        <dl className="bo-chat-dl">
          <Row label={t('profile.nickname')}>{nickname}</Row>
        </dl>
        <p className="bo-muted bo-chat-note">{t('profile.visitorHint')}</p>
      </div>
    );
  return (
    <div data-testid="chat-profile" data-kind="member">
      <h2>{t('profile.title')}</h2>
      <dl className="bo-chat-dl">
        <Row label={t('profile.username')}>
          <Link to={`/players/${encodeURIComponent(player.memberId)}`}>{player.username}</Link>{' '}
          <span className="bo-muted bo-mono">#{player.memberId}</span>
        </Row>
        <Row label={t('profile.vip')}>
          <Badge tone="info">{t('vipLevel', { n: player.vipLevel })}</Badge>
        </Row>
        <Row label={t('profile.status')}>
          <Badge tone={player.status === 'ACTIVE' ? 'success' : 'danger'}>
            {t(`playerStatus.${player.status}`, { defaultValue: player.status })}
          </Badge>
        </Row>
        <Row label={t('profile.balance')}>
          <Money value={Number(player.balance)} />
        </Row>
        <Row label={t('profile.kyc')}>
          <Badge tone={KYC_TONE[player.kycState] ?? 'neutral'}>
            {t(`kyc.${player.kycState}`, { defaultValue: player.kycState })}
          </Badge>
        </Row>
        <Row label={t('profile.language')}>
          {player.language
            ? t(`lang.${player.language.toUpperCase()}`, { defaultValue: player.language })
            : null}
        </Row>
        <Row label={t('profile.registered')}>
          <DateTime value={player.registeredTime} />
        </Row>
        <Row label={t('profile.lastLogin')}>
          <DateTime value={player.lastLoginTime} />
        </Row>
      </dl>
    </div>
  );
}
