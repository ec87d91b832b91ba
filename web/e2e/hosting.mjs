// Browser test of hosting tonk on the internet, run by ctest (`web.hosting`): friends reach a table
// over https on a name that is not localhost (`tonk.test`, mapped to 127.0.0.1 by Chromium's
// --host-resolver-rules), with a test CA and certificates made here by openssl.
//   (a) nginx (Debian's, started here with its own config, pid and logs in a temporary directory) in
//       front of `tonk serve --trusted-proxy 127.0.0.1/32`, configured by deploy/nginx/tonk adapted
//       to this run (ports, certificate paths);
//   (b) tonk's own TLS (--tls-cert, --tls-key), and SIGHUP with a new certificate in the middle of a
//       hand: the hand goes on, a new connection is shown the new certificate.
// In each, one browser creates a table, the invite link is https://tonk.test:PORT/#/t/CODE, a second
// browser context joins from it, the hand is played to its end and "Verify the deal" passes (Web
// Crypto: a secure context), with no Content-Security-Policy violation on either page.
//
//   (c) Caddy (Debian's) in front, configured by deploy/Caddyfile with the test's certificate.
// Behind each proxy, clients with different addresses (127.0.0.1, 127.0.0.7) are counted apart.
//
// Usage: node e2e/hosting.mjs --tonk PATH/tonk --static DIR [--chromium /usr/bin/chromium] [--nginx /usr/sbin/nginx]
//        [--caddy /usr/bin/caddy]
// Every wait is bounded; the whole run is killed after TONK_E2E_SECONDS (default 150). nginx and the
// servers are stopped at the end, also on failure. Ends with "N passed, N failed".
import fs from 'node:fs';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { expect, harness, kStep, parseArgs, stopChild as stop } from './harness.mjs';
import { fingerprint, freePort, makeStage, spkiHash } from './hosting_stage.mjs';
import { playToHandEnd } from './table_page.mjs';

const siteFile = fileURLToPath(new URL('../../deploy/nginx/tonk', import.meta.url));
const caddyFile = fileURLToPath(new URL('../../deploy/Caddyfile', import.meta.url));
const parsed = parseArgs();
const nginxPath = parsed.nginx ?? '/usr/sbin/nginx';
const caddyPath = parsed.caddy ?? '/usr/bin/caddy';
const h = harness({
  name: 'hosting', seconds: 150,
  needs: ['tonk', 'static', 'chromium', ['nginx', nginxPath, 'apt-get install nginx'], ['caddy', caddyPath, 'apt-get install caddy'],
    ['the nginx site', siteFile, 'deploy/nginx/tonk'], ['the Caddyfile', caddyFile, 'deploy/Caddyfile']],
});
const { test } = h;
const stage = makeStage({ tonk: h.tonk, staticDir: h.staticDir, nginxPath, siteFile, caddyPath, caddyFile, kStep });
const { file, makeCertificates, servedFingerprint, startTonk, startNginx, startCaddy, rawRequest } = stage;
h.onCleanup(() => stage.stopAll());   // nginx, Caddy and the servers, also when the run is stopped

/**
 * With tonk behind the proxy on `proxyPort` allowing one connection per address: a WebSocket from
 * 127.0.0.1 holds 127.0.0.1's one slot; a page request from 127.0.0.1 is then refused naming
 * 127.0.0.1, and one from 127.0.0.7 (another client to the proxy) is served: the proxy's clients
 * are counted apart by their forwarded address.
 */
async function checkAddressesCountedApart(proxyPort) {
  const host = `tonk.test:${proxyPort}`;
  const ws = await rawRequest(proxyPort, '127.0.0.1', `GET /ws HTTP/1.1\r\nHost: ${host}\r\nOrigin: https://${host}\r\n`
    + 'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n');
  try {
    expect(/^HTTP\/1\.1 101/.test(ws.head), `the WebSocket is upgraded through the proxy: ${ws.head}`);
    for (let i = 0; i < 100 && !ws.text().includes('welcome'); ++i) await new Promise((r) => setTimeout(r, 50));
    expect(ws.text().includes('"type":"welcome"'), `the WebSocket is welcomed: ${ws.text()}`);
    const get = `GET / HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`;
    const same = await rawRequest(proxyPort, '127.0.0.1', get);
    same.socket.destroy();
    expect(/^HTTP\/1\.1 503/.test(same.head), `a second connection from 127.0.0.1 is refused: ${same.head}`);
    for (let i = 0; i < 100 && !same.text().includes('too many connections'); ++i) await new Promise((r) => setTimeout(r, 20));
    const other = await rawRequest(proxyPort, '127.0.0.7', get);
    other.socket.destroy();
    expect(/^HTTP\/1\.1 200/.test(other.head), `a connection from 127.0.0.7 through the proxy is its own: ${other.head}`);
  } finally {
    ws.socket.destroy();
  }
}

// ---------------------------------------------------------------- pages
const violations = [];   // Content-Security-Policy violations and errors on any page of the walk in progress

