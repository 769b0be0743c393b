import {
  BANNER_GROUPS,
  BANNER_IMAGE_RULES,
  CONTENT_LIMITS,
  LINKAGE_TYPES,
  type BannerAdmin,
  type BannerGroup,
  type BannerInput,
  type ContentImage,
  type Language,
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
  LocalizedInput,
  StateBadge,
  toLocalInput,
  useLanguages,
  WindowText,
} from './common';

/** Seeded banners are brand media paths (served under /media); uploads are absolute paths. */
export const imageSrc = (path: string) =>
  /^(https?:)?\/\//.test(path) || path.startsWith('/') ? path : `/media/${path}`;

interface Draft {
  group: BannerGroup;
  lang: Language | '';
  imagePath: string;
  title: Partial<Record<Language, string>>;
  linkageType: NonNullable<BannerInput['linkageType']> | '';
  linkage: string;
  status: BannerInput['status'];
  startsAt: string;
  endsAt: string;
}

const emptyDraft = (group: BannerGroup): Draft => ({
  group,
  lang: '',
  imagePath: '',
  title: {},
  linkageType: '',
  linkage: '',
  status: 'DRAFT',
  startsAt: '',
  endsAt: '',
});

const toDraft = (b: BannerAdmin): Draft => ({
  group: b.group,
  lang: b.lang ?? '',
  imagePath: b.imagePath,
  title: b.title,
  linkageType: b.linkageType ?? '',
  linkage: b.linkage ?? '',
  status: b.status,
  startsAt: toLocalInput(b.startsAt),
  endsAt: toLocalInput(b.endsAt),
});

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read'));
    reader.readAsDataURL(file);
  });
}

/** Banners of every page group: image, language, link, schedule, order, draft or published. */
export function BannersTab() {
  const { t } = useTranslation('content');
  const { brand } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [group, setGroup] = useState<BannerGroup | ''>('');
  const [editing, setEditing] = useState<{ id: number | null; draft: Draft } | null>(null);
  const [deleting, setDeleting] = useState<BannerAdmin | null>(null);
  const key = ['content', 'banners', brand];
  const list = useQuery({
    queryKey: key,
    queryFn: () => api.get<{ list: BannerAdmin[] }>('/content/banners'),
  });
  const languages = useLanguages();
  // In the order the site's pages come (the list arrives by group name).
  const rows = list.data?.list
    .filter((b) => !group || b.group === group)
    .sort((a, b) => BANNER_GROUPS.indexOf(a.group) - BANNER_GROUPS.indexOf(b.group) || a.sort - b.sort);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const move = useMutation({
    mutationFn: async ({ banner, by }: { banner: BannerAdmin; by: -1 | 1 }) => {
      const ids = (list.data?.list ?? []).filter((b) => b.group === banner.group).map((b) => b.id);
      const i = ids.indexOf(banner.id);
      const j = i + by;
      if (j < 0 || j >= ids.length) return;
      [ids[i], ids[j]] = [ids[j]!, ids[i]!];
      await api.put('/content/banners-order', { group: banner.group, ids });
    },
    onSuccess: () => refresh(),
    onError: (e) => toast(errorText(e)),
  });

  return (
    <>
      <div className="bo-card bo-form-row">
        <Field label={t('banners.group')}>
          <select
            value={group}
            onChange={(e) => setGroup(e.target.value as BannerGroup | '')}
            data-testid="banner-group-filter"
          >
            <option value="">{t('banners.allGroups')}</option>
            {BANNER_GROUPS.map((g) => (
              <option key={g} value={g}>
                {t(`groups.${g}`)}
              </option>
            ))}
          </select>
        </Field>
        <div className="bo-page-actions">
          <Button
            variant="primary"
            onClick={() => setEditing({ id: null, draft: emptyDraft(group || 'w_home') })}
            data-testid="banner-new"
          >
            {t('banners.new')}
          </Button>
        </div>
      </div>
      <div className="bo-content-table">
        <DataTable
          rows={rows}
          loading={list.isPending}
          error={list.error}
          onRetry={() => void list.refetch()}
          rowKey={(b) => String(b.id)}
          empty={t('banners.empty')}
          dense
          columns={[
            {
              key: 'image',
              header: t('banners.image'),
              width: '7rem',
              render: (b) => (
                <img
                  className="bo-content-thumb"
                  src={imageSrc(b.imagePath)}
                  alt=""
                  width={120}
                  height={40}
                  loading="lazy"
                />
              ),
            },
            {
              key: 'group',
              header: t('banners.group'),
              render: (b) => (
                <>
                  {t(`groups.${b.group}`)} <span className="bo-muted">#{b.sort}</span>
                </>
              ),
            },
            {
              key: 'lang',
              header: t('lang'),
              width: '5rem',
              render: (b) => b.lang ?? <span className="bo-muted">{t('allShort')}</span>,
            },
            {
              key: 'title',
              header: t('titleField'),
              render: (b) =>
                firstText(b.title, languages.data?.defaultLanguage) ?? <span className="bo-muted">—</span>,
            },
            {
              key: 'link',
              header: t('banners.link'),
              render: (b) =>
                b.linkage ? (
                  <span className="bo-mono">{b.linkage}</span>
                ) : (
                  <span className="bo-muted">—</span>
                ),
            },
            {
              key: 'state',
              header: t('state.title'),
              width: '10rem',
              render: (b) => (
                <div className="bo-content-state">
                  <StateBadge {...b} />
                  <WindowText startsAt={b.startsAt} endsAt={b.endsAt} />
                </div>
              ),
            },
            {
              key: 'actions',
              header: t('common.actions'),
              align: 'right',
              render: (b) => (
                <span className="bo-row-actions">
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={t('moveUp')}
                    onClick={() => move.mutate({ banner: b, by: -1 })}
                  >
                    ↑
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={t('moveDown')}
                    onClick={() => move.mutate({ banner: b, by: 1 })}
                  >
                    ↓
                  </Button>
                  <Button size="sm" onClick={() => setEditing({ id: b.id, draft: toDraft(b) })}>
                    {t('edit')}
                  </Button>
                  <Button size="sm" variant="danger" onClick={() => setDeleting(b)}>
                    {t('delete')}
                  </Button>
                </span>
              ),
            },
          ]}
        />
      </div>
      {editing && (
        <BannerEditor
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
        title={t('banners.deleteTitle')}
        message={t('banners.deleteText')}
        danger
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          await api.del(`/content/banners/${deleting!.id}`);
          toast(t('deleted'));
          await refresh();
        }}
      />
    </>
  );
}

