import type { ComponentPropsWithRef, ComponentType, ReactNode } from 'react';

/**
 * The form pieces the member popups use but do not own: the session feature makes them (it
 * needs them for login too) and app/ passes them in, since features do not import each other.
 */
export interface AuthKit {
  TextField: ComponentType<{
    id: string;
    label: string;
    inputProps: ComponentPropsWithRef<'input'>;
    error?: string;
    hint?: string;
    required?: boolean;
    before?: ReactNode;
    after?: ReactNode;
  }>;
  TabList: <T extends string>(props: {
    label: string;
    panelId: string;
    value: T;
    onChange: (value: T) => void;
    tabs: { value: T; label: string }[];
  }) => ReactNode;
  CountryCodeSelect: ComponentType<{
    id: string;
    value: string;
    onChange: (dialingCode: string) => void;
    label: string;
    disabled?: boolean;
  }>;
  /** `send` resolves to the code's lifetime in minutes, or null when nothing was sent. */
  SendCodeButton: ComponentType<{
    send: () => Promise<number | null>;
    onError: (err: unknown) => void;
    disabled?: boolean;
    testId?: string;
  }>;
  /** Change `round` to fetch a new image. */
  CaptchaImage: ComponentType<{ round: number }>;
  initialDialingCode: (opts: {
    supplied?: string | null;
    visitorCountry?: string | null;
    timezone?: string;
  }) => string;
}
