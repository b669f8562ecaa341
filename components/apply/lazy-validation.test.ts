import type { ResolverOptions } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { createLazyValidation } from "./lazy-validation";
import type { EmploymentInfoValues } from "./types";

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<EmploymentInfoValues>;
const settledWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((done) => setTimeout(() => done(false), ms))]);

describe("the wizard's lazily loaded validation", () => {
  it("waits until load() is called, then validates with the server's step schema", async () => {
    const validation = createLazyValidation();
    const resolve = validation.resolver<EmploymentInfoValues>((schemas) => schemas.employmentInfoSchema);
    const empty: EmploymentInfoValues = { employmentType: "", employer: "", monthlyIncome: "", existingLoans: "" };

    const pending = Promise.resolve(resolve(empty, undefined, options));
    expect(await settledWithin(pending, 200)).toBe(false); // nothing downloads before the first touch

    await validation.load();
    const refused = await pending;
    expect(Object.keys(refused.errors).sort()).toEqual(["employer", "employmentType", "monthlyIncome"]);
    expect(refused.errors.monthlyIncome?.message).toBe("required");

    const accepted = await resolve({ employmentType: "salaried", employer: "স্কয়ার", monthlyIncome: "৬০,০০০", existingLoans: "" }, undefined, options);
    expect(accepted.errors).toEqual({});
    expect(accepted.values).toMatchObject({ employmentType: "salaried", monthlyIncome: 60_000 });
  });
});
