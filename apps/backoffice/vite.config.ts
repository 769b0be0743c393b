import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../tools/vite-precompress';

const api = 'http://localhost:8080';

export default defineConfig({
  // The server serves the built app under /backoffice/ (apps/server/src/app.ts).
  base: '/backoffice/',
  plugins: [react(), precompress()],
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 600 },
  // `npm run dev -w @app/backoffice` serves the app with hot reload against a running server.
  server: { port: 5174, proxy: { '/wps': api } },
});
