import { Route, Routes } from 'react-router';
import { RequirePermission } from '../../auth/session';
import { PromotionEditorPage } from './editor';
import { PromotionListPage } from './list';
import './promotions.css';

/** Promotions under /promotions: the list (with categories and the brand's kill switch) and the editor. */
export default function PromotionsRoutes() {
  return (
    <RequirePermission permission="rewards.manage">
      <Routes>
        <Route index element={<PromotionListPage />} />
        <Route path="new" element={<PromotionEditorPage />} />
        <Route path=":id" element={<PromotionEditorPage />} />
      </Routes>
    </RequirePermission>
  );
}
