import { Route, Routes } from 'react-router';
import { RequirePermission } from '../../auth/session';
import { KycQueuePage } from './queue';
import { KycReviewPage } from './review';
import '../players/players.css';
import '../cashier/cashier.css';
import './kyc.css';

/** Identity verification under /kyc: the review queue and one submission's review. */
export default function KycRoutes() {
  return (
    <RequirePermission permission="kyc.review">
      <Routes>
        <Route index element={<KycQueuePage />} />
        <Route path=":submissionId" element={<KycReviewPage />} />
      </Routes>
    </RequirePermission>
  );
}
