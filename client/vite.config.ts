// Vite: builds the client into dist/ (served by croupierd), and in development serves it
// with a proxy to a running croupierd (CROUPIER_URL, default http://127.0.0.1:8080).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const server = process.env.CROUPIER_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
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
    },
  },
});
