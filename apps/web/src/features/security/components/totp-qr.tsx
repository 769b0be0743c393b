import { useTranslation } from 'react-i18next';
import { QrCode } from '../../../components/ui/qr-code';

/** The otpauth:// URL as a QR code for the authenticator app. */
export function TotpQr({ url }: { url: string }) {
  const { t } = useTranslation('security');
  return <QrCode value={url} alt={t('totp.qrAlt')} failedText={t('totp.qrFailed')} testId="totp-qr" />;
}
