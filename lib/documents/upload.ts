import "server-only";
/**
 * Reads an uploaded card photo from form data: refused from its declared size before its bytes are
 * read, then decoded for real and re-encoded (upright, bounded, without metadata) by reencodeImage.
 */
import type { ImageErrorKey } from "@/lib/applications/types";
import { CARD_PHOTO_MAX_SIDE, type CheckedImageUpload } from "./image";
import { reencodeImage } from "./reencode";

export type { CheckedImageUpload } from "./image";

export type ImageUploadResult = { ok: true; image: CheckedImageUpload } | { ok: false; error: ImageErrorKey };

/** A card photo as stored: JPEG (what OCR and every viewer read), long side at most CARD_PHOTO_MAX_SIDE. */
export async function readImageUpload(value: FormDataEntryValue | null | undefined): Promise<ImageUploadResult> {
  // A string (e.g. a data URL pasted into the field) is not a file upload.
  if (value === null || value === undefined || typeof value === "string") return { ok: false, error: "imageMissing" };
  return reencodeImage(value, { maxSide: CARD_PHOTO_MAX_SIDE, format: "jpeg", quality: 85 });
}
