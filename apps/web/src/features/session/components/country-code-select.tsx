import { DROPDOWN_BLUR_MS } from '@app/contracts';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTRIES, countryByDialingCode } from '../countries';
import { CountryFlag } from './country-flag';

interface CountryCodeSelectProps {
  id: string;
  /** Dialing code without '+'. */
  value: string;
  onChange: (dialingCode: string) => void;
  /** Accessible name, e.g. "Country code". */
  label: string;
  disabled?: boolean;
}

/** Locale codes of Intl for the site's language codes where they differ. */
const INTL_LOCALE: Record<string, string> = { cn: 'zh-CN', my: 'ms', ty: 'fil' };

const regionNamers = new Map<string, (code: string) => string>();

/** Country names in a language, from the browser (no locale file lists them); cached per language. */
function regionNamer(locale: string): (code: string) => string {
  let namer = regionNamers.get(locale);
  if (!namer) {
    try {
      const names = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
      namer = (code) => names.of(code) ?? code;
    } catch {
      namer = (code) => code;
    }
    regionNamers.set(locale, namer);
  }
  return namer;
}

/**
 * Country dialing-code picker (flag and code). It opens on focus and closes 200 ms after focus
 * leaves (SPEC section 4), so a click on an option still lands. Keyboard: arrows move, Enter or
 * Space chooses, Escape closes without closing the surrounding dialog.
 */
export function CountryCodeSelect({ id, value, onChange, label, disabled }: CountryCodeSelectProps) {
  const { i18n } = useTranslation();
  const regionName = regionNamer(INTL_LOCALE[i18n.language] ?? i18n.language);
  const [open, setOpen] = useState(false);
  const selectedIndex = Math.max(
    0,
    COUNTRIES.findIndex((c) => c.countryDialingCode === value),
  );
  const [active, setActive] = useState(selectedIndex);
  const closeTimer = useRef<number | undefined>(undefined);
  const listRef = useRef<HTMLUListElement>(null);
  const current = countryByDialingCode(value);
  const listId = `${id}-list`;

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);
  useEffect(() => {
    if (!open) return;
    listRef.current
      ?.querySelector<HTMLElement>(`[data-index="${active}"]`)
      ?.scrollIntoView({ block: 'nearest' });
  }, [open, active]);

  const show = () => {
    window.clearTimeout(closeTimer.current);
    setActive(selectedIndex);
    setOpen(true);
  };
  const choose = (index: number) => {
    const country = COUNTRIES[index];
    if (country) onChange(country.countryDialingCode);
    setOpen(false);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) return show();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + COUNTRIES.length) % COUNTRIES.length);
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      setActive(e.key === 'Home' ? 0 : COUNTRIES.length - 1);
    } else if ((e.key === 'Enter' || e.key === ' ') && open) {
      e.preventDefault();
      choose(active);
    } else if (e.key === 'Escape' && open) {
      // Keep the Escape for this list: the dialog around it must stay open.
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div className="country-select">
      <button
        type="button"
        id={id}
        className="country-button"
        role="combobox"
        aria-label={label}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open ? `${id}-opt-${active}` : undefined}
        disabled={disabled}
        data-testid={`${id}-button`}
        onFocus={show}
        onClick={() => (open ? setOpen(false) : show())}
        onBlur={() => {
          closeTimer.current = window.setTimeout(() => setOpen(false), DROPDOWN_BLUR_MS);
        }}
        onKeyDown={onKeyDown}
      >
        <CountryFlag countryCode={current?.countryCode ?? ''} />
        <span className="country-code">+{value}</span>
        <span className="caret" aria-hidden="true" />
      </button>
      <ul id={listId} ref={listRef} role="listbox" aria-label={label} className="country-list" hidden={!open}>
        {COUNTRIES.map((c, i) => (
          <li
            key={c.countryCode}
            id={`${id}-opt-${i}`}
            role="option"
            data-index={i}
            data-testid={`country-${c.countryCode}`}
            aria-selected={c.countryDialingCode === value}
            className={i === active ? 'active' : undefined}
            // Chosen on mousedown: the button keeps focus, so the list does not blink shut first.
            onMouseDown={(e) => {
              e.preventDefault();
              choose(i);
            }}
          >
            <CountryFlag countryCode={c.countryCode} />
            <span className="country-name">{regionName(c.countryCode)}</span>
            <span className="country-dial">+{c.countryDialingCode}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
