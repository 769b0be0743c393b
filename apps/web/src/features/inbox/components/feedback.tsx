import { FEEDBACK_CATEGORIES, FEEDBACK_LIMITS, type FeedbackCategory } from '@app/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/ui/form-field';
import { FormStatus, type Status } from '../../../components/ui/form-status';
import { ImagePicker } from '../../../components/ui/image-picker';
import { PagedTable } from '../../../components/ui/paged-table';
import { QueryState } from '../../../components/ui/query-state';
import { useBrand } from '../../../lib/brand';
import { useErrorText } from '../../../lib/error-text';
import { useRequestId } from '../../../lib/request-id';
import { usePickedImages } from '../../../lib/use-picked-images';
import { formatInZone } from '../../../lib/zoned-time';
import { useFeedback } from '../api/get-feedback';
import { useSendFeedback } from '../api/send-feedback';
import { feedbackProblem, type FeedbackProblem } from '../feedback-rules';

/**
 * The feedback form (SPEC section 5: at most 140 characters, up to 3 png/jpg images of 5 MB): a
 * category, the text with a live counter, images checked before upload; sent once per submission
 * (a retry after a network failure reuses its request id).
 */
function FeedbackForm() {
  const { t } = useTranslation('inbox');
  const errorText = useErrorText();
  const send = useSendFeedback();
  const request = useRequestId();
  const picked = usePickedImages();
  const [category, setCategory] = useState<FeedbackCategory>('SUGGESTION');
  const [content, setContent] = useState('');
  const [problem, setProblem] = useState<FeedbackProblem>(null);
  const [sending, setSending] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const left = FEEDBACK_LIMITS.contentMax - content.trim().length;

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setStatus(null);
    const found = feedbackProblem(content);
    setProblem(found);
    if (found || picked.problems.length > 0) {
      const form = e.currentTarget;
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setSending(true);
    try {
      const imageIds = await picked.upload();
      const body = { category, content: content.trim(), imageIds };
      await send.mutateAsync({ ...body, requestId: request.idFor(body) });
      request.settle();
      setContent('');
      picked.clear();
      setStatus({ ok: true, text: t('feedback.sent') });
    } catch (err) {
      setStatus({ ok: false, text: errorText(err) });
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="mc-form" noValidate onSubmit={(e) => void submit(e)} data-testid="feedback-form">
      <FormField id="feedback-category" label={t('feedback.category')}>
        <select
          className="mc-select"
          value={category}
          onChange={(e) => setCategory(e.target.value as FeedbackCategory)}
        >
          {FEEDBACK_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`feedback.categories.${c}`)}
            </option>
          ))}
        </select>
      </FormField>
      <FormField
        id="feedback-content"
        label={t('feedback.content')}
        hint={t('feedback.counter', { n: left })}
        error={problem ? t(`feedback.problems.${problem}`, FEEDBACK_LIMITS) : undefined}
      >
        <textarea
          className="mc-textarea"
          rows={4}
          value={content}
          maxLength={FEEDBACK_LIMITS.contentMax + 40}
          placeholder={t('feedback.placeholder')}
          onChange={(e) => {
            setContent(e.target.value);
            setProblem(null);
          }}
          data-testid="feedback-content"
        />
      </FormField>
      <ImagePicker
        picked={picked}
        label={t('feedback.images')}
        hint={t('feedback.imagesHint')}
        testId="feedback-images"
      />
      <div className="sec-actions">
        <button type="submit" className="btn btn-primary" disabled={sending} data-testid="feedback-submit">
          {sending ? t('cashierCommon.working') : t('feedback.send')}
        </button>
      </div>
      <FormStatus status={status} testId="feedback-status" />
    </form>
  );
}

/** The member's feedback, newest first, with the operator's answers. */
function FeedbackList() {
  const { t } = useTranslation('inbox');
  const brand = useBrand();
  const [page, setPage] = useState(1);
  const list = useFeedback(page);
  return (
    <QueryState query={list}>
      {({ list: items, totalPages }) => (
        <PagedTable
          count={items.length}
          empty={t('feedback.empty')}
          emptyTestId="feedback-empty"
          busy={list.isPlaceholderData}
          page={page}
          totalPages={totalPages}
          onPage={setPage}
          label={t('feedback.pages')}
          wrap={false}
        >
          <ul className="mc-messages" data-testid="feedback-list">
            {items.map((f) => (
              <li key={f.id} className="mc-message mc-feedback" data-testid="feedback-item">
                <div className="mc-feedback-head">
                  <span className="mc-badge">{t(`feedback.categories.${f.category}`)}</span>
                  <time className="mc-muted" dateTime={f.createdTime}>
                    {formatInZone(f.createdTime, brand.timezone, false)}
                  </time>
                </div>
                <p>{f.content}</p>
                {f.imageCount > 0 && (
                  <p className="mc-muted">{t('feedback.withImages', { n: f.imageCount })}</p>
                )}
                {f.reply ? (
                  <p className="mc-feedback-reply" data-testid="feedback-reply">
                    <strong>{t('feedback.reply')}</strong> {f.reply}
                  </p>
                ) : (
                  <p className="mc-muted">{t('feedback.awaiting')}</p>
                )}
              </li>
            ))}
          </ul>
        </PagedTable>
      )}
    </QueryState>
  );
}

/** Feedback: the form, then what the member sent before and the answers. */
export function FeedbackPanel() {
  const { t } = useTranslation('inbox');
  return (
    <div data-testid="feedback">
      <section className="sec-card" aria-labelledby="feedback-new">
        <header className="sec-card-head">
          <h4 id="feedback-new">{t('feedback.title')}</h4>
        </header>
        <p className="sec-desc">{t('feedback.lead')}</p>
        <FeedbackForm />
      </section>
      <section className="sec-card" aria-labelledby="feedback-mine">
        <header className="sec-card-head">
          <h4 id="feedback-mine">{t('feedback.mine')}</h4>
        </header>
        <FeedbackList />
      </section>
    </div>
  );
}
