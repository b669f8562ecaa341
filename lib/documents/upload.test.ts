import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { CARD_PHOTO_MAX_SIDE, MAX_IMAGE_BYTES } from "./image";
import { readImageUpload } from "./upload";

const photo = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: "#3a7" } });
const file = (bytes: Uint8Array | Buffer, name = "card.jpg", type = "image/jpeg") => new File([new Uint8Array(bytes)], name, { type });

describe("readImageUpload (card photos)", () => {
  it("refuses what only looks like an image: forged magic bytes, a PNG signature before junk, a truncated JPEG, renamed text", async () => {
    const real = await photo(800, 500).jpeg().toBuffer();
    const forgedJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from("<html><script>alert(1)</script></html>")]);
    const pngThenJunk = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2000, 0x41)]);
    for (const bytes of [forgedJpeg, pngThenJunk, real.subarray(0, Math.floor(real.length / 2)), Buffer.from("This is a text file, not a photo.")]) {
      expect(await readImageUpload(file(bytes))).toEqual({ ok: false, error: "imageNotImage" });
    }
  });

  it("refuses a missing, empty, string or oversized field (the size before reading the bytes)", async () => {
    expect(await readImageUpload(null)).toEqual({ ok: false, error: "imageMissing" });
    expect(await readImageUpload(undefined)).toEqual({ ok: false, error: "imageMissing" });
    expect(await readImageUpload("data:image/jpeg;base64,/9j/4AAQ")).toEqual({ ok: false, error: "imageMissing" });
    expect(await readImageUpload(file(new Uint8Array()))).toEqual({ ok: false, error: "imageMissing" });
    expect(await readImageUpload(file(new Uint8Array(MAX_IMAGE_BYTES)))).toEqual({ ok: false, error: "imageTooLarge" });
  });

  it("stores a phone photo upright, at most 2,000 px, as JPEG, without EXIF (GPS position, camera)", async () => {
    // 4,000 × 3,000 as the sensor wrote it, with "rotate 90°" in its EXIF and a GPS position.
    const fromPhone = await photo(4000, 3000)
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Make: "PhoneMaker" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "23/1 48/1 0/1" } })
      .jpeg()
      .toBuffer();
    expect((await sharp(fromPhone).metadata()).exif).toBeDefined();
    const result = await readImageUpload(file(fromPhone, "IMG_2041.JPG"));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.image).toMatchObject({ mimeType: "image/jpeg", originalName: "IMG_2041.JPG" });
    const stored = await sharp(Buffer.from(result.image.bytes)).metadata();
    expect(stored).toMatchObject({ format: "jpeg", width: 1500, height: CARD_PHOTO_MAX_SIDE });
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    expect(Buffer.from(result.image.bytes).includes("PhoneMaker")).toBe(false);
  });

  it("re-encodes PNG and WebP as JPEG, keeps small photos at their size, and drops anything appended to an image", async () => {
    for (const [bytes, name] of [[await photo(640, 400).png().toBuffer(), "card.png"], [await photo(640, 400).webp().toBuffer(), "card"]] as const) {
      const result = await readImageUpload(file(bytes, name, ""));
      expect(result.ok && result.image.mimeType).toBe("image/jpeg");
      if (result.ok) expect(await sharp(Buffer.from(result.image.bytes)).metadata()).toMatchObject({ format: "jpeg", width: 640, height: 400 });
    }
    // A real image with a page appended: what is stored is the pixels, not the page.
    const carrier = Buffer.concat([await photo(300, 200).jpeg().toBuffer(), Buffer.from("<html><script>alert(1)</script></html>")]);
    const result = await readImageUpload(file(carrier));
    expect(result.ok).toBe(true);
    if (result.ok) expect(Buffer.from(result.image.bytes).includes("<script>")).toBe(false);
  });

  it("keeps a cleaned file name", async () => {
    const result = await readImageUpload(file(await photo(100, 60).jpeg().toBuffer(), "../../etc/<nid>.jpg"));
    expect(result.ok && result.image.originalName).toBe("_nid_.jpg");
  });
});