function BannerEditor(props: { id: number | null; initial: Draft; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation('content');
  const toast = useToast();
  const languages = useLanguages();
  const [draft, setDraft] = useState<Draft>(props.initial);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [image, setImage] = useState<ContentImage | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // "Upload an image" shows once saving was tried, not while the form is still being filled.
  const [tried, setTried] = useState(false);
  const rule = BANNER_IMAGE_RULES[draft.group];
  const starts = fromLocalInput(draft.startsAt);
  const ends = fromLocalInput(draft.endsAt);

  const errors = {
    imagePath: draft.imagePath ? null : t('banners.imageRequired'),
    linkage:
      draft.linkageType === 'ROUTE' && !/^\/(?!\/)\S*$/.test(draft.linkage.trim())
        ? t('banners.routeInvalid')
        : draft.linkageType === 'URL' && !/^https?:\/\/\S+$/.test(draft.linkage.trim())
          ? t('banners.urlInvalid')
          : null,
    window:
      starts === 'invalid' || ends === 'invalid'
        ? t('window.invalid')
        : starts && ends && ends <= starts
          ? t('window.order')
          : null,
  };
  const invalid = Object.values(errors).some((e) => e !== null);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setUploadError(null);
    if (file.size > rule.maxBytes) {
      setUploadError(t('banners.tooLarge', { kb: Math.floor(rule.maxBytes / 1024) }));
      return;
    }
    setUploading(true);
    try {
      const uploaded = await api.post<ContentImage>('/content/images', {
        group: draft.group,
        dataBase64: await readBase64(file),
      });
      setImage(uploaded);
      setDraft((d) => ({ ...d, imagePath: uploaded.imagePath }));
    } catch (e) {
      setUploadError(errorText(e));
    } finally {
      setUploading(false);
    }
  };

  const body = (): BannerInput => ({
    group: draft.group,
    lang: draft.lang || null,
    imagePath: draft.imagePath,
    title: draft.title,
    linkageType: draft.linkageType || null,
    linkage: draft.linkageType ? draft.linkage.trim() : null,
    status: draft.status,
    startsAt: starts === 'invalid' ? null : starts,
    endsAt: ends === 'invalid' ? null : ends,
  });

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      if (props.id === null) await api.post('/content/banners', body());
      else await api.put(`/content/banners/${props.id}`, body());
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
    // Published banners reach players: confirmed first. A draft is saved at once.
    if (draft.status === 'PUBLISHED') setConfirming(true);
    else void save().catch(() => undefined);
  };

  return (
    <>
      <Dialog
        open
        title={props.id === null ? t('banners.new') : t('banners.edit')}
        onClose={props.onClose}
        wide
      >
        <form onSubmit={submit} noValidate data-testid="banner-editor">
          <div className="bo-grid-2">
            <Field label={t('banners.group')}>
              <select
                value={draft.group}
                onChange={(e) =>
                  setDraft({
                    ...draft,
                    group: e.target.value as BannerGroup,
                    imagePath: props.initial.group === e.target.value ? props.initial.imagePath : '',
                  })
                }
              >
                {BANNER_GROUPS.map((g) => (
                  <option key={g} value={g}>
                    {t(`groups.${g}`)}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={t('lang')} hint={t('banners.langHint')}>
              <select
                value={draft.lang}
                onChange={(e) => setDraft({ ...draft, lang: e.target.value as Language | '' })}
                data-testid="banner-lang"
              >
                <option value="">{t('allLanguages')}</option>
                {(languages.data?.languages ?? []).map((l) => (
                  <option key={l} value={l}>
                    {l}
                  </option>
                ))}
              </select>
            </Field>
          </div>
          <div className="bo-field">
            <label htmlFor="banner-file">{t('banners.image')}</label>
            <div className="bo-content-upload">
              {draft.imagePath ? (
                <img
                  className="bo-content-preview-img"
                  src={imageSrc(draft.imagePath)}
                  alt={t('banners.imagePreview')}
                />
              ) : (
                <div className="bo-content-preview-img bo-content-placeholder">{t('banners.noImage')}</div>
              )}
              <div>
                <input
                  id="banner-file"
                  type="file"
                  accept="image/png,image/jpeg"
                  onChange={(e) => void pick(e.target.files?.[0])}
                  data-testid="banner-file"
                />
                <small className="bo-field-hint">
                  {t('banners.rule', {
                    kb: Math.floor(rule.maxBytes / 1024),
                    minW: rule.minWidth,
                    maxW: rule.maxWidth,
                    minH: rule.minHeight,
                    maxH: rule.maxHeight,
                  })}
                </small>
                {uploading && <p className="bo-muted">{t('banners.uploading')}</p>}
                {image && (
                  <p className="bo-muted" data-testid="banner-uploaded">
                    {t('banners.uploaded', {
                      w: image.width,
                      h: image.height,
                      kb: Math.ceil(image.size / 1024),
                    })}
                  </p>
                )}
                {(uploadError ?? (tried ? errors.imagePath : null)) && (
                  <p className="bo-field-error" role="alert">
                    {uploadError ?? errors.imagePath}
                  </p>
                )}
              </div>
            </div>
          </div>
          {languages.data && (
            <LocalizedInput
              label={t('banners.caption')}
              value={draft.title}
              onChange={(title) => setDraft({ ...draft, title })}
              languages={languages.data.languages}
              maxLength={CONTENT_LIMITS.title}
              testId="banner-title"
            />
          )}
          <div className="bo-grid-2">
            <Field label={t('banners.linkType')}>
              <select
                value={draft.linkageType}
                onChange={(e) => setDraft({ ...draft, linkageType: e.target.value as Draft['linkageType'] })}
              >
                <option value="">{t('banners.noLink')}</option>
                {LINKAGE_TYPES.map((l) => (
                  <option key={l} value={l}>
                    {t(`banners.linkTypes.${l}`)}
                  </option>
                ))}
              </select>
            </Field>
            <Field
              label={t('banners.link')}
              error={errors.linkage ?? undefined}
              hint={
                draft.linkageType === 'ROUTE'
                  ? '/promotions'
                  : draft.linkageType === 'URL'
                    ? 'https://…'
                    : undefined
              }
            >
              <input
                value={draft.linkage}
                disabled={!draft.linkageType}
                maxLength={500}
                onChange={(e) => setDraft({ ...draft, linkage: e.target.value })}
              />
            </Field>
            <Field label={t('window.start')} hint={t('window.hint')}>
              <input
                type="datetime-local"
                step={1}
                value={draft.startsAt}
                onChange={(e) => setDraft({ ...draft, startsAt: e.target.value })}
                data-testid="banner-starts"
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
                  name="status"
                  checked={draft.status === s}
                  onChange={() => setDraft({ ...draft, status: s })}
                  data-testid={`banner-status-${s}`}
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
        title={t('banners.publishTitle')}
        message={
          starts && starts !== 'invalid'
            ? t('banners.publishAt', { at: new Date(starts).toLocaleString() })
            : t('banners.publishNow')
        }
        onClose={() => setConfirming(false)}
        onConfirm={save}
      />
    </>
  );
}
