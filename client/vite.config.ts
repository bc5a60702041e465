import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';
import { ROUTE_PRELOADS } from './build/route-preload-groups.ts';
import { routePreloadPlugin } from './build/route-preload-plugin.ts';
import { serviceWorkerPlugin } from './build/service-worker-plugin.ts';

// The api's port: PORT as npm run dev passes it to every process.
const apiTarget = `http://127.0.0.1:${process.env.PORT ?? '3000'}`;

export default defineConfig({
  plugins: [react(), serviceWorkerPlugin(), routePreloadPlugin(ROUTE_PRELOADS), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget },
      '/uploads': { target: apiTarget },
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Only libraries every page needs: a group must never pull admin-only code into `/`.
            {
              name: 'react-vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
              priority: 2,
            },
            // Everything the entry imports statically, in one file: a phone pays a round trip and
            // about a kilobyte of headers per file, and a dozen tiny shared chunks cost more than they save.
            { name: 'app', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});
