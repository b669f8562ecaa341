/**
 * Reads an uploaded card image from form data and checks it, without storing anything.
 * A file over the limit is refused from its declared size before its bytes are read.
 */
import type { ImageErrorKey } from "@/lib/applications/types";
import { checkImageBytes, isImageSizeAllowed, sanitizeFileName, type AcceptedImageType } from "./image";

export type CheckedImageUpload = {
  bytes: Uint8Array<ArrayBuffer>;
  /** Sniffed from the bytes, never the browser's claim. */
  mimeType: AcceptedImageType;
  originalName: string | null;
};

export type ImageUploadResult = { ok: true; image: CheckedImageUpload } | { ok: false; error: ImageErrorKey };

export async function readImageUpload(value: FormDataEntryValue | null | undefined): Promise<ImageUploadResult> {
  // A string (e.g. a data URL pasted into the field) is not a file upload.
  if (value === null || value === undefined || typeof value === "string") return { ok: false, error: "imageMissing" };
  if (value.size === 0) return { ok: false, error: "imageMissing" };
  if (!isImageSizeAllowed(value.size)) return { ok: false, error: "imageTooLarge" };
  const bytes = new Uint8Array(await value.arrayBuffer());
  const checked = checkImageBytes(bytes);
  if (!checked.ok) return checked;
  return { ok: true, image: { bytes, mimeType: checked.mimeType, originalName: sanitizeFileName(value.name) } };
}
