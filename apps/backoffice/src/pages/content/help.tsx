import { CONTENT_LIMITS, HELP_TAG_PATTERN, type HelpAdmin, type Language } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
  useToast,
} from '../../ui';
import { firstText, hasText, LocalizedInput, useLanguages } from './common';

interface Draft {
  tag: string;
  title: Partial<Record<Language, string>>;
  content: Partial<Record<Language, string>>;
  status: HelpAdmin['status'];
}

/** The help centre's pages (also the footer's help menu): rich text per language, sanitised by the server. */
export function HelpTab() {
  const { t } = useTranslation('content');
  const { brand } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ isNew: boolean; draft: Draft } | null>(null);
  const [deleting, setDeleting] = useState<HelpAdmin | null>(null);
  const languages = useLanguages();
  const key = ['content', 'help', brand];
  const list = useQuery({ queryKey: key, queryFn: () => api.get<{ list: HelpAdmin[] }>('/content/help') });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const move = useMutation({
    mutationFn: async ({ page, by }: { page: HelpAdmin; by: -1 | 1 }) => {
      const tags = (list.data?.list ?? []).map((p) => p.tag);
      const i = tags.indexOf(page.tag);
      const j = i + by;
      if (j < 0 || j >= tags.length) return;
      [tags[i], tags[j]] = [tags[j]!, tags[i]!];
      await api.put('/content/help-order', { tags });
    },
    onSuccess: () => refresh(),
    onError: (e) => toast(errorText(e)),
  });
  return (
    <>
      <div className="bo-section-head">
        <p className="bo-muted">{t('help.intro')}</p>
        <Button
          variant="primary"
          onClick={() =>
            setEditing({ isNew: true, draft: { tag: '', title: {}, content: {}, status: 'DRAFT' } })
          }
        >
          {t('help.new')}
        </Button>
      </div>
      <div className="bo-content-table">
        <DataTable
          rows={list.data?.list}
          loading={list.isPending}
          error={list.error}
          onRetry={() => void list.refetch()}
          rowKey={(p) => p.tag}
          empty={t('help.empty')}
          dense
          columns={[
            {
              key: 'tag',
              header: t('help.tag'),
              width: '10rem',
              render: (p) => <span className="bo-mono">{p.tag}</span>,
            },
            {
              key: 'title',
              header: t('titleField'),
              render: (p) => firstText(p.title, languages.data?.defaultLanguage) ?? '—',
            },
            {
              key: 'langs',
              header: t('languages'),
              width: '10rem',
              render: (p) => <span className="bo-mono">{Object.keys(p.content).join(' ')}</span>,
            },
            {
              key: 'state',
              header: t('state.title'),
              width: '7rem',
              render: (p) => (
                <Badge tone={p.status === 'PUBLISHED' ? 'success' : 'neutral'}>
                  {t(`status.${p.status}`)}
                </Badge>
              ),
            },
            {
              key: 'actions',
              header: t('common.actions'),
              align: 'right',
              render: (p) => (
                <span className="bo-row-actions">
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={t('moveUp')}
                    onClick={() => move.mutate({ page: p, by: -1 })}
                  >
                    ↑
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={t('moveDown')}
                    onClick={() => move.mutate({ page: p, by: 1 })}
                  >
                    ↓
                  </Button>
                  <Button
                    size="sm"
                    onClick={() =>
                      setEditing({
                        isNew: false,
                        draft: { tag: p.tag, title: p.title, content: p.content, status: p.status },
                      })
                    }
                  >
                    {t('edit')}
                  </Button>
                  <Button size="sm" variant="danger" onClick={() => setDeleting(p)}>
                    {t('delete')}
                  </Button>
                </span>
              ),
            },
          ]}
        />
      </div>
      {editing && (
        <HelpEditor
          isNew={editing.isNew}
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
        title={t('help.deleteTitle')}
        message={t('help.deleteText', { tag: deleting?.tag ?? '' })}
        danger
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          await api.del(`/content/help/${deleting!.tag}`);
          toast(t('deleted'));
          await refresh();
        }}
      />
    </>
  );
}

function HelpEditor(props: { isNew: boolean; initial: Draft; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation('content');
  const toast = useToast();
  const languages = useLanguages();
  const [draft, setDraft] = useState<Draft>(props.initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Missing texts are pointed out once saving was tried, not while the form is being filled.
  const [tried, setTried] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [saved, setSaved] = useState<HelpAdmin | null>(null);
  const errors = {
    tag: HELP_TAG_PATTERN.test(draft.tag) ? null : t('help.tagInvalid'),
    title: hasText(draft.title) ? null : t('required'),
  };
  const invalid = Object.values(errors).some((e) => e !== null);
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const body = { title: draft.title, content: draft.content, status: draft.status };
      const out = props.isNew
        ? await api.post<HelpAdmin>('/content/help', { ...body, tag: draft.tag })
        : await api.put<HelpAdmin>(`/content/help/${draft.tag}`, body);
      toast(t('saved'));
      // The sanitised text as stored, so staff see what players will get.
      setSaved(out);
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
  if (saved)
    return (
      <Dialog
        open
        title={t('help.savedTitle')}
        onClose={props.onSaved}
        wide
        footer={
          <Button variant="primary" onClick={props.onSaved}>
            {t('common.close')}
          </Button>
        }
      >
        <p className="bo-muted">{t('help.savedText')}</p>
        {Object.entries(saved.content).map(([lang, html]) => (
          <section key={lang} className="bo-card bo-content-rendered">
            <h3>
              {lang} · {saved.title[lang as Language] ?? ''}
            </h3>
            {/* Sanitised by the server when saved: the same markup the site renders. */}
            <div dangerouslySetInnerHTML={{ __html: html ?? '' }} />
          </section>
        ))}
      </Dialog>
    );
  return (
    <>
      <Dialog open title={props.isNew ? t('help.new') : t('help.edit')} onClose={props.onClose} wide>
        <form onSubmit={submit} noValidate>
          <Field
            label={t('help.tag')}
            hint={t('help.tagHint')}
            error={draft.tag ? (errors.tag ?? undefined) : undefined}
          >
            <input
              value={draft.tag}
              disabled={!props.isNew}
              maxLength={32}
              onChange={(e) => setDraft({ ...draft, tag: e.target.value.toLowerCase() })}
            />
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
                hint={t('richTextHint')}
              />
            </>
          )}
          <fieldset className="bo-plain bo-content-status">
            <legend>{t('state.title')}</legend>
            {(['DRAFT', 'PUBLISHED'] as const).map((s) => (
              <label key={s} className="bo-check">
                <input
                  type="radio"
                  name="help-status"
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
        title={t('help.publishTitle')}
        message={t('help.publishText')}
        onClose={() => setConfirming(false)}
        onConfirm={save}
      />
    </>
  );
}
