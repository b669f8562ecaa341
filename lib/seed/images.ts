import { deflateSync } from "node:zlib";

/**
 * Tiny deterministic PNG placeholders for demo documents (an ID-card-like drawing), so the document
 * viewers have real image bytes to show without shipping photos of anyone.
 */

type Rgb = readonly [number, number, number];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let i = 0;
  for (let y = 0; y < height; y++) {
    raw[i++] = 0; // filter type: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      raw[i++] = r;
      raw[i++] = g;
      raw[i++] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk("IHDR", header), chunk("IDAT", deflateSync(raw, { level: 9 })), chunk("IEND", Buffer.alloc(0))]);
}

const PALETTE: readonly Rgb[] = [
  [0, 106, 78], // Bangladesh green
  [30, 90, 160],
  [150, 60, 40],
  [90, 70, 140],
  [40, 120, 130],
];

/**
 * A 240x150 card: coloured header band, a photo box on the left and text-like lines on the right.
 * `variant` picks the colour so different documents look different.
 */
export function placeholderCardPng(variant: number): Buffer {
  const accent = PALETTE[variant % PALETTE.length] ?? PALETTE[0]!;
  const width = 240;
  const height = 150;
  const paper: Rgb = [246, 243, 234];
  const ink: Rgb = [120, 120, 120];
  return encodePng(width, height, (x, y) => {
    if (x < 3 || y < 3 || x >= width - 3 || y >= height - 3) return accent;
    if (y < 30) return accent;
    if (x >= 14 && x < 74 && y >= 42 && y < 122) return [200, 205, 210];
    const line = (y - 46) % 16;
    if (x >= 88 && x < 88 + 120 - ((y * 7) % 40) && y >= 46 && y < 126 && line < 5) return ink;
    return paper;
  });
}

/** A 96x96 portrait-like placeholder (head and shoulders silhouette). */
export function placeholderPortraitPng(variant: number): Buffer {
  const accent = PALETTE[variant % PALETTE.length] ?? PALETTE[0]!;
  const size = 96;
  return encodePng(size, size, (x, y) => {
    const head = (x - 48) ** 2 + (y - 38) ** 2 < 18 ** 2;
    const shoulders = y > 64 && (x - 48) ** 2 / 36 ** 2 + (y - 100) ** 2 / 34 ** 2 < 1;
    return head || shoulders ? [235, 235, 235] : accent;
  });
}
