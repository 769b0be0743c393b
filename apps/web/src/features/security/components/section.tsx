import type { ReactNode } from 'react';

interface SectionProps {
  id: string;
  title: string;
  /** A short state next to the title (on/off, set/not set). */
  badge?: { text: string; on: boolean };
  description?: ReactNode;
  children: ReactNode;
}

/** One card of the security centre, named by its heading. */
export function Section({ id, title, badge, description, children }: SectionProps) {
  return (
    <section className="sec-card" id={id} aria-labelledby={`${id}-title`} data-testid={id} tabIndex={-1}>
      <header className="sec-card-head">
        <h4 id={`${id}-title`}>{title}</h4>
        {badge && <span className={badge.on ? 'sec-badge on' : 'sec-badge'}>{badge.text}</span>}
      </header>
      {description && <p className="sec-desc">{description}</p>}
      {children}
    </section>
  );
}
