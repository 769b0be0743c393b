import { HelpCenter } from '../../features/system/components/help-center';
import '../../styles/pages.css';

export function HelpPage() {
  return (
    <div className="content-page">
      <HelpCenter />
    </div>
  );
}
