import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * An entry of the server (`npm start`'s server, PGlite's database thread, a delivery worker) bundled into one
 * JavaScript file with the packages it uses (docs/architecture.md "Running it"). Node runs TypeScript by loading its
 * type stripper into every thread that loads a `.ts` file (~18 MB each) and parses each of ~1,100 modules; a bundle
 * needs neither and holds ~20 MB less per thread. Kept in node_modules/.cache/cabinet/bundles beside the list of its
 * inputs with their sizes and times, and made again when any input changed, so an edited source never runs stale.
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const CACHE = join(ROOT, 'node_modules/.cache/cabinet/bundles');
/**
 * Packages left to Node: PGlite and argon2 find their WebAssembly, data or native files beside their own modules
 * (which a bundle would move), esbuild runs its own binary, pg-native is optional and absent, pdfkit reads its font
 * metrics from its own data folder.
 */
const EXTERNAL = ['@electric-sql/pglite', '@electric-sql/pglite/*', '@node-rs/*', 'esbuild', 'pg-native', 'pdfkit'];
/** Bundled CommonJS packages (nodemailer, pg, fastify) call `require`, which an ES module has not. */
const REQUIRE = "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

interface Manifest {
  /** Where the project was: a bundle holds its modules' absolute paths, so a moved project bundles again. */
  root: string;
  esbuild: string;
  inputs: Record<string, [size: number, mtimeMs: number]>;
}

const stamp = (path: string): [number, number] => {
  const s = statSync(path);
  return [s.size, s.mtimeMs];
};

function fresh(manifestPath: string, esbuildVersion: string): boolean {
  try {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
    if (manifest.root !== ROOT || manifest.esbuild !== esbuildVersion) return false;
    return Object.entries(manifest.inputs).every(([path, [size, mtimeMs]]) => {
      const [s, m] = stamp(join(ROOT, path));
      return s === size && m === mtimeMs;
    });
  } catch {
    return false; // no manifest yet, or an input is gone
  }
}

/**
 * Each module keeps its own `import.meta.dirname`, `filename` and `url` (the migrations folder, the OpenAPI
 * document, a package's data files are found beside the file that names them), which a bundle would otherwise move
 * to its own place: a module that names `import.meta` starts with its own constants, and `define` points
 * `import.meta.*` at them. The constants share the first line, so line numbers stay.
 */
const OWN = { 'import.meta.dirname': '__ownDirname', 'import.meta.filename': '__ownFilename', 'import.meta.url': '__ownUrl' };
type OnLoad = (args: { path: string }) => Promise<{ contents: string; loader: 'ts' | 'js' } | undefined>;
const ownPaths = {
  name: 'own-paths',
  setup(build: { onLoad(options: { filter: RegExp }, load: OnLoad): void }) {
    build.onLoad({ filter: /\.(ts|m?js)$/ }, async ({ path }) => {
      const source = await readFile(path, 'utf8');
      if (!source.includes('import.meta')) return undefined; // esbuild loads it as usual
      const own = `const __ownDirname = ${JSON.stringify(dirname(path))}, __ownFilename = ${JSON.stringify(path)}, __ownUrl = ${JSON.stringify(pathToFileURL(path).href)};`;
      return { contents: own + source, loader: path.endsWith('.ts') ? 'ts' : 'js' };
    });
  },
};

const esbuildVersion = () => (JSON.parse(readFileSync(join(ROOT, 'node_modules/esbuild/package.json'), 'utf8')) as { version: string }).version;

/**
 * The bundle of `entry` (a `.ts` file), made when missing or stale; `entry` itself when no bundle can be made or kept
 * (esbuild missing, a read-only node_modules): it then runs from its sources as before, and `warn` says why.
 */
export async function bundledEntry(entry: URL, opts: { cacheDir?: string; warn?: (message: string) => void } = {}): Promise<URL> {
  const cacheDir = opts.cacheDir ?? CACHE;
  const source = fileURLToPath(entry);
  const name = relative(ROOT, source).replace(/\.ts$/, '').replace(/[^\w.-]+/g, '_');
  const bundlePath = join(cacheDir, `${name}.mjs`);
  const manifestPath = join(cacheDir, `${name}.json`);
  // Several servers may bundle at once (parallel test files): each writes its own files, the renames are atomic.
  const building = `${bundlePath}.${randomUUID()}`;
  try {
    // Read from the package's file, not imported: a fresh bundle costs a few file checks, not esbuild's module.
    const version = esbuildVersion();
    if (fresh(manifestPath, version)) return pathToFileURL(bundlePath);
    const esbuild = await import('esbuild');
    mkdirSync(cacheDir, { recursive: true });
    const result = await esbuild.build({
      absWorkingDir: ROOT,
      entryPoints: [source],
      outfile: building,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node24',
      external: EXTERNAL,
      banner: { js: REQUIRE },
      plugins: [ownPaths],
      define: OWN,
      // Whitespace only: names stay, so a stack trace still says which function failed.
      minifyWhitespace: true,
      legalComments: 'none',
      metafile: true,
      logLevel: 'silent',
    });
    const inputs: Manifest['inputs'] = {};
    for (const input of Object.keys(result.metafile.inputs)) inputs[input] = stamp(join(ROOT, input));
    renameSync(building, bundlePath);
    const manifestBuilding = `${manifestPath}.${randomUUID()}`;
    writeFileSync(manifestBuilding, JSON.stringify({ root: ROOT, esbuild: version, inputs } satisfies Manifest));
    renameSync(manifestBuilding, manifestPath);
    return pathToFileURL(bundlePath);
  } catch (error) {
    opts.warn?.(`${relative(ROOT, source)} runs from its sources (no bundle: ${(error as Error).message.split('\n')[0]})`);
    rmSync(building, { force: true });
    return entry;
  }
}
