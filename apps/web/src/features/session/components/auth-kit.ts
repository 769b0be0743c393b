import { initialDialingCode } from '../countries';
import { CaptchaImage } from './captcha-image';
import { CountryCodeSelect } from './country-code-select';
import { SendCodeButton } from './send-code-button';
import { TabList } from '../../../components/ui/tab-list';
import { TextField } from './text-field';

/**
 * The form pieces identity popups share: field, tabs, country-code picker, send-code button
 * with countdown, captcha image. Features do not import each other, so app/ hands this kit to
 * the member feature's popups (register, forgot password, change password).
 */
export const authKit = {
  TextField,
  TabList,
  CountryCodeSelect,
  SendCodeButton,
  CaptchaImage,
  initialDialingCode,
};
