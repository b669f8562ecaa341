import type { DocumentKind, Prisma } from "../generated/prisma/client";
import { placeholderCardPng, placeholderPortraitPng } from "./images";
import { demoId, sha256Hex } from "./support";

/** Collects the demo's stored documents (placeholder PNGs) so they can be inserted in one go. */
export class DemoDocuments {
  readonly rows: Prisma.StoredDocumentCreateManyInput[] = [];

  /** Adds a placeholder image and returns its id. `label` must be unique within the demo. */
  add(label: string, kind: DocumentKind, uploadedAt: Date, uploadedById: string | null = null): string {
    const variant = this.rows.length;
    const bytes = kind === "member_photo" || kind === "worker_photo" || kind === "selfie_with_nid"
      ? placeholderPortraitPng(variant)
      : placeholderCardPng(variant);
    const id = demoId(`document:${label}`);
    this.rows.push({
      id,
      kind,
      bytes: new Uint8Array(bytes),
      mimeType: "image/png",
      sizeBytes: bytes.length,
      sha256: sha256Hex(bytes),
      originalName: uploadedById ? `${label.replace(/[^a-z0-9]+/gi, "-")}.png` : null,
      uploadedAt,
      uploadedById,
    });
    return id;
  }
}
