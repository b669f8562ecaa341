import "server-only";
import { updateTag } from "next/cache";
import { auditBy, writeAudit } from "@/lib/audit/service";
import { fail, ok, type ActionResult } from "@/lib/auth/action-result";
import type { StaffContext } from "@/lib/auth/guard";
import { prisma } from "@/lib/db";
import { getLendingRules } from "@/lib/lending-rules/queries";
import { withinRateCeiling } from "@/lib/loans/rates";
import { PRODUCTS_CACHE_TAG } from "./queries";
import type { ProductSettingsValues } from "./schemas";

/** Public pages that cache products drop them now, so the next visitor sees the edit. */
function productsChanged(): void {
  try {
    updateTag(PRODUCTS_CACHE_TAG);
  } catch {
    // Outside a server action (scripts, tests) there is no cache to update.
  }
}

/**
 * Saves one product's ranges, rate, features and badges. The update is guarded by the version the form
 * was loaded with, so of two staff saving at once the second is told to reload rather than overwrite.
 */
export async function updateProductSettings(ctx: StaffContext, input: ProductSettingsValues): Promise<ActionResult<{ version: string }>> {
  const result = await prisma.$transaction(async (tx) => {
    const before = await tx.loanProduct.findUnique({ where: { key: input.key } });
    if (!before) return fail<{ version: string }>("notFound");
    // The regulator's ceiling (the database refuses it too, should the rules change meanwhile).
    const { rateCeilingPercent } = await getLendingRules(tx);
    if (!withinRateCeiling(input.annualRate, rateCeilingPercent)) {
      return fail<{ version: string }>("validation", { reason: "rateAboveCeiling", fieldErrors: { annualRate: "rateAboveCeiling" } });
    }
    const now = new Date();
    const data = {
      minAmount: input.minAmount,
      maxAmount: input.maxAmount,
      minTenure: input.minTenure,
      maxTenure: input.maxTenure,
      annualRate: input.annualRate,
      featuresBn: input.featuresBn,
      featuresEn: input.featuresEn,
      badgeBn: input.badgeBn,
      badgeEn: input.badgeEn,
      updatedAt: now,
    };
    const { count } = await tx.loanProduct.updateMany({ where: { key: input.key, updatedAt: new Date(input.version) }, data });
    if (count !== 1) return fail<{ version: string }>("conflict", { reason: "stale" });
    await writeAudit(tx, {
      ...auditBy(ctx),
      action: "product.update",
      entityType: "LoanProduct",
      entityId: before.id,
      before: {
        minAmount: before.minAmount,
        maxAmount: before.maxAmount,
        minTenure: before.minTenure,
        maxTenure: before.maxTenure,
        annualRate: before.annualRate.toNumber(),
        featuresBn: before.featuresBn,
        featuresEn: before.featuresEn,
        badgeBn: before.badgeBn,
        badgeEn: before.badgeEn,
      },
      after: { ...data, updatedAt: undefined },
    });
    return ok({ version: now.toISOString() });
  });
  if (result.ok) productsChanged();
  return result;
}
