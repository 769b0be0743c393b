import {
  CONTENT_LIMITS,
  type Broadcast,
  type BroadcastCount,
  type BroadcastInput,
  type BroadcastSegment,
  type Language,
} from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useSession } from '../../auth/session';
import {
  Badge,
  Button,
  ConfirmDialog,
  DataTable,
  Dialog,
  Field,
  FormFoot,
  errorText,
  formatDateTime,
  formatNumber,
  useToast,
} from '../../ui';
import { firstText, fromLocalInput, hasText, LocalizedInput, useLanguages } from './common';

interface Draft {
  vipLevels: string;
  tags: string;
  registeredFrom: string;
  registeredTo: string;
  lastDepositFrom: string;
  lastDepositTo: string;
  title: Partial<Record<Language, string>>;
  content: Partial<Record<Language, string>>;
  sendAt: string;
}

const EMPTY: Draft = {
  vipLevels: '',
  tags: '',
  registeredFrom: '',
  registeredTo: '',
  lastDepositFrom: '',
  lastDepositTo: '',
  title: {},
  content: {},
  sendAt: '',
};

const list = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

function segmentOf(d: Draft): BroadcastSegment | null {
  const levels = list(d.vipLevels).map(Number);
  if (levels.some((l) => !Number.isInteger(l) || l < 0 || l > 100)) return null;
  return {
    vipLevels: levels,
    tags: list(d.tags),
    registeredFrom: d.registeredFrom || null,
    registeredTo: d.registeredTo || null,
    lastDepositFrom: d.lastDepositFrom || null,
    lastDepositTo: d.lastDepositTo || null,
  };
}

const tone = { SCHEDULED: 'info', SENT: 'success', CANCELLED: 'neutral' } as const;

