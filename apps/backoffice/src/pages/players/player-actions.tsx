import { toMinor, type Permission } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, newIdempotencyKey } from '../../api/client';
import { useSession } from '../../auth/session';
import { ConfirmDialog, Field, formatMoney, useToast } from '../../ui';
import { BLOCK_KEYS, type Blocks, type PlayerDetail } from './types';

type Action = 'lock' | 'blocks' | 'signOut' | 'password' | 'vip' | 'adjust' | 'tags';

const NEEDS: Record<Action, Permission> = {
  lock: 'players.lock',
  blocks: 'players.lock',
  signOut: 'players.lock',
  password: 'players.password.reset',
  vip: 'players.vip.change',
  adjust: 'cashier.adjustments.request',
  tags: 'players.note',
};
const ORDER: Action[] = ['lock', 'blocks', 'signOut', 'password', 'vip', 'adjust', 'tags'];

/** Refetch everything shown about players after a change (the page, its tabs, the search list). */
export function useRefreshPlayers() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: (q) => typeof q.queryKey[1] === 'string' && q.queryKey[1].startsWith('/players'),
    });
}

/** The player page's actions menu: only what the session may do, each opening its dialog. */
export function PlayerActions({ player }: { player: PlayerDetail }) {
  const { t } = useTranslation('players');
  const { can } = useSession();
  const [open, setOpen] = useState<Action | null>(null);
  const actions = ORDER.filter((a) => can(NEEDS[a]));
  if (actions.length === 0) return null;
  const locked = player.status !== 'ACTIVE';
  const close = () => setOpen(null);

  return (
    <>
      <details className="bo-menu">
        <summary className="bo-btn bo-btn-primary">{t('actions.menu')} ▾</summary>
        <div className="bo-menu-list" role="menu">
          {actions.map((a) => (
            <button
              key={a}
              type="button"
              role="menuitem"
              onClick={(e) => {
                e.currentTarget.closest('details')?.removeAttribute('open');
                setOpen(a);
              }}
            >
              {a === 'lock' ? t(locked ? 'actions.unlock' : 'actions.lock') : t(`actions.${a}`)}
            </button>
          ))}
        </div>
      </details>
      {open === 'lock' && <LockDialog player={player} onClose={close} />}
      {open === 'blocks' && <BlocksDialog player={player} onClose={close} />}
      {open === 'signOut' && <SignOutDialog player={player} onClose={close} />}
      {open === 'password' && <PasswordDialog player={player} onClose={close} />}
      {open === 'vip' && <VipDialog player={player} onClose={close} />}
      {open === 'adjust' && <AdjustDialog player={player} onClose={close} />}
      {open === 'tags' && <TagsDialog player={player} onClose={close} />}
    </>
  );
}

interface DialogProps {
  player: PlayerDetail;
  onClose(): void;
}
const path = (p: PlayerDetail, tail: string) => `/players/${encodeURIComponent(p.memberId)}/${tail}`;

function LockDialog({ player, onClose }: DialogProps) {
  const { t } = useTranslation('players');
  const toast = useToast();
  const refresh = useRefreshPlayers();
  const locking = player.status === 'ACTIVE';
  return (
    <ConfirmDialog
      open
      requireReason
      title={t(locking ? 'actions.lock' : 'actions.unlock')}
      message={t(locking ? 'lock.message' : 'lock.unlockMessage', { username: player.username })}
      confirmLabel={t(locking ? 'actions.lock' : 'actions.unlock')}
      danger={locking}
      onClose={onClose}
      onConfirm={async (reason) => {
        await api.post(path(player, 'status'), { locked: locking, reason });
        toast(t(locking ? 'lock.done' : 'lock.undone'));
        await refresh();
      }}
    />
  );
}

function BlocksDialog({ player, onClose }: DialogProps) {
  const { t } = useTranslation('players');
  const toast = useToast();
  const refresh = useRefreshPlayers();
  const [blocks, setBlocks] = useState<Blocks>(player.blocks);
  const unchanged = BLOCK_KEYS.every((k) => blocks[k] === player.blocks[k]);
  return (
    <ConfirmDialog
      open
      requireReason
      title={t('actions.blocks')}
      message={t('blocks.message')}
      invalid={unchanged ? t('blocks.unchanged') : null}
      confirmLabel={t('common.save')}
      onClose={onClose}
      onConfirm={async (reason) => {
        await api.put(path(player, 'blocks'), { ...blocks, reason });
        toast(t('blocks.done'));
        await refresh();
      }}
    >
      <div className="bo-switches">
        {BLOCK_KEYS.map((k) => (
          <label key={k} className="bo-switch">
            <input
              type="checkbox"
              role="switch"
              checked={blocks[k]}
              onChange={(e) => setBlocks({ ...blocks, [k]: e.target.checked })}
            />
            <span>{t(`blocks.${k}`)}</span>
          </label>
        ))}
      </div>
    </ConfirmDialog>
  );
}

