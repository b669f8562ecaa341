import { AdminShell } from "@/components/admin/shell/admin-shell";
import { requireBackOffice } from "@/lib/auth/guard";
import { panelCounts } from "@/lib/panel/queries";

/** Every back-office page: a live back-office session (each page still checks its own permission). */
export default async function AdminPanelLayout({ children }: { children: React.ReactNode }) {
  const ctx = await requireBackOffice("/admin");
  return (
    <AdminShell ctx={ctx} counts={await panelCounts(ctx)}>
      {children}
    </AdminShell>
  );
}
