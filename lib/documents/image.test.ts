import { describe, expect, it } from "vitest";
import { isImageSizeAllowed, MAX_IMAGE_BYTES, sanitizeFileName } from "./image";

describe("the size limit", () => {
  it("puts the limit at 5 MiB, strictly under it allowed", () => {
    expect(MAX_IMAGE_BYTES).toBe(5_242_880);
    expect(isImageSizeAllowed(5_242_879)).toBe(true);
    expect(isImageSizeAllowed(5_242_880)).toBe(false);
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
