import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './i18n';
import { applySavedTheme } from './app/theme';
import './ui/styles.css';

applySavedTheme();
const root = createRoot(document.getElementById('root')!);
// The first screen's texts must be there before it renders: no flash of translation keys.
void initI18n().then(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
