import { defineConfig, type Plugin } from 'vitest/config';

// The files of the build that the service worker (public/sw.js) keeps for offline play: every file
// Vite emits (hashed names), written as dist/precache.json; sw.js names public/'s own files.
function precacheList(): Plugin {
  return {
    name: 'tonk-precache',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((f) => f !== 'precache.json' && f !== 'index.html');
      this.emitFile({ type: 'asset', fileName: 'precache.json', source: JSON.stringify(files.sort()) });
    },
  };
}

// `tonk serve --static web/dist` serves the build; so can any static web server, from any folder
// (relative paths: base './'; docs/WEB.md). `npm run dev` proxies the WebSocket to a local
// `tonk serve` on 127.0.0.1:8080.
export default defineConfig({
  base: './',
  plugins: [precacheList()],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2020', sourcemap: false },
  worker: { format: 'es' },
  server: { proxy: { '/ws': { target: 'ws://127.0.0.1:8080', ws: true }, '/records': 'http://127.0.0.1:8080' } },
  test: { environment: 'happy-dom', include: ['test/**/*.test.ts'] },
});