function SignOutDialog({ player, onClose }: DialogProps) {
  const { t } = useTranslation('players');
  const toast = useToast();
  return (
    <ConfirmDialog
      open
      requireReason
      title={t('actions.signOut')}
      message={t('signOut.message', { username: player.username })}
      confirmLabel={t('actions.signOut')}
      onClose={onClose}
      onConfirm={async (reason) => {
        await api.post(path(player, 'sign-out'), { reason });
        toast(t('signOut.done'));
      }}
    />
  );
}

function PasswordDialog({ player, onClose }: DialogProps) {
  const { t } = useTranslation('players');
  const toast = useToast();
  return (
    <ConfirmDialog
      open
      requireReason
      title={t('actions.password')}
      message={t('password.message', { username: player.username })}
      confirmLabel={t('actions.password')}
      onClose={onClose}
      onConfirm={async (reason) => {
        const r = await api.post<{ sentTo: 'SMS' | 'EMAIL' }>(path(player, 'password-reset'), { reason });
        toast(t(r.sentTo === 'SMS' ? 'password.sentSms' : 'password.sentEmail'));
      }}
    />
  );
}

function VipDialog({ player, onClose }: DialogProps) {
  const { t } = useTranslation('players');
  const toast = useToast();
  const refresh = useRefreshPlayers();
  const [level, setLevel] = useState(String(player.vipLevel));
  const n = Number(level);
  const invalid = !/^\d{1,2}$/.test(level)
    ? t('vip.invalid')
    : n === player.vipLevel
      ? t('vip.unchanged')
      : null;
  return (
    <ConfirmDialog
      open
      requireReason
      title={t('actions.vip')}
      message={t('vip.message', { level: player.vipLevel })}
      invalid={invalid}
      confirmLabel={t('common.save')}
      onClose={onClose}
      onConfirm={async (reason) => {
        await api.put(path(player, 'vip'), { level: n, reason });
        toast(t('vip.done', { level: n }));
        await refresh();
      }}
    >
      <Field label={t('vip.level')}>
        <input
          type="number"
          min={0}
          max={99}
          step={1}
          value={level}
          onChange={(e) => setLevel(e.target.value)}
        />
      </Field>
    </ConfirmDialog>
  );
}

function AdjustDialog({ player, onClose }: DialogProps) {
  const { t } = useTranslation('players');
  const toast = useToast();
  const [direction, setDirection] = useState<'CREDIT' | 'DEBIT'>('CREDIT');
  const [amount, setAmount] = useState('');
  const [multiplier, setMultiplier] = useState('0');
  // One key per opened dialog: a retried submit after a lost answer files one request, not two.
  const [key] = useState(newIdempotencyKey);
  const minor = toMinor(amount);
  const mult = Number(multiplier);
  const invalid =
    minor === null || minor === 0n
      ? t('adjust.amountInvalid')
      : direction === 'CREDIT' && !(multiplier.trim() !== '' && Number.isFinite(mult) && mult >= 0)
        ? t('adjust.multiplierInvalid')
        : null;
  return (
    <ConfirmDialog
      open
      requireReason
      title={t('actions.adjust')}
      message={t('adjust.message')}
      invalid={invalid}
      confirmLabel={t('adjust.submit')}
      danger={direction === 'DEBIT'}
      onClose={onClose}
      onConfirm={async (reason) => {
        await api.post(
          `/players/${encodeURIComponent(player.memberId)}/adjustments`,
          {
            direction,
            amount: Number(amount),
            reason,
            turnoverMultiplier: direction === 'CREDIT' ? mult : undefined,
          },
          { idempotencyKey: key },
        );
        toast(t('adjust.done', { amount: formatMoney(Number(amount)) }));
      }}
    >
      <div className="bo-form-row">
        <Field label={t('adjust.direction')}>
          <select
            value={direction}
            onChange={(e) => setDirection(e.target.value === 'DEBIT' ? 'DEBIT' : 'CREDIT')}
          >
            <option value="CREDIT">{t('adjust.CREDIT')}</option>
            <option value="DEBIT">{t('adjust.DEBIT')}</option>
          </select>
        </Field>
        <Field label={t('adjust.amount')}>
          <input
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            placeholder="0.00"
          />
        </Field>
        {direction === 'CREDIT' && (
          <Field label={t('adjust.multiplier')} hint={t('adjust.multiplierHint')}>
            <input
              type="number"
              min={0}
              step={1}
              value={multiplier}
              onChange={(e) => setMultiplier(e.target.value)}
            />
          </Field>
        )}
      </div>
      <p className="bo-note">{t('adjust.secondApprover')}</p>
    </ConfirmDialog>
  );
}

function TagsDialog({ player, onClose }: DialogProps) {
  const { t } = useTranslation('players');
  const toast = useToast();
  const refresh = useRefreshPlayers();
  const [text, setText] = useState(player.tags.join(', '));
  const tags = [
    ...new Set(
      text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  return (
    <ConfirmDialog
      open
      title={t('actions.tags')}
      confirmLabel={t('common.save')}
      onClose={onClose}
      onConfirm={async () => {
        await api.put(path(player, 'tags'), { tags });
        toast(t('tags.done'));
        await refresh();
      }}
    >
      <Field label={t('tags.label')} hint={t('tags.hint')}>
        <input value={text} onChange={(e) => setText(e.target.value)} maxLength={700} />
      </Field>
    </ConfirmDialog>
  );
}
