import { getLocale, getTranslations } from "next-intl/server";
import { ListTable } from "@/components/admin/list-parts";
import { StatusPill } from "@/components/admin/status-pill";
import { ClientMessages } from "@/components/i18n/client-messages";
import { TableCell, TableRow } from "@/components/ui/table";
import type { Locale } from "@/i18n/config";
import { formatDateTime } from "@/lib/format";
import type { MoveRecord } from "@/lib/offices/transfer-queries";
import { ApproveTransferButton, RejectTransferDialog } from "./transfer-forms";

type OfficeName = { code: string; nameBn: string; nameEn: string };

/** One move of either kind, as the transfers screen lists it: who moves (a name and a line under it), from, to. */
export type TransferTableRow = Omit<MoveRecord, "decidedAt"> & {
  status: "requested" | "completed" | "rejected";
  who: { name: string; detail: string; key: string };
  from: OfficeName;
  to: OfficeName;
};

const TONE = { requested: "yellow", completed: "green", rejected: "grey" } as const;

/** Customers' transfers (decision 0258) or staff moves (0260): who, from → to, why, each side's approval, and the buttons. */
export async function TransferTable({ kind, rows }: { kind: "customer" | "staff"; rows: TransferTableRow[] }) {
  const [t, locale] = await Promise.all([getTranslations("adminTransfers"), getLocale() as Promise<Locale>]);
  const nameOf = (o: OfficeName) => `${o.code} · ${locale === "bn" ? o.nameBn : o.nameEn}`;
  const staff = kind === "staff";
  return (
    <ListTable
      testId={staff ? "staff-transfers-table" : "transfers-table"}
      columns={[staff ? t("staff.columns.staff") : t("columns.customer"), t("columns.move"), t("columns.reason"), t("columns.approvals"), t("columns.status"), t("columns.actions")]}
    >
      <ClientMessages namespaces={["adminTransfers", "adminCommon", "validation"]}>
        {rows.map((row) => (
          <TableRow key={row.id} data-testid={staff ? "staff-transfer-row" : "transfer-row"} {...(staff ? { "data-staff": row.who.key } : { "data-customer": row.who.key })}>
            <TableCell>
              <span className="font-medium">{row.who.name}</span>
              <span className={staff ? "block text-xs text-muted-foreground" : "block font-mono text-xs text-muted-foreground"}>{row.who.detail}</span>
            </TableCell>
            <TableCell className="text-sm">
              {nameOf(row.from)} → {nameOf(row.to)}
              <span className="block text-xs text-muted-foreground">{t("requestedBy", { name: row.requestedBy, at: formatDateTime(row.createdAt, locale) })}</span>
            </TableCell>
            <TableCell className="max-w-xs text-sm">
              {row.reason}
              {row.rejectionReason ? <span className="block text-xs text-muted-foreground">{t("rejectedBecause", { name: row.rejectedBy ?? "—", reason: row.rejectionReason })}</span> : null}
            </TableCell>
            <TableCell className="text-xs">
              <span className="block">{t(staff ? "staff.fromSide" : "fromSide", { name: row.fromApprovedBy ?? t("waiting") })}</span>
              <span className="block">{t(staff ? "staff.toSide" : "toSide", { name: row.toApprovedBy ?? t("waiting") })}</span>
            </TableCell>
            <TableCell>
              <StatusPill tone={TONE[row.status]} label={t(`status.${row.status}`)} status={row.status} />
            </TableCell>
            <TableCell className="text-right">
              {row.status === "requested" ? (
                <div className="flex flex-wrap justify-end gap-1">
                  <ApproveTransferButton transferId={row.id} who={staff ? row.who.name : row.who.key} kind={kind} />
                  <RejectTransferDialog transferId={row.id} kind={kind} />
                </div>
              ) : null}
            </TableCell>
          </TableRow>
        ))}
      </ClientMessages>
    </ListTable>
  );
}
