/**
 * `npm run gen`: bundles the contract (openapi/common.yaml + one openapi/<domain>.yaml per domain) into
 * openapi/cabinet.yaml, the one file the server and the tests read, then generates src/api/schema.d.ts from it.
 * `--check` (run by `npm test`) writes nothing and exits 1 when either generated file is stale.
 *
 * The bundle is a merge, not a $ref resolver: every file writes references as they read in the bundle
 * ('#/components/...'), so merging paths and components keeps every name as written (see docs/api.md).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { isMap, isScalar, parseDocument, visit, type Document, type YAMLMap } from 'yaml';

/**
 * Bundle order; each domain's file is openapi/<domain>.yaml, optionally with parts in openapi/<domain>/*.yaml (a
 * large domain keeps one file per subject, e.g. connections/amo.yaml), and its operations carry the tag Domain.
 */
const CONTRACT_DOMAINS = ['account', 'flows', 'phones', 'delivery', 'admin', 'booking', 'orders', 'home', 'connections', 'conversations', 'payments', 'partners', 'distributions'] as const;

const ROOT = resolve(import.meta.dirname, '..');
const OPENAPI = resolve(ROOT, 'openapi');
const BUNDLE_PATH = resolve(OPENAPI, 'cabinet.yaml');
const TYPES_PATH = resolve(ROOT, 'src/api/schema.d.ts');
const EDIT_HINT = 'edit openapi/common.yaml or openapi/<domain>.yaml, then run `npm run gen`';
const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

const tagOf = (domain: string) => domain[0]!.toUpperCase() + domain.slice(1);

function load(file: string): Document {
  const doc = parseDocument(readFileSync(resolve(OPENAPI, file), 'utf8'));
  if (doc.errors.length) throw new Error(`openapi/${file}: ${doc.errors[0]!.message}`);
  return doc;
}

function mapAt(doc: Document, path: string[], file: string): YAMLMap {
  const node = doc.getIn(path, true);
  if (!isMap(node)) throw new Error(`openapi/${file}: ${path.join('.')} is not a mapping`);
  return node;
}

/** Adds every entry of `from` to `into`, refusing a key that another file already declares. */
function mergeInto(into: YAMLMap, from: YAMLMap, where: string, origin: Map<string, string>, file: string) {
  for (const pair of from.items) {
    const key = String(isScalar(pair.key) ? pair.key.value : pair.key);
    const id = `${where} ${key}`;
    if (origin.has(id)) throw new Error(`${id} is declared in both openapi/${origin.get(id)} and openapi/${file}`);
    origin.set(id, file);
    into.items.push(pair);
  }
}

/** Checks that each operation of a domain file is tagged with its domain only. */
function checkTags(paths: YAMLMap, domain: string, file: string) {
  for (const item of paths.items) {
    if (!isMap(item.value)) continue;
    for (const op of item.value.items) {
      if (!HTTP_METHODS.has(String(isScalar(op.key) ? op.key.value : op.key)) || !isMap(op.value)) continue;
      const tags = JSON.stringify((op.value.toJSON() as { tags?: string[] }).tags ?? []);
      if (tags !== JSON.stringify([tagOf(domain)])) throw new Error(`openapi/${file}: ${String(item.key)} ${String(op.key)} has tags ${tags}; expected ["${tagOf(domain)}"]`);
    }
  }
}

/** A domain's main file, then its parts (openapi/<domain>/*.yaml) in name order. */
function domainFiles(domain: string): string[] {
  const folder = resolve(OPENAPI, domain);
  const parts = existsSync(folder) ? readdirSync(folder).filter((f) => f.endsWith('.yaml')).sort().map((f) => `${domain}/${f}`) : [];
  return [`${domain}.yaml`, ...parts];
}

