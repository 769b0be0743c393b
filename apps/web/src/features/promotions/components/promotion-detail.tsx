import { promotionDetailQuerySchema, type PromotionDetail } from '@app/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { QueryState } from '../../../components/ui/query-state';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { mediaUrl, useBrand } from '../../../lib/brand';
import { showMoney } from '../../../lib/money';
import { usePopups } from '../../../lib/popups';
import { isTrial, useSession } from '../../../lib/session';
import { formatInZone } from '../../../lib/zoned-time';
import '../../../styles/promotions.css';
import { usePromotion } from '../api/get-promotion';
import { ruleLines } from '../promotion-view';
import { ActionButton } from './action-button';
import { ApplyForm } from './apply-form';
import { ProgressBar } from './progress-bar';
import { PromotionDates } from './promotion-dates';
import { StateBadge } from './state-badge';

/** The member's part in this period, in words: joined, issued, pending, rejected, claimed... */
function Mine({ p }: { p: PromotionDetail }) {
  const { t } = useTranslation('promo');
  const brand = useBrand();
  const money = (n: number | null) => showMoney(n ?? 0, brand.currencySymbol);
  const m = p.mine;
  const lines: string[] = [];
  if (p.state === 'CLOSE') lines.push(t('mine.CLOSE'));
  else if (p.state === 'COMING_SOON') lines.push(t('mine.COMING_SOON'));
  else if (m) {
    switch (m.status) {
      case 'JOINED':
        lines.push(t('mine.JOINED', { min: money(p.rules.minDeposit) }));
        break;
      case 'ISSUED':
        lines.push(
          m.depositAmount !== null
            ? t('mine.ISSUED_DEPOSIT', { amount: money(m.amount), deposit: money(m.depositAmount) })
            : t('mine.ISSUED_APPLY', { amount: money(m.amount) }),
        );
        break;
      case 'APPLYING':
        lines.push(t('mine.APPLYING'));
        break;
      case 'REJECTED':
        lines.push(t('mine.REJECTED'));
        if (m.rejectReason) lines.push(t('mine.rejectReason', { reason: m.rejectReason }));
        break;
      case 'CLAIMED':
        lines.push(t(p.kind === 'RAFFLE' ? 'mine.DRAWN' : 'mine.CLAIMED', { amount: money(m.amount) }));
        break;
      case 'SIGNED':
        lines.push(t('mine.SIGNED', { amount: money(m.amount) }));
        break;
    }
    if (m.turnoverRequired) lines.push(t('mine.turnover', { turnover: money(m.turnoverRequired) }));
    if (m.remark && (m.status === 'APPLYING' || m.status === 'REJECTED'))
      lines.push(t('mine.remark', { remark: m.remark }));
  }
  const progress = p.progress && (p.state === 'PROCESS' || p.state === 'CLAIM') ? p.progress : null;
  if (lines.length === 0 && !progress) return null;
  return (
    <section className="promo-mine" aria-labelledby="promo-mine-title" data-testid="promo-mine">
      <h2 id="promo-mine-title">{t('detail.mine')}</h2>
      {progress && <ProgressBar progress={progress} />}
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      {p.periodEndTime && (p.state === 'PROCESS' || p.state === 'CLAIM' || p.state === 'JOINED') && (
        <p className="promo-note">
          {t('dates.periodEnds', { time: formatInZone(p.periodEndTime, brand.timezone, false) })}
        </p>
      )}
    </section>
  );
}

/**
 * The promotion detail page (`/promoDetail?id=...`): image, title, state and dates, the member's
 * part and progress, the action (with its confirmation) or the application form, the rules in
 * plain words, and the operator's content (sanitised by the server).
 */