/** Inbox broadcasts: a segment, per-language text, a send time; counted before, cancellable until sent. */
export function BroadcastsTab() {
  const { t } = useTranslation('content');
  const { brand } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [cancelling, setCancelling] = useState<Broadcast | null>(null);
  const languages = useLanguages();
  const key = ['content', 'broadcasts', brand];
  const rows = useQuery({
    queryKey: key,
    queryFn: () => api.get<{ list: Broadcast[] }>('/content/broadcasts'),
    // A scheduled broadcast turns SENT by the server's job: the list follows it.
    refetchInterval: 15_000,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const segmentText = (s: BroadcastSegment) => {
    const parts = [
      s.vipLevels.length ? t('broadcasts.seg.vip', { levels: s.vipLevels.join(', ') }) : null,
      s.tags.length ? t('broadcasts.seg.tags', { tags: s.tags.join(', ') }) : null,
      s.registeredFrom || s.registeredTo
        ? t('broadcasts.seg.registered', { from: s.registeredFrom ?? '…', to: s.registeredTo ?? '…' })
        : null,
      s.lastDepositFrom || s.lastDepositTo
        ? t('broadcasts.seg.deposit', { from: s.lastDepositFrom ?? '…', to: s.lastDepositTo ?? '…' })
        : null,
    ].filter(Boolean);
    return parts.length ? parts.join(' · ') : t('broadcasts.seg.all');
  };
  return (
    <>
      <div className="bo-section-head">
        <p className="bo-muted">{t('broadcasts.intro')}</p>
        <Button variant="primary" onClick={() => setCreating(true)} data-testid="broadcast-new">
          {t('broadcasts.new')}
        </Button>
      </div>
      <DataTable
        rows={rows.data?.list}
        loading={rows.isPending}
        error={rows.error}
        onRetry={() => void rows.refetch()}
        rowKey={(b) => b.id}
        empty={t('broadcasts.empty')}
        dense
        columns={[
          {
            key: 'title',
            header: t('titleField'),
            render: (b) => firstText(b.title, languages.data?.defaultLanguage) ?? '—',
          },
          { key: 'segment', header: t('broadcasts.segment'), render: (b) => segmentText(b.segment) },
          {
            key: 'sendAt',
            header: t('broadcasts.sendAt'),
            width: '11rem',
            // Local time, as the send time is entered.
            render: (b) => <time dateTime={b.sendAt}>{formatDateTime(b.sendAt, undefined)}</time>,
          },
          {
            key: 'status',
            header: t('state.title'),
            width: '7rem',
            render: (b) => <Badge tone={tone[b.status]}>{t(`broadcasts.status.${b.status}`)}</Badge>,
          },
          {
            key: 'recipients',
            header: t('broadcasts.recipients'),
            align: 'right',
            width: '7rem',
            render: (b) => (b.recipients === null ? '—' : formatNumber(b.recipients)),
          },
          { key: 'by', header: t('broadcasts.by'), width: '8rem', render: (b) => b.createdBy },
          {
            key: 'actions',
            header: t('common.actions'),
            align: 'right',
            render: (b) =>
              b.status === 'SCHEDULED' ? (
                <Button size="sm" variant="danger" onClick={() => setCancelling(b)}>
                  {t('broadcasts.cancel')}
                </Button>
              ) : null,
          },
        ]}
      />
      {creating && (
        <BroadcastEditor
          onClose={() => setCreating(false)}
          onSaved={() => {
            setCreating(false);
            void refresh();
          }}
        />
      )}
      <ConfirmDialog
        open={cancelling !== null}
        title={t('broadcasts.cancelTitle')}
        message={t('broadcasts.cancelText')}
        danger
        onClose={() => setCancelling(null)}
        onConfirm={async () => {
          await api.post(`/content/broadcasts/${cancelling!.id}/cancel`);
          toast(t('broadcasts.cancelled'));
          await refresh();
        }}
      />
    </>
  );
}

function BroadcastEditor(props: { onClose(): void; onSaved(): void }) {
  const { t } = useTranslation('content');
  const toast = useToast();
  const languages = useLanguages();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [count, setCount] = useState<BroadcastCount | null>(null);
  const [counting, setCounting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const segment = segmentOf(draft);
  const sendAt = fromLocalInput(draft.sendAt);
  const langs = Object.keys({ ...draft.title, ...draft.content }).filter(
    (l) => (draft.title[l as Language] ?? '').trim() || (draft.content[l as Language] ?? '').trim(),
  ) as Language[];
  const errors = {
    vipLevels: segment ? null : t('broadcasts.vipInvalid'),
    registered:
      draft.registeredFrom && draft.registeredTo && draft.registeredFrom > draft.registeredTo
        ? t('window.order')
        : null,
    deposit:
      draft.lastDepositFrom && draft.lastDepositTo && draft.lastDepositFrom > draft.lastDepositTo
        ? t('window.order')
        : null,
    text: !hasText(draft.title)
      ? t('required')
      : langs.some((l) => !(draft.title[l] ?? '').trim() || !(draft.content[l] ?? '').trim())
        ? t('broadcasts.pairs')
        : null,
    sendAt:
      sendAt === 'invalid'
        ? t('window.invalid')
        : sendAt && Date.parse(sendAt) < Date.now() - 60_000
          ? t('broadcasts.past')
          : null,
  };
  const invalid = Object.values(errors).some((e) => e !== null);
  const set = (patch: Partial<Draft>) => {
    setDraft({ ...draft, ...patch });
    // The segment changed: the count shown is no longer its count.
    if (Object.keys(patch).some((k) => k !== 'title' && k !== 'content' && k !== 'sendAt')) setCount(null);
  };
  const recount = async (): Promise<BroadcastCount | null> => {
    if (!segment) return null;
    setCounting(true);
    setError(null);
    try {
      const counted = await api.post<BroadcastCount>('/content/broadcasts/count', { segment });
      setCount(counted);
      return counted;
    } catch (e) {
      setError(errorText(e));
      return null;
    } finally {
      setCounting(false);
    }
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (invalid) return;
    // The confirmation names how many members it reaches: counted now if not yet.
    if (count || (await recount())) setConfirming(true);
  };
  return (
    <>
      <Dialog open title={t('broadcasts.new')} onClose={props.onClose} wide>
        <form onSubmit={(e) => void submit(e)} noValidate data-testid="broadcast-editor">
          <h3>{t('broadcasts.segment')}</h3>
          <div className="bo-grid-2">
            <Field
              label={t('broadcasts.vipLevels')}
              hint={t('broadcasts.vipHint')}
              error={errors.vipLevels ?? undefined}
            >
              <input
                value={draft.vipLevels}
                onChange={(e) => set({ vipLevels: e.target.value })}
                placeholder="1, 2, 3"
              />
            </Field>
            <Field label={t('broadcasts.tags')} hint={t('broadcasts.tagsHint')}>
              <input value={draft.tags} onChange={(e) => set({ tags: e.target.value })} />
            </Field>
            <Field label={t('broadcasts.registeredFrom')}>
              <input
                type="date"
                value={draft.registeredFrom}
                onChange={(e) => set({ registeredFrom: e.target.value })}
              />
            </Field>
            <Field label={t('broadcasts.registeredTo')} error={errors.registered ?? undefined}>
              <input
                type="date"
                value={draft.registeredTo}
                onChange={(e) => set({ registeredTo: e.target.value })}
              />
            </Field>
            <Field label={t('broadcasts.depositFrom')}>
              <input
                type="date"
                value={draft.lastDepositFrom}
                onChange={(e) => set({ lastDepositFrom: e.target.value })}
              />
            </Field>
            <Field label={t('broadcasts.depositTo')} error={errors.deposit ?? undefined}>
              <input
                type="date"
                value={draft.lastDepositTo}
                onChange={(e) => set({ lastDepositTo: e.target.value })}
              />
            </Field>
          </div>
          <div className="bo-content-count">
            <Button
              onClick={() => void recount()}
              busy={counting}
              disabled={!segment}
              data-testid="broadcast-count"
            >
              {t('broadcasts.count')}
            </Button>
            {count && (
              <span data-testid="broadcast-count-result">
                {t('broadcasts.countResult', { n: formatNumber(count.recipients) })}{' '}
                {count.suppressed > 0 && (
                  <span className="bo-muted">
                    {t('broadcasts.suppressed', { n: formatNumber(count.suppressed) })}
                  </span>
                )}
              </span>
            )}
          </div>
          {languages.data && (
            <>
              <LocalizedInput
                label={t('titleField')}
                value={draft.title}
                onChange={(title) => set({ title })}
                languages={languages.data.languages}
                maxLength={CONTENT_LIMITS.title}
                error={tried ? errors.text : null}
                testId="broadcast-title"
              />
              <LocalizedInput
                label={t('broadcasts.text')}
                value={draft.content}
                onChange={(content) => set({ content })}
                languages={languages.data.languages}
                maxLength={CONTENT_LIMITS.broadcastBody}
                testId="broadcast-text"
                multiline
                hint={t('broadcasts.textHint')}
              />
            </>
          )}
          <Field
            label={t('broadcasts.sendAt')}
            hint={t('broadcasts.sendAtHint')}
            error={errors.sendAt ?? undefined}
          >
            <input
              type="datetime-local"
              step={1}
              value={draft.sendAt}
              onChange={(e) => set({ sendAt: e.target.value })}
            />
          </Field>
          <FormFoot
            error={error}
            onCancel={props.onClose}
            submitLabel={t('broadcasts.schedule')}
            busy={false}
          />
        </form>
      </Dialog>
      <ConfirmDialog
        open={confirming}
        title={t('broadcasts.confirmTitle')}
        message={t('broadcasts.confirmText', {
          n: formatNumber(count?.recipients ?? 0),
          at: sendAt && sendAt !== 'invalid' ? new Date(sendAt).toLocaleString() : t('broadcasts.now'),
        })}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          const body: BroadcastInput = {
            segment: segment!,
            title: draft.title,
            content: draft.content,
            sendAt: sendAt === 'invalid' ? null : sendAt,
          };
          await api.post('/content/broadcasts', body);
          toast(t('broadcasts.scheduled'));
          props.onSaved();
        }}
      />
    </>
  );
}
