import { options, type VNode } from 'preact';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { watchFirstPaint } from './lib/first-paint';
import { listenForInstallOffer } from './lib/install-prompt';
import { prepareMoneyFormat } from './lib/money';
import './styles/base.css';
import './styles/shell.css';

listenForInstallOffer();
prepareMoneyFormat();

// Preact applies an element's props in the order they are written, and an <img> whose src comes
// before loading="lazy" starts downloading at once: every tile of a long page would load on the
// first visit (55 images on the home page instead of 20). React DOM sets `loading` first; so does
// this hook, for every image the site renders.
const nextVnode = options.vnode;
options.vnode = (vnode: VNode) => {
  const props = vnode.props as Record<string, unknown>;
  if (vnode.type === 'img' && 'loading' in props && Object.keys(props)[0] !== 'loading') {
    const { loading, ...rest } = props;
    vnode.props = { loading, ...rest } as unknown as VNode['props'];
  }
  nextVnode?.(vnode);
};

const root = document.getElementById('root')!;
watchFirstPaint(root);
createRoot(root).render(
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
