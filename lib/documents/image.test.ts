import { describe, expect, it } from "vitest";
import { checkImageBytes, isImageSizeAllowed, MAX_IMAGE_BYTES, sanitizeFileName, sniffImageType } from "./image";
import { readImageUpload } from "./upload";

const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]);
const WEBP = new TextEncoder().encode("RIFF\x24\x00\x00\x00WEBPVP8 ");
const TEXT = new TextEncoder().encode("This is a text file, not a photo of a card.");

/** `size` bytes starting with `head`. */
function padded(head: Uint8Array, size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set(head);
  return bytes;
}

describe("sniffImageType", () => {
  it("recognizes JPEG, PNG and WebP by their magic bytes", () => {
    expect(sniffImageType(JPEG)).toBe("image/jpeg");
    expect(sniffImageType(PNG)).toBe("image/png");
    expect(sniffImageType(WEBP)).toBe("image/webp");
  });

  it("refuses everything else, including near misses", () => {
    expect(sniffImageType(TEXT)).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
    expect(sniffImageType(Uint8Array.from([0xff, 0xd8]))).toBeNull(); // truncated JPEG marker
    expect(sniffImageType(PNG.slice(0, 7))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode("RIFF\x24\x00\x00\x00WAVEfmt "))).toBeNull(); // audio, not WebP
    expect(sniffImageType(new TextEncoder().encode("GIF89a......"))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode("%PDF-1.7\n"))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
  });
});

describe("checkImageBytes", () => {
  it("accepts an image under 5 MB and reports the detected type", () => {
    expect(checkImageBytes(padded(JPEG, 100_000))).toEqual({ ok: true, mimeType: "image/jpeg" });
    expect(checkImageBytes(padded(PNG, MAX_IMAGE_BYTES - 1))).toEqual({ ok: true, mimeType: "image/png" });
  });

  it("refuses an empty file, a file of 5 MB or more, and a non-image", () => {
    expect(checkImageBytes(new Uint8Array())).toEqual({ ok: false, error: "imageMissing" });
    expect(checkImageBytes(padded(JPEG, MAX_IMAGE_BYTES))).toEqual({ ok: false, error: "imageTooLarge" });
    expect(checkImageBytes(padded(JPEG, 6 * 1024 * 1024))).toEqual({ ok: false, error: "imageTooLarge" });
    expect(checkImageBytes(TEXT)).toEqual({ ok: false, error: "imageNotImage" });
  });

  it("puts the limit at 5 MiB", () => {
    expect(MAX_IMAGE_BYTES).toBe(5_242_880);
    expect(isImageSizeAllowed(5_242_879)).toBe(true);
    expect(isImageSizeAllowed(5_242_880)).toBe(false);
  });
});

describe("readImageUpload", () => {
  it("trusts the bytes, not the browser's type or name", async () => {
    const renamedText = new File([TEXT], "nid.jpg", { type: "image/jpeg" });
    expect(await readImageUpload(renamedText)).toEqual({ ok: false, error: "imageNotImage" });

    const pngCalledJpeg = new File([PNG], "card.jpg", { type: "image/jpeg" });
    const result = await readImageUpload(pngCalledJpeg);
    expect(result.ok && result.image.mimeType).toBe("image/png");

    const untyped = new File([WEBP], "photo", { type: "" });
    const webp = await readImageUpload(untyped);
    expect(webp.ok && webp.image.mimeType).toBe("image/webp");
  });

  it("refuses a missing, empty, string or oversized field", async () => {
    expect(await readImageUpload(null)).toEqual({ ok: false, error: "imageMissing" });
    expect(await readImageUpload(undefined)).toEqual({ ok: false, error: "imageMissing" });
    expect(await readImageUpload("data:image/jpeg;base64,/9j/4AAQ")).toEqual({ ok: false, error: "imageMissing" });
    expect(await readImageUpload(new File([], "empty.jpg", { type: "image/jpeg" }))).toEqual({ ok: false, error: "imageMissing" });
    const big = new File([padded(JPEG, 6 * 1024 * 1024)], "big.jpg", { type: "image/jpeg" });
    expect(await readImageUpload(big)).toEqual({ ok: false, error: "imageTooLarge" });
  });

  it("keeps the bytes and a cleaned name", async () => {
    const result = await readImageUpload(new File([JPEG], "../../etc/<nid>.jpg", { type: "image/jpeg" }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(Array.from(result.image.bytes)).toEqual(Array.from(JPEG));
    expect(result.image.originalName).toBe("_nid_.jpg");
  });
});

describe("sanitizeFileName", () => {
  it("drops directories and unsafe characters, keeps letters of any script", () => {
    expect(sanitizeFileName("C:\\Users\\rahim\\Pictures\\nid front.jpg")).toBe("nid front.jpg");
    expect(sanitizeFileName("জাতীয় পরিচয়পত্র.png")).toBe("জাতীয় পরিচয়পত্র.png");
    expect(sanitizeFileName("a\u0000b\u202e.jpg")).toBe("a_b_.jpg");
    expect(sanitizeFileName(".hidden.jpg")).toBe("hidden.jpg");
  });

  it("returns null when nothing is left, and shortens long names", () => {
    expect(sanitizeFileName("")).toBeNull();
    expect(sanitizeFileName(null)).toBeNull();
    expect(sanitizeFileName("///")).toBeNull();
    expect(sanitizeFileName("<>")).toBeNull();
    expect(sanitizeFileName(`${"x".repeat(300)}.jpg`)?.length).toBe(120);
    expect(sanitizeFileName(`${"x".repeat(300)}.jpg`)?.endsWith(".jpg")).toBe(true);
  });
});
