import {
  CONTENT_LIMITS,
  NOTICE_TYPES,
  type Language,
  type NoticeAdmin,
  type NoticeInput,
  type NoticeType,
} from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useSession } from '../../auth/session';
import { Button, ConfirmDialog, DataTable, Dialog, Field, FormFoot, errorText, useToast } from '../../ui';
import {
  firstText,
  fromLocalInput,
  hasText,
  LocalizedInput,
  StateBadge,
  toLocalInput,
  useLanguages,
  WindowText,
} from './common';

interface Draft {
  type: NoticeType;
  title: Partial<Record<Language, string>>;
  content: Partial<Record<Language, string>>;
  status: NoticeInput['status'];
  startsAt: string;
  endsAt: string;
}

/** Marquee notices (PL), popups (PU) and promotion notices (PR): per-language texts, schedule, order. */
export function NoticesTab() {
  const { t } = useTranslation('content');
  const { brand } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [type, setType] = useState<NoticeType | ''>('');
  const [editing, setEditing] = useState<{ id: number | null; draft: Draft } | null>(null);
  const [deleting, setDeleting] = useState<NoticeAdmin | null>(null);
  const key = ['content', 'notices', brand];
  const list = useQuery({
    queryKey: key,
    queryFn: () => api.get<{ list: NoticeAdmin[] }>('/content/notices'),
  });
  const languages = useLanguages();
  const rows = list.data?.list.filter((n) => !type || n.type === type);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const move = useMutation({
    mutationFn: async ({ notice, by }: { notice: NoticeAdmin; by: -1 | 1 }) => {
      const ids = (list.data?.list ?? []).filter((n) => n.type === notice.type).map((n) => n.id);
      const i = ids.indexOf(notice.id);
      const j = i + by;
      if (j < 0 || j >= ids.length) return;
      [ids[i], ids[j]] = [ids[j]!, ids[i]!];
      await api.put('/content/notices-order', { type: notice.type, ids });
    },
    onSuccess: () => refresh(),
    onError: (e) => toast(errorText(e)),
  });
  const fresh = (): Draft => ({
    type: type || 'PL',
    title: {},
    content: {},
    status: 'DRAFT',
    startsAt: '',
    endsAt: '',
  });
  return (
    <>
      <div className="bo-card bo-form-row">
        <Field label={t('notices.type')}>
          <select value={type} onChange={(e) => setType(e.target.value as NoticeType | '')}>
            <option value="">{t('notices.allTypes')}</option>
            {NOTICE_TYPES.map((nt) => (
              <option key={nt} value={nt}>
                {t(`notices.types.${nt}`)}
              </option>
            ))}
          </select>
        </Field>
        <div className="bo-page-actions">
          <Button variant="primary" onClick={() => setEditing({ id: null, draft: fresh() })}>
            {t('notices.new')}
          </Button>
        </div>
      </div>
      <div className="bo-content-table">
        <DataTable
          rows={rows}
          loading={list.isPending}
          error={list.error}
          onRetry={() => void list.refetch()}
          rowKey={(n) => String(n.id)}
          empty={t('notices.empty')}
          dense
          columns={[
            {
              key: 'type',
              header: t('notices.type'),
              width: '9rem',
              render: (n) => (
                <>
                  {t(`notices.types.${n.type}`)} <span className="bo-muted">#{n.sort}</span>
                </>
              ),
            },
            {
              key: 'title',
              header: t('titleField'),
              render: (n) => firstText(n.title, languages.data?.defaultLanguage) ?? '—',
            },
            {
              key: 'langs',
              header: t('languages'),
              width: '8rem',
              render: (n) => <span className="bo-mono">{Object.keys(n.title).join(' ')}</span>,
            },
            {
              key: 'state',
              header: t('state.title'),
              width: '10rem',
              render: (n) => (
                <div className="bo-content-state">
                  <StateBadge {...n} />
                  <WindowText startsAt={n.startsAt} endsAt={n.endsAt} />
                </div>
              ),
            },
            {
              key: 'actions',
              header: t('common.actions'),
              align: 'right',
              render: (n) => (
                <span className="bo-row-actions">
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={t('moveUp')}
                    onClick={() => move.mutate({ notice: n, by: -1 })}
                  >
                    ↑
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={t('moveDown')}
                    onClick={() => move.mutate({ notice: n, by: 1 })}
                  >
                    ↓
                  </Button>
                  <Button
                    size="sm"
                    onClick={() =>
                      setEditing({
                        id: n.id,
                        draft: {
                          type: n.type,
                          title: n.title,
                          content: n.content,
                          status: n.status,
                          startsAt: toLocalInput(n.startsAt),
                          endsAt: toLocalInput(n.endsAt),
                        },
                      })
                    }
                  >
                    {t('edit')}
                  </Button>
                  <Button size="sm" variant="danger" onClick={() => setDeleting(n)}>
                    {t('delete')}
                  </Button>
                </span>
              ),
            },
          ]}
        />
      </div>
      {editing && (
        <NoticeEditor
          id={editing.id}
          initial={editing.draft}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('notices.deleteTitle')}
        message={t('notices.deleteText')}
        danger
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          await api.del(`/content/notices/${deleting!.id}`);
          toast(t('deleted'));
          await refresh();
        }}
      />
    </>
  );
}

