// Vite: builds the client into dist/ (served by croupierd), and in development serves it
// with a proxy to a running croupierd (CROUPIER_URL, default http://127.0.0.1:8080).
import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

import { textPartsPlugin } from './scripts/text-parts.mjs';

const server = process.env.CROUPIER_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  // The texts come in parts, each page loading only its own (scripts/text-parts.mjs).
  plugins: [react(), textPartsPlugin(fileURLToPath(new URL('./src', import.meta.url)))],
  build: {
    manifest: true,
    sourcemap: true,
    target: 'es2022',
  },
  server: {
    proxy: {
      '/api': server,
      '/launch': server,
      '/assets/api': server,
      '/ws': { target: server.replace(/^http/, 'ws'), ws: true },
      '/v2': server,
      '/bonus': server,
      '/promo': { target: server.replace(/^http/, 'ws'), ws: true },
      '/video': server,
      '/eventcapture': server,
      '/quality': server,
      // The studio console's calls (the page itself, /studio, is the client's).
      '/studio/api': server,
    },
  },
});
