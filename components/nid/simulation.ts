import type { z } from "zod";
import type { simulatedNidResultSchema } from "@/lib/applications/schemas";

/**
 * The browser prototype's NID "verification", reproduced for PROTOTYPE_COMPAT only: a fixed wait,
 * a progress bar, a random failure and fabricated sample data. Nothing here reads the card.
 */
export type SimulatedNidResult = z.infer<typeof simulatedNidResultSchema>;

export const SIMULATION_DURATION_MS = 2500;
export const PROGRESS_STEP = 10;
export const PROGRESS_INTERVAL_MS = 200;
/** Progress stops here until the result arrives, then jumps to 100. */
export const PROGRESS_CAP = 90;
export const SIMULATED_FAILURE_RATE = 0.1;

const SAMPLE = {
  name: "মোহাম্মদ রহিম উদ্দিন",
  dateOfBirth: "1990-05-15",
  fatherName: "মোহাম্মদ করিম উদ্দিন",
  motherName: "রহিমা খাতুন",
  address: "বাড়ি ১২, রোড ৫, ধানমন্ডি, ঢাকা-১২০৫",
  bloodGroup: "B+",
} as const;

/** One simulated check: null about 10% of the time ("NID card not detected"), else sample data. */
export function simulateNidVerification(random: () => number = Math.random): SimulatedNidResult | null {
  if (random() < SIMULATED_FAILURE_RATE) return null;
  // A random 10-digit number (smart-card length) that does not start with 0.
  let nidNumber = String(1 + Math.floor(random() * 9));
  for (let i = 1; i < 10; i++) nidNumber += String(Math.floor(random() * 10));
  return {
    ...SAMPLE,
    nidNumber,
    confidence: 85 + Math.floor(random() * 15), // 85–99
  };
}
