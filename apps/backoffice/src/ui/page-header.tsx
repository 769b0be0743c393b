import type { ReactNode } from 'react';

export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className="bo-page-header">
      <div>
        <h1>{title}</h1>
        {subtitle && <p className="bo-muted">{subtitle}</p>}
      </div>
      {actions && <div className="bo-page-actions">{actions}</div>}
    </header>
  );
}
