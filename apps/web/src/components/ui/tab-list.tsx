import { useRef, type KeyboardEvent } from 'react';

interface TabListProps<T extends string> {
  /** Accessible name of the tab list. */
  label: string;
  /** The id of the panel the tabs control (the caller renders it with role="tabpanel"). */
  panelId: string;
  value: T;
  onChange: (value: T) => void;
  tabs: { value: T; label: string }[];
}

/**
 * Tabs with the keyboard pattern of WAI-ARIA: arrows, Home and End move and select. Styled by
 * auth.css (.tab-list), which the header loads on every page.
 */
export function TabList<T extends string>({ label, panelId, value, onChange, tabs }: TabListProps<T>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next =
      e.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : e.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (next === null) return;
    e.preventDefault();
    onChange(tabs[next]!.value);
    refs.current[next]?.focus();
  };
  return (
    <div className="tab-list" role="tablist" aria-label={label}>
      {tabs.map((tab, i) => (
        <button
          key={tab.value}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="tab"
          id={`${panelId}-tab-${tab.value}`}
          aria-selected={tab.value === value}
          aria-controls={panelId}
          tabIndex={tab.value === value ? 0 : -1}
          className={tab.value === value ? 'tab active' : 'tab'}
          data-testid={`tab-${tab.value}`}
          onClick={() => onChange(tab.value)}
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
