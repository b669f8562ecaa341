/**
 * Every package the code, tests, benchmarks and scripts import is declared in package.json (issue 47): a package that
 * arrives only as another's dependency (axe-core through lighthouse) can vanish with that package's next release.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
const SOURCE_DIRS = ["app", "components", "i18n", "lib", "prisma", "scripts", "tests", "bench"];
const SKIP_DIRS = new Set(["node_modules", "generated", ".next", "blank-next", "fixtures"]);
const SOURCE_FILE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return SKIP_DIRS.has(name) ? [] : sourceFiles(full);
    return SOURCE_FILE.test(name) ? [full] : [];
  });
}

/** Specifiers of static imports and re-exports, dynamic imports, require calls and vi.mock/importActual. */
export function importedSpecifiers(source: string): string[] {
  const found = new Set<string>();
  const patterns = [
    /^\s*(?:import|export)\s[^'"]*?\sfrom\s+["']([^"']+)["']/gm,
    /^\s*import\s+["']([^"']+)["']/gm,
    /\b(?:import|require|vi\.mock|vi\.importActual|importActual)\s*(?:<[^>]*>)?\(\s*["']([^"']+)["']/g,
    // require.resolve("pkg/file"), createRequire(…).resolve("pkg/file"): a file read from a package.
    /(?:\brequire|\))\.resolve\(\s*["']([^"']+)["']/g,
  ];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) found.add(match[1]!);
  return [...found];
}

/** The package a bare specifier names ("@scope/name/sub" → "@scope/name"), or null for a path, an alias or a builtin. */
export function packageOf(specifier: string): string | null {
  if (specifier.startsWith(".") || specifier.startsWith("/") || specifier.startsWith("@/") || specifier.startsWith("node:")) return null;
  const parts = specifier.split("/");
  const name = specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
  if (builtinModules.includes(name)) return null;
  return name;
}

describe("declared dependencies", () => {
  it("reads imports of every kind, and names the package of a bare one", () => {
    const source = [
      `import { a } from "left-pad";`,
      `import type { B } from "@scope/pkg/sub/path";`,
      `export { c } from "./local";`,
      `import "side-effect";`,
      `const d = await import("lazy-pkg");`,
      `vi.mock("@/lib/db", () => ({}));`,
      `const e = require("cjs-pkg");`,
      `import fs from "node:fs";`,
      `import path from "path";`,
      `await context.addInitScript({ path: createRequire(import.meta.url).resolve("file-pkg/dist/x.js") });`,
      `const dir = path.resolve("public");`,
    ].join("\n");
    expect(importedSpecifiers(source).map(packageOf).filter(Boolean).sort()).toEqual(["@scope/pkg", "cjs-pkg", "file-pkg", "lazy-pkg", "left-pad", "side-effect"]);
  });

  it("declares every package the repository imports", () => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
    const declared = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.devDependencies ?? {})]);
    const files = [
      // Not this file: its own examples above are not imports.
      ...SOURCE_DIRS.flatMap((dir) => sourceFiles(path.join(ROOT, dir))).filter((file) => file !== __filename),
      ...readdirSync(ROOT).filter((name) => SOURCE_FILE.test(name) && !name.endsWith(".d.ts")).map((name) => path.join(ROOT, name)),
    ];
    expect(files.length).toBeGreaterThan(300);
    const undeclared = new Map<string, string>();
    for (const file of files) {
      for (const specifier of importedSpecifiers(readFileSync(file, "utf8"))) {
        const name = packageOf(specifier);
        if (name && !declared.has(name) && !undeclared.has(name)) undeclared.set(name, path.relative(ROOT, file));
      }
    }
    expect(Object.fromEntries(undeclared)).toEqual({});
  });
});
