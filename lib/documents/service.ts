import "server-only";
import { randomToken, sha256Hex } from "@/lib/crypto/hash";
import { prisma } from "@/lib/db";
import type { DocumentKind, Prisma } from "@/lib/generated/prisma/client";
import type { AcceptedImageType } from "./image";
import type { CheckedImageUpload } from "./upload";

/** How long a checked card photo waits for its submission (steps 3 and 4 of the wizard, a slow connection). */
export const PENDING_UPLOAD_TTL_MS = 2 * 60 * 60 * 1000;

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

/**
 * Holds a checked photo for a later submission and answers the token that names it. Expired photos of
 * anyone are swept first, so the table holds at most a couple of hours of checks.
 */
export async function holdPendingUpload(file: CheckedImageUpload, now = new Date()): Promise<string> {
  const token = randomToken();
  await prisma.$transaction([
    prisma.pendingUpload.deleteMany({ where: { expiresAt: { lt: now } } }),
    prisma.pendingUpload.create({
      data: { tokenHash: sha256Hex(token), bytes: file.bytes, mimeType: file.mimeType, originalName: file.originalName, createdAt: now, expiresAt: new Date(now.getTime() + PENDING_UPLOAD_TTL_MS) },
      select: { tokenHash: true },
    }),
  ]);
  return token;
}

/**
 * The held photo for `token`, taken inside the caller's transaction (deleted, so one photo serves one
 * application; of two submissions racing with one token, one gets it), or null when unknown or expired.
 */
export async function takePendingUpload(tx: Prisma.TransactionClient, token: string, now = new Date()): Promise<CheckedImageUpload | null> {
  // DELETE … RETURNING: reading and taking in one statement (Prisma has no deleteManyAndReturn).
  const [taken] = await tx.$queryRaw<{ bytes: Uint8Array; mimeType: string; originalName: string | null }[]>`
    DELETE FROM "PendingUpload" WHERE "tokenHash" = ${sha256Hex(token)} AND "expiresAt" >= ${now}
    RETURNING "bytes", "mimeType", "originalName"`;
  if (!taken) return null;
  return { bytes: new Uint8Array(taken.bytes) as Uint8Array<ArrayBuffer>, mimeType: taken.mimeType as AcceptedImageType, originalName: taken.originalName };
}
