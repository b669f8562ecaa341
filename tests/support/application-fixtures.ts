/**
 * Submissions as the wizard sends them (raw form values as typed, plus a card photo), for the
 * application integration tests and the submission benchmark.
 */
import { randomBytes, randomUUID } from "node:crypto";

/** A real 64 × 40 JPEG (287 bytes), made once with sharp. */
const SMALL_JPEG = Buffer.from(
  "/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAoAEADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFgEBAQEAAAAAAAAAAAAAAAAAAAQH/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwDAQACEQMRAD8AnARM4AAAAAAAAAAAAAAAAAAAAAAf/9k=",
  "base64",
);
/** The largest APPn segment: 2 length bytes count themselves, so 65,533 bytes of content. */
const MAX_SEGMENT = 0xffff + 2;

/**
 * A real, decodable JPEG of exactly `size` bytes: SMALL_JPEG with APP15 segments of random content after
 * its start marker (decoders skip application segments), for size limits and load without faking the format.
 */
export function cardJpeg(size = 100 * 1024): Uint8Array<ArrayBuffer> {
  if (size < SMALL_JPEG.length) throw new Error(`A JPEG needs at least ${SMALL_JPEG.length} bytes`);
  const segments: Buffer[] = [];
  let missing = size - SMALL_JPEG.length;
  while (missing > 0) {
    // Each segment is at least 4 bytes (marker and length): leave no remainder of 1-3 bytes.
    let length = Math.min(missing, MAX_SEGMENT);
    if (missing - length > 0 && missing - length < 4) length -= 4;
    if (length < 4) throw new Error(`No JPEG of exactly ${size} bytes this way`);
    const segment = Buffer.alloc(length);
    segment[0] = 0xff;
    segment[1] = 0xef;
    segment.writeUInt16BE(length - 2, 2);
    randomBytes(length - 4).copy(segment, 4);
    segments.push(segment);
    missing -= length;
  }
  const bytes = new Uint8Array(size);
  bytes.set(Buffer.concat([SMALL_JPEG.subarray(0, 2), ...segments, SMALL_JPEG.subarray(2)]));
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
  image: Blob | null = new File([cardJpeg(20 * 1024)], "nid-front.jpg", { type: "image/jpeg" }),
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
