import { useSearchParams } from 'react-router';
import { SlotMachine } from '../../features/house-slot/components/slot-machine';

/** /play/slot?token=&lang=&backUrl=: the house slot's game client, outside the site's shell. */
export function PlaySlotPage() {
  const [params] = useSearchParams();
  return (
    <SlotMachine token={params.get('token')} lang={params.get('lang')} backUrl={params.get('backUrl')} />
  );
}
