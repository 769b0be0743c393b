import type { ChatSearchPage } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../api/client';
import { Button, DataTable, DateTime, Field } from '../../ui';

type Hit = ChatSearchPage['list'][number];
const PAGE_SIZE = 50;
const MIN_QUERY = 2;

/** The text with each occurrence of the words marked, so a hit shows why it matched. */
function highlight(text: string, q: string): ReactNode[] {
  const needle = q.trim().toLowerCase();
  if (!needle) return [text];
  const out: ReactNode[] = [];
  const lower = text.toLowerCase();
  let at = 0;
  for (let i = lower.indexOf(needle); i >= 0; i = lower.indexOf(needle, at)) {
    if (i > at) out.push(text.slice(at, i));
    out.push(<mark key={i}>{text.slice(i, i + needle.length)}</mark>);
    at = i + needle.length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

/** Messages of the brand containing some words, within dates; a hit opens its conversation. */
export function ChatSearch() {
  const { t } = useTranslation('chat');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState({ q, from, to });
  const [touched, setTouched] = useState(false);
  const ready = q.trim().length >= MIN_QUERY;
  const result = useQuery({
    queryKey: ['bo', '/chat/search', q, from, to, page],
    queryFn: () =>
      api.get<ChatSearchPage>('/chat/search', {
        q: q.trim(),
        from: from || undefined,
        to: to || undefined,
        pageNo: page,
        pageSize: PAGE_SIZE,
      }),
    enabled: ready,
    placeholderData: keepPreviousData,
  });
  const tooShort = draft.q.trim().length < MIN_QUERY;
  const badRange = draft.from !== '' && draft.to !== '' && draft.from > draft.to;

  const go = (patch: Record<string, string>) => setParams(new URLSearchParams(patch), { replace: true });

  return (
    <>
      <form
        className="bo-card bo-form-row"
        role="search"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (tooShort || badRange) return;
          const next: Record<string, string> = { q: draft.q.trim() };
          if (draft.from) next.from = draft.from;
          if (draft.to) next.to = draft.to;
          go(next);
        }}
      >
        <Field
          label={t('search.words')}
          error={touched && tooShort ? t('search.tooShort', { n: MIN_QUERY }) : undefined}
        >
          <input
            type="search"
            value={draft.q}
            maxLength={100}
            onChange={(e) => setDraft({ ...draft, q: e.target.value })}
          />
        </Field>
        <Field label={t('search.from')}>
          <input
            type="date"
            value={draft.from}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        </Field>
        <Field label={t('search.to')} error={touched && badRange ? t('search.badRange') : undefined}>
          <input type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        </Field>
        <Button type="submit" variant="primary">
          {t('common.search')}
        </Button>
      </form>
      {!ready ? (
        <p className="bo-muted">{t('search.hint')}</p>
      ) : (
        <DataTable<Hit>
          dense
          rows={result.data?.list}
          rowKey={(h) => `${h.conversationId}:${h.message.id}`}
          loading={result.isFetching}
          error={result.error}
          onRetry={() => void result.refetch()}
          empty={t('search.empty')}
          page={page}
          hasMore={(result.data?.totalPages ?? 0) > page}
          onPage={(p) => go({ ...Object.fromEntries(params), page: String(p) })}
          columns={[
            {
              key: 'at',
              header: t('search.col.at'),
              width: '10rem',
              render: (h) => <DateTime value={h.message.createdTime} />,
            },
            {
              key: 'who',
              header: t('search.col.who'),
              width: '12rem',
              render: (h) => (
                <>
                  <strong>{h.nickname}</strong>
                  <div className="bo-muted">{h.username ?? t('queue.visitor')}</div>
                </>
              ),
            },
            {
              key: 'sender',
              header: t('search.col.sender'),
              width: '8rem',
              render: (h) =>
                h.message.sender === 'STAFF' && h.message.staffName
                  ? h.message.staffName
                  : t(`sender.${h.message.sender}`),
            },
            {
              key: 'text',
              header: t('search.col.text'),
              render: (h) => (
                <span className="bo-chat-hit">
                  {h.message.text ? highlight(h.message.text, q) : t('search.image')}
                </span>
              ),
            },
            {
              key: 'open',
              header: t('common.actions'),
              width: '6rem',
              render: (h) => (
                <Link className="bo-btn bo-btn-sm" to={`/chat?c=${encodeURIComponent(h.conversationId)}`}>
                  {t('search.open')}
                </Link>
              ),
            },
          ]}
        />
      )}
    </>
  );
}
