import { defineConfig } from 'vitest/config';

// `tonk serve --static web/dist` serves the build. `npm run dev` proxies the WebSocket to a local
// `tonk serve` on 127.0.0.1:8080.
export default defineConfig({
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2020', sourcemap: false },
  server: { proxy: { '/ws': { target: 'ws://127.0.0.1:8080', ws: true }, '/records': 'http://127.0.0.1:8080' } },
  test: { environment: 'happy-dom', include: ['test/**/*.test.ts'] },
});
