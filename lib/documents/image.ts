/**
 * Image rules shared by the upload widgets and the server (pure, no server imports). The server never
 * trusts the browser's type or file name: it decodes every image itself (`reencode.ts`).
 */
/** Spec: "Image size must be less than 5MB" (5 MiB, as the prototype computed it). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/**
 * The long side of a stored card photo: enough to read every line of an NID card, a fraction of a phone
 * camera's 4,000 px. The browser shrinks larger photos to it before upload, the server re-encodes to it.
 */
export const CARD_PHOTO_MAX_SIDE = 2000;

export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export type AcceptedImageType = (typeof ACCEPTED_IMAGE_TYPES)[number];

/** An uploaded image as the server re-encoded it (`reencode.ts`); only these bytes are ever stored. */
export type CheckedImageUpload = {
  bytes: Uint8Array<ArrayBuffer>;
  /** The type of `bytes` as this server encoded (or sniffed) them, never the browser's claim. */
  mimeType: AcceptedImageType;
  originalName: string | null;
};

/** Size allowed: strictly under the limit, as the spec's message says. */
export function isImageSizeAllowed(sizeBytes: number): boolean {
  return sizeBytes < MAX_IMAGE_BYTES;
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