/** A seasoned player's page under the page's own Content-Security-Policy, its violations and errors kept. */
async function newPage() {
  const page = await h.newPage(1280, 900, { context: { bypassCSP: false }, onError: (e) => violations.push(`page error: ${e.message}`) });
  // A violation is reported to the console and as a securitypolicyviolation event: both are kept.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI}`);
    });
  });
  page.on('console', (m) => {
    if (/Content[- ]Security[- ]Policy|CSP violation/i.test(m.text())) violations.push(m.text());
  });
  return page;
}

/**
 * Waits until `fn(arg)`, evaluated in the page, is true: polled every 50 ms, for at most kStep.
 * (Playwright's waitForFunction polls with eval() in the page, which the page's CSP rightly forbids.)
 */
async function until(page, fn, arg, what) {
  for (const t0 = Date.now(); Date.now() - t0 < kStep;) {
    if (await page.evaluate(fn, arg)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out after ${kStep} ms waiting for ${what}`);
}

async function waitMoved(page, before) {
  await until(page, (b) => {
    const m = document.querySelector('main.table-page');
    return m && (m.dataset.seq !== b.seq || m.dataset.status !== b.status);
  }, before, 'the table to move on');
}

/**
 * The walk of a host's friends: Ann opens `base`, creates a table for two people, her invite link is
 * `base/#/t/CODE`; Bo joins from it in another browser context; the hand is played to its end and
 * "Verify the deal" passes on both pages; no CSP violation. Returns the two seat tokens (never in a URL).
 */
async function friendsPlay(base, midHand) {
  violations.length = 0;
  const tokens = [];
  const ann = await newPage();
  const bo = await newPage();
  try {
    await ann.goto(`${base}/`);
    expect(ann.url().startsWith('https://tonk.test:'), `the page is on https://tonk.test: ${ann.url()}`);
    expect(await ann.evaluate(() => window.isSecureContext && !!crypto.subtle), 'the page is a secure context with Web Crypto');
    await until(ann, () => document.querySelectorAll('select[name="preset"] option').length > 1, null, 'the preset list');
    await ann.fill('input[name="name"]', 'Ann');
    await ann.selectOption('select[name="seats"]', '2');
    await ann.selectOption('select[name="seat1"]', 'person');
    await ann.click('button[type="submit"]:has-text("Create table")');
    await ann.waitForSelector('main.table-page', { timeout: kStep });
    const link = await ann.locator('input.link').inputValue();
    expect(new RegExp(`^${base.replace(/[.]/g, '\\.')}/#/t/[0-9A-Z]{6}-[0-9A-Z]{20}$`).test(link), `the invite link ${link} is ${base}/#/t/CODE`);
    await bo.goto(link);
    await bo.fill('input[name="name"]', 'Bo');
    await bo.click('button:has-text("Join")');
    for (const p of [ann, bo]) await p.waitForSelector('main.table-page[data-status="playing"], main.table-page[data-status="between"]', { timeout: kStep });
    const { midDone } = await playToHandEnd([ann, bo], midHand, waitMoved);
    if (midHand && !midDone) console.log('     the hand ended before anyone moved (a dealt hand): the mid-hand step ran after it');
    if (midHand && !midDone) await midHand();
    for (const p of [ann, bo]) {
      await p.click('button:has-text("Verify the deal")');
      await p.waitForSelector('.verify', { timeout: kStep });
      const verdict = await p.locator('.verify').textContent();
      expect((await p.locator('.verify.ok').count()) === 1 && verdict.includes('The deal verifies'), `the deal verifies: ${verdict}`);
    }
    // The seat tokens (kept in the page's storage) are never in a URL.
    for (const p of [ann, bo]) {
      const saved = await p.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('tonk.seat.')).map((k) => JSON.parse(localStorage.getItem(k)).token));
      expect(saved.length === 1 && /^[0-9a-f]{16,}$/.test(saved[0]), `a seat token is kept: ${saved}`);
      expect(!p.url().includes(saved[0]) && !link.includes(saved[0]), 'the token is not in the URL');
      tokens.push(saved[0]);
    }
    const headers = await ann.evaluate(async () => {
      const r = await fetch('/');
      return { csp: r.headers.get('content-security-policy'), hsts: r.headers.get('strict-transport-security') };
    });
    expect(headers.csp?.includes("connect-src 'self'") && headers.hsts?.startsWith('max-age='), `the page's headers: ${JSON.stringify(headers)}`);
    expect(violations.length === 0, `no Content-Security-Policy violation: ${violations.join(' | ')}`);
    return tokens;
  } finally {
    await ann.context().close();
    await bo.context().close();
  }
}

// ---------------------------------------------------------------- the tests
async function main() {
  makeCertificates();
  await h.launchBrowser(['--host-resolver-rules=MAP tonk.test 127.0.0.1',
    // The test CA is trusted: a chain that holds it is accepted (only for these keys).
    `--ignore-certificate-errors-spki-list=${spkiHash(file('ca.pem'))}`]);

  await test('through nginx with TLS (deploy/nginx/tonk) in front of tonk serve --trusted-proxy: friends play a hand and verify the deal', async () => {
    const server = await startTonk('behind-nginx', ['--trusted-proxy', '127.0.0.1/32']);
    const ports = { httpPort: await freePort(), httpsPort: await freePort(), tonkPort: server.port };
    const nginx = await startNginx(ports);
    try {
      expect((await servedFingerprint(ports.httpsPort)) === fingerprint(file('leaf1.pem')), 'nginx serves the test certificate');
      const tokens = await friendsPlay(`https://tonk.test:${ports.httpsPort}`);
      // Every request nginx passed on is in its access log: no token is (nor in tonk's own output).
      const logs = fs.readFileSync(file('nginx-access.log'), 'utf8') + fs.readFileSync(file('nginx-error.log'), 'utf8') + server.stderr();
      expect(logs.includes('GET /ws HTTP/1.1'), 'the access log holds the WebSocket request');
      for (const t of tokens) expect(!logs.includes(t), `the seat token ${t.slice(0, 6)}... is in no log line`);
      const redirect = await new Promise((resolve, reject) => {
        const s = net.connect(ports.httpPort, '127.0.0.1', () => s.write(`GET /x HTTP/1.1\r\nHost: tonk.test\r\nConnection: close\r\n\r\n`));
        let text = '';
        s.on('data', (d) => { text += d; });
        s.on('end', () => resolve(text));
        s.on('error', reject);
        s.setTimeout(kStep, () => { s.destroy(); reject(new Error('no answer on the http port')); });
      });
      expect(/^HTTP\/1\.1 301/.test(redirect) && /\r\nLocation: https:\/\/tonk\.test\/x\r\n/i.test(redirect), `plain http moves to https: ${redirect.split('\r\n\r\n')[0]}`);
      await stop(server.child);
      const strict = await startTonk('behind-nginx-strict', ['--trusted-proxy', '127.0.0.1/32', '--max-connections-per-address', '1'], ports.tonkPort);
      await checkAddressesCountedApart(ports.httpsPort);
      await stop(strict.child);
    } finally {
      await stop(nginx);
      await stop(server.child);
    }
  });

  await test('through Caddy (deploy/Caddyfile) in front of tonk serve --trusted-proxy: friends play a hand and verify the deal', async () => {
    const server = await startTonk('behind-caddy', ['--trusted-proxy', '127.0.0.1/32']);
    const ports = { httpPort: await freePort(), httpsPort: await freePort(), tonkPort: server.port };
    const caddy = await startCaddy(ports);
    try {
      expect((await servedFingerprint(ports.httpsPort)) === fingerprint(file('leaf1.pem')), 'Caddy serves the test certificate');
      await friendsPlay(`https://tonk.test:${ports.httpsPort}`);
      await stop(server.child);
      const strict = await startTonk('behind-caddy-strict', ['--trusted-proxy', '127.0.0.1/32', '--max-connections-per-address', '1'], ports.tonkPort);
      await checkAddressesCountedApart(ports.httpsPort);
      await stop(strict.child);
    } finally {
      await stop(caddy);
      await stop(server.child);
    }
  });

  await test("tonk's own TLS: friends play a hand; a SIGHUP mid-hand gives new connections the new certificate and the hand goes on", async () => {
    fs.copyFileSync(file('leaf1-fullchain.pem'), file('live-fullchain.pem'));
    fs.copyFileSync(file('leaf1-key.pem'), file('live-key.pem'));
    const server = await startTonk('own-tls', ['--tls-cert', file('live-fullchain.pem'), '--tls-key', file('live-key.pem')]);
    const base = `https://tonk.test:${server.port}`;
    expect((await servedFingerprint(server.port)) === fingerprint(file('leaf1.pem')), 'tonk serves the first certificate');
    let reloaded = false;
    await friendsPlay(base, async () => {
      // certbot renewed: the new files are in place, its deploy hook sends SIGHUP.
      fs.copyFileSync(file('leaf2-fullchain.pem'), file('live-fullchain.pem'));
      fs.copyFileSync(file('leaf2-key.pem'), file('live-key.pem'));
      server.child.kill('SIGHUP');
      for (let i = 0; i < 100 && !server.stderr().includes('reloaded the TLS certificate'); ++i) await new Promise((r) => setTimeout(r, 50));
      expect(server.stderr().includes('reloaded the TLS certificate'), `the server says it reloaded: ${server.stderr()}`);
      expect((await servedFingerprint(server.port)) === fingerprint(file('leaf2.pem')), 'a new connection is shown the new certificate');
      reloaded = true;
    });
    expect(reloaded, 'the certificate was reloaded during the walk');
    expect(server.child.exitCode === null, 'the server runs on');
    await stop(server.child);
  });
}

h.run(main);
