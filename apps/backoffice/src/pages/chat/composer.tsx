import { CHAT_LIMITS, type Language } from '@app/contracts';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, errorText } from '../../ui';
import { CannedList, useOutsideClose } from './canned-picker';
import { insertAt, sendImage, sendableText } from './chat-logic';

const MB = CHAT_LIMITS.imageMaxBytes / (1024 * 1024);
/** Unsent text per conversation: switching to another conversation and back keeps what was typed. */
const drafts = new Map<string, string>();

/**
 * Where staff write: Enter sends (Shift+Enter for a new line), an image is checked here before it
 * is uploaded, canned replies go in at the caret. Sending hands the message to the outbox, which
 * shows it until the server has it; the box is free for the next message at once.
 */
export function Composer({
  conversationId,
  language,
  onSend,
  onUpload,
}: {
  conversationId: string;
  /** The language canned replies are first offered in. */
  language: Language;
  onSend(body: { text: string } | { imageId: string }): Promise<boolean>;
  onUpload(file: File): Promise<{ imageId: string }>;
}) {
  const { t } = useTranslation('chat');
  const [text, setTextState] = useState(() => drafts.get(conversationId) ?? '');
  const setText = (next: string) => {
    if (next) drafts.set(conversationId, next);
    else drafts.delete(conversationId);
    setTextState(next);
  };
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [picking, setPicking] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const closePicker = useCallback(() => setPicking(false), []);
  const pickerRef = useOutsideClose(picking, closePicker);
  const tooLong = text.trim().length > CHAT_LIMITS.textMax;

  function send() {
    const body = sendableText(text);
    if (body === null) {
      if (tooLong) setError(t('composer.tooLong', { max: CHAT_LIMITS.textMax }));
      return;
    }
    setError(null);
    setText('');
    void onSend({ text: body });
  }

  async function attach(picked: File | undefined) {
    if (!picked) return;
    setError(null);
    setUploading(true);
    try {
      const problem = await sendImage(picked, onUpload, onSend);
      if (problem === 'type') setError(t('image.badType'));
      else if (problem === 'size') setError(t('image.tooBig', { mb: MB }));
    } catch (e) {
      setError(errorText(e));
    } finally {
      setUploading(false);
      if (file.current) file.current.value = '';
    }
  }

  function insert(canned: string) {
    const el = area.current;
    const next = insertAt(text, el?.selectionStart ?? text.length, el?.selectionEnd ?? text.length, canned);
    setText(next.text);
    setPicking(false);
    // The caret after the inserted text, once React has put the new value in.
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.caret, next.caret);
    });
  }

  return (
    <div className="bo-chat-composer">
      {picking && (
        <div ref={pickerRef} className="bo-chat-canned-pop">
          <CannedList initialLanguage={language} onPick={insert} onClose={closePicker} />
        </div>
      )}
      <textarea
        ref={area}
        value={text}
        rows={2}
        aria-label={t('composer.label')}
        placeholder={t('composer.placeholder')}
        aria-invalid={tooLong || undefined}
        onChange={(e) => setText(e.target.value)}
        onPaste={(e) => {
          const pasted = [...e.clipboardData.files][0];
          if (pasted) {
            e.preventDefault();
            void attach(pasted);
          }
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            send();
          }
        }}
      />
      <div className="bo-chat-composer-bar">
        <input
          ref={file}
          type="file"
          accept={CHAT_LIMITS.imageTypes.join(',')}
          hidden
          data-testid="chat-file"
          onChange={(e) => void attach(e.target.files?.[0])}
        />
        <Button size="sm" busy={uploading} onClick={() => file.current?.click()}>
          {t('composer.image')}
        </Button>
        <Button size="sm" aria-expanded={picking} onClick={() => setPicking(!picking)}>
          {t('composer.canned')}
        </Button>
        <span className={`bo-chat-count${tooLong ? ' is-over' : ''}`}>
          {text.length > CHAT_LIMITS.textMax * 0.8 && `${text.trim().length} / ${CHAT_LIMITS.textMax}`}
        </span>
        <span className="bo-muted bo-chat-hint">{t('composer.hint')}</span>
        <Button size="sm" variant="primary" disabled={!sendableText(text)} onClick={send}>
          {t('composer.send')}
        </Button>
      </div>
      {error && (
        <p className="bo-form-error bo-chat-composer-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
