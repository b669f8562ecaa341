import "server-only";
import { z } from "zod";
import { prisma } from "@/lib/db";
import type { JobHandler } from "@/lib/jobs/queue";
import { recomputeKycChecks } from "./service";

const payloadSchema = z.object({ documentId: z.string().min(1) });

/**
 * The "kyc.ocr" job: reads a KYC document's card photo on this server (no outside service), stores the text,
 * the fields and the confidence, and recomputes the case's checks. Idempotent: a document already read is
 * left alone. After the last failed attempt the document is marked unreadable, so its checks stop waiting.
 * Reading never verifies anything: that stays the officer's decision.
 */
export const processKycOcrJob: JobHandler = async (payload, attempt) => {
  const { documentId } = payloadSchema.parse(payload);
  const doc = await prisma.kycDocument.findUnique({
    where: { id: documentId },
    select: { id: true, caseId: true, ocrReadAt: true, frontImage: { select: { bytes: true } } },
  });
  if (!doc || doc.ocrReadAt) return;
  try {
    // Loaded on first use: tesseract stays out of every module that only queues jobs.
    const { readNidCard } = await import("./ocr/engine");
    const reading = await readNidCard(new Uint8Array(doc.frontImage.bytes));
    await prisma.$transaction(async (tx) => {
      const stored = await tx.kycDocument.updateMany({
        where: { id: doc.id, ocrReadAt: null },
        data: { ocrText: reading.text, extractedData: reading.fields, ocrConfidence: reading.confidence, ocrReadAt: new Date() },
      });
      if (stored.count === 1) await recomputeKycChecks(tx, doc.caseId);
    });
  } catch (error) {
    // A server stopping mid-read handed the job back: the card is not given up on.
    if (attempt.lastAttempt && !attempt.signal?.aborted) {
      await prisma.$transaction(async (tx) => {
        const marked = await tx.kycDocument.updateMany({ where: { id: doc.id, ocrReadAt: null }, data: { ocrReadAt: new Date() } });
        if (marked.count === 1) await recomputeKycChecks(tx, doc.caseId);
      });
    }
    throw error;
  }
};
