import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  // The manifest lets scripts/size.ts follow what the home route loads.
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 400, manifest: true },
  // `npm run dev -w @app/web` serves the site with hot reload against a running server.
  server: {
    port: 5173,
    proxy: { '/wps': api, '/lgw': api, '/lotto': api, '/media': api, '/manifest.webmanifest': api },
  },
});
