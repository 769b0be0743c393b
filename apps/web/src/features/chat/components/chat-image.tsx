import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';
import { useChatImage } from '../api/get-chat-image';

/** An image shown full size over the chat (a data: URL cannot be opened in a tab of its own). */
function ImageViewer({ src, alt, onClose }: { src: string | null; alt: string; onClose: () => void }) {
  const { t } = useTranslation('chat');
  return (
    <Modal
      id="chatImageModal"
      title={alt}
      open={src !== null}
      onClose={onClose}
      closeLabel={t('common.close')}
      size="lg"
    >
      {src && <img className="chat-full-image" src={src} alt={alt} />}
    </Modal>
  );
}

/** A thumbnail that opens the image full size. */
function Thumb({ src, alt }: { src: string; alt: string }) {
  const { t } = useTranslation('chat');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="chat-thumb"
        onClick={() => setOpen(true)}
        aria-label={`${alt}: ${t('messages.viewImage')}`}
      >
        <img src={src} alt={alt} />
      </button>
      <ImageViewer src={open ? src : null} alt={alt} onClose={() => setOpen(false)} />
    </>
  );
}

/** An image of the conversation, fetched with the caller's session or chat token. */
export function ChatImage({ id, alt, chatToken }: { id: string; alt: string; chatToken: string | null }) {
  const { t } = useTranslation('chat');
  const image = useChatImage(id, chatToken);
  if (image.isError) return <span className="chat-thumb chat-thumb-failed">{t('messages.imageFailed')}</span>;
  if (!image.data) return <span className="chat-thumb skeleton" aria-busy="true" aria-label={alt} />;
  return <Thumb src={image.data} alt={alt} />;
}

/** An image still being sent: its preview from the chosen file. */
export function LocalImage({ url, alt }: { url: string; alt: string }) {
  return <Thumb src={url} alt={alt} />;
}