export function PromotionDetailView({ id }: { id: string }) {
  const { t } = useTranslation('promo');
  // /promoDetail without an id (or with one no promotion can have) is not found without asking.
  const wellFormed = promotionDetailQuerySchema.safeParse({ promotionId: id }).success;
  const promotion = usePromotion(id, wellFormed);
  if (
    !wellFormed ||
    (promotion.isError &&
      promotion.error instanceof ApiError &&
      (promotion.error.status === 404 || promotion.error.status === 400))
  ) {
    return (
      <div className="promo-page">
        <p className="state-box" data-testid="promo-not-found">
          {t('detail.notFound')}
        </p>
        <Link to={paths.promotions}>{t('detail.back')}</Link>
      </div>
    );
  }
  return (
    <div className="promo-page promo-detail">
      <Link to={paths.promotions} className="promo-back">
        ← {t('detail.back')}
      </Link>
      <QueryState query={promotion}>{(p) => <DetailBody p={p} />}</QueryState>
    </div>
  );
}

function DetailBody({ p }: { p: PromotionDetail }) {
  const { t } = useTranslation('promo');
  const brand = useBrand();
  const token = useSession((s) => s.token);
  const trial = useSession(isTrial);
  const show = usePopups((s) => s.show);
  const { hash } = useLocation();
  // /promoDetail?id=..#apply (the list's Apply button) opens the form at once.
  const [applying, setApplying] = useState(hash === '#apply');
  const form = useRef<HTMLDivElement>(null);
  const money = (n: number) => showMoney(n, brand.currencySymbol);
  // The keys come from ruleLines (its unit test checks each one exists in the texts).
  const ruleText = (key: string, values: Record<string, string | number>) =>
    t(key as 'rules.vip', values as { level: number });
  const member = !!token && !trial;
  const showForm = member && p.action === 'APPLY' && p.eligible && applying;

  useEffect(() => {
    if (showForm) form.current?.scrollIntoView({ block: 'start' });
  }, [showForm]);

  return (
    <div data-testid="promo-detail" data-id={p.id}>
      <div className="promo-hero">
        {p.imageUrl && (
          <img
            className="promo-hero-image"
            src={mediaUrl(brand, p.imageUrl)}
            alt=""
            width={600}
            height={300}
          />
        )}
        <div className="promo-hero-body">
          <div className="promo-card-head">
            <h1>{p.title}</h1>
            <StateBadge state={p.state} />
          </div>
          <p className="lead">{p.summary}</p>
          <PromotionDates p={p} />
          {!p.eligible && p.ineligible ? (
            <p className="promo-note" data-testid="promo-ineligible">
              {t(`ineligible.${p.ineligible}`, { level: p.minVipLevel })}
            </p>
          ) : (
            p.minVipLevel > 0 && <p className="promo-note">{t('rules.vip', { level: p.minVipLevel })}</p>
          )}
          <div className="sec-actions">
            {!showForm && <ActionButton p={p} onApply={() => setApplying(true)} />}
            {member && p.state === 'JOINED' && p.mine?.status === 'JOINED' && (
              <button
                type="button"
                className="btn"
                onClick={() => show('memberCentre', { page: 'depositv2' })}
                data-testid="promo-deposit-now"
              >
                {t('detail.depositNow')}
              </button>
            )}
          </div>
          {!token && p.action && p.action !== 'INVITE' && (
            <p className="promo-note">{t('detail.loginToTakePart')}</p>
          )}
          {trial && p.action && <p className="promo-note">{t('detail.trialNote')}</p>}
        </div>
      </div>

      <Mine p={p} />

      {showForm && (
        <div ref={form}>
          <ApplyForm p={p} />
        </div>
      )}

      <section className="promo-section" aria-labelledby="promo-rules-title">
        <h2 id="promo-rules-title">{t('detail.rules')}</h2>
        <ul className="promo-rules" data-testid="promo-rules">
          {ruleLines(p, money).map((line, i) => (
            <li key={i}>{ruleText(line.key, line.values)}</li>
          ))}
        </ul>
      </section>

      {p.content && (
        <section className="promo-section" aria-labelledby="promo-terms-title">
          <h2 id="promo-terms-title">{t('detail.terms')}</h2>
          <div className="rich-text" dangerouslySetInnerHTML={{ __html: p.content }} />
        </section>
      )}
    </div>
  );
}
