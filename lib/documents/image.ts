/**
 * Card image checks. Pure (no server imports), so the upload widget can apply the same size rule
 * before sending, but the server never trusts that: it sniffs the bytes itself, whatever the
 * browser's type or the file name claim.
 */
import type { ImageErrorKey } from "@/lib/applications/types";

/** Spec: "Image size must be less than 5MB" (5 MiB, as the prototype computed it). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export type AcceptedImageType = (typeof ACCEPTED_IMAGE_TYPES)[number];

export type ImageCheckResult = { ok: true; mimeType: AcceptedImageType } | { ok: false; error: ImageErrorKey };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((b, i) => bytes[offset + i] === b);
}

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

/** The image type from the file's magic bytes, or null for anything else. */
export function sniffImageType(bytes: Uint8Array): AcceptedImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, PNG_SIGNATURE)) return "image/png";
  // RIFF <4-byte little-endian size> WEBP
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  return null;
}

/** Size allowed: strictly under the limit, as the spec's message says. */
export function isImageSizeAllowed(sizeBytes: number): boolean {
  return sizeBytes < MAX_IMAGE_BYTES;
}

/** Checks an image's bytes: present, small enough, and really a JPEG, PNG or WebP. */
export function checkImageBytes(bytes: Uint8Array): ImageCheckResult {
  if (bytes.length === 0) return { ok: false, error: "imageMissing" };
  if (!isImageSizeAllowed(bytes.length)) return { ok: false, error: "imageTooLarge" };
  const mimeType = sniffImageType(bytes);
  return mimeType ? { ok: true, mimeType } : { ok: false, error: "imageNotImage" };
}

/**
 * The browser's file name, reduced to something safe to show and store: no directories, no control
 * or markup characters, at most 120 characters. Letters of any script (Bengali names) are kept.
 * Returns null when nothing useful is left.
 */
export function sanitizeFileName(name: string | null | undefined): string | null {
  if (!name) return null;
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = base
    .normalize("NFC")
    .replace(/[^\p{L}\p{M}\p{N}._\- ()]+/gu, "_")
    .replace(/\s+/g, " ")
    .replace(/^[.\s]+/, "")
    .trim();
  if (!cleaned || /^_+$/.test(cleaned)) return null;
  return cleaned.length > 120 ? cleaned.slice(cleaned.length - 120) : cleaned;
}
