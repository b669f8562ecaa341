import { AdminShell } from "@/components/admin/shell/admin-shell";
import { currentBranchPick } from "@/lib/auth/current";
import { requireBackOffice } from "@/lib/auth/guard";
import { pickableBranches } from "@/lib/offices/scope";
import { panelCounts } from "@/lib/panel/queries";

/** Every back-office page: a live back-office session (each page still checks its own permission). */
export default async function AdminPanelLayout({ children }: { children: React.ReactNode }) {
  const ctx = await requireBackOffice("/admin");
  const [counts, branches, pick] = await Promise.all([panelCounts(ctx), pickableBranches(ctx.user.office), currentBranchPick()]);
  // The picker's value: the branch the guard narrowed to (a pick outside the subtree was ignored, so it shows "all").
  const current = pick && branches.some((b) => b.id === pick) ? pick : "";
  return (
    <AdminShell ctx={ctx} counts={counts} branchPicker={branches.length > 0 ? { branches, current } : null}>
      {children}
    </AdminShell>
  );
}
