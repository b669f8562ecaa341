import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { ListTable } from "@/components/admin/list-parts";
import { NoticeRegion } from "@/components/admin/notices";
import { ApproveTransferButton, RejectTransferDialog } from "@/components/admin/offices/transfer-forms";
import { PageHeader } from "@/components/admin/page-header";
import { StatusPill } from "@/components/admin/status-pill";
import { ClientMessages } from "@/components/i18n/client-messages";
import { TableCell, TableRow } from "@/components/ui/table";
import type { Locale } from "@/i18n/config";
import { requirePermission } from "@/lib/auth/guard";
import { formatDateTime } from "@/lib/format";
import { listTransfers } from "@/lib/offices/transfer-queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminTransfers"))("metaTitle") };
}

const TONE = { requested: "yellow", completed: "green", rejected: "grey" } as const;

/** Customers' transfers between branches (decision 0258) that concern the staff member's branches: approve or reject. */
export default async function TransfersPage() {
  const ctx = await requirePermission("customers.transfer", "/admin/transfers");
  const [t, locale, transfers] = await Promise.all([getTranslations("adminTransfers"), getLocale() as Promise<Locale>, listTransfers(ctx.scope)]);
  const nameOf = (o: { code: string; nameBn: string; nameEn: string }) => `${o.code} · ${locale === "bn" ? o.nameBn : o.nameEn}`;
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      {transfers.length === 0 ? (
        <p className="rounded-md border bg-background p-4 text-sm text-muted-foreground" data-testid="transfers-empty">
          {t("empty")}
        </p>
      ) : (
        <ListTable testId="transfers-table" columns={[t("columns.customer"), t("columns.move"), t("columns.reason"), t("columns.approvals"), t("columns.status"), t("columns.actions")]}>
          <ClientMessages namespaces={["adminTransfers", "adminCommon", "validation"]}>
            {transfers.map((row) => (
              <TableRow key={row.id} data-testid="transfer-row" data-customer={row.customer.userNumber}>
                <TableCell>
                  <span className="font-medium">{row.customer.name}</span>
                  <span className="block font-mono text-xs text-muted-foreground">{row.customer.userNumber}</span>
                </TableCell>
                <TableCell className="text-sm">
                  {nameOf(row.fromBranch)} → {nameOf(row.toBranch)}
                  <span className="block text-xs text-muted-foreground">{t("requestedBy", { name: row.requestedBy, at: formatDateTime(row.createdAt, locale) })}</span>
                </TableCell>
                <TableCell className="max-w-xs text-sm">
                  {row.reason}
                  {row.rejectionReason ? <span className="block text-xs text-muted-foreground">{t("rejectedBecause", { name: row.rejectedBy ?? "—", reason: row.rejectionReason })}</span> : null}
                </TableCell>
                <TableCell className="text-xs">
                  <span className="block">{t("fromSide", { name: row.fromApprovedBy ?? t("waiting") })}</span>
                  <span className="block">{t("toSide", { name: row.toApprovedBy ?? t("waiting") })}</span>
                </TableCell>
                <TableCell>
                  <StatusPill tone={TONE[row.status]} label={t(`status.${row.status}`)} status={row.status} />
                </TableCell>
                <TableCell className="text-right">
                  {row.status === "requested" ? (
                    <div className="flex flex-wrap justify-end gap-1">
                      <ApproveTransferButton transferId={row.id} customer={row.customer.userNumber} />
                      <RejectTransferDialog transferId={row.id} />
                    </div>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </ClientMessages>
        </ListTable>
      )}
      <ClientMessages namespaces={["adminCommon"]}>
        <NoticeRegion />
      </ClientMessages>
    </>
  );
}
