// ctest's web.build: type-checks the client and builds it into the directory given (the build tree),
// so that the browser tests run the sources as they are now. Needs `npm ci` (scripts/setup.sh).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const out = path.resolve(process.argv[2] ?? 'dist');
const bin = (name, file) => {
  const p = path.join('node_modules', name, file);
  if (!fs.existsSync(p)) { console.error(`web: ${p} is missing: run npm ci in web/ (scripts/setup.sh does)`); process.exit(1); }
  return p;
};
const tsc = bin('typescript', 'bin/tsc');
const vite = bin('vite', 'bin/vite.js');
execFileSync(process.execPath, [tsc, '--noEmit', '-p', '.'], { stdio: 'inherit' });
execFileSync(process.execPath, [vite, 'build', '--logLevel', 'warn', '--outDir', out, '--emptyOutDir'], { stdio: 'inherit' });
console.log(`web: built into ${out}`);
