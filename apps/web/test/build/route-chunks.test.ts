// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { moduleUse, type ModuleGraph } from '../../build/route-chunks.ts';

/** A module graph of source texts: ids are the file names, imports resolve by name. */
function graphOf(files: Record<string, string>, importedIds: Record<string, string[]> = {}): ModuleGraph {
  return {
    getModuleInfo: (id) => (id in files ? { code: files[id] ?? null, importedIds: importedIds[id] ?? [], dynamicImporters: [] } : null),
    resolve: async (source) => (source.replace('./', '') in files ? { id: source.replace('./', '') } : null),
  };
}

const ENGINE = {
  'index.js': "export { a } from './a.js';\nexport { b } from './b.js';\nexport * from './c.js';\nexport { p } from './pass.js';",
  'a.js': "import { x } from './x.js';\nexport function a() { return x; }",
  'x.js': 'export const x = 1;',
  'b.js': "import './heavy.js';\nexport const b = 2;",
  'heavy.js': 'globalThis.heavy = 1;',
  'c.js': "import { x } from './x.js';\nexport const c = x;",
  'pass.js': "import { q } from './q.js';\nexport { q as p };",
  'q.js': 'export const q = 3;',
};

describe('route-chunks: the modules a root uses, by name', () => {
  it('a name imported through an index module counts only the module that declares it (the table once counted the whole engine)', async () => {
    const graph = graphOf({ ...ENGINE, 'root.js': "import { a } from './index.js';\na();" });
    expect([...(await moduleUse(graph).used(['root.js']))].sort()).toEqual(['a.js', 'root.js', 'x.js']);
  });

  it('follows `export *` and a name imported then exported again', async () => {
    const graph = graphOf({ ...ENGINE, 'root.js': "import { c, p } from './index.js';\nc + p;" });
    expect([...(await moduleUse(graph).used(['root.js']))].sort()).toEqual(['c.js', 'q.js', 'root.js', 'x.js']);
  });

  it('a module used for a name of its own still passes another name through', async () => {
    const mixed = "import { x } from './x.js';\nexport const m = x;\nexport { q } from './q.js';";
    const graph = graphOf({ ...ENGINE, 'mixed.js': mixed, 'root.js': "import { q, m } from './mixed.js';\nq + m;" });
    expect([...(await moduleUse(graph).used(['root.js']))].sort()).toEqual(['mixed.js', 'q.js', 'root.js', 'x.js']);
  });

  it('a namespace import or a bare import uses the whole module', async () => {
    const graph = graphOf({ ...ENGINE, 'root.js': "import * as engine from './index.js';\nengine;" });
    expect([...(await moduleUse(graph).used(['root.js']))].sort()).toEqual(['a.js', 'b.js', 'c.js', 'heavy.js', 'index.js', 'q.js', 'root.js', 'x.js']);
  });

  it('a module it cannot parse counts whole, with every import the bundler saw', async () => {
    const graph = graphOf({ ...ENGINE, 'root.js': "import './style.css';", 'style.css': '.felt { color: green }' }, { 'style.css': ['x.js'] });
    expect([...(await moduleUse(graph).used(['root.js']))].sort()).toEqual(['root.js', 'style.css', 'x.js']);
  });
});
