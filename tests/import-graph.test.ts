import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// The house's import rules (docs/decisions/056, and 074 for app/components/), checked on the source as written: every `import`, `import type`,
// `export … from` and `import()` of our own files, relative or through package.json's "imports" (#gateway/* …).
const root = resolve(import.meta.dirname, "..");
const sides = ["gateway", "app", "server", "cli"] as const;
type Side = (typeof sides)[number];

const packageImports = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { imports: Record<string, string> }).imports;

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files.push(...sourceFiles(path));
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith(".d.ts")) files.push(path);
  }
  return files;
}

/** The file a specifier names, or undefined for packages and generated modules (`./+types/…`). */
function resolveSpecifier(from: string, specifier: string): string | undefined {
  let base: string | undefined;
  specifier = specifier.replace(/\?.*$/, "");
  if (specifier.startsWith(".")) base = resolve(dirname(from), specifier);
  else if (specifier.startsWith("#")) {
    for (const [pattern, target] of Object.entries(packageImports)) {
      const prefix = pattern.replace(/\*$/, "");
      if (pattern.endsWith("*") ? specifier.startsWith(prefix) : specifier === pattern) {
        base = resolve(root, target.replace(/\*$/, "") + specifier.slice(prefix.length));
        break;
      }
    }
  }
  if (!base) return undefined;
  const candidates = [base, base.replace(/\.js$/, ".ts"), base.replace(/\.js$/, ".tsx"), `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile());
}

const files = sides.flatMap((side) => sourceFiles(join(root, side)));
const name = (path: string) => relative(root, path);
const graph = new Map<string, string[]>();
const unresolved: string[] = [];
for (const file of files) {
  const info = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  const targets = new Set<string>();
  for (const { fileName } of info.importedFiles) {
    const target = resolveSpecifier(file, fileName);
    if (target) targets.add(target);
    else if ((fileName.startsWith(".") || fileName.startsWith("#")) && !fileName.includes("+types/")) unresolved.push(`${name(file)} → ${fileName}`);
  }
  graph.set(file, [...targets]);
}

/** Every strongly connected component of more than one file (Tarjan), each as a loop through it. */
function importLoops(): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let next = 0;
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || graph.get(file)?.includes(file)) components.push(component);
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  // Name each component by one loop through it: the shortest path from its first file back to itself.
  return components.map((component) => {
    const inside = new Set(component);
    const start = component.sort()[0]!;
    const previous = new Map<string, string>();
    const queue = [start];
    while (queue.length) {
      const file = queue.shift()!;
      for (const target of graph.get(file) ?? []) {
        if (!inside.has(target) || previous.has(target)) continue;
        previous.set(target, file);
        if (target === start) queue.length = 0;
        else queue.push(target);
      }
    }
    const loop: string[] = [];
    for (let file = previous.get(start)!; file !== start; file = previous.get(file)!) loop.unshift(file);
    return [start, ...loop, start].map(name).concat(component.length > loop.length + 1 ? [`(${component.length} files in all)`] : []);
  });
}

const sideOf = (path: string): Side => name(path).split("/")[0] as Side;

// The gateway client: the calls themselves, the app's client and its wrappers that call. A file under app/components/
// may name their types, never their values (decisions 033 and 074): its calls live in features, routes and app/lib.
const CLIENT_FILES = ["app/lib/gateway.ts", "app/lib/silent-call.ts", "app/lib/session.ts", "gateway/client.ts"];
const isClient = (path: string) => CLIENT_FILES.includes(name(path)) || name(path).startsWith("gateway/api/");

/** The specifiers `source` imports or re-exports as values (type-only ones left out), dynamic imports included. */
function valueImports(path: string, source: string): string[] {
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true, path.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const typesOnly = clause !== undefined && (clause.isTypeOnly || (!clause.name && bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.every((e) => e.isTypeOnly)));
      if (!typesOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      const typesOnly = node.isTypeOnly || (clause !== undefined && ts.isNamedExports(clause) && clause.elements.every((e) => e.isTypeOnly));
      if (!typesOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Each file under app/components/ that imports a value of the gateway client, with what it imports. */
function componentsCallingTheGateway(sources: ReadonlyMap<string, string>): string[] {
  const wrong: string[] = [];
  for (const [path, source] of sources) {
    if (!name(path).startsWith("app/components/")) continue;
    for (const specifier of valueImports(path, source)) {
      const target = resolveSpecifier(path, specifier);
      if (target && isClient(target)) wrong.push(`${name(path)} → ${specifier}`);
    }
  }
  return wrong;
}

describe("imports", () => {
  it("resolves every import of our own files", () => {
    expect(files.length).toBeGreaterThan(400);
    expect(unresolved).toEqual([]);
  });

  it("form no loops, type imports included", () => {
    expect(importLoops().map((loop) => loop.join(" → "))).toEqual([]);
  });

  it("go one way: gateway/ imports none of the others, and app/, cli/ and server/ never import each other", () => {
    const wrong: string[] = [];
    for (const [file, targets] of graph) {
      for (const target of targets) {
        const from = sideOf(file);
        const to = sideOf(target);
        if (from !== to && to !== "gateway" && sides.includes(to)) wrong.push(`${name(file)} → ${name(target)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("leave the gateway to features, routes and app/lib: nothing under app/components/ imports the client's values", () => {
    const components = new Map(files.filter((f) => name(f).startsWith("app/components/")).map((f) => [f, readFileSync(f, "utf8")]));
    expect(components.size).toBeGreaterThan(50);
    expect(componentsCallingTheGateway(components)).toEqual([]);
  });

  it("finds a component's call and lets its type imports be (the check itself)", () => {
    const at = join(root, "app/components/media/example.tsx");
    const source = [
      'import type { Ad } from "#gateway/api/content-types.ts";',
      'import { type Paged, type Video } from "#gateway/api/index.ts";',
      'export type { Endpoint } from "#gateway/client.ts";',
      'import * as home from "#gateway/api/home.ts";',
      'import { api } from "#app/lib/gateway.ts";',
      'import { orders, type WithdrawRules } from "#gateway/api/index.ts";',
      'export { attempt } from "#app/lib/silent-call.ts";',
      'const later = () => import("../../lib/session.ts");',
      'import { Sheet } from "#app/components/sheet.tsx";',
    ].join("\n");
    expect(componentsCallingTheGateway(new Map([[at, source]]))).toEqual([
      "app/components/media/example.tsx → #gateway/api/home.ts",
      "app/components/media/example.tsx → #app/lib/gateway.ts",
      "app/components/media/example.tsx → #gateway/api/index.ts",
      "app/components/media/example.tsx → #app/lib/silent-call.ts",
      "app/components/media/example.tsx → ../../lib/session.ts",
    ]);
  });

  it("finds a loop and names it (the check itself)", () => {
    const saved = new Map(graph);
    const [a, b] = [join(root, "gateway/config.ts"), join(root, "gateway/sign.ts")];
    try {
      graph.set(a, [...(graph.get(a) ?? []), b]);
      graph.set(b, [...(graph.get(b) ?? []), a]);
      expect(importLoops().map((loop) => loop.join(" → "))).toContain("gateway/config.ts → gateway/sign.ts → gateway/config.ts");
    } finally {
      graph.clear();
      for (const [file, targets] of saved) graph.set(file, targets);
    }
  });
});
