// What `npm pack` ships, pinned without packing: the file list of `npm pack --dry-run` holds no
// test, e2e, cache or screenshot and stays a few MB, and everything the shipped entry points load
// at run time is shipped too, or is a dependency (a devDependency is absent where it is installed).

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  private?: boolean;
  bin: Record<string, string>;
  exports: { '.': { types: string; default: string } };
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const packed = (JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })) as { size: number; unpackedSize: number; files: { path: string }[] }[])[0]!;
const files = new Set(packed.files.map((file) => file.path));

/** What a file loads when it runs: static imports and re-exports that are not type-only, import(), require.resolve() and new URL(…, import.meta.url). */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS);
  const found: string[] = [];
  const literal = (node: ts.Node | undefined): string | undefined => (node && ts.isStringLiteralLike(node) ? node.text : undefined);
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) found.push(literal(node.moduleSpecifier)!);
    if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) found.push(literal(node.moduleSpecifier)!);
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const loads = callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isPropertyAccessExpression(callee) && callee.name.text === 'resolve') || (ts.isIdentifier(callee) && callee.text === 'require');
      const specifier = literal(node.arguments[0]);
      if (loads && specifier !== undefined) found.push(specifier);
    }
    // A file beside this one (a worker's entry); the .js names are the built app's bundles, not sources, and a folder is no file.
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'URL' && node.arguments?.[1]?.getText() === 'import.meta.url') {
      const specifier = literal(node.arguments[0]);
      if (specifier !== undefined && !specifier.endsWith('.js') && !specifier.endsWith('/')) found.push(specifier);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every shipped file the entry points reach, and the packages they name. */
function reach(entries: readonly string[]): { reached: Set<string>; missing: string[]; packages: Set<string> } {
  const reached = new Set<string>();
  const missing: string[] = [];
  const packages = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (reached.has(file)) continue;
    reached.add(file);
    for (const specifier of runtimeImports(file)) {
      if (specifier.startsWith('.')) {
        const target = posix.normalize(relative(ROOT, join(ROOT, dirname(file), specifier)));
        if (files.has(target)) queue.push(target);
        else missing.push(`${target} (from ${file})`);
      } else if (!isBuiltin(specifier)) {
        packages.add(specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!);
      }
    }
  }
  return { reached, missing, packages };
}

describe('the package npm pack makes', () => {
  it('is installable and holds its entry points: the command, the API and its types', () => {
    expect(manifest.private).toBeUndefined();
    for (const entry of [...Object.values(manifest.bin), manifest.exports['.'].default, manifest.exports['.'].types]) expect(files).toContain(posix.normalize(entry));
  });

  it('holds no test, e2e, cache, fixture or screenshot, and is a few MB', () => {
    const unwanted = [...files].filter((path) => /\.test\.ts$|test-support|(^|\/)(e2e|\.cache|node_modules|test|fixtures)\/|\.(png|jpe?g|webm|sse|jsonl)$/.test(path));
    expect(unwanted).toEqual([]);
    expect(packed.size).toBeLessThan(3 * 1024 * 1024);
    expect(packed.unpackedSize).toBeLessThan(10 * 1024 * 1024);
  });

  it('ships every file its entry points load, and needs only dependencies from npm', () => {
    const { reached, missing, packages } = reach([...Object.values(manifest.bin), manifest.exports['.'].default].map((entry) => posix.normalize(entry)));
    expect(missing).toEqual([]);
    expect([...packages].filter((name) => !(name in manifest.dependencies)).sort()).toEqual([]);
    expect([...packages].sort()).toEqual(Object.keys(manifest.dependencies).sort());
    // The walk went through the whole command line and the API, not only the entry files.
    expect(reached).toContain('electron/backend/cli/main.ts');
    expect(reached).toContain('electron/backend/testing/index.ts');
    expect(reached).toContain('electron/backend/proxy/recording-thread/worker.ts');
    // The types a project's compiler reads are the declarations, never the sources (checked under its settings).
    expect(manifest.exports['.'].types).toBe('./lib/index.d.mts');
  });
});
