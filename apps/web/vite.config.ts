import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../tools/vite-precompress';

const api = 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), precompress()],
  // The site's components are written against React's API and run on Preact's implementation
  // of it (preact/compat): the same components, hooks and libraries (React Router, TanStack
  // Query, react-hook-form, react-i18next, zustand), without React DOM's 57 KB (gzipped) on a
  // phone's first visit (home JS 145.5 -> 88.8 KB). The back office stays on React DOM.
  resolve: {
    alias: {
      react: 'preact/compat',
      'react-dom/client': 'preact/compat/client',
      'react-dom': 'preact/compat',
      'react/jsx-runtime': 'preact/jsx-runtime',
      'react/jsx-dev-runtime': 'preact/jsx-dev-runtime',
    },
  },
  // The manifest lets scripts/size.ts follow what the home route loads.
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    manifest: true,
    // The libraries every page starts with, in one file: 14 files before the first render became
    // 6. A phone's first visit opens fewer requests beside the banner (Lighthouse's LCP
    // 1.75-1.85 s -> 1.57-1.72 s here, every run under 1.8 s), and the file changes only when a
    // library is upgraded, so a returning player keeps it across releases.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](preact|react-router|@tanstack|i18next|react-i18next|zustand)[\\/]/,
            },
          ],
        },
      },
    },
  },
  // `npm run dev -w @app/web` serves the site with hot reload against a running server.
  server: {
    port: 5173,
    proxy: { '/wps': api, '/lgw': api, '/lotto': api, '/media': api, '/manifest.webmanifest': api },
  },
});
