// The stage of web/e2e/hosting.mjs: a temporary directory, a test CA and certificates for tonk.test
// made there by openssl, and the processes the test runs (tonk serve, nginx and Caddy with the
// deploy/ files adapted to the run), each stopped by stopAll() whatever happened.
import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { startTonkServe, stopChild } from './harness.mjs';

/** A free TCP port on 127.0.0.1 (for nginx and Caddy, which cannot be asked for port 0 and say which they took). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

/** SHA-256 fingerprint of a PEM certificate file, as node's tls module writes it (AB:CD:...). */
export const fingerprint = (pemFile) => new crypto.X509Certificate(fs.readFileSync(pemFile)).fingerprint256;
/** base64 SHA-256 of a certificate's SubjectPublicKeyInfo: what --ignore-certificate-errors-spki-list takes. */
export const spkiHash = (pemFile) => crypto.createHash('sha256')
  .update(new crypto.X509Certificate(fs.readFileSync(pemFile)).publicKey.export({ type: 'spki', format: 'der' })).digest('base64');

/**
 * Makes the stage: `tonk` and `staticDir` for tonk serve, `nginxPath`/`siteFile` and
 * `caddyPath`/`caddyFile` for the proxies, `kStep` the longest (ms) any one wait may take.
 */
export function makeStage({ tonk, staticDir, nginxPath, siteFile, caddyPath, caddyFile, kStep }) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tonk-hosting-'));
  fs.chmodSync(tmp, 0o755);   // nginx's workers read and write here
  const children = [];        // every process started here
  async function stopAll() {
    for (const c of children) await stopChild(c);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  const file = (name) => path.join(tmp, name);
  const openssl = (...a) => execFileSync('openssl', a, { cwd: tmp, stdio: ['ignore', 'pipe', 'pipe'] });

  /** The test CA, and leaf certificates for tonk.test signed by it: leaf1 and leaf2, each with its own key. */
  function makeCertificates() {
    openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=tonk test CA',
      '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign',
      '-keyout', 'ca-key.pem', '-out', 'ca.pem');
    fs.writeFileSync(file('leaf.ext'), 'subjectAltName=DNS:tonk.test\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n');
    for (const leaf of ['leaf1', 'leaf2']) {
      openssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=tonk.test', '-keyout', `${leaf}-key.pem`, '-out', `${leaf}.csr`);
      openssl('x509', '-req', '-in', `${leaf}.csr`, '-CA', 'ca.pem', '-CAkey', 'ca-key.pem', '-CAcreateserial', '-days', '2',
        '-extfile', 'leaf.ext', '-out', `${leaf}.pem`);
      // As certbot's fullchain.pem: the certificate, then the CA's.
      fs.writeFileSync(file(`${leaf}-fullchain.pem`), fs.readFileSync(file(`${leaf}.pem`), 'utf8') + fs.readFileSync(file('ca.pem'), 'utf8'));
    }
  }

  /** The certificate a new TLS connection to 127.0.0.1:`port` for tonk.test is shown, verified against the test CA. */
  function servedFingerprint(port) {
    return new Promise((resolve, reject) => {
      const socket = tls.connect({ host: '127.0.0.1', port, servername: 'tonk.test', ca: fs.readFileSync(file('ca.pem')) }, () => {
        const fp = socket.getPeerCertificate().fingerprint256;
        socket.end();
        resolve(fp);
      });
      socket.setTimeout(kStep, () => { socket.destroy(); reject(new Error('TLS handshake timed out')); });
      socket.on('error', reject);
    });
  }


  /** Starts tonk serve with `extra` flags (on `port`, 0 for any); resolves with { child, port, stderr() } once it says it listens. */
  async function startTonk(name, extra, port = 0) {
    const server = await startTonkServe({ tonk, staticDir, db: file(`${name}.db`), extra, port, echo: false }).catch((e) => {
      if (e.child) children.push(e.child);
      throw e;
    });
    children.push(server.child);
    return server;
  }

  /** Waits (bounded) until something accepts connections on 127.0.0.1:`port`. */
  async function waitListening(port, what) {
    for (let i = 0; i < 150; ++i) {
      const up = await new Promise((r) => {
        const s = net.connect(port, '127.0.0.1', () => { s.end(); r(true); });
        s.on('error', () => r(false));
      });
      if (up) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${what} is not listening on ${port}`);
  }

  /**
   * deploy/nginx/tonk as this run needs it: its ports on 127.0.0.1, the test's certificate, tonk's port.
   * Each replaced line must be found: the site file and this test change together.
   */
  function adaptSite({ httpPort, httpsPort, tonkPort }) {
    let site = fs.readFileSync(siteFile, 'utf8');
    const replace = (from, to) => {
      if (!site.includes(from)) throw new Error(`deploy/nginx/tonk no longer has "${from}": adapt hosting.mjs`);
      site = site.split(from).join(to);
    };
    replace('server 127.0.0.1:8080;', `server 127.0.0.1:${tonkPort};`);
    replace('    listen [::]:80;\n', '');
    replace('    listen [::]:443 ssl http2;\n', '');
    replace('listen 80;', `listen 127.0.0.1:${httpPort};`);
    replace('listen 443 ssl http2;', `listen 127.0.0.1:${httpsPort} ssl http2;`);
    replace('/etc/letsencrypt/live/tonk.example.org/fullchain.pem', file('leaf1-fullchain.pem'));
    replace('/etc/letsencrypt/live/tonk.example.org/privkey.pem', file('leaf1-key.pem'));
    replace('root /var/www/html;', `root ${tmp};`);
    replace('server_name tonk.example.org;', 'server_name tonk.test;');
    return site;
  }

  async function startNginx(ports) {
    fs.writeFileSync(file('tonk-site.conf'), adaptSite(ports));
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${file(`nginx-${t}`)};`).join('\n');
    fs.writeFileSync(file('nginx.conf'), `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
  pid ${file('nginx.pid')};
  error_log ${file('nginx-error.log')} info;
  events { worker_connections 256; }
  http {
    access_log ${file('nginx-access.log')};
  ${temp}
    include ${file('tonk-site.conf')};
  }
  `);
    execFileSync(nginxPath, ['-t', '-q', '-e', file('nginx-error.log'), '-p', tmp, '-c', file('nginx.conf')], { stdio: 'inherit' });
    const child = spawn(nginxPath, ['-e', file('nginx-error.log'), '-p', tmp, '-c', file('nginx.conf'), '-g', 'daemon off;'],
      { stdio: ['ignore', 'inherit', 'inherit'] });
    children.push(child);
    await waitListening(ports.httpsPort, 'nginx');
    return child;
  }

  /**
   * deploy/Caddyfile as this run needs it: the site on https://tonk.test:PORT with the test's
   * certificate instead of one from Let's Encrypt, no admin endpoint, no redirect listener, tonk's port.
   */
  function adaptCaddyfile({ httpPort, httpsPort, tonkPort }) {
    let site = fs.readFileSync(caddyFile, 'utf8');
    const replace = (from, to) => {
      if (!site.includes(from)) throw new Error(`deploy/Caddyfile no longer has "${from}": adapt hosting.mjs`);
      site = site.split(from).join(to);
    };
    replace('reverse_proxy 127.0.0.1:8080 {', `reverse_proxy 127.0.0.1:${tonkPort} {`);
    replace('\ntonk.example.org {\n', `
  {
  	admin off
  	auto_https disable_redirects
  	http_port ${httpPort}
  	https_port ${httpsPort}
  	storage file_system ${file('caddy-data')}
  }
  https://tonk.test:${httpsPort} {
  	tls ${file('leaf1-fullchain.pem')} ${file('leaf1-key.pem')}
  `);
    return site;
  }

  async function startCaddy(ports) {
    fs.writeFileSync(file('Caddyfile'), adaptCaddyfile(ports));
    const env = { ...process.env, HOME: tmp, XDG_DATA_HOME: file('caddy-data'), XDG_CONFIG_HOME: file('caddy-config') };
    execFileSync(caddyPath, ['validate', '--config', file('Caddyfile'), '--adapter', 'caddyfile'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    const child = spawn(caddyPath, ['run', '--config', file('Caddyfile'), '--adapter', 'caddyfile'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let log = '';
    child.stderr.on('data', (d) => { log += d; });
    children.push(child);
    await waitListening(ports.httpsPort, `caddy (${log})`);
    return child;
  }

  /**
   * Sends `request` (text, CRLF lines) over TLS for tonk.test to 127.0.0.1:`port` from `from` (a local
   * address); resolves with the socket and the response's head once it has come.
   */
  function rawRequest(port, from, request) {
    return new Promise((resolve, reject) => {
      const socket = tls.connect({ host: '127.0.0.1', port, localAddress: from, servername: 'tonk.test', ca: fs.readFileSync(file('ca.pem')) },
        () => socket.write(request));
      let text = '';
      socket.on('data', (d) => {
        text += d;
        const end = text.indexOf('\r\n\r\n');
        if (end >= 0) resolve({ socket, head: text.slice(0, end), text: () => text });
      });
      socket.setTimeout(kStep, () => { socket.destroy(); reject(new Error(`no answer from ${port}: ${text}`)); });
      socket.on('error', reject);
    });
  }

  return { file, stopAll, makeCertificates, servedFingerprint, startTonk, startNginx, startCaddy, rawRequest };
}
