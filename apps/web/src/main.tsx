import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { listenForInstallOffer } from './lib/install-prompt';
import './styles/base.css';
import './styles/shell.css';

listenForInstallOffer();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The service worker makes the site installable and serves the shell offline; it never caches API answers.
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      /* not installable here (e.g. insecure origin): the site works the same */
    });
  });
}
