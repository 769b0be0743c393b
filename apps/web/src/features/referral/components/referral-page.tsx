import type { ReferralFriends, ReferralSummary } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/ui/copy-button';
import { FormStatus, type Status } from '../../../components/ui/form-status';
import { InlineConfirm } from '../../../components/ui/inline-confirm';
import { PagedTable } from '../../../components/ui/paged-table';
import { QrCode } from '../../../components/ui/qr-code';
import { QueryState } from '../../../components/ui/query-state';
import { paths } from '../../../config/paths';
import { useBrand } from '../../../lib/brand';
import { useErrorText } from '../../../lib/error-text';
import { showMoney } from '../../../lib/money';
import { formatInZone } from '../../../lib/zoned-time';
import '../../../styles/referral.css';
import { useClaimReferral } from '../api/claim-referral';
import { useReferralFriends, useReferralSummary } from '../api/get-referral';

type Friend = ReferralFriends['list'][number];

/** Each state's badge tone (the state is always said in words too). */
const STATE_TONE: Record<Friend['state'], string> = {
  REGISTERED: 'mc-badge-info',
  QUALIFIED: 'mc-badge-wait',
  REWARDED: 'mc-badge-ok',
  EXPIRED: 'mc-badge-bad',
  REVIEW: 'mc-badge-wait',
  REJECTED: 'mc-badge-bad',
};

/** The share block: code, link and the link as a QR code, each copyable. */
function Share({ code }: { code: string }) {
  const { t } = useTranslation('inbox');
  const link = `${window.location.origin}${paths.registerWithReferral(code)}`;
  return (
    <section className="sec-card" aria-labelledby="referral-share">
      <header className="sec-card-head">
        <h4 id="referral-share">{t('referral.share')}</h4>
      </header>
      <p className="sec-desc">{t('referral.description')}</p>
      <div className="rf-share">
        <dl className="mc-share">
          <div>
            <dt>{t('referral.code')}</dt>
            <dd>
              <code className="mc-code" data-testid="referral-code">
                {code}
              </code>
              <CopyButton text={code} label={t('referral.code')} testId="copy-code" />
            </dd>
          </div>
          <div>
            <dt>{t('referral.link')}</dt>
            <dd>
              <code className="mc-code mc-link-text" data-testid="referral-link">
                {link}
              </code>
              <CopyButton text={link} label={t('referral.link')} testId="copy-link" />
            </dd>
          </div>
        </dl>
        <figure className="rf-qr">
          <QrCode
            value={link}
            size={180}
            alt={t('referral.qrAlt')}
            failedText={t('referral.qrFailed')}
            testId="referral-qr"
          />
          <figcaption className="mc-muted">{t('referral.qrCaption')}</figcaption>
        </figure>
      </div>
    </section>
  );
}

/** The brand's programme in plain words, and the member's figures. */
function Programme({ summary }: { summary: ReferralSummary }) {
  const { t } = useTranslation('inbox');
  const { currencySymbol } = useBrand();
  const money = (n: number) => showMoney(n, currencySymbol);
  const rule = summary.rule;
  return (
    <section className="sec-card" aria-labelledby="referral-programme">
      <header className="sec-card-head">
        <h4 id="referral-programme">{t('referral.programme')}</h4>
      </header>
      {rule?.enabled ? (
        <ol className="rf-steps" data-testid="referral-rules">
          <li>{t('referral.step1')}</li>
          <li>{t('referral.step2', { min: money(rule.minFirstDeposit), days: rule.qualifyDays })}</li>
          <li>
            {t('referral.step3', { reward: money(rule.reward) })}
            {rule.turnoverMultiple > 0 && <> {t('referral.turnover', { n: rule.turnoverMultiple })}</>}
          </li>
        </ol>
      ) : (
        <p className="state-box" data-testid="referral-no-programme">
          {t('referral.noProgramme')}
        </p>
      )}
      <dl className="rf-figures" data-testid="referral-figures">
        <div>
          <dt>{t('referral.invited')}</dt>
          <dd data-testid="referral-invited">{summary.invited}</dd>
        </div>
        <div>
          <dt>{t('referral.qualified')}</dt>
          <dd data-testid="referral-qualified">{summary.qualified}</dd>
        </div>
        <div>
          <dt>{t('referral.rewarded')}</dt>
          <dd>{summary.rewarded}</dd>
        </div>
        <div>
          <dt>{t('referral.earned')}</dt>
          <dd>{money(summary.rewardsEarned)}</dd>
        </div>
      </dl>
    </section>
  );
}