/** Every $ref must point at a component that the bundle declares. */
function checkRefs(bundle: Document) {
  const components = bundle.toJS().components as Record<string, Record<string, unknown>>;
  visit(bundle, {
    Pair(_, pair) {
      if (!isScalar(pair.key) || pair.key.value !== '$ref' || !isScalar(pair.value)) return;
      const ref = String(pair.value.value);
      const [, section, name] = ref.match(/^#\/components\/([^/]+)\/([^/]+)$/) ?? [];
      if (!section || !name || !components[section]?.[name]) throw new Error(`Unresolved $ref '${ref}': declare it in openapi/common.yaml or a domain file`);
    },
  });
}

function bundleContract(): string {
  const known = ['common', 'cabinet', ...CONTRACT_DOMAINS];
  const strays = readdirSync(OPENAPI, { withFileTypes: true })
    .filter((f) => (f.isDirectory() ? !known.includes(f.name) : f.name.endsWith('.yaml') && !known.includes(f.name.slice(0, -5))))
    .map((f) => f.name);
  if (strays.length) throw new Error(`openapi/${strays.join(', openapi/')}: not bundled; add the domain to CONTRACT_DOMAINS in scripts/generate-api-types.ts`);
  const bundle = load('common.yaml');
  if (bundle.has('paths')) throw new Error('openapi/common.yaml: paths belong in the domain files');
  bundle.set('paths', bundle.createNode({}));
  const origin = new Map<string, string>();
  const components = mapAt(bundle, ['components'], 'common.yaml');
  for (const section of components.items) for (const item of (section.value as YAMLMap).items) origin.set(`components.${String(section.key)} ${String(item.key)}`, 'common.yaml');
  for (const domain of CONTRACT_DOMAINS) for (const file of domainFiles(domain)) {
    const doc = load(file);
    const extra = (doc.contents as YAMLMap).items.map((p) => String(p.key)).filter((k) => k !== 'paths' && k !== 'components');
    if (extra.length) throw new Error(`openapi/${file}: only paths and components belong here, found ${extra.join(', ')}`);
    const paths = mapAt(doc, ['paths'], file);
    checkTags(paths, domain, file);
    mergeInto(mapAt(bundle, ['paths'], 'common.yaml'), paths, 'paths', origin, file);
    if (!doc.has('components')) continue;
    for (const section of mapAt(doc, ['components'], file).items) {
      const name = String(section.key);
      if (!components.has(name)) components.set(name, bundle.createNode({}));
      mergeInto(mapAt(bundle, ['components', name], 'cabinet.yaml'), section.value as YAMLMap, `components.${name}`, origin, file);
    }
  }
  // The paths go right after the document-level keys, before components, as in the hand-written file.
  const top = bundle.contents as YAMLMap;
  const pathsPair = top.items.pop()!;
  top.items.splice(top.items.findIndex((p) => String(p.key) === 'components'), 0, pathsPair);
  checkRefs(bundle);
  const firstKey = top.items[0]?.key;
  if (isScalar(firstKey)) firstKey.commentBefore = null; // common.yaml's own header does not describe the bundle
  bundle.commentBefore = ` Generated by scripts/generate-api-types.ts from openapi/common.yaml and openapi/{${CONTRACT_DOMAINS.join(',')}}.yaml\n and their parts openapi/<domain>/*.yaml.\n Do not edit: ${EDIT_HINT}.`;
  return bundle.toString({ lineWidth: 120 });
}

async function generateTypes(bundle: string): Promise<string> {
  const header = `// Generated by scripts/generate-api-types.ts from openapi/cabinet.yaml (bundled from openapi/*.yaml). Do not edit; ${EDIT_HINT}.\n\n`;
  return header + astToString(await openapiTS(bundle));
}

async function main() {
  const bundle = bundleContract();
  const types = await generateTypes(bundle);
  const outputs: Array<[string, string]> = [[BUNDLE_PATH, bundle], [TYPES_PATH, types]];
  if (process.argv.includes('--check')) {
    const stale = outputs.filter(([path, text]) => (existsSync(path) ? readFileSync(path, 'utf8') : '') !== text);
    for (const [path] of stale) console.error(`${path.slice(ROOT.length + 1)} is stale: run \`npm run gen\` and commit the result.`);
    if (stale.length) process.exit(1);
    console.log('openapi/cabinet.yaml and src/api/schema.d.ts are up to date.');
    return;
  }
  for (const [path, text] of outputs) {
    writeFileSync(path, text);
    console.log(`Wrote ${path.slice(ROOT.length + 1)}`);
  }
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