function NoticeEditor(props: { id: number | null; initial: Draft; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation('content');
  const toast = useToast();
  const languages = useLanguages();
  const [draft, setDraft] = useState<Draft>(props.initial);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Missing texts are pointed out once saving was tried, not while the form is being filled.
  const [tried, setTried] = useState(false);
  const starts = fromLocalInput(draft.startsAt);
  const ends = fromLocalInput(draft.endsAt);
  const errors = {
    title: hasText(draft.title) ? null : t('required'),
    window:
      starts === 'invalid' || ends === 'invalid'
        ? t('window.invalid')
        : starts && ends && ends <= starts
          ? t('window.order')
          : null,
  };
  const invalid = Object.values(errors).some((e) => e !== null);
  const save = async () => {
    setBusy(true);
    setError(null);
    const body: NoticeInput = {
      type: draft.type,
      title: draft.title,
      content: draft.content,
      status: draft.status,
      startsAt: starts === 'invalid' ? null : starts,
      endsAt: ends === 'invalid' ? null : ends,
    };
    try {
      if (props.id === null) await api.post('/content/notices', body);
      else await api.put(`/content/notices/${props.id}`, body);
      toast(t('saved'));
      props.onSaved();
    } catch (e) {
      setError(errorText(e));
      throw e;
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (invalid) return;
    if (draft.status === 'PUBLISHED') setConfirming(true);
    else void save().catch(() => undefined);
  };
  return (
    <>
      <Dialog
        open
        title={props.id === null ? t('notices.new') : t('notices.edit')}
        onClose={props.onClose}
        wide
      >
        <form onSubmit={submit} noValidate>
          <Field label={t('notices.type')} hint={t(`notices.typeHints.${draft.type}`)}>
            <select
              value={draft.type}
              onChange={(e) => setDraft({ ...draft, type: e.target.value as NoticeType })}
            >
              {NOTICE_TYPES.map((nt) => (
                <option key={nt} value={nt}>
                  {t(`notices.types.${nt}`)}
                </option>
              ))}
            </select>
          </Field>
          {languages.data && (
            <>
              <LocalizedInput
                label={t('titleField')}
                value={draft.title}
                onChange={(title) => setDraft({ ...draft, title })}
                languages={languages.data.languages}
                maxLength={CONTENT_LIMITS.title}
                error={tried ? errors.title : null}
              />
              <LocalizedInput
                label={t('body')}
                value={draft.content}
                onChange={(content) => setDraft({ ...draft, content })}
                languages={languages.data.languages}
                maxLength={CONTENT_LIMITS.body}
                multiline
                richText
                hint={t('htmlHint')}
              />
            </>
          )}
          <div className="bo-grid-2">
            <Field label={t('window.start')} hint={t('window.hint')}>
              <input
                type="datetime-local"
                step={1}
                value={draft.startsAt}
                onChange={(e) => setDraft({ ...draft, startsAt: e.target.value })}
              />
            </Field>
            <Field label={t('window.end')} error={errors.window ?? undefined}>
              <input
                type="datetime-local"
                step={1}
                value={draft.endsAt}
                onChange={(e) => setDraft({ ...draft, endsAt: e.target.value })}
              />
            </Field>
          </div>
          <fieldset className="bo-plain bo-content-status">
            <legend>{t('state.title')}</legend>
            {(['DRAFT', 'PUBLISHED'] as const).map((s) => (
              <label key={s} className="bo-check">
                <input
                  type="radio"
                  name="notice-status"
                  checked={draft.status === s}
                  onChange={() => setDraft({ ...draft, status: s })}
                />
                {t(`status.${s}`)}
              </label>
            ))}
          </fieldset>
          <FormFoot error={error} onCancel={props.onClose} submitLabel={t('save')} busy={busy} />
        </form>
      </Dialog>
      <ConfirmDialog
        open={confirming}
        title={t('notices.publishTitle')}
        message={t('notices.publishText')}
        onClose={() => setConfirming(false)}
        onConfirm={save}
      />
    </>
  );
}