/** One invited friend: state, first deposit, and the claim (with a confirmation) when qualified. */
function FriendRow({ friend, onStatus }: { friend: Friend; onStatus: (s: Status) => void }) {
  const { t } = useTranslation('inbox');
  const brand = useBrand();
  const errorText = useErrorText();
  const claim = useClaimReferral();
  const [confirming, setConfirming] = useState(false);
  const money = (n: number) => showMoney(n, brand.currencySymbol);
  return (
    <li className="rf-friend" data-testid="referral-friend">
      <div className="rf-friend-main">
        <strong>{friend.username}</strong>
        <span className="mc-muted">
          {t('referral.registered', {
            date: formatInZone(friend.registeredTime, brand.timezone, false),
          })}
        </span>
        <span className="mc-muted">
          {friend.firstDeposit === null
            ? t('referral.noDeposit')
            : t('referral.firstDeposit', { amount: money(friend.firstDeposit) })}
        </span>
      </div>
      <span className={`mc-badge ${STATE_TONE[friend.state]}`} data-testid="referral-state">
        {t(`referral.states.${friend.state}`)}
        {friend.reward !== null && ` · ${money(friend.reward)}`}
      </span>
      {friend.state === 'QUALIFIED' &&
        (confirming ? (
          <InlineConfirm
            text={t('referral.claimConfirm', {
              amount: friend.reward === null ? '' : money(friend.reward),
              friend: friend.username,
            })}
            busy={claim.isPending}
            onCancel={() => setConfirming(false)}
            onConfirm={() =>
              claim.mutate(friend.id, {
                onSuccess: (r) => {
                  setConfirming(false);
                  onStatus({
                    ok: true,
                    text: t('referral.claimed', { amount: money(r.amount ?? 0) }),
                  });
                },
                onError: (err) => {
                  setConfirming(false);
                  onStatus({ ok: false, text: errorText(err) });
                },
              })
            }
            testId="referral-claim-confirm"
          />
        ) : (
          <button
            type="button"
            className="btn btn-sm btn-primary"
            onClick={() => {
              onStatus(null);
              setConfirming(true);
            }}
            data-testid="referral-claim"
          >
            {t('referral.claim')}
          </button>
        ))}
    </li>
  );
}

function Friends() {
  const { t } = useTranslation('inbox');
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<Status>(null);
  const friends = useReferralFriends(page);
  return (
    <section className="sec-card" aria-labelledby="referral-friends">
      <header className="sec-card-head">
        <h4 id="referral-friends">{t('referral.friends')}</h4>
      </header>
      <FormStatus status={status} testId="referral-status" />
      <QueryState query={friends}>
        {({ list, totalPages }) => (
          <PagedTable
            count={list.length}
            empty={t('referral.noFriends')}
            emptyTestId="referral-empty"
            busy={friends.isPlaceholderData}
            page={page}
            totalPages={totalPages}
            onPage={setPage}
            label={t('referral.friendPages')}
            wrap={false}
          >
            <ul className="rf-friends">
              {list.map((f) => (
                <FriendRow key={f.id} friend={f} onStatus={setStatus} />
              ))}
            </ul>
          </PagedTable>
        )}
      </QueryState>
    </section>
  );
}

/**
 * Invite friends (member-centre page `referral`): the code, the invite link and its QR code; the
 * brand's programme in plain words with the member's figures; the invited friends (masked) with
 * their first deposit and state, and a claim for each qualified one.
 */
export function ReferralPage() {
  const { t } = useTranslation('inbox');
  const summary = useReferralSummary();
  return (
    <div className="sec-page" data-testid="referral-page">
      <h3 className="sec-page-title">{t('referral.title')}</h3>
      <QueryState query={summary}>
        {(s) => (
          <>
            <Share code={s.referralCode} />
            <Programme summary={s} />
            <Friends />
          </>
        )}
      </QueryState>
    </div>
  );
}
