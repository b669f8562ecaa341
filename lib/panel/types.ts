import type { AdminNavKey } from "@/lib/auth/admin-routes";

/** The back-office shell's sidebar badges and alerts-bell count (null: this user may not see alerts). */
export type ShellCounts = { badges: Partial<Record<AdminNavKey, number>>; alerts: number | null };
