import { getTranslations } from "next-intl/server";
import { requireRoutePermission } from "@/lib/auth/guard";
import { exportBlacklist } from "@/lib/blacklist/queries";
import { csvResponse, toCsv } from "@/lib/csv";
import { dhakaToday, formatDateTime, formatPhone } from "@/lib/format";

/** The blacklist as CSV, in the import's own columns first (kind, value, reason), so a file can go back in. */
export async function GET() {
  const ctx = await requireRoutePermission("settings.blacklist", "/admin/api/blacklist/export");
  if (ctx instanceof Response) return ctx;
  const t = await getTranslations("adminBlacklist");
  const rows: (string | null)[][] = [["kind", "value", "reason", t("csv.addedBy"), t("csv.added")]];
  for (const entry of await exportBlacklist()) {
    // "01712-345678": a leading "+" would be quoted as a formula; the import reads this form back.
    rows.push([entry.kind, entry.kind === "phone" ? formatPhone(entry.value) : entry.value, entry.reason, entry.addedBy?.name ?? null, formatDateTime(entry.createdAt, "en")]);
  }
  return csvResponse(toCsv(rows), `blacklist-${dhakaToday()}.csv`);
}
