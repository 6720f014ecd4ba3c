// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import * as preactCompat from 'preact/compat';
import { describe, expect, it } from 'vitest';
import { PREACT_LACKS } from '../../build/preact-lacks.js';
import { reactOnPreact } from '../../vite.config.ts';

// The app is written against React's API and runs on Preact's compat layer (docs/decisions/0040).
// What would break silently: a React export Preact lacks (undefined at run time, a build warning
// at most), or an alias gone (React DOM back in every first load; first-load.test.ts catches
// the size).
// The real packages, by Node's require: an import of 'react' here would be aliased to Preact too.
const require = createRequire(import.meta.url);
const react = require('react') as object;
const reactDom = require('react-dom') as object;
const srcDir = fileURLToPath(new URL('../../src', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The value names each source file imports from `react` and `react-dom` (types left out). */
function importedNames(module: 'react' | 'react-dom'): Map<string, string> {
  const names = new Map<string, string>();
  const pattern = new RegExp(`import\\s+(?!type\\b)\\{([^}]*)\\}\\s+from\\s+'${module}'`, 'g');
  for (const file of sourceFiles(srcDir)) {
    for (const match of readFileSync(file, 'utf8').matchAll(pattern)) {
      for (const raw of match[1]!.split(',')) {
        const name = raw.trim().split(/\s+as\s+/)[0]!;
        if (name !== '' && !name.startsWith('type ')) names.set(name, path.relative(srcDir, file));
      }
    }
  }
  return names;
}

const exportsOf = (module: object) => new Set(Object.keys(module).filter((k) => !k.startsWith('__')));

describe('React on Preact', () => {
  it.each(['react', 'react-dom'] as const)(
    'every value the app imports from %s exists in preact/compat',
    (module) => {
      const names = importedNames(module);
      expect(names.size, `the scan found no imports from ${module}`).toBeGreaterThan(
        module === 'react' ? 10 : 0,
      );
      const compat = exportsOf(preactCompat);
      const missing = [...names]
        .filter(([name]) => !compat.has(name))
        .map(([name, file]) => `${name} (${file})`);
      expect(missing).toEqual([]);
    },
  );

  it("lint's list of React exports Preact lacks is exactly what the installed packages differ by", () => {
    const compat = exportsOf(preactCompat);
    expect([...exportsOf(react)].filter((k) => !compat.has(k)).sort()).toEqual(
      [...PREACT_LACKS.react].sort(),
    );
    expect([...exportsOf(reactDom)].filter((k) => !compat.has(k)).sort()).toEqual(
      [...PREACT_LACKS['react-dom']].sort(),
    );
  });

  it('the build, the dev server and the tests send react, react-dom and their runtimes to Preact', () => {
    const target = (id: string) => reactOnPreact.find((a) => a.find.test(id))?.replacement;
    expect(target('react')).toBe('preact/compat');
    expect(target('react-dom')).toBe('preact/compat');
    expect(target('react-dom/client')).toBe('preact/compat/client');
    expect(target('react/jsx-runtime')).toBe('preact/jsx-runtime');
    expect(target('react-router')).toBeUndefined();
  });
});
