import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { splitSqlScript } from "../../scripts/db/sql-script";

describe("splitSqlScript", () => {
  it("splits at statement ends only, keeping function bodies, strings, names and comments whole", () => {
    const script = `-- a comment; not a split
CREATE TABLE "a;b" ("x" TEXT DEFAULT 'it''s; fine');
CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'no; %', TG_OP;
END;
$$;
CREATE FUNCTION g() RETURNS int LANGUAGE sql AS $body$ SELECT 1; $body$;
/* block; comment */ SELECT 2;
-- trailing comment only`;
    expect(splitSqlScript(script)).toEqual([
      `-- a comment; not a split\nCREATE TABLE "a;b" ("x" TEXT DEFAULT 'it''s; fine')`,
      `CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$\nBEGIN\n  RAISE EXCEPTION 'no; %', TG_OP;\nEND;\n$$`,
      `CREATE FUNCTION g() RETURNS int LANGUAGE sql AS $body$ SELECT 1; $body$`,
      `/* block; comment */ SELECT 2`,
    ]);
  });

  it("keeps E'…' strings with backslash escapes and nested block comments whole", () => {
    expect(splitSqlScript("SELECT E'it\\'s; x'; /* a /* b; */ c; */ SELECT 1; SELECT 'a\\'; SELECT 2")).toEqual([
      "SELECT E'it\\'s; x'",
      "/* a /* b; */ c; */ SELECT 1",
      "SELECT 'a\\'",
      "SELECT 2",
    ]);
  });

  it("reads every migration in the folder as the naive split would where no statement holds a semicolon", () => {
    const dir = path.resolve(import.meta.dirname, "../../prisma/migrations");
    for (const name of readdirSync(dir).filter((n) => !n.endsWith(".toml"))) {
      const sql = readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      if (sql.includes("$$")) continue;
      const naive = sql.split(";").map((s) => s.trim()).filter((s) => s.replace(/--[^\n]*/g, "").trim());
      expect(splitSqlScript(sql), name).toEqual(naive);
    }
  });
});
