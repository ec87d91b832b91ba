// Loads the page's engine wrapper (src/engine.ts) under node for the tests: the TypeScript is
// stripped by esbuild (Vite's own dependency) into a module beside the build's other outputs.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { transform } from 'esbuild';

/** The Engine class of src/engine.ts, with the module at `wasmPath` loaded. */
export async function loadEngine(wasmPath) {
  const src = readFileSync(fileURLToPath(new URL('../src/engine.ts', import.meta.url)), 'utf8');
  const { code } = await transform(src, { loader: 'ts', format: 'esm', target: 'es2022' });
  const dir = join(tmpdir(), `tonk-engine-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'engine.mjs');
  writeFileSync(file, code);
  const { Engine } = await import(pathToFileURL(file).href);
  return Engine.load(readFileSync(wasmPath));
}
