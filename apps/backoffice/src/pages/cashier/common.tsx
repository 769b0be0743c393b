import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge, Button, Field, type BadgeTone } from '../../ui';

/** Refetch the cashier queues (deposits, withdrawals, approvals) after a decision. */
export function useRefreshQueues() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: (q) =>
        typeof q.queryKey[1] === 'string' &&
        /^\/(deposits|withdrawals|approvals|players)/.test(q.queryKey[1]),
    });
}

const TONES: Record<string, BadgeTone> = {
  PENDING: 'warning',
  APPROVED: 'success',
  ARRIVED: 'success',
  PAID: 'success',
  PARTIAL: 'info',
  REJECTED: 'danger',
  FAILED: 'danger',
};

export function StateBadge({ state }: { state: string }) {
  const { t } = useTranslation('cashier');
  return <Badge tone={TONES[state] ?? 'neutral'}>{t(`state.${state}`, { defaultValue: state })}</Badge>;
}

export function PlayerLink({ memberId, username }: { memberId: string; username: string }) {
  return (
    <>
      <Link to={`/players/${encodeURIComponent(memberId)}`}>{username}</Link>
      <div className="bo-mono bo-muted">#{memberId}</div>
    </>
  );
}

/** A filter bar: the fields, then Reset and Search on the right. */
export function FilterBar({
  children,
  onSubmit,
  onReset,
}: {
  children: ReactNode;
  onSubmit(): void;
  onReset(): void;
}) {
  const { t } = useTranslation();
  return (
    <form
      className="bo-card bo-form-row"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <span className="bo-grow-sm" />
      <Button variant="ghost" onClick={onReset}>
        {t('common.reset')}
      </Button>
      <Button type="submit" variant="primary">
        {t('common.search')}
      </Button>
    </form>
  );
}

/** The queues' period (days picked in the browser's zone) and order/player search fields. */
export function PeriodSearchFields({
  draft,
  set,
}: {
  draft: { from: string; to: string; q: string };
  set(key: 'from' | 'to' | 'q'): (e: { target: { value: string } }) => void;
}) {
  const { t } = useTranslation('cashier');
  return (
    <>
      <Field label={t('filter.from')}>
        <input type="date" value={draft.from} onChange={set('from')} />
      </Field>
      <Field label={t('filter.to')}>
        <input type="date" value={draft.to} min={draft.from} onChange={set('to')} />
      </Field>
      <Field label={t('filter.q')}>
        <input
          type="search"
          value={draft.q}
          onChange={set('q')}
          placeholder={t('filter.qHint')}
          maxLength={100}
        />
      </Field>
    </>
  );
}
