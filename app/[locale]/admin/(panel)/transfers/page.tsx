import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NoticeRegion } from "@/components/admin/notices";
import { TransferTable } from "@/components/admin/offices/transfer-table";
import { PageHeader } from "@/components/admin/page-header";
import { ClientMessages } from "@/components/i18n/client-messages";
import { requirePermission } from "@/lib/auth/guard";
import { hasPermission } from "@/lib/auth/permissions";
import { listStaffTransfers, listTransfers } from "@/lib/offices/transfer-queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminTransfers"))("metaTitle") };
}

function Empty({ text, testId }: { text: string; testId: string }) {
  return (
    <p className="rounded-md border bg-background p-4 text-sm text-muted-foreground" data-testid={testId}>
      {text}
    </p>
  );
}

/**
 * Moves that concern the staff member's offices, to approve or reject: customers between branches (decision 0258) and,
 * for those who hold staff.transfer, members of staff between offices (0260).
 */
export default async function TransfersPage() {
  const ctx = await requirePermission("customers.transfer", "/admin/transfers");
  const showStaff = hasPermission(ctx.user.role, "staff.transfer");
  const [t, tShell, transfers, staffMoves] = await Promise.all([
    getTranslations("adminTransfers"),
    getTranslations("adminShell"),
    listTransfers(ctx.scope),
    showStaff ? listStaffTransfers(ctx.user.office) : [],
  ]);
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <h2 className="mb-2 text-base font-semibold">{t("customersTitle")}</h2>
      {transfers.length === 0 ? (
        <Empty text={t("empty")} testId="transfers-empty" />
      ) : (
        <TransferTable
          kind="customer"
          rows={transfers.map(({ customer, fromBranch, toBranch, ...row }) => ({ ...row, who: { name: customer.name, detail: customer.userNumber, key: customer.userNumber }, from: fromBranch, to: toBranch }))}
        />
      )}
      {showStaff ? (
        <section className="mt-6" data-testid="staff-transfers">
          <h2 className="mb-1 text-base font-semibold">{t("staff.title")}</h2>
          <p className="mb-2 text-sm text-muted-foreground">{t("staff.description")}</p>
          {staffMoves.length === 0 ? (
            <Empty text={t("staff.empty")} testId="staff-transfers-empty" />
          ) : (
            <TransferTable
              kind="staff"
              rows={staffMoves.map(({ staff, fromOffice, toOffice, ...row }) => ({ ...row, who: { name: staff.name, detail: tShell(`roles.${staff.role}`), key: staff.name }, from: fromOffice, to: toOffice }))}
            />
          )}
        </section>
      ) : null}
      <ClientMessages namespaces={["adminCommon"]}>
        <NoticeRegion />
      </ClientMessages>
    </>
  );
}
