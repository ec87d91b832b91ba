// A plain static web server for the page's build (the offline tests: the page hosted as static
// files, with no `tonk serve`), on 127.0.0.1 at a free port. With `csp`, every answer carries the
// Content-Security-Policy `tonk serve` sends, read from apps/server/web_security.h.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const kTypes = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.webmanifest': 'application/manifest+json' };

/** `tonk serve`'s policy, as its source states it. */
export function serverPolicy() {
  const src = fs.readFileSync(new URL('../../apps/server/web_security.h', import.meta.url), 'utf8');
  const m = /kContentSecurityPolicy =\s*((?:"[^"]*"\s*)+);/.exec(src);
  if (!m) throw new Error('apps/server/web_security.h: kContentSecurityPolicy not found');
  return [...m[1].matchAll(/"([^"]*)"/g)].map((x) => x[1]).join('');
}

/** Serves `dir`; resolves to { base, close, requests } (requests: how many times each path was asked for). */
export async function serveStatic(dir, { csp = false } = {}) {
  const root = path.resolve(dir);
  const policy = csp ? serverPolicy() : null;
  const requests = new Map();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    requests.set(url.pathname, (requests.get(url.pathname) ?? 0) + 1);
    const file = path.join(root, path.normalize(decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname)));
    if (!file.startsWith(root) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) { res.writeHead(404); res.end(); return; }
    res.writeHead(200, { 'Content-Type': kTypes[path.extname(file)] ?? 'application/octet-stream', ...(policy ? { 'Content-Security-Policy': policy } : {}) });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { base: `http://127.0.0.1:${server.address().port}`, close: () => server.close(), requests };
}
