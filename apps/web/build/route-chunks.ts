/**
 * Fewer, larger chunks on the way to the first screens (docs/decisions/0041-route-chunks.md).
 *
 * Left to itself the bundler cuts a chunk for every set of lazy routes that share modules: the
 * guest's table fetched 28 scripts, most under 1 KB. Over HTTP/1.1 a browser opens 6
 * connections to a host, so each 6 scripts cost a round trip before their bytes; on a phone's
 * network that, more than the bytes, set when the table painted. The groups here cut along what
 * a screen needs instead:
 *
 * - `index`: everything the entry imports statically (what /login runs), one file;
 * - `layout`: the signed-in pages' frame (navigation bar, footer) and what it uses;
 * - for each of the table's parts (the table itself, the coach's engine, the browser's engine of
 *   a local table): one chunk of what it shares with other routes (the simulator, the drills...)
 *   and one of what only the table uses, so no other route downloads the table's code.
 *
 * "Uses" is worked out by name, through the engine's and the contract's index modules (which
 * re-export everything), so the simulator's code does not count as the table's because both
 * import from `@card-counter/engine`. A module no group takes keeps the bundler's own chunking:
 * a dialog, a chart or another route imported lazily stays a chunk of its own.
 */
import path from 'node:path';
import { parseAst, type Plugin, type Rolldown } from 'vite';

const WEB_ROOT = path.resolve(import.meta.dirname, '..');
const SRC = path.join(WEB_ROOT, 'src');
/** Beside Vite's manifest: each chunk's modules, as paths from apps/web (`src/...`, `../../node_modules/...`). */
export const CHUNK_MODULES_FILE = '.vite/chunk-modules.json';

/** The table's parts, each imported lazily by the app: the page, the coach's engine, the local table. */
const TABLE_PARTS = {
  table: 'features/game/components/game-page.tsx',
  coach: 'features/game/model/coach-engine.ts',
  'local-table': 'features/game/api/local-table-source.ts',
} as const;
type TablePart = keyof typeof TABLE_PARTS;
const LAYOUT = 'app/layout/app-layout.tsx';
/** Lazy modules of the game feature are the table's own (its dialogs): they do not make a module "shared". */
const GAME_FEATURE = `${path.join(SRC, 'features/game')}${path.sep}`;

/** The app's module graph is about a thousand modules; a walk longer than this is a bug here. */
const STEPS_MAX = 200_000;
const WHOLE = '*';

export interface ModuleGraph {
  getModuleInfo(id: string): { code: string | null; importedIds: readonly string[]; dynamicImporters: readonly string[] } | null;
  resolve(source: string, importer: string): Promise<{ id: string; external?: unknown } | null>;
}

/** What a module imports and re-exports, by name (from its transformed code). */
interface Links {
  imports: { source: string; names: string[] }[];
  reexports: Map<string, { source: string; name: string }>;
  stars: string[];
  locals: Set<string>;
}

type Node = { type: string; [key: string]: unknown };
const nameOf = (n: unknown): string => {
  const node = n as { name?: string; value?: string };
  return node.name ?? node.value ?? '';
};

function declaredNames(declaration: Node | null | undefined): string[] {
  if (!declaration) return [];
  if (declaration.type === 'VariableDeclaration') {
    return (declaration.declarations as { id: Node }[]).flatMap((d) => (d.id.type === 'Identifier' ? [nameOf(d.id)] : []));
  }
  return declaration.id ? [nameOf(declaration.id)] : [];
}

/** null: not JavaScript with ES module syntax (CSS, a raw asset, CommonJS): then every import counts. */
function linksOf(code: string): Links | null {
  let body: Node[];
  try {
    body = parseAst(code).body as unknown as Node[];
  } catch {
    return null;
  }
  const links: Links = { imports: [], reexports: new Map(), stars: [], locals: new Set() };
  // `import { a } from './x.ts'; export { a };` passes `a` through as `export { a } from` would.
  const imported = new Map<string, { source: string; name: string }>();
  for (const statement of body) {
    const source = (statement.source as { value?: string } | null | undefined)?.value;
    if (statement.type === 'ImportDeclaration' && source !== undefined) {
      const specifiers = statement.specifiers as Node[];
      const names = specifiers.map((s) => (s.type === 'ImportSpecifier' ? nameOf(s.imported) : s.type === 'ImportDefaultSpecifier' ? 'default' : WHOLE));
      specifiers.forEach((s, i) => imported.set(nameOf(s.local), { source, name: names[i] as string }));
      links.imports.push({ source, names: names.length === 0 ? [WHOLE] : names });
    } else if (statement.type === 'ExportAllDeclaration' && source !== undefined) {
      if (statement.exported) links.reexports.set(nameOf(statement.exported), { source, name: WHOLE });
      else links.stars.push(source);
    } else if (statement.type === 'ExportNamedDeclaration') {
      for (const s of (statement.specifiers as Node[] | undefined) ?? []) {
        if (source !== undefined) links.reexports.set(nameOf(s.exported), { source, name: nameOf(s.local) });
        else if (imported.has(nameOf(s.local))) links.reexports.set(nameOf(s.exported), imported.get(nameOf(s.local)) as { source: string; name: string });
        else links.locals.add(nameOf(s.exported));
      }
      for (const name of declaredNames(statement.declaration as Node | null)) links.locals.add(name);
    } else if (statement.type === 'ExportDefaultDeclaration') {
      links.locals.add('default');
    }
  }
  return links;
}

