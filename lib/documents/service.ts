import "server-only";
import { sha256Hex } from "@/lib/crypto/hash";
import type { DocumentKind, Prisma } from "@/lib/generated/prisma/client";
import type { CheckedImageUpload } from "./upload";


export type StoredDocumentSummary = { id: string; mimeType: string; sizeBytes: number; sha256: string };

/**
 * Stores a checked file as a StoredDocument inside the caller's transaction, so the document
 * exists exactly when the record pointing at it does.
 */
export async function createStoredDocument(
  tx: Prisma.TransactionClient,
  input: { kind: DocumentKind; file: CheckedImageUpload; uploadedById?: string | null; uploadedAt?: Date },
): Promise<StoredDocumentSummary> {
  const { file } = input;
  return tx.storedDocument.create({
    data: {
      kind: input.kind,
      bytes: file.bytes,
      mimeType: file.mimeType,
      sizeBytes: file.bytes.length,
      sha256: sha256Hex(file.bytes),
      originalName: file.originalName,
      uploadedById: input.uploadedById ?? null,
      uploadedAt: input.uploadedAt,
    },
    select: { id: true, mimeType: true, sizeBytes: true, sha256: true },
  });
}
