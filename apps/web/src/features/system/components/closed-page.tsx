import type { CustomerServiceEntry } from '@app/contracts';
import type { ReactNode } from 'react';
import { Icon, type IconName } from '../../../components/ui/icon';
import { ClosedSiteServiceButton } from './customer-service-button';

/** The card shown instead of the site (maintenance, region block), with customer service. */
export function ClosedPage(props: {
  testId: string;
  icon: IconName;
  title: string;
  children: ReactNode;
  customerService: CustomerServiceEntry[];
}) {
  return (
    <main className="closed-page" data-testid={props.testId}>
      <div className="closed-card">
        <div className="closed-icon">
          <Icon name={props.icon} size={56} />
        </div>
        <h1>{props.title}</h1>
        {props.children}
        <ClosedSiteServiceButton entries={props.customerService} />
      </div>
    </main>
  );
}
