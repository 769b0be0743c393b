import { useTranslation } from 'react-i18next';
import { useImage } from '../api/get-image';

function Thumb({ id, n }: { id: string; n: number }) {
  const { t } = useTranslation();
  const image = useImage(id);
  const alt = t('cashier.images.preview', { n });
  if (image.isError) return <span className="mc-thumb mc-thumb-failed">{t('cashier.images.failed')}</span>;
  if (!image.data) return <span className="mc-thumb skeleton" aria-busy="true" aria-label={alt} />;
  return (
    <a className="mc-thumb" href={image.data} target="_blank" rel="noreferrer" download={`image-${n}`}>
      <img src={image.data} alt={alt} />
    </a>
  );
}

/** Thumbnails of uploaded receipts or proofs (fetched with the session: not public URLs). */
export function StoredImages({ ids, label }: { ids: string[]; label: string }) {
  if (ids.length === 0) return null;
  return (
    <ul className="mc-thumbs" aria-label={label}>
      {ids.map((id, i) => (
        <li key={id}>
          <Thumb id={id} n={i + 1} />
        </li>
      ))}
    </ul>
  );
}
