import { describe, expect, it } from "vitest";
import { chooseDatabase, PRODUCTION_WITHOUT_DATABASE } from "@/scripts/db/database-choice";

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
