import { Route, Routes } from 'react-router';
import { RequirePermission } from '../../auth/session';
import { ChatDesk } from './desk';
import { ChatFrame } from './frame';
import { ChatSearch } from './search';
import { ChatSettingsPage } from './settings';
import '../content/content.css';
import './chat.css';

/**
 * The built-in customer-service chat under /chat: the desk where support answers, a search of
 * past messages, and (for the brand's owner) the chat's settings and canned replies.
 */
export default function ChatRoutes() {
  return (
    <RequirePermission permission="chat.answer">
      <Routes>
        <Route index element={<ChatDesk />} />
        <Route
          path="search"
          element={
            <ChatFrame tab="search">
              <ChatSearch />
            </ChatFrame>
          }
        />
        <Route
          path="settings"
          element={
            <ChatFrame tab="settings">
              <RequirePermission permission="chat.settings">
                <ChatSettingsPage />
              </RequirePermission>
            </ChatFrame>
          }
        />
      </Routes>
    </RequirePermission>
  );
}
