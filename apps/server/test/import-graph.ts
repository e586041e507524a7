import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The import graph of the repository's sources (import-graph.test.ts): one node per file, one arrow
 * per specifier it imports or re-exports (type-only and dynamic imports included: each still ties
 * the file to the one it names). The specifiers are read by TypeScript's own pre-processor; relative
 * paths and the workspace packages (@ar/*, by their package.json "exports") are resolved, anything
 * else (node:, npm packages) is outside the graph.
 */

export const root = path.resolve(import.meta.dirname, '../../..');

/** A path relative to the repository's root, with forward slashes. */
export const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');

const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const NOT_SOURCE = /\.(test|spec)\.tsx?$|\.d\.ts$/;

/** The non-test source files under `dir` (absolute), skipping dependencies and build output. */
export function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'dist', 'data'].includes(entry.name) ? [] : sourceFiles(full);
    return SOURCE.test(entry.name) && !NOT_SOURCE.test(entry.name) ? [full] : [];
  });
}

/** The workspace packages' entry points: '@ar/core' → …/packages/core/src/index.ts, '@ar/core/messages' → …/messages.ts. */
function workspaceEntries(): Map<string, string> {
  const entries = new Map<string, string>();
  for (const name of fs.readdirSync(path.join(root, 'packages'))) {
    const dir = path.join(root, 'packages', name);
    const manifest = path.join(dir, 'package.json');
    if (!fs.existsSync(manifest)) continue;
    const pkg = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name: string; exports?: Record<string, string> };
    for (const [sub, target] of Object.entries(pkg.exports ?? {})) {
      entries.set(sub === '.' ? pkg.name : `${pkg.name}/${sub.replace(/^\.\//, '')}`, path.join(dir, target));
    }
  }
  return entries;
}

const workspace = workspaceEntries();

/** The file a specifier names, or null for a package outside the workspace (or a file that is not code: css, json). */
export function resolveSpecifier(from: string, specifier: string): string | null {
  const entry = workspace.get(specifier);
  if (entry) return entry;
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (SOURCE.test(candidate) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** file → the files it imports (absolute paths). */
export type Graph = Map<string, string[]>;

/** The graph of the given files; the arrows to files outside them (tests, other folders) are kept. */
export function importGraph(files: string[]): Graph {
  const graph: Graph = new Map();
  for (const file of files) {
    const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const targets = info.importedFiles.map((f) => resolveSpecifier(file, f.fileName)).filter((t): t is string => t !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The strongly connected components of more than one file (or a file importing itself): Tarjan's algorithm. */
function tangles(graph: Graph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.includes(node)) found.push(component);
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** One closed path through a component, from its first file (by name) back to it: a → b → … → a. */
function cycleThrough(graph: Graph, component: string[]): string[] {
  const members = new Set(component);
  const start = [...component].sort()[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const pathBack = [node];
        while (pathBack[0] !== start) pathBack.unshift(previous.get(pathBack[0]!)!);
        return [...pathBack, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

/** Every circle of the graph, each as one closed path of relative file names ('a.ts → b.ts → a.ts'). */
export function circles(graph: Graph): string[] {
  return tangles(graph).map((component) => {
    const cycle = cycleThrough(graph, component).map(rel).join(' → ');
    return component.length > cycle.split(' → ').length - 1 ? `${cycle} (among ${component.length} files)` : cycle;
  });
}
