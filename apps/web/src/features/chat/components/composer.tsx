import { CHAT_LIMITS } from '@app/contracts';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImageProblem } from '../chat-rules';
import type { Outbox } from '../outbox';

const MB = 1024 * 1024;
/** The counter shows once this few characters are left. */
const COUNTER_FROM = 100;

/**
 * The message box: Enter sends, Shift+Enter starts a new line (and Enter that confirms an input
 * method's word, as Chinese and Thai keyboards use it, sends nothing); an image is checked for
 * type and size before anything is uploaded.
 */
export function Composer({ outbox }: { outbox: Outbox }) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<ImageProblem | null>(null);
  const file = useRef<HTMLInputElement>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const left = CHAT_LIMITS.textMax - text.length;

  const send = () => {
    if (outbox.sendText(text)) setText('');
    box.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    send();
  };

  return (
    <form
      className="chat-composer"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
      data-testid="chat-composer"
    >
      {problem && (
        <p className="chat-error" role="alert" id="chat-image-problem" data-testid="chat-image-problem">
          {problem === 'type'
            ? t('composer.imageType')
            : t('composer.imageSize', { mb: CHAT_LIMITS.imageMaxBytes / MB })}
        </p>
      )}
      <div className="chat-compose-row">
        <button
          type="button"
          className="chat-icon-btn"
          onClick={() => file.current?.click()}
          aria-label={t('composer.attach')}
          title={t('composer.attach')}
          data-testid="chat-attach"
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path
              fill="currentColor"
              d="M19 5v14H5V5h14m0-2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2zm-4.86 8.86-3 3.87L9 13.14 6 17h12l-3.86-5.14z"
            />
          </svg>
        </button>
        <input
          ref={file}
          type="file"
          accept={CHAT_LIMITS.imageTypes.join(',')}
          hidden
          data-testid="chat-file"
          onChange={(e) => {
            const chosen = e.target.files?.[0];
            // Cleared so the same file can be chosen again after a problem.
            e.target.value = '';
            if (chosen) setProblem(outbox.sendImage(chosen));
          }}
        />
        <label htmlFor="chat-text" className="visually-hidden">
          {t('composer.label')}
        </label>
        <textarea
          ref={box}
          id="chat-text"
          className="chat-textarea"
          rows={1}
          value={text}
          maxLength={CHAT_LIMITS.textMax}
          placeholder={t('composer.placeholder')}
          aria-describedby="chat-compose-hint"
          onChange={(e) => {
            setText(e.target.value);
            setProblem(null);
          }}
          onKeyDown={onKeyDown}
          data-testid="chat-text"
        />
        <button
          type="submit"
          className="btn btn-primary chat-send"
          disabled={!text.trim()}
          data-testid="chat-send"
        >
          {t('composer.send')}
        </button>
      </div>
      <p id="chat-compose-hint" className="chat-hint">
        {left <= COUNTER_FROM ? t('composer.counter', { n: left }) : t('composer.hint')}
      </p>
    </form>
  );
}
