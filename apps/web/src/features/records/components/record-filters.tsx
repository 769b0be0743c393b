import type { ReactNode } from 'react';

/** The filter bar above a record table: the range picker, then selects, wrapping on a phone. */
export function RecordFilters({ children }: { children: ReactNode }) {
  return <div className="mc-filters">{children}</div>;
}

/** A labelled select of the filter bar. */
export function FilterSelect({
  id,
  label,
  value,
  onChange,
  options,
  testId,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  testId?: string;
}) {
  return (
    <label className="mc-filter" htmlFor={id}>
      <span>{label}</span>
      <select
        id={id}
        className="mc-select"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
