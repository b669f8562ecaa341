import { describe, expect, it } from "vitest";
import { chooseDatabase, chooseTestDatabase, NO_TEST_DATABASE, PRODUCTION_WITHOUT_DATABASE } from "@/scripts/db/database-choice";

describe("chooseDatabase", () => {
  it("serves DATABASE_URL whenever it is set", () => {
    expect(chooseDatabase({ DATABASE_URL: "postgresql://db/app" }, "production")).toEqual({ kind: "server", url: "postgresql://db/app" });
    expect(chooseDatabase({ DATABASE_URL: "postgresql://db/app", EMBEDDED_DATABASE: "1" }, "development")).toEqual({ kind: "server", url: "postgresql://db/app" });
  });

  it("falls back to the embedded demo database in development only", () => {
    expect(chooseDatabase({}, "development")).toEqual({ kind: "embedded" });
    expect(chooseDatabase({}, "test")).toEqual({ kind: "embedded" });
  });

  it("refuses a production start without a database unless EMBEDDED_DATABASE=1 asks for the embedded one", () => {
    expect(chooseDatabase({}, "production")).toEqual({ kind: "refused", message: PRODUCTION_WITHOUT_DATABASE });
    expect(chooseDatabase({ EMBEDDED_DATABASE: "true" }, "production").kind).toBe("refused");
    expect(chooseDatabase({ DATABASE_URL: "" }, "production").kind).toBe("refused");
    expect(chooseDatabase({ EMBEDDED_DATABASE: "1" }, "production")).toEqual({ kind: "embedded" });
  });
});

describe("chooseTestDatabase", () => {
  const bin = "/usr/lib/postgresql/15/bin";

  it("uses TEST_DATABASE_URL whenever it is set, installed binaries or not", () => {
    expect(chooseTestDatabase({ TEST_DATABASE_URL: "postgresql://db/postgres" }, bin)).toEqual({ kind: "external", url: "postgresql://db/postgres" });
    expect(chooseTestDatabase({ TEST_DATABASE_URL: "postgresql://db/postgres" }, undefined)).toEqual({ kind: "external", url: "postgresql://db/postgres" });
  });

  it("otherwise makes a throwaway cluster with the installed server binaries", () => {
    expect(chooseTestDatabase({}, bin)).toEqual({ kind: "cluster", binDir: bin });
    expect(chooseTestDatabase({ TEST_DATABASE_URL: "" }, bin)).toEqual({ kind: "cluster", binDir: bin });
  });

  it("stops with neither, naming what to install, and never falls back to the embedded database", () => {
    expect(chooseTestDatabase({}, undefined)).toEqual({ kind: "missing", message: NO_TEST_DATABASE });
    // DATABASE_URL is the app's database, never a test server's.
    expect(chooseTestDatabase({ DATABASE_URL: "postgresql://db/app", EMBEDDED_DATABASE: "1" }, undefined).kind).toBe("missing");
    expect(NO_TEST_DATABASE).toContain("apt-get install -y postgresql");
    expect(NO_TEST_DATABASE).toContain("TEST_DATABASE_URL=");
  });
});
