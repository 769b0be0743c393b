import type { ReactNode } from 'react';

export interface TabItem<K extends string> {
  id: K;
  label: ReactNode;
}

/** A row of tabs (ARIA tablist); the caller renders the selected panel. */
export function Tabs<K extends string>({
  tabs,
  value,
  onChange,
}: {
  tabs: TabItem<K>[];
  value: K;
  onChange(id: K): void;
}) {
  return (
    <div className="bo-tabs" role="tablist">
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          aria-selected={tab.id === value}
          className={tab.id === value ? 'bo-tab bo-tab-active' : 'bo-tab'}
          onClick={() => onChange(tab.id)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