/**
 * A reader of the graph's module use, its parses and resolutions kept across calls: `used(roots)`
 * is the modules the roots use. A module is used when a root reaches code of its own (not when
 * it only passes a name through, as the index modules do), following imports by name.
 */
export function moduleUse(graph: ModuleGraph): { used: (roots: readonly string[]) => Promise<Set<string>> } {
  const linksCache = new Map<string, Links | null>();
  const resolved = new Map<string, string | null>();
  const resolve = async (source: string, importer: string) => {
    const key = `${importer}\0${source}`;
    if (!resolved.has(key)) {
      const r = await graph.resolve(source, importer);
      resolved.set(key, r && !r.external ? r.id : null);
    }
    return resolved.get(key) ?? null;
  };
  const used = async (roots: readonly string[]) => {
    const found = new Set<string>();
    const asked = new Set<string>();
    const pending: [string, string][] = roots.map((root) => [root, WHOLE]);
    for (let steps = 0; pending.length > 0; steps++) {
      if (steps > STEPS_MAX) throw new Error(`route-chunks: the walk from ${roots.join(', ')} does not end`);
      const [id, name] = pending.pop() as [string, string];
      const key = `${id}\0${name}`;
      // Once the whole module is asked for, every name of it is; a module already used for one of
      // its own names may still pass another name through (`export { z } from`).
      if (asked.has(key) || asked.has(`${id}\0${WHOLE}`)) continue;
      asked.add(key);
      const info = graph.getModuleInfo(id);
      if (!info) continue;
      if (!linksCache.has(id)) linksCache.set(id, info.code === null ? null : linksOf(info.code));
      const links = linksCache.get(id) ?? null;
      if (links === null) {
        if (!found.has(id)) for (const dep of info.importedIds) pending.push([dep, WHOLE]);
        found.add(id);
        continue;
      }
      const through = name === WHOLE ? null : links.reexports.get(name);
      if (through) {
        const dep = await resolve(through.source, id);
        if (dep) pending.push([dep, through.name]);
        continue;
      }
      if ((name === WHOLE || links.locals.has(name)) && !found.has(id)) {
        found.add(id);
        for (const { source, names } of links.imports) {
          const dep = await resolve(source, id);
          if (dep) for (const n of names) pending.push([dep, n]);
        }
      }
      if (name === WHOLE) {
        for (const [, r] of links.reexports) {
          const dep = await resolve(r.source, id);
          if (dep) pending.push([dep, r.name]);
        }
      }
      // A name not declared here may come through `export *`; the whole module asks all of them.
      for (const source of links.stars) {
        const dep = await resolve(source, id);
        if (dep) pending.push([dep, name]);
      }
    }
    return found;
  };
  return { used };
}

export interface RouteChunks {
  plugin: Plugin;
  codeSplitting: Rolldown.CodeSplittingOptions;
}

/** The plugin that reads the module graph once it is built, and the `codeSplitting` option that uses it. */
export function routeChunks(): RouteChunks {
  let sets: { layout: Set<string>; parts: Record<TablePart, Set<string>>; others: Set<string> } | null = null;
  const read = () => {
    if (!sets) throw new Error('route-chunks: the chunks were cut before the module graph was read');
    return sets;
  };
  const plugin: Plugin = {
    name: 'card-counter:route-chunks',
    apply: 'build',
    async buildEnd(error) {
      if (error) return;
      const use = moduleUse(this as unknown as ModuleGraph);
      const rootId = (file: string) => {
        const id = path.join(SRC, file);
        if (!this.getModuleInfo(id)) throw new Error(`route-chunks: ${file} is not in the build (renamed?)`);
        return id;
      };
      const parts = {} as Record<TablePart, Set<string>>;
      for (const [part, file] of Object.entries(TABLE_PARTS) as [TablePart, string][]) parts[part] = await use.used([rootId(file)]);
      // Every other lazy module (pages, dialogs, charts), in one walk.
      const otherRoots = [...this.getModuleIds()].filter((id) => (this.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0 && !id.startsWith(GAME_FEATURE));
      sets = { layout: await use.used([rootId(LAYOUT)]), parts, others: await use.used(otherRoots) };
    },
    generateBundle(_options, bundle) {
      // Which chunk holds which module: a module in a group has no manifest entry of its own, so
      // the first-load figures (build/first-load.ts) find a route's chunk here.
      const modules: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        modules[chunk.fileName] = chunk.moduleIds.filter((id) => path.isAbsolute(id)).map((id) => path.relative(WEB_ROOT, id).split(path.sep).join('/'));
      }
      this.emitFile({ type: 'asset', fileName: CHUNK_MODULES_FILE, source: JSON.stringify(modules) });
    },
  };
  const shared = (part: TablePart) => (id: string) => read().parts[part].has(id) && read().others.has(id);
  const own = (part: TablePart) => (id: string) => read().parts[part].has(id);
  return {
    plugin,
    codeSplitting: {
      groups: [
        { name: 'index', tags: ['$initial'], priority: 90 },
        { name: 'layout', test: (id: string) => read().layout.has(id), priority: 80 },
        { name: 'table-shared', test: shared('table'), priority: 70 },
        { name: 'table', test: own('table'), priority: 60 },
        { name: 'coach-shared', test: shared('coach'), priority: 50 },
        { name: 'coach', test: own('coach'), priority: 40 },
        { name: 'local-table-shared', test: shared('local-table'), priority: 30 },
        { name: 'local-table', test: own('local-table'), priority: 20 },
      ],
    },
  };
}
