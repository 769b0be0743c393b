import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProtectedImage } from '../../api/protected-image';
import { Button, Dialog, errorText } from '../../ui';

const ZOOMS = [0.5, 0.75, 1, 1.5, 2, 3];

/**
 * The member's receipt images. They are fetched with the session (a plain <img src> would not
 * carry the brand header) and shown from object URLs freed when the viewer closes.
 */
export function ReceiptViewer({ ids, onClose }: { ids: string[]; onClose(): void }) {
  const { t } = useTranslation('cashier');
  const [index, setIndex] = useState(0);
  const [zoom, setZoom] = useState(2);
  const id = ids[index] ?? '';
  const { image, url } = useProtectedImage(id === '' ? null : `/images/${encodeURIComponent(id)}`);
  const scale = ZOOMS[zoom] ?? 1;

  return (
    <Dialog open wide title={t('receipt.title', { n: index + 1, total: ids.length })} onClose={onClose}>
      <div className="bo-receipt-tools">
        <Button size="sm" disabled={index === 0} onClick={() => setIndex(index - 1)}>
          ‹ {t('receipt.prev')}
        </Button>
        <Button size="sm" disabled={index >= ids.length - 1} onClick={() => setIndex(index + 1)}>
          {t('receipt.next')} ›
        </Button>
        <span className="bo-grow" />
        <Button
          size="sm"
          aria-label={t('receipt.zoomOut')}
          disabled={zoom === 0}
          onClick={() => setZoom(zoom - 1)}
        >
          −
        </Button>
        <span className="bo-muted">{Math.round(scale * 100)}%</span>
        <Button
          size="sm"
          aria-label={t('receipt.zoomIn')}
          disabled={zoom === ZOOMS.length - 1}
          onClick={() => setZoom(zoom + 1)}
        >
          +
        </Button>
        {url && (
          <a className="bo-btn bo-btn-sm" href={url} target="_blank" rel="noreferrer">
            {t('receipt.open')}
          </a>
        )}
      </div>
      <div className="bo-receipt-stage">
        {image.isPending && <span className="bo-skeleton bo-receipt-skeleton" />}
        {image.isError && (
          <p className="bo-form-error" role="alert">
            {errorText(image.error)}
          </p>
        )}
        {url && image.data && (
          <img src={url} alt={t('receipt.alt', { n: index + 1 })} style={{ width: `${scale * 100}%` }} />
        )}
      </div>
    </Dialog>
  );
}
