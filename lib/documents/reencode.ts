import "server-only";
import sharp from "sharp";
import type { ImageErrorKey } from "@/lib/applications/types";
import { isImageSizeAllowed, sanitizeFileName, type CheckedImageUpload } from "./image";

export type ReencodeOptions = { maxSide: number; square?: boolean; quality?: number; format?: "webp" | "jpeg" };

/**
 * Decodes an uploaded image for real (a file that only starts like a JPEG or PNG is refused), turns it
 * upright from its EXIF orientation, bounds its size and re-encodes it as WebP (or JPEG) without any
 * metadata (no GPS position, no camera serial). Only the re-encoded bytes are ever stored.
 */
export async function reencodeImage(
  file: Blob,
  options: ReencodeOptions,
): Promise<{ ok: true; image: CheckedImageUpload } | { ok: false; error: ImageErrorKey }> {
  if (file.size === 0) return { ok: false, error: "imageMissing" };
  if (!isImageSizeAllowed(file.size)) return { ok: false, error: "imageTooLarge" };
  try {
    const input = Buffer.from(await file.arrayBuffer());
    const pipeline = sharp(input, { failOn: "error", limitInputPixels: 50_000_000 }).rotate();
    const resized = options.square
      ? pipeline.resize(options.maxSide, options.maxSide, { fit: "cover" })
      : pipeline.resize(options.maxSide, options.maxSide, { fit: "inside", withoutEnlargement: true });
    const format = options.format ?? "webp";
    const output = await (format === "jpeg" ? resized.jpeg({ quality: options.quality ?? 85 }) : resized.webp({ quality: options.quality ?? 80 })).toBuffer();
    const bytes = new Uint8Array(output.buffer.slice(output.byteOffset, output.byteOffset + output.byteLength)) as Uint8Array<ArrayBuffer>;
    const name = "name" in file && typeof file.name === "string" ? file.name : null;
    return { ok: true, image: { bytes, mimeType: format === "jpeg" ? "image/jpeg" : "image/webp", originalName: sanitizeFileName(name) } };
  } catch {
    return { ok: false, error: "imageNotImage" };
  }
}
