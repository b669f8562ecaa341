/**
 * Submissions as the wizard sends them (raw form values as typed, plus a card image), for the
 * application integration tests and the submission benchmark.
 */
import { randomBytes, randomUUID } from "node:crypto";

/** A JPEG-signed file of `size` bytes (random content after the JFIF header, EOI marker at the end). */
export function fakeJpeg(size = 100 * 1024): Uint8Array<ArrayBuffer> {
  const header = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00];
  const bytes = new Uint8Array(size);
  bytes.set(randomBytes(size));
  bytes.set(header);
  bytes.set([0xff, 0xd9], size - 2);
  return bytes;
}

export type RawApplicationPayload = Record<string, unknown>;

/** A valid salary-loan application, typed the way a Bengali user would type it. */
export function validPayload(overrides: RawApplicationPayload = {}): RawApplicationPayload {
  return {
    loanType: "salary",
    amount: "২,০০,০০০",
    tenure: "24",
    purpose: "বাড়ি মেরামত",
    name: "রহিমা বেগম",
    phone: "01712-345678",
    email: "",
    dob: "1990-05-17",
    nid: "১২৩৪৫৬৭৮৯০",
    address: "বাড়ি ১২, রোড ৫, মিরপুর, ঢাকা",
    nidCardCaptured: true,
    employmentType: "salaried",
    employer: "স্কয়ার টেক্সটাইলস",
    monthlyIncome: "৬০,০০০",
    existingLoans: "",
    language: "bn",
    idempotencyKey: randomUUID(),
    ...overrides,
  };
}

export function submissionForm(
  payload: RawApplicationPayload | string,
  image: Blob | null = new File([fakeJpeg(20 * 1024)], "nid-front.jpg", { type: "image/jpeg" }),
): FormData {
  const form = new FormData();
  form.set("payload", typeof payload === "string" ? payload : JSON.stringify(payload));
  if (image) form.set("nidImage", image);
  return form;
}

/** A distinct client address per call, so tests do not share rate-limit buckets by accident. */
export function freshIp(): string {
  const b = randomBytes(4);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}
