import { describe, expect, it } from "vitest";
import { simulatedNidResultSchema } from "@/lib/applications/schemas";
import { simulateNidVerification } from "./simulation";

/** A scripted Math.random. */
function sequence(...values: number[]): () => number {
  let i = 0;
  return () => values[i++ % values.length]!;
}

describe("simulateNidVerification (PROTOTYPE_COMPAT only)", () => {
  it("fails when the first draw is under 10%", () => {
    expect(simulateNidVerification(sequence(0.05))).toBeNull();
    expect(simulateNidVerification(sequence(0.0999))).toBeNull();
  });

  it("returns sample data the server accepts, a 10-digit NID and confidence 85-99", () => {
    const low = simulateNidVerification(sequence(0.5, 0));
    expect(low).not.toBeNull();
    expect(low!.nidNumber).toMatch(/^[1-9]\d{9}$/);
    expect(low!.confidence).toBe(85);
    expect(simulatedNidResultSchema.safeParse(low).success).toBe(true);

    const high = simulateNidVerification(sequence(0.5, 0.9999));
    expect(high!.confidence).toBe(99);
  });

  it("fails about one time in ten", () => {
    let failures = 0;
    for (let i = 0; i < 5000; i++) if (simulateNidVerification() === null) failures++;
    expect(failures / 5000).toBeGreaterThan(0.07);
    expect(failures / 5000).toBeLessThan(0.13);
  });
});
