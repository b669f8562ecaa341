/**
 * A chosen card photo made ready for upload, in the browser. Phone cameras write 4,000 px photos of
 * 5–12 MB: above the 5 MB limit, and far more than a slow mobile connection should carry. Such a photo is
 * decoded (upright, from its EXIF orientation), drawn at most CARD_PHOTO_MAX_SIDE on its long side and
 * encoded as JPEG. A photo already small enough goes as it is: the server decodes and re-encodes every
 * photo anyway, so nothing here is trusted.
 */
import { CARD_PHOTO_MAX_SIDE, MAX_IMAGE_BYTES } from "@/lib/documents/image";

export type PreparedPhoto = { ok: true; image: Blob } | { ok: false; error: "heicUnsupported" | "imageNotImage" | "imageTooLarge" };

/** Below this a photo of at most CARD_PHOTO_MAX_SIDE is sent unchanged. */
const SMALL_PHOTO_BYTES = 1.5 * 1024 * 1024;
const JPEG_QUALITY = 0.88;

/** An iPhone (or some Android) photo in HEIC/HEIF, which most browsers other than Safari cannot decode. */
export function looksLikeHeic(file: { type: string; name?: string }): boolean {
  return /^image\/hei[cf]/i.test(file.type) || /\.hei[cf]$/i.test(file.name ?? "");
}

export async function preparePhoto(file: File): Promise<PreparedPhoto> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    if (looksLikeHeic(file)) return { ok: false, error: "heicUnsupported" };
    // This browser cannot decode it: a file under the limit still goes to the server, which has the last word.
    return file.size < MAX_IMAGE_BYTES ? { ok: true, image: file } : { ok: false, error: "imageTooLarge" };
  }
  try {
    const longSide = Math.max(bitmap.width, bitmap.height);
    if (longSide <= CARD_PHOTO_MAX_SIDE && file.size <= SMALL_PHOTO_BYTES) return { ok: true, image: file };
    const scale = Math.min(1, CARD_PHOTO_MAX_SIDE / longSide);
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext("2d");
    if (!context) return { ok: false, error: "imageNotImage" };
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", JPEG_QUALITY));
    if (!blob) return { ok: false, error: "imageNotImage" };
    if (blob.size >= MAX_IMAGE_BYTES) return { ok: false, error: "imageTooLarge" };
    return { ok: true, image: new File([blob], `${file.name.replace(/\.[^.]*$/, "") || "nid"}.jpg`, { type: "image/jpeg" }) };
  } finally {
    bitmap.close();
  }
}
