import {
  CHAT_LIMITS,
  LANGUAGES,
  chatCannedRequestSchema,
  type ChatCanned,
  type ChatCannedRequest,
  type Language,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { currentLanguage } from '../../i18n';
import { Button, ConfirmDialog, DataTable, Dialog, Field, FormFoot, errorText, useToast } from '../../ui';
import { useCanned } from './canned-picker';
import { cannedLanguage } from './chat-logic';

/** Canned replies of the brand, one list per language: added, edited and deleted here. */
export function CannedReplies() {
  const { t } = useTranslation('chat');
  const toast = useToast();
  const client = useQueryClient();
  const [lang, setLang] = useState<Language>(() => cannedLanguage(null, currentLanguage()));
  const list = useCanned(lang);
  const [editing, setEditing] = useState<ChatCanned | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ChatCanned | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['bo', '/chat/canned'] });
  const count = list.data?.list.length ?? 0;

  return (
    <section className="bo-card" data-testid="chat-canned-admin">
      <div className="bo-section-head">
        <h2>{t('canned.title')}</h2>
        <Button
          variant="primary"
          size="sm"
          disabled={count >= CHAT_LIMITS.cannedMax}
          onClick={() => setEditing('new')}
        >
          {t('canned.add')}
        </Button>
      </div>
      <p className="bo-muted bo-chat-note">{t('canned.hint')}</p>
      <div className="bo-content-langs bo-chat-lang-tabs" role="group" aria-label={t('canned.language')}>
        {LANGUAGES.map((l) => (
          <button
            type="button"
            key={l}
            className={`bo-content-lang${l === lang ? ' is-active' : ''}`}
            aria-pressed={l === lang}
            title={t(`lang.${l}`)}
            onClick={() => setLang(l)}
          >
            {l}
          </button>
        ))}
      </div>
      <DataTable<ChatCanned>
        dense
        rows={list.data?.list}
        rowKey={(c) => c.id}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        empty={t('canned.emptyLang', { lang: t(`lang.${lang}`) })}
        columns={[
          {
            key: 'title',
            header: t('canned.titleField'),
            width: '10rem',
            render: (c) => <strong>{c.title}</strong>,
          },
          {
            key: 'text',
            header: t('canned.text'),
            render: (c) => <span className="bo-chat-canned-text">{c.text}</span>,
          },
          {
            key: 'actions',
            header: t('common.actions'),
            align: 'right',
            width: '9rem',
            render: (c) => (
              <span className="bo-row-actions">
                <Button size="sm" onClick={() => setEditing(c)}>
                  {t('canned.edit')}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setDeleting(c)}>
                  {t('canned.delete')}
                </Button>
              </span>
            ),
          },
        ]}
      />
      <Dialog
        open={editing !== null}
        title={editing === 'new' ? t('canned.add') : t('canned.edit')}
        onClose={() => setEditing(null)}
      >
        {editing !== null && (
          <CannedForm
            item={editing === 'new' ? null : editing}
            lang={lang}
            onClose={() => setEditing(null)}
            onSaved={async (saved) => {
              setEditing(null);
              setLang(saved.lang);
              toast(t('canned.saved'));
              await refresh();
            }}
          />
        )}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t('canned.deleteTitle', { title: deleting?.title ?? '' })}
        message={t('canned.deleteMessage')}
        confirmLabel={t('canned.delete')}
        danger
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await api.del(`/chat/canned/${encodeURIComponent(deleting.id)}`);
          toast(t('canned.deleted'));
          await refresh();
        }}
      />
    </section>
  );
}

function CannedForm({
  item,
  lang,
  onClose,
  onSaved,
}: {
  item: ChatCanned | null;
  lang: Language;
  onClose(): void;
  onSaved(saved: ChatCannedRequest): Promise<void>;
}) {
  const { t } = useTranslation('chat');
  const form = useForm<ChatCannedRequest>({
    resolver: zodResolver(chatCannedRequestSchema),
    defaultValues: item
      ? { lang: item.lang, title: item.title, text: item.text }
      : { lang, title: '', text: '' },
  });
  const [error, setError] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (v) => {
    setError(null);
    try {
      if (item) await api.put(`/chat/canned/${encodeURIComponent(item.id)}`, v);
      else await api.post('/chat/canned', v);
      await onSaved(v);
    } catch (e) {
      setError(errorText(e));
    }
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="chat-canned-form">
      <Field label={t('canned.language')}>
        <select {...form.register('lang')}>
          {LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {t(`lang.${l}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field
        label={t('canned.titleField')}
        hint={t('canned.titleHint')}
        error={errors.title ? t('canned.titleRule', { max: CHAT_LIMITS.cannedTitleMax }) : undefined}
      >
        <input maxLength={CHAT_LIMITS.cannedTitleMax} autoFocus {...form.register('title')} />
      </Field>
      <Field
        label={t('canned.text')}
        error={errors.text ? t('canned.textRule', { max: CHAT_LIMITS.cannedTextMax }) : undefined}
      >
        <textarea rows={6} maxLength={CHAT_LIMITS.cannedTextMax} {...form.register('text')} />
      </Field>
      <FormFoot error={error} onCancel={onClose} submitLabel={t('canned.save')} busy={isSubmitting} />
    </form>
  );
}
